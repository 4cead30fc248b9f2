"""A match the kernel deals itself starts from the same state and kernel as before.

`bare_first` copies a template instead of building the bare first state through the
frozen constructors, and `Kernel.to_deal` sets only what `Chain.deal` leaves: both must
give exactly what `GameState(...)` and `Kernel(rules, state)` followed by the deal give.
"""

from __future__ import annotations

from tressette_dsl.compiled import compile_ruleset
from tressette_dsl.compiled.chain import chain_for
from tressette_dsl.compiled.kernel import Kernel, bare_first
from tressette_dsl.engine.state import GameState, Match
from tressette_dsl.loader import load_ruleset


def test_bare_first_is_the_constructed_state() -> None:
    for seed, n, dealer, slots in ((1, 4, 2, 2), (77, 3, 0, 3), (5, 4, 3, 2), (1, 4, 1, 2)):
        got = bare_first(seed, n, dealer, slots)
        want = GameState(seed=seed, n=n, match=Match(dealer=dealer, totals=(0,) * slots))
        assert got == want
        assert got.__dict__ == want.__dict__
    a, b = bare_first(3, 4, 1, 2), bare_first(4, 4, 2, 2)
    assert (a.seed, a.dealer, b.seed, b.dealer) == (3, 1, 4, 2)  # no state shared wrongly


def test_a_kernel_to_deal_is_the_full_kernel_once_dealt() -> None:
    for name in ("tressette", "tressette-a-tre", "spizzichino"):
        rules = load_ruleset(name)
        fast = compile_ruleset(rules).fast_end
        assert fast is not None
        first = bare_first(9, rules.players.count, 1, len(rules.sides.seats))
        chain = chain_for(fast, first)
        assert chain is not None
        kernels = [Kernel(rules, first), Kernel.to_deal(rules, first)]
        for k in kernels:
            chain.deal(k, first, dealer=1, totals=first.totals, deals=(), counted=0)
        full, lean = kernels
        for slot in Kernel.__slots__:
            assert getattr(lean, slot) == getattr(full, slot), (name, slot)
