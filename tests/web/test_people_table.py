"""A browser table of a ruleset whose people move round the places (`seating.people`): the
table's seats are people, each keeps his seat (kind, token) across deals while the place he
holds changes, he is asked only for his own place (or his dummy), and a person who sits a
deal out watches it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tressette_dsl.engine import is_over, person_to_act, seat_of_person
from tressette_dsl.web.bots import BotPool
from tressette_dsl.web.catalog import Catalog
from tressette_dsl.web.tables import TableError, Tables


class _Conn:
    def __init__(self) -> None:
        self.seat: int | None = None
        self.got: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        self.got.append(message)


def _play(tmp_path: Path, ruleset: str, person: int) -> dict[str, Any]:
    """A match with a human as `person` (one kind per person), who always takes his first
    legal action; what each update told him, and where the engine had him sit."""
    entry = Catalog([]).get(ruleset)
    assert entry is not None
    people = entry.rules.players.people
    assert people is not None
    tables = Tables(bots=BotPool(0), log_dir=tmp_path)
    kinds = ["heuristic"] * len(people.names)
    kinds[person] = "human"
    out: dict[str, Any] = {"places": set(), "asked_places": set(), "out_updates": 0}

    async def scenario() -> None:
        table = tables.create(entry, kinds, seed=7)
        conn = _Conn()
        await table.claim(conn, person)
        info = table.info()
        assert [s["name"] for s in info["seats"]] == list(people.names)
        for _ in range(40_000):
            if is_over(table.state):
                break
            updates = [m for m in conn.got if m["type"] == "update"]
            last = updates[-1] if updates else None
            state = table.state
            now = seat_of_person(entry.rules, state, person)
            if last is not None and last["step"] == table.step:
                assert last["view"]["seat"] == now  # his view is his place's this deal
                assert last["table"]["seats"][person]["place"] == now
                if now is None:
                    assert last["sitting_out"] and not last["view"]["legal"]
                    out["out_updates"] += 1
                else:
                    out["places"].add(now)
                legal = last["view"]["legal"]
                if legal:
                    assert person_to_act(entry.rules, state) == person
                    out["asked_places"].add(state.cursor.to_act)
                    await table.act(conn, [legal[0]])
                    continue
            await asyncio.sleep(0.002)  # the bots' turn
        assert is_over(table.state), "the table stalled"
        final = [m for m in conn.got if m["type"] == "update"][-1]
        result = final["view"]["result"]
        assert set(result["totals"]) == set(people.names)
        assert result["winner_people"] == sorted(
            people.names.index(name) for name in result["winners"]
        )
        await tables.close_all("test over")

    asyncio.run(scenario())
    return out


def test_a_person_keeps_his_seat_and_plays_the_place_he_holds_each_deal(tmp_path: Path) -> None:
    out = _play(tmp_path, "tressette-col-morto", 1)
    assert len(out["places"]) > 1  # he moved round the places, and played each as his own
    assert 3 in out["asked_places"]  # the dummy's place, when he dealt and owned it


def test_a_person_who_sits_a_deal_out_watches_it(tmp_path: Path) -> None:
    out = _play(tmp_path, "calabresella-a-quattro", 0)
    assert out["out_updates"] > 0
    assert len(out["places"]) > 1


def test_a_people_table_takes_one_kind_per_person_or_per_place(tmp_path: Path) -> None:
    entry = Catalog([]).get("calabresella-a-quattro")
    assert entry is not None
    tables = Tables(bots=BotPool(0), log_dir=tmp_path)

    async def scenario() -> None:
        with pytest.raises(TableError, match="4 seats, 2 were given"):
            tables.create(entry, ["human"] * 2)
        people = tables.create(entry, ["human"] * 4)
        names = [s["name"] for s in people.info()["seats"]]
        assert not people.by_place and names == ["Anna", "Bruno", "Carla", "Dario"]
        places = tables.create(entry, ["human"] * 3)  # an API client's list per place
        assert places.by_place
        assert [s["name"] for s in places.info()["seats"]] == list(entry.rules.players.names)
        await tables.close_all("test over")

    asyncio.run(scenario())
