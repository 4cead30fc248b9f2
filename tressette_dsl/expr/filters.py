"""Filters: ``hand[suit == led_suit and rank in {3, 2, A}]``.

Inside the brackets the names `card`, `suit`, `rank`, `strength` and `value` mean the
element being tested. Most conditions are about suits, ranks and literal sets, so instead
of testing cards one by one the compiler turns each such clause into a *mask* over the
whole deck (``suit == led_suit`` is ``suit_mask[led_suit]``) and the filter becomes a few
ANDs. Only the clauses it cannot turn into masks are tested per card, and only on the
cards the masks let through.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tressette_dsl.expr.node import Env, Node, const, derive
from tressette_dsl.expr.tables import Tables
from tressette_dsl.expr.types import Type

ELEMENT_TYPES: dict[str, Type] = {
    "card": Type.CARD,
    "suit": Type.SUIT,
    "rank": Type.RANK,
    "strength": Type.NUM,
    "value": Type.NUM,
}


def element(t: Tables, name: str) -> Node:
    """The node for an element name inside brackets."""
    if name == "card":
        return Node(Type.CARD, lambda env, card: card, el=True, elem=name)
    table = {"suit": t.suit_of, "rank": t.rank_of, "strength": t.strength_of, "value": t.value_of}[
        name
    ]
    return Node(ELEMENT_TYPES[name], lambda env, card: table[card], el=True, elem=name)


def compare_mask(t: Tables, op: str, a: Node, b: Node) -> Node | None:
    """The deck mask of ``elem == x``, ``elem != x``, ``elem in xs``, ``elem not in xs``."""
    if op in ("==", "!=") and b.elem and not a.el:
        a, b = b, a
    if a.elem not in ("card", "suit", "rank") or b.el:
        return None
    one = _single(t, a.elem) if op in ("==", "!=") else _union(t, a.elem)
    f, full = b.fn, t.ctx.full_mask
    if op in ("!=", "not in"):
        return derive(Type.CARDS, lambda env, card: full ^ one(f(env, card)), b)
    return derive(Type.CARDS, lambda env, card: one(f(env, card)), b)


def _single(t: Tables, elem: str) -> Callable[[int], int]:
    if elem == "card":
        return lambda x: 1 << x if x >= 0 else 0
    return (t.suit_mask if elem == "suit" else t.rank_mask).__getitem__


def _union(t: Tables, elem: str) -> Callable[[int], int]:
    if elem == "card":
        return lambda m: m
    table = t.suit_mask if elem == "suit" else t.rank_mask

    def union(m: int) -> int:
        out, i = 0, 0
        while m:
            if m & 1:
                out |= table[i]
            m >>= 1
            i += 1
        return out

    return union


def mask_of(t: Tables, node: Node) -> Node | None:
    """A CARDS node for "the deck cards this BOOL holds for", when one can be had cheaply."""
    if node.mask is not None:
        return node.mask
    full = t.ctx.full_mask
    if not node.el:  # does not look at the element: all cards or none
        f = node.fn
        return derive(Type.CARDS, lambda env, card: full if f(env, card) else 0, node)
    if not node.env:  # looks only at the element: test the deck once, now
        return const(Type.CARDS, sum(1 << i for i in range(t.ctx.n_cards) if node.fn({}, i)))
    return None


def combine(t: Tables, op: str, parts: tuple[Node, ...]) -> Node | None:
    """The mask of ``not p`` / ``p and q ...`` / ``p or q ...`` from the parts' masks."""
    masks = [mask_of(t, p) for p in parts]
    if any(m is None for m in masks):
        return None
    fns = [m.fn for m in masks if m is not None]
    full = t.ctx.full_mask
    if op == "not":
        f = fns[0]
        return derive(Type.CARDS, lambda env, card: full ^ f(env, card), *masks)  # type: ignore[arg-type]
    acc = _and if op == "and" else _or
    return derive(Type.CARDS, lambda env, card: acc(fns, env, card), *masks)  # type: ignore[arg-type]


def _and(fns: list[Callable[[Env, int], int]], env: Env, card: int) -> int:
    m = -1
    for f in fns:
        m &= f(env, card)
    return m


def _or(fns: list[Callable[[Env, int], int]], env: Env, card: int) -> int:
    m = 0
    for f in fns:
        m |= f(env, card)
    return m


def build(t: Tables, base: Node, cond: Node) -> Node:
    """``base[cond]``: masks first, then a per-card test of whatever is left."""
    bf = base.fn
    whole = mask_of(t, cond)
    if whole is not None:
        wf = whole.fn
        return derive(Type.CARDS, lambda env, card: bf(env, card) & wf(env, card), base, whole)
    parts = cond.parts or (cond,)
    masks = [mask_of(t, p) for p in parts]
    pre = combine(t, "and", tuple(p for p, m in zip(parts, masks, strict=True) if m is not None))
    rest = [p.fn for p, m in zip(parts, masks, strict=True) if m is None]
    pf = pre.fn if pre is not None else None
    test = rest[0] if len(rest) == 1 else _every(rest)

    def run(env: Env, card: int) -> int:
        x = bf(env, card)
        if pf is not None:
            x &= pf(env, card)
        out = 0
        while x:
            low = x & -x
            x ^= low
            if test(env, low.bit_length() - 1):
                out |= low
        return out

    node = Node(Type.CARDS, run, env=base.env or cond.env, el=base.el)
    return node if node.env or node.el else const(Type.CARDS, run({}, -1))


def _every(fns: list[Callable[[Env, int], Any]]) -> Callable[[Env, int], bool]:
    def every(env: Env, card: int) -> bool:
        for f in fns:  # noqa: SIM110 - no generator object per card
            if not f(env, card):
                return False
        return True

    return every
