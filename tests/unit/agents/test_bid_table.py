"""The heuristic's measured bidding table (`bid_table`): where it applies, what it reads of
a hand, and that its chance against its threshold decides the bid where it applies."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tressette_dsl.agents import HeuristicAgent, bid_table
from tressette_dsl.agents.heuristic import _View
from tressette_dsl.engine import legal_actions, new_game, observe
from tressette_dsl.loader import load_ruleset

# a soloist's hand: the three top cards of two suits and length in one of them
STRONG = ["3C", "2C", "AC", "KC", "JC", "7C", "3D", "2D", "AD", "4S", "5S", "4B"]
WEAK = ["4C", "5C", "6C", "4D", "5D", "6D", "4S", "5S", "6S", "4B", "5B", "6B"]


@pytest.fixture
def table_reset() -> Iterator[None]:
    yield
    bid_table.use_table(None)


def _first_speaker(name: str) -> tuple[Any, Any]:
    rules = load_ruleset(name)
    return rules, new_game(rules, 1)


def _view(rules: Any, state: Any, hand: list[str]) -> _View:
    seat = state.to_act
    obs = dataclasses.replace(observe(rules, state, seat), hand=tuple(hand))
    return _View(rules, obs)


def _decide(rules: Any, state: Any, hand: list[str]) -> str:
    seat = state.to_act
    obs = dataclasses.replace(observe(rules, state, seat), hand=tuple(hand))
    legal = legal_actions(rules, state)
    return str(HeuristicAgent().act(rules, obs, legal, random.Random(0)))


def test_the_committed_table_applies_only_to_the_shape_it_was_fitted_on() -> None:
    """The four-person table plays the three-seat game (the dealer sits out): the same
    shape; the American rules (another auction, scale and target) and a five-seat game
    are not."""
    for same in ("calabresella", "calabresella-a-quattro"):
        rules, state = _first_speaker(same)
        assert bid_table.bid_chance(_view(rules, state, STRONG), "chiamo") is not None
        assert bid_table.bid_chance(_view(rules, state, STRONG), "no-such-bid") is None
    for other in ("calabrasella-americana", "briscola-chiamata"):
        rules, state = _first_speaker(other)
        hand = list(observe(rules, state, state.to_act).hand)
        view = _view(rules, state, hand)
        for phase_bids in bid_table.shape_of(rules)["bids"]:
            assert bid_table.bid_chance(view, phase_bids[0]) is None


def test_a_strong_hand_has_the_better_chance_and_bids() -> None:
    rules, state = _first_speaker("calabresella")
    strong = bid_table.bid_chance(_view(rules, state, STRONG), "chiamo")
    weak = bid_table.bid_chance(_view(rules, state, WEAK), "chiamo")
    assert strong is not None and weak is not None
    assert strong[0] > strong[1] > weak[0]
    assert _decide(rules, state, STRONG).startswith("bid ")
    assert _decide(rules, state, WEAK) == "pass"


def test_the_features_of_a_hand() -> None:
    rules, state = _first_speaker("calabresella")
    values = bid_table.hand_features(_view(rules, state, STRONG))
    row = dict(zip(bid_table.FEATURES, values, strict=True))
    assert bid_table.call_candidate(rules, STRONG) == "2S" or row["sure_called"] >= row["sure"]
    assert row["sure"] == 7  # 3-2-A-K of clubs, 3-2-A of denari
    assert (row["top1"], row["top2"], row["top3"]) == (2, 2, 2)
    assert (row["longest"], row["second"], row["voids"]) == (6, 3, 0)
    assert row["share_called"] > row["share"]


def test_the_threshold_decides_where_the_table_applies(table_reset: None) -> None:
    rules, state = _first_speaker("calabresella")
    table = dict(bid_table.current_table())
    bid_table.use_table({**table, "threshold": 0.0})
    assert _decide(rules, state, WEAK).startswith("bid ")
    bid_table.use_table({**table, "threshold": 1.01})
    assert _decide(rules, state, STRONG) == "pass"


def test_another_shape_keeps_the_formula(table_reset: None) -> None:
    """A table fitted on another shape is not read: the formula's answer stands."""
    rules, state = _first_speaker("calabresella")
    table = dict(bid_table.current_table())
    bid_table.use_table({**table, "shape": {**table["shape"], "players": 4}, "threshold": 0.0})
    assert bid_table.bid_chance(_view(rules, state, WEAK), "chiamo") is None
    assert _decide(rules, state, WEAK) == "pass"
