"""Card, suit, rank and seat literals, resolved against the deck when compiling.

A bare word that is not a name in scope may be a literal: ``AC`` (a card), ``D`` or
``denari`` (a suit), ``A`` (a rank). Digits are numbers unless the other side of the
comparison is a rank or a seat: in ``rank == 3`` the ``3`` is the rank "3", and in
``seat == 0`` the ``0`` is seat 0. When a word could be two things (``C`` is both the
cavallo rank and the coppe suit in some decks) the expected type decides, and without one
the compiler asks the writer to be explicit.
"""

from __future__ import annotations

import difflib

from tressette_dsl.expr.context import StaticContext
from tressette_dsl.expr.types import Type


class LiteralError(Exception):
    def __init__(self, code: str, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.hint = code, message, hint


def meanings(ctx: StaticContext, word: str) -> dict[Type, int]:
    """Every literal reading of a bare word, by type."""
    found: dict[Type, int] = {}
    card = ctx.parse_card(word) if len(word) == 2 else None
    if card is not None:
        found[Type.CARD] = card
    if word in ctx.suit_aliases:
        found[Type.SUIT] = ctx.suits.index(ctx.suit_aliases[word])
    if word in ctx.ranks:
        found[Type.RANK] = ctx.ranks.index(word)
    return found


def word_literal(ctx: StaticContext, word: str, expect: Type | None) -> tuple[Type, int] | None:
    """The literal a bare word stands for, None if it is none, LiteralError if unclear."""
    found = meanings(ctx, word)
    if expect in found:
        return expect, found[expect]
    if expect in (Type.RANK, Type.SUIT, Type.CARD) and len(word) <= 2:
        raise _unknown(ctx, word, expect)
    if len(found) == 1:
        return next(iter(found.items()))
    if len(found) > 1:
        kinds = " and a ".join(t.value.lower() for t in found)
        raise LiteralError(
            "TS306",
            f"{word!r} is both a {kinds} in this deck",
            "compare it with a value of the kind you mean (e.g. suit == C), or use the suit's name",
        )
    if expect is Type.SUIT or (len(word) == 2 and (word[0] in ctx.ranks or word[1] in ctx.suits)):
        raise _unknown(ctx, word, Type.SUIT if expect is Type.SUIT else Type.CARD)
    return None


def _unknown(ctx: StaticContext, word: str, kind: Type) -> LiteralError:
    if kind is Type.RANK:
        return LiteralError(
            "TS306", f"there is no rank {word!r} in this deck", f"ranks: {' '.join(ctx.ranks)}"
        )
    if kind is Type.SUIT:
        close = difflib.get_close_matches(word, list(ctx.suit_aliases), n=1)
        hint = f"did you mean {close[0]!r}?" if close else f"suits: {', '.join(ctx.suit_aliases)}"
        return LiteralError("TS306", f"there is no suit {word!r} in this deck", hint)
    return card_error(ctx, word)


def card_error(ctx: StaticContext, word: str) -> LiteralError:
    """Why a word is not a card of this deck, as precisely as the word allows."""
    if len(word) != 2:
        return LiteralError(
            "TS306", f"{word!r} is not a card", "a card is a rank and a suit, like 3D"
        )
    rank, suit = word[0], word[1]
    parts = []
    if rank not in ctx.ranks:
        parts.append(f"no rank {rank!r}")
    if suit not in ctx.suits:
        parts.append(f"no suit {suit!r}")
    why = " and ".join(parts) or "not in this deck"
    hint = f"ranks: {' '.join(ctx.ranks)}; suits: {' '.join(ctx.suits)}"
    return LiteralError("TS306", f"unknown card {word!r} ({why})", hint)


def card_literal(ctx: StaticContext, word: str) -> int:
    card = ctx.parse_card(word)
    if card is None:
        raise card_error(ctx, word)
    return card


def int_literal(ctx: StaticContext, text: str, expect: Type | None) -> tuple[Type, int]:
    """A digit string: a number, or a rank or seat when one is expected."""
    if expect is Type.RANK:
        if text in ctx.ranks:
            return Type.RANK, ctx.ranks.index(text)
        raise _unknown(ctx, text, Type.RANK)
    n = int(text)
    if expect is Type.SEAT:
        if n < ctx.players:
            return Type.SEAT, n
        raise LiteralError("TS306", f"there is no seat {n}", f"seats are 0 to {ctx.players - 1}")
    return Type.NUM, n
