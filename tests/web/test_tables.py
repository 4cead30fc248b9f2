"""Tables without HTTP (idle closing, logs as the game goes) and, through the real server,
a bots-only match played by the worker processes, its log downloaded and replayed."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

from tests.web.conftest import Client, Server
from tressette_dsl.gamelog import read_log
from tressette_dsl.web.bots import BotPool
from tressette_dsl.web.catalog import Catalog
from tressette_dsl.web.tables import Tables


class _Conn:
    def __init__(self) -> None:
        self.seat: int | None = None
        self.got: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        self.got.append(message)


def test_idle_tables_close_and_mark_their_log_incomplete(tmp_path: Path) -> None:
    now = [0.0]

    async def scenario() -> None:
        tables = Tables(bots=BotPool(0), log_dir=tmp_path, idle_timeout=60, clock=lambda: now[0])
        entry = Catalog().get("tressette")
        assert entry is not None
        idle = tables.create(entry, ["human"] * 4)
        used = tables.create(entry, ["human"] * 4)
        conn = _Conn()
        await used.claim(conn, 0)
        update = [m for m in conn.got if m["type"] == "update"][-1]
        legal = update["view"]["legal"]  # empty unless seat 0 is to act
        now[0] = 30.0
        assert await tables.reap() == []
        now[0] = 100.0
        assert await tables.reap() == [idle.id]  # `used` has a connection
        assert tables.get(used.id) is used and tables.get(idle.id) is None
        log = read_log(idle.log.path)
        assert not log.end.complete and "idle" in str(log.end.reason)
        if legal:
            await used.act(conn, [legal[0]])
            assert len(read_log_lines(used.log.path)) == 2  # written as it goes
        used.leave(conn)
        now[0] = 200.0
        assert await tables.reap() == [used.id]

    asyncio.run(scenario())


def read_log_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_a_bots_only_match_is_played_logged_and_replayable(server: Server, tmp_path: Path) -> None:
    table = server.table("tressette-in-due", ["heuristic", "random"])
    watcher = Client(server, table)
    watcher.send({"type": "watch"})
    while not watcher.view.get("over"):
        watcher.expect("update", timeout=30)
    result = watcher.view["result"]
    assert result["over"] and result["winners"]
    with urllib.request.urlopen(f"{server.base}/api/tables/{table}/logs/1", timeout=10) as resp:
        assert "attachment" in resp.headers["Content-Disposition"]
        data = resp.read()
    path = tmp_path / "match.jsonl"
    path.write_bytes(data)
    done = subprocess.run(
        [sys.executable, "-m", "tressette_dsl", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "replayed exactly" in done.stdout
    frames = server.get(f"/api/tables/{table}/logs/1/frames")
    assert frames["error"] is None and frames["complete"]
    assert len(frames["frames"]) == len(read_log(path).actions) + 1
    assert all(len(h) == 10 for h in frames["frames"][0]["view"]["hands"])
    status, uploaded = server.post("/api/replay", None, raw=data)
    assert status == 200 and len(uploaded["frames"]) == len(frames["frames"])
    # the next match starts when asked (a bots-only table: any watcher may ask)
    watcher.send({"type": "next"})
    message = watcher.expect("update")
    assert message["match"] == 2 and not message["view"]["over"]
    assert json.loads(data.splitlines()[0])["ruleset"] == "tressette-in-due"
