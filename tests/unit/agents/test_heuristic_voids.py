"""The heuristic counts shown voids: a seat that did not follow suit while it had to holds
none of that suit, so a card only such seats could have beaten is as good as a master.

`tressette`: South (0) and North (2) are partners against East (1) and West (3)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.unit.agents.heuristic_views import heuristic_choice, rules_of_thumb
from tressette_dsl.engine import new_game
from tressette_dsl.loader import load_ruleset


@pytest.fixture(autouse=True)
def _rules_only() -> Iterator[None]:
    """These are the rules of thumb: the fitted evaluator, which may overrule them in
    `tressette`-shaped games, is off here (`heuristic_views.rules_of_thumb`)."""
    with rules_of_thumb():
        yield


@pytest.fixture(scope="module")
def table() -> tuple[Any, Any]:
    rules = load_ruleset("tressette")
    return rules, new_game(rules, 1)


def _trick(follow: bool) -> dict[str, Any]:
    """South led a diamond; East and West threw spades on it."""
    plays = [[0, "4D"], [1, "4S"], [2, "5D"], [3, "5S"]]
    return {"trick_no": 1, "leader": 0, "winner": 2, "plays": plays, "follow": follow}


def _choose(table: tuple[Any, Any], hand: list[str], legal: list[str], **obs: Any) -> str:
    """The shared builder (`heuristic_views`) with no signals and every hand this size."""
    rules, state = table
    fields: dict[str, Any] = {"signals": (), "hand_sizes": (len(hand),) * 4}
    fields.update(obs)
    return heuristic_choice(rules, state, hand, legal, **fields)


HAND = ["KD", "6C", "7C", "5B"]
LEGAL = [f"play {c}" for c in HAND]


def test_leads_a_king_that_only_void_opponents_could_have_beaten(table: tuple[Any, Any]) -> None:
    # 3D, 2D and AD are unseen, but both opponents showed they have no diamond
    assert _choose(table, HAND, LEGAL, tricks=(_trick(True),), trick_no=2) == "play KD"


def test_a_card_off_suit_without_follow_suit_shows_no_void(table: tuple[Any, Any]) -> None:
    # the same cards where any card could be played: the opponents may hold the 3D, so
    # the king is no master and the bot leads low from its longest suit
    assert _choose(table, HAND, LEGAL, tricks=(_trick(False),), trick_no=2) == "play 6C"


def test_loads_points_on_a_partner_whom_only_void_opponents_could_beat(
    table: tuple[Any, Any],
) -> None:
    # North (2) led the JD, West (3) threw a spade; East (1), the last to play, showed a
    # diamond void in the first trick: the jack wins, so South loads his ace on it
    trick = ((2, "JD"), (3, "6S"))
    hand = ["AC", "4C", "7B"]
    legal = [f"play {c}" for c in hand]
    tricks = (_trick(True),)
    got = _choose(table, hand, legal, trick=trick, tricks=tricks, trick_no=2, leader=2)
    assert got == "play AC"
