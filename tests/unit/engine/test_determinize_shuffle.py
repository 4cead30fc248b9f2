"""`determinize`'s rejection shuffles written out over `getrandbits` for a plain
`random.Random`: the same worlds, and the generator left in the same state, as the
library's own `shuffle` (which a `random.Random` subclass keeps), on every bundled
ruleset and at states deep in a deal, where voids and signals make samples fail."""

from __future__ import annotations

import random

import pytest

# the package's `determinize` (the function) first, as test_determinize_sampler does: the
# module imported first would leave the package's name bound to the module
from tressette_dsl.engine import apply, determinize, new_game
from tressette_dsl.engine.determinize import _shuffler, sampler
from tressette_dsl.engine.game import legal_actions
from tressette_dsl.loader import load_ruleset, playable_rulesets

NAMES = sorted(p.stem for p in playable_rulesets())


class _Library(random.Random):
    """A subclass: `determinize` keeps its own `shuffle`, the library's."""


def test_a_plain_generator_gets_the_written_out_shuffle() -> None:
    plain, sub = random.Random(3), _Library(3)
    assert _shuffler(sub) == sub.shuffle
    assert _shuffler(plain) != plain.shuffle
    xs, ys = list(range(33)), list(range(33))
    _shuffler(plain)(xs)
    _shuffler(sub)(ys)
    assert xs == ys
    assert plain.getstate() == sub.getstate()


@pytest.mark.parametrize("name", NAMES)
def test_the_worlds_are_the_library_shuffles_worlds(name: str) -> None:
    rules = load_ruleset(name)
    rng = random.Random(11)
    state = new_game(rules, 11)
    checked = 0
    for step in range(160):
        if state.over:
            break
        seat = state.to_act
        if seat is not None and step % 7 == 3:
            draw = sampler(rules, state, seat)
            mine, ref = random.Random(step), _Library(step)
            for _ in range(3):
                assert draw(mine) == draw(ref), f"{name}: {step}"
            assert mine.getstate() == ref.getstate()
            again = _Library(step)
            assert determinize(rules, state, seat, again) == draw(random.Random(step))
            checked += 1
        legal = [a for a in legal_actions(rules, state) if str(a) != "claim"]
        state, _events = apply(rules, state, legal[rng.randrange(len(legal))])
    assert checked >= 3
