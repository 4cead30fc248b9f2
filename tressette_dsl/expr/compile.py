"""Parse tree to checked closure: name resolution, type checking and code generation.

The compiler walks the Lark tree itself (no Transformer, so nothing to unwrap from
`VisitError`), carrying an *expected type* downwards so that literals can be read the way
their context needs (``rank in {3, 2, A}`` makes the set a set of ranks). It records every
name and type problem it finds before giving up, so one run reports all of them.
"""

from __future__ import annotations

import difflib
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from lark import Token, Tree

from tressette_dsl.expr import filters
from tressette_dsl.expr.builtins import BUILTINS
from tressette_dsl.expr.compile_collections import CollectionRules
from tressette_dsl.expr.compile_ops import OperatorRules
from tressette_dsl.expr.context import StaticContext
from tressette_dsl.expr.errors import ExprError, ExprProblem, fail
from tressette_dsl.expr.literals import LiteralError, card_literal, int_literal, word_literal
from tressette_dsl.expr.node import Node, const, poison
from tressette_dsl.expr.parse import EXPR_STARTS, parse
from tressette_dsl.expr.tables import tables
from tressette_dsl.expr.types import FuncType, Type

Scope = Mapping[str, Type | FuncType]
MAX_DEPTH = 100  # nesting of the tree; each level costs a few Python frames
KEYWORDS = frozenset({"and", "or", "not", "in", "if", "else", "true", "false"})
_BOOL_HINTS = {Type.NUM: "compare it, e.g. x > 0", Type.CARDS: "compare it, e.g. count(x) > 0"}


def span(item: Tree[Token] | Token) -> tuple[int, int]:
    if isinstance(item, Token):
        return item.start_pos or 0, item.end_pos or 0
    return item.meta.start_pos, item.meta.end_pos


class Compiler(CollectionRules, OperatorRules):
    """One compilation: the scope, the deck, and the problems found so far."""

    def __init__(self, scope: Scope, ctx: StaticContext) -> None:
        self.scope, self.ctx, self.tables = scope, ctx, tables(ctx)
        self.problems: list[ExprProblem] = []
        self.names: set[str] = set()
        self.in_filter = 0
        self.depth = 0

    def problem(self, code: str, message: str, where: Any, hint: str | None = None) -> Node:
        start, end = span(where) if not isinstance(where, tuple) else where
        self.problems.append(ExprProblem(code, message, start, end, hint))
        return poison()

    def expr(self, tree: Tree[Token], expect: Type | None = None) -> Node:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                start, end = span(tree)
                raise fail(
                    "TS305", f"expression is nested more than {MAX_DEPTH} levels deep", start, end
                )
            return getattr(self, "c_" + tree.data)(tree, expect)  # type: ignore[no-any-return]
        finally:
            self.depth -= 1

    # ----- helpers -----

    def bound(self, name: str) -> bool:
        return name in self.scope or (self.in_filter > 0 and name in filters.ELEMENT_TYPES)

    def flexible(self, tree: Tree[Token]) -> bool:
        """Literals whose type depends on what they meet; they are compiled after their peers."""
        stack = [tree]
        while stack:  # a loop, not recursion: `A if x else K if y else ...` may be long
            t = stack.pop()
            if t.data == "ternary":  # as flexible as its branches
                stack += [t.children[0], t.children[2]]  # type: ignore[list-item]
            elif t.data == "name":
                if self.bound(str(t.children[0])):
                    return False
            elif t.data not in ("int", "set"):
                return False
        return True

    def peers(
        self, trees: list[Tree[Token]], related: Callable[[int, list[Node | None]], Type | None]
    ) -> list[Node]:
        """Compile operands: fixed ones first, then literals with what their neighbours expect."""
        nodes: list[Node | None] = [None] * len(trees)
        for i, t in enumerate(trees):
            if not self.flexible(t):
                nodes[i] = self.expr(t, related(i, nodes))
        for i, t in enumerate(trees):
            if nodes[i] is None:
                nodes[i] = self.expr(t, related(i, nodes))
        return [n for n in nodes if n is not None]

    def same_as_neighbour(
        self, expect: Type | None, only: frozenset[Type] | None = None
    ) -> Callable[[int, list[Node | None]], Type | None]:
        """Expect the type of the nearest compiled operand (or `expect`), if in `only`."""

        def related(i: int, nodes: list[Node | None]) -> Type | None:
            found = expect
            for j in (i - 1, i + 1, *range(len(nodes))):
                if 0 <= j < len(nodes) and (n := nodes[j]) is not None and n.type is not None:
                    found = n.type
                    break
            return found if only is None or found in only else None

        return related

    def want(self, node: Node, t: Type, where: Any, what: str) -> bool:
        if node.type is None or node.type is t:
            return node.type is t
        self.problem(
            "TS303",
            f"{what} must be {t}, not {node.type}",
            where,
            _BOOL_HINTS.get(node.type) if t is Type.BOOL else None,
        )
        return False

    # ----- atoms -----

    def c_int(self, tree: Tree[Token], expect: Type | None) -> Node:
        try:
            t, v = int_literal(self.ctx, str(tree.children[0]), expect)
        except LiteralError as e:
            return self.problem(e.code, e.message, tree, e.hint)
        return const(t, v)

    def c_card_token(self, tree: Tree[Token], expect: Type | None) -> Node:
        try:
            return const(Type.CARD, card_literal(self.ctx, str(tree.children[0])))
        except LiteralError as e:
            return self.problem(e.code, e.message, tree, e.hint)

    def c_string(self, tree: Tree[Token], expect: Type | None) -> Node:
        return const(Type.STR, str(tree.children[0])[1:-1])

    def c_true(self, tree: Tree[Token], expect: Type | None) -> Node:
        return const(Type.BOOL, True)

    def c_false(self, tree: Tree[Token], expect: Type | None) -> Node:
        return const(Type.BOOL, False)

    def c_name(self, tree: Tree[Token], expect: Type | None) -> Node:
        name = str(tree.children[0])
        if self.in_filter and name in filters.ELEMENT_TYPES:
            return filters.element(self.tables, name)
        if name in self.scope:
            t = self.scope[name]
            if isinstance(t, FuncType):
                return self.problem(
                    "TS304", f"{name!r} is a function: call it, e.g. {name}(...)", tree
                )
            self.names.add(name)
            return Node(t, lambda env, card: env[name], env=True)
        try:
            found = word_literal(self.ctx, name, expect)
        except LiteralError as e:
            return self.problem(e.code, e.message, tree, e.hint)
        if found is not None:
            return const(*found)
        return self.unknown_name(tree, name, expect)

    def unknown_name(self, tree: Tree[Token], name: str, expect: Type | None) -> Node:
        if name in KEYWORDS:
            return self.problem("TS301", f"expected a value, found the keyword {name!r}", tree)
        if name in BUILTINS:
            takes = f"it takes {BUILTINS[name].signature_text()}"
            return self.problem(
                "TS304", f"{name!r} is a built-in function: call it with (...)", tree, takes
            )
        names = [n for n, t in self.scope.items() if not isinstance(t, FuncType)]
        names += list(filters.ELEMENT_TYPES) if self.in_filter else []
        close = difflib.get_close_matches(name, [*names, "true", "false"], n=1)
        if close:
            hint: str | None = f"did you mean {close[0]!r}?"
        elif expect is Type.STR:
            hint = f"ids are written in quotes: '{name}'"
        else:
            hint = f"names here: {', '.join(sorted(names))}" if 0 < len(names) <= 12 else None
        return self.problem("TS302", f"unknown name {name!r}", tree, hint)


