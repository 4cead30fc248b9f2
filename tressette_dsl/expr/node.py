"""The compiler's intermediate value: a typed closure plus what it depends on.

Every compiled sub-expression is a `Node` whose ``fn(env, card)`` computes its value;
``card`` is the current element inside a filter (``hand[suit == D]``) and ``-1`` outside.
Passing the element as an argument, rather than storing it in a dict or a cell, keeps
evaluation allocation-free and re-entrant. Nodes that read neither the env nor the element
are folded to constants as soon as they are built.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tressette_dsl.cardsets import iter_bits
from tressette_dsl.expr.types import Type

Env = Mapping[str, Any]
Fn = Callable[[Env, int], Any]

NOCONST: Any = object()  # marks a node whose value is only known at run time
EMPTY_ENV: Env = {}


@dataclass(slots=True)
class Node:
    """``type`` None means an error was already reported here: stay quiet about it."""

    type: Type | None
    fn: Fn
    const: Any = NOCONST
    env: bool = False  # reads names from the env
    el: bool = False  # reads the element of the innermost filter
    elem: str | None = None  # this node *is* the element name `card`, `suit`, `rank`, ...
    mask: Node | None = None  # inside a filter, for BOOL: a CARDS node, the deck cards it holds for
    parts: tuple[Node, ...] = ()  # for `and`: the conjuncts, which a filter may split

    @property
    def is_const(self) -> bool:
        return self.const is not NOCONST


def const(t: Type | None, value: Any) -> Node:
    return Node(t, lambda env, card: value, value)


def poison() -> Node:
    return Node(None, _poisoned)


def _poisoned(env: Env, card: int) -> Any:
    raise AssertionError("an expression with errors was evaluated")  # never reached: compile fails


def derive(t: Type, fn: Fn, *children: Node) -> Node:
    """A node computed from `children`; folded to a constant when they all are."""
    env = any(ch.env for ch in children)
    el = any(ch.el for ch in children)
    if not env and not el:
        return const(t, fn(EMPTY_ENV, -1))
    return Node(t, fn, env=env, el=el)


def norm(x: Any) -> Any:
    """Fractions that are whole become ints, so ``3/3 == 1`` prints and hashes as ``1``."""
    if x.__class__ is Fraction and x.denominator == 1:
        return x.numerator
    return x


def div(x: Any, y: Any) -> Any:
    """Exact division; total: ``x / 0`` is 0 (a constant ``/ 0`` is refused when compiling)."""
    if not y:
        return 0
    if x.__class__ is int and y.__class__ is int:
        q, r = divmod(x, y)
        return q if r == 0 else Fraction(x, y)
    return norm(Fraction(x) / y)


def floordiv(x: Any, y: Any) -> Any:
    return x // y if y else 0


def mod(x: Any, y: Any) -> Any:
    return norm(x % y) if y else 0


bits = iter_bits  # the indices of the set bits, lowest first
