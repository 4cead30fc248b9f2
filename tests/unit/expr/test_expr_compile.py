"""compile_expr: the Compiled record, problem collection and the hot-path shapes."""

from __future__ import annotations

import operator
from fractions import Fraction

import pytest
from expr_support import mask

from tressette_dsl.expr import ExprError, FuncType, StaticContext, Type, compile_expr

SCOPE = {
    "hand": Type.CARDS,
    "led_suit": Type.SUIT,
    "units": Type.NUM,
    "dealer": Type.SEAT,
    "team_of": FuncType((Type.SEAT,), Type.NUM),
}


def test_compiled_record(ctx: StaticContext) -> None:
    c = compile_expr("count(hand[suit == led_suit]) + team_of(dealer)", "formula", SCOPE, ctx)
    assert c.type is Type.NUM
    assert c.names == frozenset({"hand", "led_suit", "team_of", "dealer"})
    env = {"hand": mask(ctx, "AC 2C 4D"), "led_suit": 0, "dealer": 1, "team_of": lambda s: s % 2}
    assert c.fn(env) == 3 == c(env)


def test_constants_fold(ctx: StaticContext) -> None:
    c = compile_expr("floor(35 / 3) + count({AC, 2C})", "formula", SCOPE, ctx)
    assert c.names == frozenset() and c.fn({}) == 13


def test_a_bare_name_is_an_itemgetter(ctx: StaticContext) -> None:
    c = compile_expr("units", "formula", SCOPE, ctx)
    assert isinstance(c.fn, operator.itemgetter)


def test_division_is_exact_never_float(ctx: StaticContext) -> None:
    c = compile_expr("units / 3", "formula", SCOPE, ctx)
    assert c.fn({"units": 35}) == Fraction(35, 3)
    assert type(c.fn({"units": 36})) is int


def test_every_problem_is_reported(ctx: StaticContext) -> None:
    with pytest.raises(ExprError) as info:
        compile_expr("hnad + dealr + count(7)", "formula", SCOPE, ctx)
    problems = info.value.problems
    assert [(p.code, p.start) for p in problems] == [("TS302", 0), ("TS302", 7), ("TS303", 15)]
    assert problems[0].hint == "did you mean 'hand'?"
    assert problems[1].hint == "did you mean 'dealer'?"


def test_problem_offsets_cover_the_token(ctx: StaticContext) -> None:
    with pytest.raises(ExprError) as info:
        compile_expr("  count(hand) > colour", "condition", SCOPE, ctx)
    p = info.value.problems[0]
    assert (p.start, p.end) == (16, 22)


def test_result_type_is_checked(ctx: StaticContext) -> None:
    with pytest.raises(ExprError) as info:
        compile_expr("count(hand)", "condition", SCOPE, ctx)
    assert info.value.problems[0].code == "TS303"
    assert "BOOL" in info.value.problems[0].message


def test_unknown_start_is_a_programming_error(ctx: StaticContext) -> None:
    with pytest.raises(ValueError, match="start"):
        compile_expr("1", "pattern", SCOPE, ctx)


def test_a_scope_name_shadows_a_literal(ctx: StaticContext) -> None:
    c = compile_expr("AC + 1", "formula", {"AC": Type.NUM}, ctx)
    assert c.fn({"AC": 2}) == 3


def test_a_scope_value_does_not_hide_a_builtin_call(ctx: StaticContext) -> None:
    c = compile_expr("value(AC) + value", "formula", {"value": Type.NUM}, ctx)
    assert c.fn({"value": 1}) == 4


def test_a_scope_function_shadows_a_builtin(ctx: StaticContext) -> None:
    scope = {"points": FuncType((Type.CARDS,), Type.NUM)}
    c = compile_expr("points({AC})", "formula", scope, ctx)
    assert c.fn({"points": lambda cards: 99}) == 99


def test_evaluation_is_reentrant(ctx: StaticContext) -> None:
    """A scope function may evaluate the same compiled filter while it runs."""
    scope = {"hand": Type.CARDS, "inner": FuncType((Type.CARD,), Type.NUM)}
    c = compile_expr("hand[inner(card) > 0]", "cards", scope, ctx)
    hand = mask(ctx, "AC 2C 3C")
    env = {"hand": hand}
    env["inner"] = lambda card: c.fn({"hand": 1 << card, "inner": lambda _: 1}).bit_count()
    assert c.fn(env) == hand


def test_context_rejects_bad_decks() -> None:
    with pytest.raises(ValueError, match="single characters"):
        StaticContext.from_deck(["C", "C"], "A2", order="2A", values={}, players=2, direction=1)
    with pytest.raises(ValueError, match="direction"):
        StaticContext.from_deck("CD", "A2", order="2A", values={}, players=2, direction=2)
