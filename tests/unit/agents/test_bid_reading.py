"""Worlds weighted by the auction: a bidder's sampled hand is stronger than a uniform one,
the true deal is fully consistent with the heuristic's own speeches, and every weighted
world still meets the hard facts (the observer's hand, the hand sizes)."""

from __future__ import annotations

import random

import pytest

from tressette_dsl.agents import choose, make_agent, seat_rng
from tressette_dsl.agents.base import Worlds
from tressette_dsl.agents.bid_reading import AuctionWorlds, BidReader, auction_hand, speeches
from tressette_dsl.agents.heuristic import _View
from tressette_dsl.engine import apply, deal_over, legal_actions, new_game
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


def _after_auction(ruleset: str) -> tuple[Ruleset, GameState, int]:
    """The first seeded deal where the heuristic bots make a contract not declared by
    seat 0, played up to the first trick."""
    rules = load_ruleset(ruleset)
    bot = make_agent("heuristic")
    for seed in range(1, 60):
        state = new_game(rules, seed)
        while rules.flow[state.phase].kind != "tricks" and not deal_over(state):
            legal = legal_actions(rules, state)
            state, _ = apply(rules, state, choose(bot, rules, state, legal, seat_rng(seed, 0)))
        declarer = state.contract_part.declarer
        if state.contract_part.contract and declarer not in (None, 0):
            return rules, state, declarer
    raise AssertionError("no contract in 60 deals")


def _points(rules: Ruleset, mask: int) -> float:
    """The hand's strength by the heuristic's bidding yardstick (what the reader uses)."""
    hand = tuple(rules.deck.card_text[c] for c in rules.deck.cards if mask >> c & 1)
    return _View(rules, None, hand=hand).expected_share()


@pytest.mark.parametrize("ruleset", ["calabresella", "briscola-chiamata"])
def test_the_declarer_is_sampled_stronger_when_the_auction_is_read(ruleset: str) -> None:
    rules, state, declarer = _after_auction(ruleset)
    said = speeches(rules, state, 0)
    assert any(s.seat == declarer and s.said_bid for s in said)
    assert BidReader(rules, state, 0).likelihood(state) == 1.0  # the bots' own speeches
    plain, weighted = Worlds(rules, state, 0), AuctionWorlds(Worlds(rules, state, 0))
    rng = random.Random(3)
    uniform = [_points(rules, auction_hand(plain.sample(rng), declarer)) for _ in range(150)]
    read = []
    for _ in range(150):
        world = weighted.sample(rng)
        assert world.cards.hands[0] == state.cards.hands[0]
        assert [h.bit_count() for h in world.cards.hands] == [
            h.bit_count() for h in state.cards.hands
        ]
        read.append(_points(rules, auction_hand(world, declarer)))
    assert sum(read) / len(read) > sum(uniform) / len(uniform) * 1.1


def test_the_auction_hand_is_the_hand_dealt() -> None:
    """After the exchanges, the hand a seat held when it spoke is what it was dealt (up to
    a card it gave away unseen)."""
    rules = load_ruleset("calabresella")
    bot = make_agent("heuristic")
    for seed in range(1, 40):
        state = new_game(rules, seed)
        dealt = state.cards.hands
        while rules.flow[state.phase].kind != "tricks" and not deal_over(state):
            legal = legal_actions(rules, state)
            state, _ = apply(rules, state, choose(bot, rules, state, legal, seat_rng(seed, 0)))
        if state.contract_part.contract == "chiamo":
            break
    else:
        raise AssertionError("no chiamo in 40 deals")
    for x in range(state.n):
        held = auction_hand(state, x)
        assert (held & ~dealt[x]) == 0
        assert (dealt[x] & ~held).bit_count() <= 1
