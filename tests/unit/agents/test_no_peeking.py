"""No bot reads hidden information: scramble the cards a seat cannot see, and its decision
stays the same.

At states along seeded games of several rulesets (auctions, calls, discards, give-backs,
card plays with signals, claims where the rules have them), the seat to act decides twice
with the same random source: once on the real state, once on a scrambled one - the hidden
cards dealt again, consistently with what that seat knows (a determinisation, checked to
give the very same observation). A bot that peeked at another hand, at the stock or at a
face-down monte would, sooner or later, decide differently.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tressette_dsl.agents import choose, make_agent
from tressette_dsl.engine import apply, deal_over, determinize, legal_actions, new_game, observe
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset

KINDS = [
    "random",
    "heuristic",
    "heuristic-v1",
    "search:iters=12:policy=greedy",  # the tree
    "search:iters=12:policy=greedy:endgame=2:trust=0.1",  # the heuristic's endgame and root choice
    "search:iters=12:policy=heuristic:z=0",  # the heuristic's rollouts, any gap switches
    "sampling:budget=6",
]
RULESETS = ["tressette", "tressette-in-due", "calabresella", "briscola-chiamata"]


def _states(rules: object, seed: int, every: int) -> list[GameState]:
    """States of a deal played by heuristic bots (past deals nobody bid for), every
    `every`-th decision with a choice."""
    bot = make_agent("heuristic")
    state = new_game(rules, seed)  # type: ignore[arg-type]
    rng = random.Random(seed)
    out = []
    choices = 0
    while state.to_act is not None and not (deal_over(state) and state.tricks):
        legal = legal_actions(rules, state)  # type: ignore[arg-type]
        if len(legal) > 1:
            choices += 1
            if choices % every == 1:
                out.append(state)
        state, _ = apply(rules, state, choose(bot, rules, state, legal, rng))  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_scrambled_hidden_cards_change_no_decision(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    kinds_of_decision: Counter[str] = Counter()
    compared = 0
    for seed in (1, 2):
        for state in _states(rules, seed, every=3):
            seat = state.to_act
            assert seat is not None
            legal = legal_actions(rules, state)
            kinds_of_decision[str(legal[0]).split()[0]] += 1
            real = {  # each bot's decision on the true state, once
                kind: choose(make_agent(kind), rules, state, legal, random.Random(seed))
                for kind in KINDS
            }
            for k in range(2):
                scrambled = determinize(rules, state, seat, random.Random(100 * seed + k))
                assert observe(rules, scrambled, seat) == observe(rules, state, seat)
                for kind in KINDS:
                    fake = choose(make_agent(kind), rules, scrambled, legal, random.Random(seed))
                    assert str(real[kind]) == str(fake), (ruleset, kind, str(legal[0]))
                    compared += 1
    assert compared > 50
    assert kinds_of_decision["play"] > 0
    if ruleset in ("calabresella", "briscola-chiamata"):
        assert kinds_of_decision["bid"] + kinds_of_decision["pass"] > 0
