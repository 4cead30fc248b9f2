"""The compiler's operator and call rules (a mixin of `compile.Compiler`).

Kept apart from the atoms so that each file reads in one sitting. Every rule compiles its
operands (literals last, with the type their neighbour expects), lets `operators` decide
what the types mean, and reports a TS303/TS304 located at the offending operand or pair.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from lark import Token, Tree

from tressette_dsl.expr import filters
from tressette_dsl.expr.builtins import BUILTINS, function
from tressette_dsl.expr.context import StaticContext
from tressette_dsl.expr.node import Node, derive, poison
from tressette_dsl.expr.operators import OpError, all_of, any_of, binary, chain, negate, negation
from tressette_dsl.expr.tables import Tables
from tressette_dsl.expr.types import COLLECTION, ELEMENT, SETS, FuncType, Type

Related = Callable[[int, list[Node | None]], Type | None]


class CompilerHost(Protocol):
    scope: Mapping[str, Type | FuncType]
    ctx: StaticContext
    tables: Tables
    names: set[str]
    in_filter: int

    def expr(self, tree: Tree[Token], expect: Type | None = None) -> Node: ...
    def problem(self, code: str, message: str, where: Any, hint: str | None = None) -> Node: ...
    def peers(self, trees: list[Tree[Token]], related: Related) -> list[Node]: ...
    def same_as_neighbour(
        self, expect: Type | None, only: frozenset[Type] | None = None
    ) -> Related: ...
    def want(self, node: Node, t: Type, where: Any, what: str) -> bool: ...
    def items(self, tree: Tree[Token], skip: int = 0) -> list[Tree[Token]]: ...
    def flexible(self, tree: Tree[Token]) -> bool: ...


def _pair(a: Tree[Token], b: Tree[Token]) -> tuple[int, int]:
    return a.meta.start_pos, b.meta.end_pos


class OperatorRules:
    def c_sign(self: CompilerHost, tree: Tree[Token], expect: Type | None) -> Node:
        op, inner = str(tree.children[0]), tree.children[1]
        assert isinstance(inner, Tree)
        node = self.expr(inner, Type.NUM)
        if node.type is None:
            return node
        if node.type is not Type.NUM:
            verb = "negate" if op == "-" else "apply '+' to"
            return self.problem("TS303", f"cannot {verb} {node.type}", tree)
        return negate(node) if op == "-" else node

    def c_sum(self: CompilerHost, tree: Tree[Token], expect: Type | None) -> Node:
        operands = [c for c in tree.children if isinstance(c, Tree)]
        ops = [str(c) for c in tree.children if isinstance(c, Token)]
        return _chain(self, operands, ops, expect)

    c_product = c_sum

    def c_inter(self: CompilerHost, tree: Tree[Token], expect: Type | None) -> Node:
        operands = [c for c in tree.children if isinstance(c, Tree)]
        return _chain(self, operands, ["&"] * (len(operands) - 1), expect)

    def c_union(self: CompilerHost, tree: Tree[Token], expect: Type | None) -> Node:
        operands = [c for c in tree.children if isinstance(c, Tree)]
        return _chain(self, operands, ["|"] * (len(operands) - 1), expect)

    def c_comparison(self: CompilerHost, tree: Tree[Token], expect: Type | None) -> Node:
        operands = [c for c in tree.children if isinstance(c, Tree) and c.data != "comp_op"]
        ops = [
            " ".join(map(str, c.children))
            for c in tree.children
            if isinstance(c, Tree) and c.data == "comp_op"
        ]
        nodes = self.peers(operands, _comparison_peer(ops))
        if any(n.type is None for n in nodes):
            return poison()
        pairs = []
        for i, op in enumerate(ops):
            try:
                node = binary(op, nodes[i], nodes[i + 1])
            except OpError as e:
                return self.problem("TS303", e.message, _pair(operands[i], operands[i + 1]), e.hint)
            if self.in_filter and not node.is_const:
                node.mask = filters.compare_mask(self.tables, op, nodes[i], nodes[i + 1])
            pairs.append(node)
        if len(pairs) == 1:
            return pairs[0]
        out = all_of(pairs)
        if self.in_filter and out.mask is None and not out.is_const:
            out.mask = filters.combine(self.tables, "and", tuple(pairs))
        return out

    def c_not_(self: CompilerHost, tree: Tree[Token], expect: Type | None) -> Node:
        inner = tree.children[0]
        node = self.expr(inner, Type.BOOL)  # type: ignore[arg-type]
        if not self.want(node, Type.BOOL, inner, "the operand of 'not'"):
            return poison()
        out = negation(node)
        if self.in_filter and not out.is_const:
            out.mask = filters.combine(self.tables, "not", (node,))
        return out

    def c_and_expr(self: CompilerHost, tree: Tree[Token], expect: Type | None) -> Node:
        return _logic(self, tree, "and")

    def c_or_expr(self: CompilerHost, tree: Tree[Token], expect: Type | None) -> Node:
        return _logic(self, tree, "or")

    def c_ternary(self: CompilerHost, tree: Tree[Token], expect: Type | None) -> Node:
        yes_t, cond_t, no_t = (c for c in tree.children if isinstance(c, Tree))
        cond = self.expr(cond_t, Type.BOOL)
        yes, no = self.peers([yes_t, no_t], self.same_as_neighbour(expect))
        if not self.want(cond, Type.BOOL, cond_t, "the condition of 'if'") or None in (
            yes.type,
            no.type,
        ):
            return poison()
        if yes.type is not no.type:
            message = f"both branches of 'if' must have the same type, not {yes.type} and {no.type}"
            return self.problem("TS303", message, tree)
        if cond.is_const:
            return yes if cond.const else no
        cf, yf, nf = cond.fn, yes.fn, no.fn
        assert yes.type is not None
        return derive(
            yes.type,
            lambda env, card: yf(env, card) if cf(env, card) else nf(env, card),
            cond,
            yes,
            no,
        )

    def c_call(self: CompilerHost, tree: Tree[Token], expect: Type | None) -> Node:
        name_tok = tree.children[0]
        name = str(name_tok)
        args = self.items(tree, skip=1)
        if isinstance(self.scope.get(name), FuncType):
            return _scope_call(self, tree, name, args)
        if name in self.scope and name not in BUILTINS:
            return self.problem(
                "TS304", f"{name!r} is a {self.scope[name]}, not a function", name_tok
            )
        if name not in BUILTINS:
            funcs = [*BUILTINS, *(n for n, t in self.scope.items() if isinstance(t, FuncType))]
            close = difflib.get_close_matches(name, funcs, n=1)
            hint = (
                f"did you mean {close[0]}()?"
                if close
                else "see docs/expressions.md for the built-ins"
            )
            return self.problem("TS304", f"unknown function {name!r}", name_tok, hint)
        b = BUILTINS[name]
        if not any(s.fits(len(args)) for s in b.signatures):
            return self.problem(
                "TS304",
                f"{name}() takes {b.arity_text()}, got {len(args)}",
                tree,
                b.signature_text(),
            )
        nodes = [self.expr(a, b.expected(i, len(args))) for i, a in enumerate(args)]
        if any(n.type is None for n in nodes):
            return poison()
        types = tuple(n.type for n in nodes if n.type is not None)
        sig = b.resolve(types)
        if sig is None:
            got = ", ".join(map(str, types))
            return self.problem(
                "TS303", f"{name}() cannot take ({got})", tree, f"it takes {b.signature_text()}"
            )
        return derive(sig.result, _caller(function(name, self.ctx, sig), nodes), *nodes)


_ARITHMETIC_PEERS = SETS | {Type.NUM}  # a RANK beside '+' must not turn 1 into a rank


def _chain(
    host: CompilerHost, operands: list[Tree[Token]], ops: list[str], expect: Type | None
) -> Node:
    nodes = host.peers(operands, host.same_as_neighbour(expect, _ARITHMETIC_PEERS))
    if any(n.type is None for n in nodes):
        return poison()
    try:
        return chain(nodes[0], list(zip(ops, nodes[1:], strict=True)))
    except OpError as e:
        return host.problem(
            "TS303", e.message, _pair(operands[e.index], operands[e.index + 1]), e.hint
        )


def _comparison_peer(ops: list[str]) -> Related:
    """What a literal operand should be, given its already-compiled neighbour."""

    def related(i: int, nodes: list[Node | None]) -> Type | None:
        left = nodes[i - 1] if i > 0 else None
        if left is not None and left.type is not None:
            return COLLECTION.get(left.type) if ops[i - 1].endswith("in") else left.type
        right = nodes[i + 1] if i + 1 < len(nodes) else None
        if right is not None and right.type is not None:
            return ELEMENT.get(right.type) if ops[i].endswith("in") else right.type
        return None

    return related


def _logic(host: CompilerHost, tree: Tree[Token], op: str) -> Node:
    operands = [c for c in tree.children if isinstance(c, Tree)]
    nodes = [host.expr(t, Type.BOOL) for t in operands]
    ok = [
        host.want(n, Type.BOOL, t, f"each side of '{op}'")
        for n, t in zip(nodes, operands, strict=True)
    ]
    if not all(ok):
        return poison()
    out = all_of(nodes) if op == "and" else any_of(nodes)
    if host.in_filter and out.mask is None and not out.is_const:
        out.mask = filters.combine(host.tables, op, tuple(out.parts or nodes))
    return out


def _scope_call(host: CompilerHost, tree: Tree[Token], name: str, args: list[Tree[Token]]) -> Node:
    ft = host.scope[name]
    assert isinstance(ft, FuncType)
    host.names.add(name)
    if len(args) != len(ft.params):
        return host.problem(
            "TS304",
            f"{name}() takes {len(ft.params)} argument(s), got {len(args)}",
            tree,
            f"{name}{ft}",
        )
    nodes = [host.expr(a, p) for a, p in zip(args, ft.params, strict=True)]
    what = [f"argument {i + 1} of {name}()" for i in range(len(args))]
    ok = [host.want(n, p, a, w) for n, p, a, w in zip(nodes, ft.params, args, what, strict=True)]
    if not all(ok):  # every argument is checked, so all mistakes are reported at once
        return poison()
    inner = _caller(None, nodes)
    node = Node(
        ft.result,
        lambda env, card: inner(env[name], env, card),
        env=True,
        el=any(n.el for n in nodes),
    )
    return node


def _caller(f: Callable[..., Any] | None, nodes: list[Node]) -> Any:
    """A closure applying `f` (or, when None, the function passed first) to the operands."""
    fns = [n.fn for n in nodes]
    if f is None:
        if len(fns) == 1:
            a = fns[0]
            return lambda g, env, card: g(a(env, card))
        return lambda g, env, card: g(*[h(env, card) for h in fns])
    if len(fns) == 1:
        a = fns[0]
        return lambda env, card: f(a(env, card))
    if len(fns) == 2:
        a, b = fns
        return lambda env, card: f(a(env, card), b(env, card))
    return lambda env, card: f(*[h(env, card) for h in fns])
