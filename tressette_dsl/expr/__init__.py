"""The expression language of tressette-dsl rulesets: parse, check, compile to closures.

Nothing in a ruleset is ever ``eval``'d as Python: every expression is parsed with the
grammar in ``grammar/expr.lark``, checked against the names its YAML slot may use, and
compiled to a closure over an env mapping. See docs/expressions.md.

>>> from tressette_dsl.expr import StaticContext, Type, compile_expr
>>> ctx = StaticContext.from_deck("CDSB", "A234567JQK", order="32AKQJ7654",
...     values={"A": 3, "2": 1, "3": 1, "K": 1, "Q": 1, "J": 1}, players=4, direction=-1)
>>> c = compile_expr("count(hand[suit == D])", "formula", {"hand": Type.CARDS}, ctx)
>>> c({"hand": 1 << ctx.parse_card("3D") | 1 << ctx.parse_card("AC")})
1
"""

from __future__ import annotations

from tressette_dsl.expr.builtins import BUILTINS
from tressette_dsl.expr.compile import Compiled, Scope, compile_expr
from tressette_dsl.expr.context import StaticContext
from tressette_dsl.expr.errors import ExprError, ExprProblem
from tressette_dsl.expr.minilang import (
    Packet,
    parse_cards,
    parse_order,
    parse_packets,
    parse_values,
)
from tressette_dsl.expr.patterns import Instance, Pattern, parse_pattern, pattern_instances
from tressette_dsl.expr.types import FuncType, Type

__all__ = [
    "BUILTINS",
    "Compiled",
    "ExprError",
    "ExprProblem",
    "FuncType",
    "Instance",
    "Packet",
    "Pattern",
    "Scope",
    "StaticContext",
    "Type",
    "compile_expr",
    "parse_cards",
    "parse_order",
    "parse_packets",
    "parse_pattern",
    "parse_values",
    "pattern_instances",
]
