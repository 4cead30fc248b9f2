"""The sampling bot decides the same with its playouts on the kernel or the interpreter."""

from __future__ import annotations

import random

import pytest

from tressette_dsl.agents import SamplingAgent, choose
from tressette_dsl.engine import apply, legal_actions, new_game
from tressette_dsl.loader import load_ruleset


@pytest.mark.parametrize("name", ["tressette", "tresette-american", "calabresella"])
def test_same_decisions_on_both_engines(name: str) -> None:
    rules = load_ruleset(name)
    picks: dict[str, list[str]] = {}
    for engine in ("interpreted", "auto"):
        agent = SamplingAgent(8, engine=engine)
        state = new_game(rules, 3)
        rng = random.Random(3)
        seen = []
        for _ in range(8):
            if state.over:
                break
            action = choose(agent, rules, state, legal_actions(rules, state), rng)
            seen.append(str(action))
            state, _events = apply(rules, state, action)
        picks[engine] = seen
    assert picks["auto"] == picks["interpreted"]


def test_engine_is_checked() -> None:
    with pytest.raises(ValueError, match="engine"):
        SamplingAgent(4, engine="fast")
