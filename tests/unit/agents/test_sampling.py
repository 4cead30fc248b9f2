"""The perfect-information Monte Carlo bot: legal everywhere, stronger than random play."""

from __future__ import annotations

import pytest

from tressette_dsl.agents import RandomAgent, SamplingAgent, choose, seat_rng
from tressette_dsl.agents.runner import play_match
from tressette_dsl.engine import apply, deal_over, legal_actions, start
from tressette_dsl.loader import load_ruleset


def play_deal(rules, seed: int, agents) -> object:
    """One deal with these agents; the finished deal's record."""
    state, _events = start(rules, seed)
    rngs = [seat_rng(seed, s) for s in range(len(agents))]
    while True:
        seat = state.to_act
        legal = legal_actions(rules, state)
        action = choose(agents[seat], rules, state, legal, rngs[seat])
        assert action in legal
        state, _events = apply(rules, state, action)
        if deal_over(state):
            return state.deals[-1]


def test_sampling_beats_random_play_in_tressette() -> None:
    """NS sampling (16 playouts a move) against EW random: at least 60% of 20 deals won.
    (It wins 14 of these 20; see docs/engine.md and bench/bench_sampling.py for more.)"""
    rules = load_ruleset("tressette")
    wins = 0
    for seed in range(1, 21):
        agents = [SamplingAgent(16), RandomAgent(), SamplingAgent(16), RandomAgent()]
        deal = play_deal(rules, seed, agents)
        wins += deal.points[0] > deal.points[1]
    assert wins >= 12, wins


@pytest.mark.parametrize("ruleset", ["briscola-chiamata", "calabresella", "tressette-in-due"])
def test_sampling_plays_legal_moves_on_other_rulesets(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    agents = [SamplingAgent(4) if s % 2 == 0 else RandomAgent() for s in range(rules.players.count)]
    play_deal(rules, 3, agents)


def test_sampling_in_the_match_runner_and_its_limits() -> None:
    rules = load_ruleset("tressette-in-due")
    _state, summary = play_match(rules, 2, [SamplingAgent(2), RandomAgent()], max_deals=3)
    assert summary.over and summary.winners
    with pytest.raises(ValueError, match="budget"):
        SamplingAgent(0)
    state, _events = start(rules, 1)
    legal = legal_actions(rules, state)
    with pytest.raises(ValueError, match="needs the game state"):
        SamplingAgent().act(rules, None, legal, seat_rng(1, 0))
