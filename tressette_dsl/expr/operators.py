"""Type rules and closures for the operators, kept apart from the tree walking.

Each rule answers "what does ``a OP b`` mean for these two types?" with a result type and
a plain two-argument value function, or raises `OpError` with a message in rule-writer's
words ("cannot add CARDS and NUM"). Chains longer than a few operands are evaluated by a
loop rather than nested closures, so a long sum cannot exhaust the Python stack.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

from tressette_dsl.expr.node import Fn, Node, const, derive, div, floordiv, mod, norm
from tressette_dsl.expr.types import COLLECTION, MASKS, SETS, Type

ValueFn = Callable[[Any, Any], Any]
_NESTED_MAX = 4  # chains up to this many operands become nested closures (fastest)


class OpError(Exception):
    def __init__(self, message: str, hint: str | None = None, index: int = 0) -> None:
        super().__init__(message)
        self.message, self.hint, self.index = message, hint, index


def _add(x: Any, y: Any) -> Any:
    r = x + y
    return r if r.__class__ is int else norm(r)


def _sub(x: Any, y: Any) -> Any:
    r = x - y
    return r if r.__class__ is int else norm(r)


def _mul(x: Any, y: Any) -> Any:
    r = x * y
    return r if r.__class__ is int else norm(r)


def _mask_diff(x: int, y: int) -> int:
    return x & ~y


def _in_mask(x: int, m: int) -> bool:
    return x >= 0 and (m >> x) & 1 == 1


def _not_in_mask(x: int, m: int) -> bool:
    return x < 0 or (m >> x) & 1 == 0


def _in(x: Any, s: Any) -> bool:
    return x in s


def _not_in(x: Any, s: Any) -> bool:
    return x not in s


ARITH: dict[str, ValueFn] = {"+": _add, "-": _sub, "*": _mul, "/": div, "//": floordiv, "%": mod}
ORDER: dict[str, ValueFn] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
EQUAL: dict[str, ValueFn] = {"==": operator.eq, "!=": operator.ne}
_VERB = {"+": "add {a} and {b}", "-": "subtract {b} from {a}", "*": "multiply {a} and {b}"}
_VERB |= dict.fromkeys(("/", "//", "%"), "divide {a} by {b}")
_VERB |= {"|": "take the union of {a} and {b}", "&": "intersect {a} and {b}"}


def value_op(op: str, a: Type, b: Type) -> tuple[Type, ValueFn]:
    """The meaning of ``a op b``; raises OpError when the types do not fit."""
    if op in ARITH:
        if a is Type.NUM and b is Type.NUM:
            return Type.NUM, ARITH[op]
        if op == "-" and a is b and a in SETS:
            return a, _mask_diff if a in MASKS else operator.sub
    elif op in ("|", "&"):
        if a is b and a in SETS:
            return a, operator.or_ if op == "|" else operator.and_
    elif op in ORDER:
        if a is Type.NUM and b is Type.NUM:
            return Type.BOOL, ORDER[op]
        raise OpError(f"cannot order {a} and {b} with '{op}'", _order_hint(a, b))
    elif op in EQUAL:
        if a is b:
            return Type.BOOL, EQUAL[op]
        raise OpError(f"cannot compare {a} with {b}")
    elif op in ("in", "not in"):
        if COLLECTION.get(a) is b:
            if b in MASKS:
                return Type.BOOL, _in_mask if op == "in" else _not_in_mask
            return Type.BOOL, _in if op == "in" else _not_in
        raise OpError(f"cannot test whether {a} is {op} {b}", _in_hint(a, b))
    raise OpError("cannot " + _VERB[op].format(a=a, b=b), _arith_hint(op, a, b))


def _order_hint(a: Type, b: Type | None = None) -> str | None:
    if a in (Type.CARD, Type.RANK):
        return "compare strengths, e.g. strength(x) < strength(y), or use stronger(a, b)"
    if Type.SEAT in (a, b):
        return (
            "seats go round the table and have no order: compare with == or !=, "
            "or name the seat after another with next(seat) or prev(seat)"
        )
    if Type.NUMS in (a, b):
        return (
            "a list of numbers (such as totals) has no single value: "
            "compare max(...), min(...) or sum(...) of it, e.g. max(totals) >= target"
        )
    return None


def _in_hint(a: Type, b: Type) -> str | None:
    if a is b and a in SETS:
        return "for 'all of a are in b' write count(a - b) == 0"
    return None


def _arith_hint(op: str, a: Type, b: Type) -> str | None:
    if a is b and a in SETS and op == "+":
        return "use '|' for the union of two sets"
    if Type.SEAT in (a, b) and op in ("+", "-"):
        return "use next(seat, k) or prev(seat, k) to move round the table"
    if Type.BOOL in (a, b) and op in ("|", "&"):
        return f"use '{'or' if op == '|' else 'and'}' for logic"
    return None


def binary(op: str, a: Node, b: Node) -> Node:
    t, f = value_op(op, _typ(a), _typ(b))
    if op in ("/", "//", "%") and b.is_const and b.const == 0:
        raise OpError("division by zero", "a divisor that is always 0 is a mistake")
    af, bf = a.fn, b.fn
    if b.is_const:
        k = b.const
        return derive(t, lambda env, card: f(af(env, card), k), a, b)
    return derive(t, lambda env, card: f(af(env, card), bf(env, card)), a, b)


def chain(first: Node, steps: Sequence[tuple[str, Node]]) -> Node:
    """``first op1 x1 op2 x2 ...`` left to right; OpError.index says which step failed."""
    if len(steps) < _NESTED_MAX:
        node = first
        for i, (op, x) in enumerate(steps):
            node = _at(i, binary, op, node, x)
        return node
    t = _typ(first)
    fns: list[tuple[ValueFn, Fn]] = []
    for i, (op, x) in enumerate(steps):
        t, f = _at(i, value_op, op, t, _typ(x))
        if op in ("/", "//", "%") and x.is_const and x.const == 0:
            raise OpError("division by zero", index=i)
        fns.append((f, x.fn))
    head = first.fn

    def run(env: Any, card: int) -> Any:
        acc = head(env, card)
        for f, g in fns:
            acc = f(acc, g(env, card))
        return acc

    return derive(t, run, first, *(x for _, x in steps))


def _at(index: int, fn: Callable[..., Any], *args: Any) -> Any:
    try:
        return fn(*args)
    except OpError as e:
        e.index = index
        raise


def _typ(n: Node) -> Type:
    assert n.type is not None  # callers never pass nodes that already failed
    return n.type


def negate(a: Node) -> Node:
    if a.type is not Type.NUM:
        raise OpError(f"cannot negate {a.type}")
    f = a.fn
    return derive(Type.NUM, lambda env, card: -f(env, card), a)


def all_of(parts: Sequence[Node]) -> Node:
    """``a and b and ...``: constants fold, the conjuncts stay visible for filters."""
    if any(p.is_const and not p.const for p in parts):
        return const(Type.BOOL, False)
    live = [p for p in parts if not p.is_const]
    if not live:
        return const(Type.BOOL, True)
    if len(live) == 1:
        return live[0]
    fns = tuple(p.fn for p in live)
    if len(fns) == 2:
        f, g = fns
        node = derive(Type.BOOL, lambda env, card: f(env, card) and g(env, card), *live)
    else:

        def every(env: Any, card: int) -> bool:
            for h in fns:  # noqa: SIM110 - no generator object per evaluation
                if not h(env, card):
                    return False
            return True

        node = derive(Type.BOOL, every, *live)
    node.parts = tuple(live)
    return node


def any_of(parts: Sequence[Node]) -> Node:
    if any(p.is_const and p.const for p in parts):
        return const(Type.BOOL, True)
    live = [p for p in parts if not p.is_const]
    if not live:
        return const(Type.BOOL, False)
    if len(live) == 1:
        return live[0]
    fns = tuple(p.fn for p in live)
    if len(fns) == 2:
        f, g = fns
        return derive(Type.BOOL, lambda env, card: f(env, card) or g(env, card), *live)

    def some(env: Any, card: int) -> bool:
        for h in fns:  # noqa: SIM110 - no generator object per evaluation
            if h(env, card):
                return True
        return False

    return derive(Type.BOOL, some, *live)


def negation(a: Node) -> Node:
    f = a.fn
    return derive(Type.BOOL, lambda env, card: not f(env, card), a)
