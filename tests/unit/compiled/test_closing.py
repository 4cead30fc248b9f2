"""`closing`: a deal's close on the kernel as one generated function, against the general
way (`Chain._close_slow`). Which bundled rulesets take which path; and, at every deal's
last card of random matches, the same totals, record, deals counted and outcome (values
and types), for a full kernel and a bare one (`k.bare`: no record)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from tressette_dsl.compiled import compile_ruleset
from tressette_dsl.compiled.chain import Chain
from tressette_dsl.compiled.kernel import playout_new_match
from tressette_dsl.loader import load_ruleset, playable_rulesets

NAMES = [p.stem for p in playable_rulesets()]

SLOW = {
    # `seating.people`: a side's points go to the people sitting on it, which move with
    # the dealer; the general way keeps it
    "tressette-col-morto",
    # a big win read after the points, which rescores the deal: `FastEnd._big_after`
    "traversone-coppie",
    # the same, a residual to the last trick and seats that leave (no `Chain`)
    "traversone",
    # announcing before the first trick: no `Chain`, its deals end on `FastEnd.end`
    "tresette-american",
}


def test_which_rulesets_close_in_one_generated_function() -> None:
    generated: set[str] = set()
    general: set[str] = set()
    for name in NAMES:
        fast = compile_ruleset(load_ruleset(name)).fast_end
        if fast is not None:
            (generated if fast.close_made is not None else general).add(name)
    assert general == SLOW
    assert {"tressette", "tressette-in-due", "tressette-a-tre", "spizzichino"} <= generated
    assert "def close(k, card):" in compile_ruleset(load_ruleset("tressette")).listing()


def _typed(value: Any) -> Any:
    """`value` with the type of every scalar in it, records field by field."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (
            type(value),
            _typed(tuple(getattr(value, f.name) for f in dataclasses.fields(value))),
        )
    if isinstance(value, tuple | list):
        return (type(value), tuple(_typed(v) for v in value))
    return (type(value), value)


@pytest.mark.parametrize("name", sorted(set(NAMES) - SLOW))
def test_the_generated_close_is_the_general_one(name: str) -> None:
    rules = load_ruleset(name)
    fast = compile_ruleset(rules).fast_end
    if fast is None or fast.close_made is None:
        pytest.skip("not closed by a generated function")
    compared = {"full": 0, "bare": 0}
    original = Chain.__init__

    def init(chain: Chain, *args: Any) -> None:
        original(chain, *args)
        generated = chain._close
        assert generated != chain._close_slow

        def both(k: Any, card: int) -> Any:
            got = generated(k, card)
            assert _typed(got) == _typed(chain._close_slow(k, card))
            bare = k.bare
            k.bare = not bare
            try:
                assert _typed(generated(k, card)) == _typed(chain._close_slow(k, card))
            finally:
                k.bare = bare
            compared["bare" if bare else "full"] += 1
            compared["bare" if not bare else "full"] += 1
            return got

        chain._close = both

    fast.chain = False  # built again, through `init`
    monkey = pytest.MonkeyPatch()
    monkey.setattr(Chain, "__init__", init)
    try:
        rng = random.Random(name)
        for seed in range(12):
            playout_new_match(rules, 1000 + seed, rng)
    finally:
        monkey.undo()
        fast.chain = False
    assert compared["full"] >= 12 and compared["bare"] >= 12
