"""The search's speeches: every option sampled alike at the root, and `bid_edge` deciding
whether to speak (never which bid)."""

from __future__ import annotations

import random

import pytest

from tressette_dsl.agents import base, make_agent
from tressette_dsl.agents.search import SearchAgent, _Node
from tressette_dsl.engine import apply, legal_actions, new_game
from tressette_dsl.engine.actions import Bid
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


def _node(rewards: list[float]) -> _Node:
    node = _Node()
    for reward in rewards:
        node.credit(reward)
    return node


def test_the_edge_moves_that_share_of_the_losses_to_wins() -> None:
    node = _node([2.0, -2.0, -2.0, -2.0])  # a quarter won
    assert node.mean() == pytest.approx(-1.0)
    # a quarter of the iterations moved from a loss (-2) to a win (+2): +1
    assert node.mean(0.25) == pytest.approx(0.0)
    # never more than the losses there are
    assert node.mean(1.0) == pytest.approx(2.0)


def test_without_a_win_a_loss_is_worth_its_opposite_when_moved() -> None:
    node = _node([-3.0, -1.0])
    assert node.mean(0.5) == pytest.approx(-2.0 + 0.5 * 4.0)
    assert _node([1.0, 0.0]).mean(0.5) == pytest.approx(0.5)  # no loss: unchanged


def _root(children: dict[str, list[float]]) -> _Node:
    root = _Node()
    for key, rewards in children.items():
        root.children[key] = _node(rewards)
    return root


def test_the_edge_decides_whether_to_speak_not_which_bid() -> None:
    root = _root(
        {
            "pass": [0.5, 0.5, 0.5, 0.5],
            "bid low": [2.0, -2.0, -2.0, -2.0],  # mean -1, with a half edge +1
            "bid high": [8.0, -8.0, -8.0, -8.0],  # mean -4, with a half edge +4
        }
    )
    keys = list(root.children)
    bids = frozenset({"bid low", "bid high"})
    assert SearchAgent(bid_edge=0.0)._speech(root, keys, bids) == "pass"
    assert SearchAgent(bid_edge=0.1)._speech(root, keys, bids) == "pass"  # -1 + 0.4 < 0.5
    # the edge is enough to speak: the bid with the better plain mean, not the riskier one
    assert SearchAgent(bid_edge=0.5)._speech(root, keys, bids) == "bid low"


def test_edge_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="bid_edge"):
        SearchAgent(bid_edge=1.5)


def _first_speech(ruleset: str, seed: int) -> tuple[Ruleset, GameState]:
    rules = load_ruleset(ruleset)
    state = new_game(rules, seed)
    while not any(isinstance(a, Bid) for a in legal_actions(rules, state)):
        state, _ = apply(rules, state, legal_actions(rules, state)[0])
    return rules, state


def test_a_speech_samples_every_option_alike() -> None:
    """UCB starved the bids (two losing rollouts and a contract was never tried again):
    at a speech's root each option gets the same number of iterations, give or take one."""
    rules, state = _first_speech("calabresella", 4)
    legal = legal_actions(rules, state)
    seen: list[dict[str, int]] = []
    original = SearchAgent._speech

    def spy(self: SearchAgent, root: _Node, scored: list[str], bids: frozenset[str]) -> str:
        seen.append({k: c.visits for k, c in root.children.items()})
        return original(self, root, scored, bids)

    bot = make_agent("search:iters=41")
    assert isinstance(bot, SearchAgent)
    SearchAgent._speech = spy  # type: ignore[method-assign]
    try:
        base.choose(bot, rules, state, legal, random.Random(3))
    finally:
        SearchAgent._speech = original  # type: ignore[method-assign]
    assert len(seen) == 1
    visits = seen[0]
    assert len(visits) == len(legal)  # the pass and the three bids, all tried
    assert max(visits.values()) - min(visits.values()) <= 1
    assert sum(visits.values()) == 41


def test_a_speech_with_an_edge_is_reproducible() -> None:
    rules, state = _first_speech("calabresella", 2)
    legal = legal_actions(rules, state)
    picks = {
        str(base.choose(make_agent("search:iters=30:bid_edge=0.4"), rules, state, legal, rng))
        for rng in (random.Random(5), random.Random(5))
    }
    assert len(picks) == 1