START_TYPES: dict[str, Type | None] = {
    "condition": Type.BOOL,
    "formula": Type.NUM,
    "seat": Type.SEAT,
    "cards": Type.CARDS,
    "any": None,
}
_START_WORDS = {
    "condition": "a condition",
    "formula": "a formula",
    "seat": "a seat expression",
    "cards": "a card-set expression",
}
_RESULT_HINTS = {
    (Type.CARDS, Type.CARD): "write {X} for a set of one card",
    (Type.BOOL, Type.NUM): "compare it, e.g. x > 0",
    (Type.BOOL, Type.CARDS): "compare it, e.g. count(x) > 0",
}


@dataclass(frozen=True, slots=True)
class Compiled:
    """A checked expression: call ``fn(env)`` (or the object itself) to evaluate it."""

    text: str
    type: Type
    names: frozenset[str]
    fn: Callable[[Mapping[str, Any]], Any]

    def __call__(self, env: Mapping[str, Any]) -> Any:
        return self.fn(env)


def compile_expr(text: str, start: str, scope: Scope, ctx: StaticContext) -> Compiled:
    """Parse, check and compile one expression slot; raises ExprError listing every problem.

    `start` is the slot's kind: condition (BOOL), formula (NUM), seat (SEAT), cards
    (CARDS) or any. `scope` names what the slot may read; the env passed to ``fn`` must
    hold a value of the declared type under each name in ``Compiled.names``.
    """
    if start not in EXPR_STARTS:
        raise ValueError(f"start must be one of {EXPR_STARTS}, not {start!r}")
    tree = parse(text, start)
    body = tree.children[0]
    assert isinstance(body, Tree)
    comp = Compiler(scope, ctx)
    want = START_TYPES[start]
    node = comp.expr(body, want)
    if not comp.problems and want is not None and node.type is not want:
        message = f"{_START_WORDS[start]} must be {want}, but this is {node.type}"
        comp.problem("TS303", message, body, _RESULT_HINTS.get((want, node.type)))  # type: ignore[arg-type]
    if comp.problems:
        raise ExprError(comp.problems)
    assert node.type is not None
    return Compiled(text, node.type, frozenset(comp.names), _finish(node, body))


def _finish(node: Node, body: Tree[Token]) -> Callable[[Mapping[str, Any]], Any]:
    """The public one-argument callable, with the cheapest shape for constants and names."""
    if node.is_const:
        k = node.const
        return lambda env: k
    if body.data == "name" and node.env:
        return operator.itemgetter(str(body.children[0]))
    f = node.fn
    return lambda env: f(env, -1)
