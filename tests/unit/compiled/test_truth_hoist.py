"""`codegen._hoist`: the counts several signal truths of one block share are computed
once, before the tests, and only counts that cannot raise move out of an `and`/`or`."""

from __future__ import annotations

from tressette_dsl.compiled.codegen import _hoist
from tressette_dsl.compiled.exprgen import Emitter
from tressette_dsl.loader import load_ruleset


def _emitter() -> Emitter:
    em = Emitter(load_ruleset("tressette").ctx)
    em.table_symbols()  # the deck's tables, as the kernel's namespace has them
    return em


def _value(src: str, **env: int) -> bool:
    names = {"SUIT_MASK": (1023, 1023 << 10, 1023 << 20, 1023 << 30, 0), **env}
    return bool(eval(src, {}, names))


def test_a_count_shared_by_every_value_is_computed_once() -> None:
    srcs = [f"((h2 & SUIT_MASK[led])).bit_count() == {v}" for v in range(4)]
    assigns, out = _hoist(srcs, _emitter(), "t")
    assert assigns == ["t0 = (h2 & SUIT_MASK[led]).bit_count()"]
    assert out == [f"(t0 == {v})" for v in range(4)]


def test_the_tests_keep_their_values_and_their_grouping() -> None:
    """Each rewritten truth is parenthesised: the kernel writes it after an `and`."""
    srcs = [
        f"((h & 1023)).bit_count() == {v} or ((h & 1047552)).bit_count() == {v}" for v in range(3)
    ]
    assigns, out = _hoist(srcs, _emitter(), "ta")
    assert len(assigns) == 2
    for h in (0, 0b111, 0b1 << 10, (0b11 << 10) | 0b1):
        env = {"h": h}
        for a in assigns:
            name, expr = a.split(" = ", 1)
            env[name] = eval(expr, {}, {"h": h})
        for src, new in zip(srcs, out, strict=True):
            assert _value(src, h=h) == _value(new, **env)
            # after an `and` the rewritten truth still groups as the original did
            assert _value(f"False and {new}", **env) is False


def test_counts_met_once_and_calls_that_may_raise_stay_in_place() -> None:
    srcs = [
        "((h2 & SUIT_MASK[led])).bit_count() >= 1",  # met once: nothing to share
        "helper(h2) == 1",  # not a pure count: never moved
        "helper(h2) == 2",
    ]
    assigns, out = _hoist(srcs, _emitter(), "t")
    assert assigns == [] and out == srcs


def test_nothing_shared_leaves_the_truths_as_they_are() -> None:
    srcs = ["True", "((h2 & SUIT_MASK[ls])).bit_count() == 0"]
    assert _hoist(srcs, _emitter(), "t") == ([], srcs)
