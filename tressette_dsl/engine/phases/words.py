"""Words shared by the prose of phase kinds: the generated rules page (`describe`) and the
terminal's prompts (`tasks`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tressette_dsl.rules.model import Who
from tressette_dsl.rules.options import Role

ROLE_WORDS: Mapping[Role, str] = {
    "declarer": "the declarer",
    "defenders": "each defender",
    "partner": "the partner",
    "call_supplier": "the defender who supplied the called card",
    "all": "every player",
}

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def who_text(who: Who | None) -> str:
    """A role in words (``the declarer``), or the seat expression in words."""
    if who is None:
        return "?"
    if who.role:
        return ROLE_WORDS.get(who.role, who.role)
    return said(None, who.seat) if who.seat is not None else "?"


def said(rules: Any, expr: Any) -> str:
    """An expression of the model in words, with the ruleset's card names (`prose.words`):
    a rules page shows no expression code."""
    from tressette_dsl.prose.words import Vocabulary, in_words  # noqa: PLC0415 - prose only

    vocab = Vocabulary.of(rules) if rules is not None else Vocabulary()
    return in_words(str(getattr(expr, "text", expr)), vocab)


def cards_text(rules: Any, count: Any) -> str:
    """A count of cards in words: ``1 card``, ``4 cards``, ``as many cards as ...``."""
    text = said(rules, count)
    if text == "1":
        return "1 card"
    return f"{text} cards" if text.isdigit() else text


def count_text(n: int, noun: str) -> str:
    """``one card``, ``four cards``, ``12 cards``."""
    word = _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)
    return f"{word} {noun}" + ("" if n == 1 else "s")


def declaring_at(rules: Any) -> str:
    """`declaring.at` of the ruleset, or "" without declarations."""
    declaring = getattr(rules, "declaring", None)
    return str(declaring.at) if declaring is not None else ""
