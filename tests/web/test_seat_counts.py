"""Tables of a ruleset whose seat count is chosen per game (the reverse game): the count
chosen when the table is created, and a table that shrinks by elimination - the seats keep
their first numbers, a human who leaves watches the rest, the standings name every seat."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server
from tressette_dsl.engine import is_over
from tressette_dsl.engine.seating import seats_in
from tressette_dsl.gamelog import read_log
from tressette_dsl.web.bots import BotPool
from tressette_dsl.web.catalog import Catalog
from tressette_dsl.web.frames import frames
from tressette_dsl.web.tables import TableError, Tables

SHORT = "id: traversone-short\nextends: traversone\nmatch:\n  target: 6\n"


class _Conn:
    def __init__(self) -> None:
        self.seat: int | None = None
        self.got: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        self.got.append(message)

    def last_update(self) -> dict[str, Any]:
        return next(m for m in reversed(self.got) if m["type"] == "update")


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    folder = tmp_path_factory.mktemp("rules")
    (folder / "short.yaml").write_text(SHORT, encoding="utf-8")
    return Catalog([str(folder / "short.yaml")])


def test_the_count_is_the_number_of_seats_given(catalog: Catalog, tmp_path: Path) -> None:
    entry = catalog.get("traversone")
    assert entry is not None
    tables = Tables(bots=BotPool(0), log_dir=tmp_path)

    async def scenario() -> None:
        table = tables.create(entry, ["human"] * 6)
        assert table.state.n == 6 and len(table.info()["seats"]) == 6
        with pytest.raises(TableError, match="2 to 8 players, 9 seats") as bad:
            tables.create(entry, ["human"] * 9)
        assert bad.value.code == "bad_seats"
        with pytest.raises(TableError, match="2 to 8 players, 1 seats"):
            tables.create(entry, ["human"])
        fixed = catalog.get("tressette")
        assert fixed is not None
        with pytest.raises(TableError, match="has 4 seats, 3 were given"):
            tables.create(fixed, ["human"] * 3)
        await tables.close_all("test over")

    asyncio.run(scenario())


def test_an_eliminated_human_watches_with_the_standings(catalog: Catalog, tmp_path: Path) -> None:
    """Seat 1 is a person who always plays his first legal card (he takes points: seed 7
    sends him away after the first deal), seats 0, 2 and 3 heuristic bots; a short target
    (6) shrinks the table deal after deal."""
    entry = catalog.get("traversone-short")
    assert entry is not None
    tables = Tables(bots=BotPool(0), log_dir=tmp_path)

    async def scenario() -> None:
        table = tables.create(entry, ["heuristic", "human", "heuristic", "heuristic"], seed=7)
        conn = _Conn()
        await table.claim(conn, 1)
        shrunk = watched = False
        for _ in range(4000):
            if is_over(table.state):
                break
            update = conn.last_update()
            view = update["view"]
            if len(seats_in(table.state)) < 4:
                shrunk = True
                assert view["roster"] == list(seats_in(table.state))
            if update["eliminated"]:
                watched = True
                assert view["seat"] is None and view["hand"] == []
                assert 1 not in view["roster"]
                left = {row["seat"]: row["left_after"] for row in view["standings"]}
                assert left[1] is not None
                with pytest.raises(TableError) as refused:
                    await table.act(conn, ["pass"])
                assert refused.value.code in {"eliminated", "match_over"}
            elif view["legal"]:
                await table.act(conn, [view["legal"][0]])
                continue
            await asyncio.sleep(0.01)  # the bots' turn
        assert is_over(table.state)
        assert shrunk and watched
        final = conn.last_update()
        standings = final["view"]["standings"]
        names = ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]
        assert [row["seat"] for row in standings] == [0, 1, 2, 3]
        assert [row["name"] for row in standings] == names
        result = final["view"]["result"]
        assert set(result["totals"]) == set(names)
        assert 1 not in result["winner_seats"]
        log_path = table.log.path
        await tables.close_all("test over")
        replay = frames(entry.rules, read_log(log_path))
        assert replay["error"] is None and replay["complete"]

    asyncio.run(scenario())


def test_the_api_offers_the_range_and_refuses_a_bad_count(server: Server) -> None:
    listed = {r["key"]: r for r in server.get("/api/rulesets")["rulesets"]}
    count = listed["traversone"]["count"]
    assert (count["min"], count["max"], count["default"]) == (2, 8, 4)
    assert len(count["names"]) == 8
    assert listed["tressette"]["count"]["min"] == listed["tressette"]["count"]["max"] == 4
    status, body = server.post("/api/tables", {"ruleset": "traversone", "seats": ["random"] * 9})
    assert status == 400 and body["code"] == "bad_seats" and "2 to 8" in body["message"]
    status, body = server.post("/api/tables", {"ruleset": "traversone", "seats": ["random"] * 7})
    assert status == 200 and len(body["table"]["seats"]) == 7
    info = server.get(f"/api/tables/{body['id']}")
    assert info["rules"]["players"] == 7
