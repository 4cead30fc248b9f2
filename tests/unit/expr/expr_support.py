"""Shared test helpers: the standard test decks and YAML-to-runtime value conversion."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tressette_dsl.expr import FuncType, StaticContext, Type, parse_cards

STANDARD_VALUES = {"A": 3, "2": 1, "3": 1, "K": 1, "Q": 1, "J": 1}
ALIASES = {"coppe": "C", "denari": "D", "spade": "S", "bastoni": "B"}


def standard(players: int = 4, direction: int = -1) -> StaticContext:
    """Suits C D S B, ranks A 2 3 4 5 6 7 J Q K, order 3 2 A K Q J 7 6 5 4, values in thirds."""
    return StaticContext.from_deck(
        "CDSB",
        "A234567JQK",
        order="32AKQJ7654",
        values=STANDARD_VALUES,
        players=players,
        direction=direction,
        suit_aliases=ALIASES,
    )


def italian(players: int = 4, direction: int = -1) -> StaticContext:
    """Italian rank letters: F(ante) C(avallo) R(e); 'C' is both a rank and a suit here."""
    return StaticContext.from_deck(
        "CDSB",
        "A234567FCR",
        order="32ARCF7654",
        values={"A": 3, "2": 1, "3": 1, "R": 1, "C": 1, "F": 1},
        players=players,
        direction=direction,
        suit_aliases=ALIASES,
    )


def mask(ctx: StaticContext, text: str) -> int:
    return sum(1 << c for c in parse_cards(text, ctx))


def _index_mask(ids: tuple[str, ...], text: str, aliases: dict[str, str] | None = None) -> int:
    out = 0
    for word in text.split():
        out |= 1 << ids.index((aliases or {}).get(word, word))
    return out


def parse_type(spec: str) -> Type | FuncType:
    """``"CARDS"`` or ``"SEAT, NUM -> NUM"``."""
    if "->" not in spec:
        return Type[spec]
    params, result = spec.split("->")
    return FuncType(
        tuple(Type[p.strip()] for p in params.split(",") if p.strip()), Type[result.strip()]
    )


def to_runtime(ctx: StaticContext, t: Type | FuncType, v: Any) -> Any:
    """A YAML-friendly value (card lists as text, fractions as "7/3") as the runtime holds it."""
    if isinstance(t, FuncType):
        table = v
        return lambda *args: table[args[0]] if isinstance(table, list) else table
    aliases = dict(ctx.suit_aliases)
    match t:
        case Type.NUM:
            return Fraction(v) if isinstance(v, str) else v
        case Type.CARD:
            return -1 if v in (None, "-") else ctx.parse_card(v)
        case Type.CARDS:
            return mask(ctx, v)
        case Type.SUIT:
            return -1 if v in (None, "-") else ctx.suits.index(aliases[v])
        case Type.RANK:
            return -1 if v in (None, "-") else ctx.ranks.index(str(v))
        case Type.SUITS:
            return _index_mask(ctx.suits, v, aliases)
        case Type.RANKS:
            return _index_mask(ctx.ranks, str(v))
        case Type.SEATS | Type.STRS:
            return frozenset(v)
        case Type.NUMS:
            return tuple(to_runtime(ctx, Type.NUM, x) for x in v)
    return v
