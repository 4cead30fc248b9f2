"""The heuristic bot's card play beyond the first rules of thumb, on hand-made observations
of `tressette` (seats anticlockwise: a trick led by West (3) goes West, South (0), East
(1), North (2); South and North are partners)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.unit.agents.heuristic_views import heuristic_choice
from tressette_dsl.engine import new_game
from tressette_dsl.loader import load_ruleset


@pytest.fixture(scope="module")
def table() -> tuple[Any, Any]:
    rules = load_ruleset("tressette")
    return rules, new_game(rules, 1)


def _choose(table: tuple[Any, Any], hand: list[str], legal: list[str], **obs: Any) -> str:
    rules, state = table
    return heuristic_choice(rules, state, hand, legal, **obs)


def test_second_hand_keeps_its_three_on_a_pointless_lead(table: tuple[Any, Any]) -> None:
    # the partner (North) plays last: the 3 is kept to take an ace later
    hand = ["3D", "5D", "KC"]
    legal = ["play 3D", "play 5D"]
    assert _choose(table, hand, legal, trick=((3, "4D"),)) == "play 5D"


def test_second_hand_still_takes_a_lead_with_points(table: tuple[Any, Any]) -> None:
    hand = ["3D", "5D", "KC"]
    legal = ["play 3D", "play 5D"]
    assert _choose(table, hand, legal, trick=((3, "AD"),)) == "play 3D"
