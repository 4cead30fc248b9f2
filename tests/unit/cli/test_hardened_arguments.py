"""Command-line arguments and scenario set-ups of issue 13 that used to be silently accepted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tressette_dsl.cli import main
from tressette_dsl.cli.play import PlayersSpecError, parse_players, resolve_input
from tressette_dsl.cli.simulate import available_cpus, capped_jobs
from tressette_dsl.engine import legal_actions, new_game
from tressette_dsl.loader import load_ruleset

NAMES4 = ("South", "East", "North", "West")


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("0=human,0=random", "seat 0 (South) is given twice"),
        ("North=human,North=random", "seat 2 (North) is given twice"),
        ("north=human,2=random", "seat 2 (North) is given twice"),
        ("", "empty"),
        ("  ", "empty"),
        ("human,,bot,bot", "an empty entry"),
    ],
)
def test_players_specs_that_would_drop_a_seat(spec: str, words: str) -> None:
    with pytest.raises(PlayersSpecError, match=re.escape(words)):
        parse_players(spec, NAMES4)


def test_players_duplicates_are_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "0=human,0=random", "--seed", "1"]) == 2
    assert "given twice" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["-1", "0"])
def test_max_deals_must_be_positive(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--max-deals", value, "--seed", "1", "--quiet"]) == 2
    assert "--max-deals must be at least 1" in capsys.readouterr().err


def test_jobs_are_capped_at_the_cpus_and_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert capped_jobs(1000, 4) == min(4, available_cpus())
    assert capped_jobs(1000, 1) == 1
    assert capped_jobs(1, 100) == 1
    code = main(["simulate", "calabresella", "--games", "2", "--jobs", "1000"])
    captured = capsys.readouterr()
    assert code == 0
    assert "--jobs 1000 capped at" in captured.err
    assert f"{capped_jobs(1000, 2)} job" in captured.out


def test_a_long_typed_line_is_not_echoed() -> None:
    rules = load_ruleset("tressette")
    state = new_game(rules, 1)
    action, message = resolve_input(rules, state, legal_actions(rules, state), "x" * 100_000)
    assert action is None
    assert len(message) < 200


def test_control_characters_in_a_typed_line_are_escaped() -> None:
    rules = load_ruleset("tressette")
    state = new_game(rules, 1)
    action, message = resolve_input(rules, state, legal_actions(rules, state), "\x1b[2Jplay")
    assert action is None
    assert "\x1b" not in message


def _scenario(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text("ruleset: tressette\ndealer: West\n" + body, encoding="utf-8")
    return path


HAND_OF_11 = "hands:\n  South: AC 2C 3C 4C 5C 6C 7C JC QC KC AD\n"
HAND_OF_21 = "hands:\n  South: AC 2C 3C 4C 5C 6C 7C JC QC KC AD 2D 3D 4D 5D 6D 7D JD QD KD AS\n"


@pytest.mark.parametrize(("hands", "count"), [(HAND_OF_11, 11), (HAND_OF_21, 21)])
def test_check_refuses_a_hand_of_the_wrong_size(
    tmp_path: Path, hands: str, count: int, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _scenario(tmp_path, hands + "script:\n  - expect: {to_act: South}\n")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"the hand of South has {count} cards, but the deal gives each hand 10" in out
    assert f"{path}:4:" in out


def test_check_refuses_deck_with_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = "hands:\n  South: AC 2C 3C 4C 5C 6C 7C JC QC KC\n"
    deck = "deck: AD 2D 3D\n"
    path = _scenario(tmp_path, hand + deck + "script:\n  - expect: {to_act: South}\n")
    assert main(["check", str(path)]) == 1
    assert "'deck' fixes the order of every card" in capsys.readouterr().out


def test_refused_of_the_wrong_type_is_located_at_the_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _scenario(tmp_path, "script:\n  - South: play 3C\n    refused: 5\n")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:5:14:" in out
    assert "refused must be true or a text" in out
