"""Hostile input: huge or deeply nested texts fail fast with TS305, never a RecursionError."""

from __future__ import annotations

import time

import pytest

from tressette_dsl.expr import ExprError, StaticContext, Type, compile_expr

SCOPE = {"x": Type.NUM, "hand": Type.CARDS}


def _fails_fast(text: str, ctx: StaticContext, code: str = "TS305") -> None:
    # CPU time, not wall time: the bound guards against a hang or a quadratic blow-up, and
    # must not fail because a shared machine is busy.
    started = time.process_time()
    with pytest.raises(ExprError) as info:
        compile_expr(text, "any", SCOPE, ctx)
    assert time.process_time() - started < 1.0
    assert info.value.problems[0].code == code


def test_100k_tokens(ctx: StaticContext) -> None:
    _fails_fast(" + ".join(["1"] * 50_000), ctx)


def test_10k_nested_parentheses(ctx: StaticContext) -> None:
    _fails_fast("(" * 10_000 + "1" + ")" * 10_000, ctx)


def test_10k_nested_brackets_unclosed(ctx: StaticContext) -> None:
    _fails_fast("[{(" * 3_400, ctx)


def test_long_unary_chains(ctx: StaticContext) -> None:
    _fails_fast("not " * 900 + "true", ctx)
    _fails_fast("-" * 3_000 + "1", ctx)


def test_long_flat_chain_compiles_and_runs(ctx: StaticContext) -> None:
    """A wide expression is fine: chains are loops, not nested closures."""
    c = compile_expr("+".join(["x"] * 1_999), "formula", SCOPE, ctx)
    assert c.fn({"x": 1}) == 1_999


def test_nesting_within_limits_compiles(ctx: StaticContext) -> None:
    c = compile_expr("(" * 30 + "x" + ")" * 30, "formula", SCOPE, ctx)
    assert c.fn({"x": 2}) == 2
