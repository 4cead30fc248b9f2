"""`tressette list` and `simulate` say the players as the ruleset means them: people round
more places (a dummy's), more people than places, a count chosen per game; a ruleset whose
players are its seats is listed as before."""

from __future__ import annotations

import json

import pytest

from tressette_dsl.agents.runner import MatchSummary
from tressette_dsl.cli import list_cmd, main
from tressette_dsl.cli.simulate import report
from tressette_dsl.loader import load_ruleset


def _listed(capsys: pytest.CaptureFixture[str]) -> dict[str, list[str]]:
    assert main(["list"]) == 0
    blocks: dict[str, list[str]] = {}
    current = ""
    for line in capsys.readouterr().out.splitlines()[1:]:
        if not line.startswith(" "):
            current = line.split()[0]
            blocks[current] = [line]
        else:
            blocks[current].append(line.strip())
    return blocks


def test_list_says_the_players_of_people_dummies_and_chosen_counts(capsys) -> None:
    blocks = _listed(capsys)
    assert blocks["tressette-col-morto"][0].split()[1] == "3"
    assert blocks["tressette-col-morto"][1] == "3 players (4 places, one a dummy)"
    assert blocks["calabresella-a-quattro"][0].split()[1] == "4"
    assert blocks["calabresella-a-quattro"][1] == "4 players, 3 play each deal"
    assert blocks["traversone"][1] == "2-8 players (default 4)"
    # a ruleset whose players are its seats: the title line, then its description only
    rules = load_ruleset("tressette")
    assert blocks["tressette"][1] == rules.meta.description.strip()
    assert len(blocks["tressette"]) == 2


def test_list_json_gives_people_and_places(capsys) -> None:
    assert main(["list", "--format", "json"]) == 0
    data = {e["id"]: e for e in json.loads(capsys.readouterr().out)}
    assert (data["tressette-col-morto"]["players"], data["tressette-col-morto"]["places"]) == (3, 4)
    assert data["calabresella-a-quattro"]["players"] == 4
    assert data["calabresella-a-quattro"]["places"] == 3
    assert data["tressette"]["places"] is None and data["tressette"]["players_text"] is None


def test_players_text_covers_each_case() -> None:
    assert list_cmd.players_text(4, 4) is None
    assert list_cmd.players_text(3, 4, dummy=True) == "3 players (4 places, one a dummy)"
    assert list_cmd.players_text(2, 4) == "2 players (4 places, 2 without a player)"
    assert list_cmd.players_text(5, 3, sitting_out=True) == "5 players, 3 play each deal"
    assert list_cmd.players_text(4, 4, low=2, high=8) == "2-8 players (default 4)"


def test_simulate_says_the_players_only_where_they_are_not_the_seats() -> None:
    failed = [MatchSummary(seed=1, over=False, error="not played")]
    morto = load_ruleset("tressette-col-morto")
    lines = report(morto, ["random"] * 3, failed, 0.0)
    assert lines[1] == "players: 3 players (4 places, one a dummy)"
    plain = load_ruleset("tressette")
    assert not report(plain, ["random"] * 4, failed, 0.0)[1].startswith("players:")


def test_simulate_statistics_name_people_players_and_plain_seats_seats(capsys) -> None:
    """Where people move round the places, a "seat" would be a different person each
    deal: the interval section says "player"; a plain table keeps saying "seat"."""
    assert main(["simulate", "tressette-col-morto", "--games", "2", "--agents", "random"]) == 0
    out = capsys.readouterr().out
    assert "win rate by player: Anna " in out
    assert "(per player of that kind)" in out
    assert "win rate by seat" not in out
    assert main(["simulate", "tressette", "--games", "2", "--agents", "random"]) == 0
    out = capsys.readouterr().out
    assert "win rate by seat:   South " in out
    assert "(per seat of that kind)" in out
