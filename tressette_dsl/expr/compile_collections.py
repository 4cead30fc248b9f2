"""The compiler's rules for sets, lists and brackets (a mixin of `compile.Compiler`).

A set literal takes its element type from what it meets (``rank in {3, 2, A}`` is a set
of ranks) or from its first element that has a fixed type; sets of cards, ranks and suits
become int masks, folded at compile time when every element is a literal. ``x[...]`` is a
filter on a card set and an index on a list of numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Token, Tree

from tressette_dsl.expr import filters
from tressette_dsl.expr.compile_ops import CompilerHost
from tressette_dsl.expr.node import Node, const, derive, poison
from tressette_dsl.expr.types import COLLECTION, ELEMENT, MASKS, SETS, Type


class CollectionRules:
    def items(self: CompilerHost, tree: Tree[Token], skip: int = 0) -> list[Tree[Token]]:
        out: list[Tree[Token]] = []
        for ch in tree.children[skip:]:
            if isinstance(ch, Tree) and ch.data == "args":
                out += [a for a in ch.children if isinstance(a, Tree)]
            elif isinstance(ch, Tree):
                out.append(ch)
        return out

    def c_set(self: CompilerHost, tree: Tree[Token], expect: Type | None) -> Node:
        items = self.items(tree)
        elem = ELEMENT.get(expect) if expect else None
        nodes: list[Node | None] = [None] * len(items)
        for i in sorted(
            range(len(items)), key=lambda i: (self.flexible(items[i]), items[i].data != "name")
        ):
            node = nodes[i] = self.expr(items[i], elem)
            elem = elem or node.type
        done = [n for n in nodes if n is not None]
        if any(n.type is None for n in done):
            return poison()
        if not items:
            if expect in SETS or expect is Type.NUMS:
                return const(
                    expect, 0 if expect in MASKS else frozenset() if expect in SETS else ()
                )
            return self.problem(
                "TS303",
                "cannot tell what kind of set '{}' is here",
                tree,
                "compare or combine it with a set of a known kind",
            )
        for item, node in zip(items, done, strict=True):
            if node.type is not elem:
                return self.problem(
                    "TS303", f"a set holds one kind of value, not {elem} and {node.type}", item
                )
        assert elem is not None
        kind = COLLECTION.get(elem)
        if kind is None:
            return self.problem("TS303", f"cannot make a set of {elem}", tree)
        return derive(kind, _set_builder(kind, [n.fn for n in done]), *done)

    def c_list(self: CompilerHost, tree: Tree[Token], expect: Type | None) -> Node:
        items = self.items(tree)
        nodes = [self.expr(t, Type.NUM) for t in items]
        if not all(
            self.want(n, Type.NUM, t, "a list item") for n, t in zip(nodes, items, strict=True)
        ):
            return poison()
        fns = [n.fn for n in nodes]
        return derive(Type.NUMS, lambda env, card: tuple([f(env, card) for f in fns]), *nodes)

    c_tuple = c_list

    def c_index(self: CompilerHost, tree: Tree[Token], expect: Type | None) -> Node:
        base_tree, inner = tree.children[0], tree.children[1]
        assert isinstance(base_tree, Tree) and isinstance(inner, Tree)
        base = self.expr(base_tree)
        if base.type is Type.CARDS:
            self.in_filter += 1
            try:
                cond = self.expr(inner, Type.BOOL)
            finally:
                self.in_filter -= 1
            if not self.want(cond, Type.BOOL, inner, "a filter condition"):
                return poison()
            return filters.build(self.tables, base, cond)
        if base.type is Type.NUMS:
            index = self.expr(inner, Type.NUM)
            if not self.want(index, Type.NUM, inner, "an index"):
                return poison()
            return derive(Type.NUM, _indexer(base, index), base, index)
        if base.type is None:
            return poison()
        hint = "card sets can be filtered (hand[suit == D]) and number lists indexed (totals[0])"
        return self.problem("TS303", f"cannot filter or index {base.type}", base_tree, hint)


def _set_builder(kind: Type, fns: list[Callable[[Any, int], Any]]) -> Callable[[Any, int], Any]:
    if kind in MASKS:

        def mask(env: Any, card: int) -> int:
            m = 0
            for f in fns:
                x = f(env, card)
                if x >= 0:
                    m |= 1 << x
            return m

        return mask
    if kind is Type.NUMS:
        return lambda env, card: tuple(dict.fromkeys([f(env, card) for f in fns]))
    return lambda env, card: frozenset([f(env, card) for f in fns])


def _indexer(base: Node, index: Node) -> Callable[[Any, int], Any]:
    bf, xf = base.fn, index.fn

    def at(env: Any, card: int) -> Any:
        t, i = bf(env, card), xf(env, card)
        return t[i] if i.__class__ is int and 0 <= i < len(t) else 0

    return at
