"""`determinize.sampler`: many worlds of one state and seat, what the seat knows worked out
once, and the same worlds as `determinize` from the same random states, draw after draw,
on every bundled ruleset."""

from __future__ import annotations

import random

import pytest

# the package's `determinize` (the function) first: importing the module first would
# leave the package's name bound to the module for the tests collected after this one
from tressette_dsl.engine import apply, determinize, new_game
from tressette_dsl.engine.determinize import sampler
from tressette_dsl.engine.game import legal_actions
from tressette_dsl.loader import load_ruleset, playable_rulesets

NAMES = sorted(p.stem for p in playable_rulesets())


@pytest.mark.parametrize("name", NAMES)
def test_the_sampler_draws_what_determinize_draws(name: str) -> None:
    rules = load_ruleset(name)
    rng = random.Random(4)
    state = new_game(rules, 4)
    checked = 0
    for step in range(160):
        if state.over:
            break
        seat = state.to_act
        if seat is not None and step % 9 == 0:
            draw = sampler(rules, state, seat)
            mine, ref = random.Random(step), random.Random(step)
            for _ in range(3):  # one sampler, several draws: nothing carried between them
                assert draw(mine) == determinize(rules, state, seat, ref), f"{name}: {step}"
            assert mine.getstate() == ref.getstate()
            checked += 1
        legal = [a for a in legal_actions(rules, state) if str(a) != "claim"]
        state, _events = apply(rules, state, legal[rng.randrange(len(legal))])
    assert checked >= 3
