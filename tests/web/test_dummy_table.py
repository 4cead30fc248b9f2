"""A browser table of a ruleset with a dummy seat (`seating.dummy`, Tressette col morto):
the owner decides for the dummy, whether the owner is a bot or a person at the table, and
the action is the dummy's own (its hand, its follow-suit), logged under the dummy's seat."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tressette_dsl.engine import is_over
from tressette_dsl.gamelog import read_log
from tressette_dsl.web.bots import BotPool
from tressette_dsl.web.catalog import Catalog
from tressette_dsl.web.frames import frames
from tressette_dsl.web.tables import Tables


class _Conn:
    def __init__(self) -> None:
        self.seat: int | None = None
        self.got: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        self.got.append(message)


def _play(tmp_path: Path, human: int) -> tuple[int, list[int]]:
    """Play a col morto match with a person in seat `human` who always takes his first legal
    action; returns how many actions he made and the seats the log numbers them by."""
    entry = Catalog([]).get("tressette-col-morto")
    assert entry is not None
    dummy = entry.rules.players.dummy
    assert dummy is not None
    tables = Tables(bots=BotPool(0), log_dir=tmp_path)
    kinds = ["heuristic"] * entry.rules.players.count
    kinds[human] = "human"
    out: dict[str, Any] = {}

    async def scenario() -> None:
        table = tables.create(entry, kinds, seed=5)
        conn = _Conn()
        await table.claim(conn, human)
        acted = 0
        for _ in range(20_000):
            if is_over(table.state):
                break
            updates = [m for m in conn.got if m["type"] == "update"]
            legal = updates[-1]["view"]["legal"] if updates else []
            if legal:
                await table.act(conn, [legal[0]])
                acted += 1
                continue
            await asyncio.sleep(0.005)  # the bots' turn
        assert is_over(table.state), "the table stalled"
        path = table.log.path
        await tables.close_all("test over")
        log = read_log(path)
        replay = frames(entry.rules, log)
        assert replay["error"] is None and replay["complete"]
        out["acted"], out["seats"] = acted, [a.seat for a in log.actions]

    asyncio.run(scenario())
    return out["acted"], out["seats"]


@pytest.mark.parametrize("human", [0, 1])
def test_the_dummy_is_played_by_its_owner_to_the_end(tmp_path: Path, human: int) -> None:
    acted, seats = _play(tmp_path, human)
    assert acted > 0
    # the file seats the dummy in place 3 ("Dummy"): its cards are logged as its own actions
    assert 3 in seats
