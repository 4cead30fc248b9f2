"""The built-in functions. Each is total: it has a defined result for every input,
including empty sets and the "no card" value -1, so a rule can never crash a game.

A built-in is a list of signatures plus a factory that, given the deck, returns a plain
value function; the compiler checks arity and argument types against the signatures and
folds calls whose arguments are constants. Keep docs/expressions.md in step with `BUILTINS`
(a test checks that every name is documented there).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tressette_dsl.expr.context import StaticContext
from tressette_dsl.expr.node import norm
from tressette_dsl.expr.tables import Tables, tables
from tressette_dsl.expr.types import Type

N, C, CS, SE = Type.NUM, Type.CARD, Type.CARDS, Type.SEAT
Impl = Callable[[Tables, "Signature"], Callable[..., Any]]


@dataclass(frozen=True, slots=True)
class Signature:
    params: tuple[Type, ...]
    result: Type
    optional: int = 0  # how many trailing params may be left out
    variadic: bool = False  # the last param may repeat

    def fits(self, nargs: int) -> bool:
        least = len(self.params) - self.optional
        return nargs >= least and (self.variadic or nargs <= len(self.params))

    def param(self, i: int) -> Type:
        return self.params[min(i, len(self.params) - 1)]

    def accepts(self, types: tuple[Type, ...]) -> bool:
        return self.fits(len(types)) and all(t is self.param(i) for i, t in enumerate(types))


@dataclass(frozen=True, slots=True)
class Builtin:
    name: str
    signatures: tuple[Signature, ...]
    impl: Impl
    doc: str

    def resolve(self, types: tuple[Type, ...]) -> Signature | None:
        return next((s for s in self.signatures if s.accepts(types)), None)

    def expected(self, i: int, nargs: int) -> Type | None:
        """The type every fitting signature wants at position `i` (guides literals)."""
        kinds = {s.param(i) for s in self.signatures if s.fits(nargs)}
        return kinds.pop() if len(kinds) == 1 else None

    def arity_text(self) -> str:
        lows = {len(s.params) - s.optional for s in self.signatures}
        highs = {None if s.variadic else len(s.params) for s in self.signatures}
        low, high = min(lows), (None if None in highs else max(h for h in highs if h is not None))
        if high is None:
            return f"at least {low} argument{'s' * (low != 1)}"
        span = str(low) if low == high else f"{low} {'or' if high == low + 1 else 'to'} {high}"
        return f"{span} argument{'s' * (high != 1)}"

    def signature_text(self) -> str:
        return " or ".join(
            f"{self.name}({', '.join(map(str, s.params))}{', ...' if s.variadic else ''})"
            for s in self.signatures
        )


def _count(t: Tables, sig: Signature) -> Callable[..., Any]:
    return int.bit_count if sig.params[0] in (CS, Type.RANKS, Type.SUITS) else len


def _points(t: Tables, sig: Signature) -> Callable[..., Any]:
    chunks = t.points_by_byte

    def points(m: int) -> int:
        total, i = 0, 0
        while m:
            total += chunks[i][m & 0xFF]
            m >>= 8
            i += 1
        return total

    return points


def _lookup(name: str) -> Impl:
    """A per-card table of `Tables`, indexed directly (index -1 holds the no-card default)."""
    return lambda t, sig: getattr(t, name).__getitem__


def _method(name: str) -> Impl:
    return lambda t, sig: getattr(t, name)


def _minmax(pick: Callable[..., Any]) -> Impl:
    def impl(t: Tables, sig: Signature) -> Callable[..., Any]:
        if sig.params[0] is Type.NUMS:
            return lambda xs: pick(xs) if xs else 0
        return lambda *xs: pick(xs)

    return impl


def _sum(t: Tables, sig: Signature) -> Callable[..., Any]:
    return lambda xs: norm(sum(xs))


def _unary(fn: Callable[[Any], Any]) -> Impl:
    return lambda t, sig: fn


def _step(sign: int) -> Impl:
    def impl(t: Tables, sig: Signature) -> Callable[..., Any]:
        players, d = t.ctx.players, t.ctx.direction * sign
        return lambda seat, k=1: (seat + d * math.floor(k)) % players

    return impl


def _of_suit(t: Tables, sig: Signature) -> Callable[..., Any]:
    masks = t.suit_mask
    return lambda cards, s: cards & masks[s]


def _of_rank(t: Tables, sig: Signature) -> Callable[..., Any]:
    masks = t.rank_mask
    return lambda cards, r: cards & masks[r]


_COUNTABLE = (CS, Type.SEATS, Type.NUMS, Type.RANKS, Type.SUITS, Type.STRS)
_NS, _SU, _RK, _BO = Type.NUMS, Type.SUIT, Type.RANK, Type.BOOL
_ONE_NUM = Signature((N,), N)
_TABLE: tuple[tuple[str, Impl, str, tuple[Signature, ...]], ...] = (
    (
        "count",
        _count,
        "number of elements; 0 when empty",
        tuple(Signature((t,), N) for t in _COUNTABLE),
    ),
    ("points", _points, "sum of card values in scoring units; 0 for none", (Signature((CS,), N),)),
    (
        "suit",
        _lookup("suit_of"),
        "the suit of a card; no suit (-1) for no card",
        (Signature((C,), _SU),),
    ),
    (
        "rank",
        _lookup("rank_of"),
        "the rank of a card; no rank (-1) for no card",
        (Signature((C,), _RK),),
    ),
    (
        "strength",
        _lookup("strength_of"),
        "trick strength of a card; -1 for no card",
        (Signature((C,), N),),
    ),
    (
        "value",
        _lookup("value_of"),
        "value of a card in scoring units; 0 for no card",
        (Signature((C,), N),),
    ),
    (
        "highest",
        _method("highest"),
        "the strongest card; no card (-1) for none",
        (Signature((CS,), C),),
    ),
    (
        "lowest",
        _method("lowest"),
        "the weakest card; no card (-1) for none",
        (Signature((CS,), C),),
    ),
    (
        "top",
        _method("top"),
        "the n strongest cards (n = 1 by default)",
        (Signature((CS, N), CS, 1),),
    ),
    (
        "min",
        _minmax(min),
        "smallest number; 0 for an empty list",
        (Signature((_NS,), N), Signature((N,), N, 0, True)),
    ),
    (
        "max",
        _minmax(max),
        "largest number; 0 for an empty list",
        (Signature((_NS,), N), Signature((N,), N, 0, True)),
    ),
    ("sum", _sum, "sum of a list of numbers; 0 for an empty list", (Signature((_NS,), N),)),
    ("floor", _unary(math.floor), "round down to a whole number", (_ONE_NUM,)),
    ("ceil", _unary(math.ceil), "round up to a whole number", (_ONE_NUM,)),
    ("abs", _unary(abs), "absolute value", (_ONE_NUM,)),
    ("next", _step(1), "the seat k places on in play order (k = 1)", (Signature((SE, N), SE, 1),)),
    (
        "prev",
        _step(-1),
        "the seat k places back in play order (k = 1)",
        (Signature((SE, N), SE, 1),),
    ),
    ("of_suit", _of_suit, "the cards of one suit", (Signature((CS, _SU), CS),)),
    ("of_rank", _of_rank, "the cards of one rank", (Signature((CS, _RK), CS),)),
    (
        "stronger",
        _method("stronger"),
        "a beats b: same suit and stronger",
        (Signature((C, C), _BO),),
    ),
    (
        "beats_all",
        _method("beats_all"),
        "no other card of the set, in its suit, is as strong",
        (Signature((C, CS), _BO),),
    ),
)
BUILTINS: dict[str, Builtin] = {
    name: Builtin(name, sigs, impl, doc) for name, impl, doc, sigs in _TABLE
}


@lru_cache(maxsize=64)
def _cached_make(name: str, ctx: StaticContext, sig: Signature) -> Callable[..., Any]:
    return BUILTINS[name].impl(tables(ctx), sig)


def function(name: str, ctx: StaticContext, sig: Signature) -> Callable[..., Any]:
    """The value function of a built-in for this deck (cached: rulesets reuse a few)."""
    return _cached_make(name, ctx, sig)
