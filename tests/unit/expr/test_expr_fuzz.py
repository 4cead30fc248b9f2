"""Fuzz: whatever the text, compiling raises only ExprError, and what compiles evaluates
without raising (the language is total)."""

from __future__ import annotations

import contextlib
import os
from fractions import Fraction

from expr_support import mask, standard
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tressette_dsl.expr import (
    ExprError,
    FuncType,
    Type,
    compile_expr,
    parse_cards,
    parse_order,
    parse_packets,
    parse_pattern,
    parse_values,
)

CTX = standard()
SCOPE = {
    "hand": Type.CARDS,
    "led_suit": Type.SUIT,
    "card": Type.CARD,
    "n": Type.NUM,
    "third": Type.NUM,
    "dealer": Type.SEAT,
    "team": Type.SEATS,
    "totals": Type.NUMS,
    "ranks": Type.RANKS,
    "suits": Type.SUITS,
    "contract": Type.STR,
    "ids": Type.STRS,
    "ok": Type.BOOL,
    "f": FuncType((Type.SEAT,), Type.NUM),
}
ENV = {
    "hand": mask(CTX, "AC 2C 3C 4D KD 7S"),
    "led_suit": 0,
    "card": -1,
    "n": 0,
    "third": Fraction(1, 3),
    "dealer": 3,
    "team": frozenset({1, 3}),
    "totals": (),
    "ranks": 0b101,
    "suits": 0,
    "contract": "",
    "ids": frozenset(),
    "ok": False,
    "f": lambda seat: seat,
}
TOKENS = [
    *SCOPE,
    "1",
    "0",
    "3",
    "-1",
    "AC",
    "3D",
    "9D",
    "ZZ",
    "A",
    "K",
    "C",
    "D",
    "denari",
    "true",
    "false",
    "'solo'",
    "+",
    "-",
    "*",
    "/",
    "//",
    "%",
    "|",
    "&",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "in",
    "not",
    "and",
    "or",
    "if",
    "else",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    "suit",
    "rank",
    "strength",
    "value",
    "count",
    "points",
    "highest",
    "lowest",
    "top",
    "min",
    "max",
    "sum",
    "floor",
    "ceil",
    "abs",
    "next",
    "prev",
    "of_suit",
    "of_rank",
    "stronger",
    "beats_all",
    "=",
    "!",
    ".",
    "'",
    ":",
    "rest",
    "same",
    "of",
    "any",
    ">",
]
STARTS = ["any", "condition", "formula", "seat", "cards"]
SETTINGS = settings(
    max_examples=int(os.environ.get("EXPR_FUZZ_EXAMPLES", "400")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _check(text: str, start: str) -> None:
    try:
        compiled = compile_expr(text, start, SCOPE, CTX)
    except ExprError as e:
        assert e.problems and all(0 <= p.start <= p.end <= max(len(text), 4000) for p in e.problems)
        return
    compiled.fn(ENV)


@SETTINGS
@given(
    st.text(
        alphabet=st.sampled_from(list("()[]{},.+-*/%|&=!<> 'AaCD3_0123456789xyzinotf")), max_size=40
    ),
    st.sampled_from(STARTS),
)
def test_random_text(text: str, start: str) -> None:
    _check(text, start)


@SETTINGS
@given(st.lists(st.sampled_from(TOKENS), max_size=14), st.sampled_from(STARTS))
def test_token_soup(tokens: list[str], start: str) -> None:
    _check(" ".join(tokens), start)


@SETTINGS
@given(st.text(max_size=30))
def test_arbitrary_unicode(text: str) -> None:
    _check(text, "any")


@SETTINGS
@given(
    st.lists(st.sampled_from([*TOKENS, "{", "}", "3 of", "same suit", "same rank"]), max_size=10)
)
def test_minilanguages(tokens: list[str]) -> None:
    text = " ".join(tokens)
    for parse in (
        lambda: parse_pattern(text, CTX),
        lambda: parse_order(text, CTX.ranks),
        lambda: parse_values(text, CTX.ranks),
        lambda: parse_packets(text, ["stock", "monte"]),
        lambda: parse_cards(text, CTX),
    ):
        with contextlib.suppress(ExprError):
            parse()


ATOMS = [t for t in TOKENS if t[0].isalnum() or t[0] == "'"]
ATOMS = [t for t in ATOMS if t not in ("in", "not", "and", "or", "if", "else", "of", "same")]
OPS = ["+", "-", "*", "/", "//", "%", "|", "&", "==", "!=", "<", ">=", "in", "not in", "and", "or"]
FUNCS = [name for name in TOKENS if name.isidentifier() and name not in SCOPE] + ["f"]


def _extend(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.tuples(children, st.sampled_from(OPS), children).map(
            lambda t: f"({t[0]} {t[1]} {t[2]})"
        ),
        st.tuples(st.sampled_from(FUNCS), st.lists(children, max_size=3)).map(
            lambda t: f"{t[0]}({', '.join(t[1])})"
        ),
        st.tuples(children, children).map(lambda t: f"{t[0]}[{t[1]}]"),
        st.tuples(children, children, children).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
        st.lists(children, max_size=3).map(lambda xs: "{" + ", ".join(xs) + "}"),
        st.lists(children, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
        children.map(lambda c: f"not {c}"),
        children.map(lambda c: f"-{c}"),
    )


WELL_FORMED = st.recursive(st.sampled_from(ATOMS), _extend, max_leaves=10)


@SETTINGS
@given(WELL_FORMED, st.sampled_from(STARTS))
def test_well_formed_expressions(text: str, start: str) -> None:
    """Syntactically valid input reaches the type checker and, when it passes, evaluation."""
    _check(text, start)
    _check(text.replace("card", "AC"), start)
