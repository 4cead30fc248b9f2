"""`FastEnd.facts_of`, the sides' facts of a deal's end written out for a ruleset's
sides, against `FastEnd._facts`, the general loop: the same tuples (values and types:
ints, and Fractions where declarations score them) on random captures and declarations,
on every ruleset of the fast end's shape; overlapping captures are left to the loop."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tressette_dsl.compiled import compile_ruleset
from tressette_dsl.engine.state import DeclRecord
from tressette_dsl.loader import load_ruleset, playable_rulesets

NAMES = [p.stem for p in playable_rulesets()]


def _typed(facts: list[object]) -> list[object]:
    return [tuple((v, type(v)) for v in f) for f in facts]  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", NAMES)
def test_the_written_out_facts_are_the_loops(name: str) -> None:
    rules = load_ruleset(name)
    fast = compile_ruleset(rules).fast_end
    if fast is None:
        pytest.skip("not of the fast end's shape")
    n = rules.players.count
    cards = sorted(rules.deck.cards)
    rng = random.Random(name)
    for trial in range(300):
        won = [0] * n
        for c in cards:
            x = rng.randrange(n + 1)
            if x < n:
                won[x] |= 1 << c
        tricks_won = [rng.randrange(6) for _ in range(n)]
        decls = [
            DeclRecord(
                rng.randrange(n),
                "d",
                "",
                0,
                Fraction(rng.randrange(1, 9), 3) if trial % 3 == 0 else rng.randrange(1, 5),
                1,
                False,
                rng.random() < 0.2,
            )
            for _ in range(rng.randrange(4))
        ]
        last = rng.randrange(n)
        got = fast.facts_of(decls, won, tricks_won, last)
        assert got is not None
        assert _typed(got) == _typed(fast._facts(decls, won, tricks_won, last))
    overlap = [0] * n
    overlap[0] = overlap[-1] = 1 << cards[0]
    if n > 1:
        assert fast.facts_of([], overlap, [1] * n, 0) is None
