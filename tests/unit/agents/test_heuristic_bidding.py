"""The heuristic's auction: a bid that names points is judged by the points it promises.

In `briscola-chiamata` the last bid, `due_punti N`, promises N of the deal's 120 points. It
used to count only as the top level of the auction, so a hand good enough for 62 bid 120 as
well and lost; against bots that raise at random the heuristic ended as a hopeless declarer.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from tressette_dsl.agents import HeuristicAgent
from tressette_dsl.engine import new_game, observe, parse_action
from tressette_dsl.loader import load_ruleset

GOOD = ["AC", "3C", "KC", "QC", "AD", "3D", "5B", "4B"]
WEAK = ["4C", "5C", "6C", "4D", "5D", "6S", "4B", "2S"]


@pytest.fixture(scope="module")
def table() -> tuple[Any, Any]:
    rules = load_ruleset("briscola-chiamata")
    return rules, new_game(rules, 1)


def _choose(table: tuple[Any, Any], hand: list[str], legal: list[str]) -> str:
    rules, state = table
    view = dataclasses.replace(
        observe(rules, state, 0), hand=tuple(hand), known=((),) * 5, auction=()
    )
    actions = [parse_action(rules, state, text) for text in legal]
    return str(HeuristicAgent().act(rules, view, actions, random.Random(0)))


def test_a_good_hand_bids_a_reachable_points_target(table: tuple[Any, Any]) -> None:
    assert _choose(table, GOOD, ["pass", "bid due_punti 62"]) == "bid due_punti 62"


def test_the_same_hand_passes_when_the_bid_promises_every_point(table: tuple[Any, Any]) -> None:
    assert _choose(table, GOOD, ["pass", "bid due_punti 120"]) == "pass"


def test_a_weak_hand_passes_even_the_lowest_points_bid(table: tuple[Any, Any]) -> None:
    assert _choose(table, WEAK, ["pass", "bid due_punti 62"]) == "pass"


def test_a_points_bid_needs_more_as_it_promises_more(table: tuple[Any, Any]) -> None:
    """Between the two, the threshold rises with N: some N the good hand no longer bids."""
    answers = [_choose(table, GOOD, ["pass", f"bid due_punti {n}"]) for n in range(62, 121, 2)]
    first_pass = answers.index("pass")
    assert first_pass > 0
    assert all(a == "pass" for a in answers[first_pass:])
