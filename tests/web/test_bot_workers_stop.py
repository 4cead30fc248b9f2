"""The server's bot worker processes end with it: a stopped `tressette serve` must not leave
spawned workers running, orphaned (it did, while `BotPool.close` did not wait for them)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.web.conftest import Client, start_server, stop_server

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found.update(int(x) for x in text)
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split()[2] != "Z"


def test_stopping_the_server_stops_its_bot_workers(tmp_path: Path) -> None:
    srv = start_server(tmp_path)
    try:
        table = srv.table("tressette-in-due", ["heuristic", "random"])
        watcher = Client(srv, table)
        watcher.send({"type": "watch"})
        watcher.expect("update", timeout=30)
        deadline = time.monotonic() + 30
        workers = _children(srv.process.pid)
        while not workers and time.monotonic() < deadline:  # the pool spawns on first use
            time.sleep(0.2)
            workers = _children(srv.process.pid)
        assert workers, "the bots-only table started no worker process"
    finally:
        stop_server(srv)
    deadline = time.monotonic() + 20
    while any(_alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [p for p in workers if _alive(p)], "bot workers outlived the server"
