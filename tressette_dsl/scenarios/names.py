"""Turning the words of a scenario into the engine's numbers: seats, sides, cards, points.

Every function raises ``NameProblem`` with a message (and a did-you-mean where it helps);
the runner locates it at the YAML value that held the word.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from tressette_dsl.scenarios.loader import did_you_mean

ROLES = ("declarer", "defenders")
_VULGAR = {"⅓": Fraction(1, 3), "⅔": Fraction(2, 3), "½": Fraction(1, 2)}


class NameProblem(ValueError):
    """A word of the scenario that the ruleset does not know; ``code`` says which kind."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def seat_index(rules: Any, name: Any) -> int:
    """The seat number of a seat name (case-insensitive)."""
    names = list(rules.players.names)
    for i, seat in enumerate(names):
        if str(name).lower() == seat.lower():
            return i
    raise NameProblem(
        "TS605",
        f"unknown seat '{name}'{did_you_mean(str(name), names)} (seats: {', '.join(names)})",
    )


def seat_name(rules: Any, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return str(rules.players.names[seat])


def slot_names(rules: Any) -> tuple[str, ...]:
    """The names of the match totals: teams, or seats when each seat keeps its own balance."""
    if getattr(rules.players, "people", None) is not None:  # seating.people: per person
        return tuple(rules.players.people.names)
    if rules.sides.mode == "teams":
        return tuple(rules.sides.names)
    return tuple(rules.players.names)


def slot_index(rules: Any, name: Any) -> int:
    """The index of a totals slot (a team name; or a seat name when seats keep balances)."""
    names = list(slot_names(rules))
    for i, slot in enumerate(names):
        if str(name).lower() == slot.lower():
            return i
    if rules.sides.mode == "teams":
        seat = seat_index(rules, name)  # a seat stands for its team
        return int(rules.sides.side_of[seat])
    raise NameProblem(
        "TS605",
        f"unknown side '{name}'{did_you_mean(str(name), names)} (sides: {', '.join(names)})",
    )


def deal_side_index(rules: Any, record: Any, name: Any) -> int:
    """The index of a side in a scored deal: a team, a seat (its side), or a contract role."""
    word = str(name).lower()
    sides = [frozenset(s) for s in record.sides]
    if word in ROLES and record.declarer is not None:
        with_declarer = [i for i, s in enumerate(sides) if record.declarer in s]
        others = [i for i, s in enumerate(sides) if record.declarer not in s]
        found = with_declarer if word == "declarer" else others
        if found:
            return found[0]
    if rules.sides.mode == "teams":
        for i, team in enumerate(rules.sides.names):
            if word == team.lower():
                return sides.index(frozenset(rules.sides.seats[i]))
    try:
        seat = seat_index(rules, name)
    except NameProblem:
        choices = (
            [*rules.sides.names, *ROLES]
            if rules.sides.mode == "teams"
            else [*rules.players.names, *ROLES]
        )
        raise NameProblem(
            "TS605", f"unknown side '{name}'{did_you_mean(str(name), choices)}"
        ) from None
    return next(i for i, s in enumerate(sides) if seat in s)


def side_label(rules: Any, record: Any, index: int) -> str:
    """A readable name for side `index` of a scored deal."""
    seats = frozenset(record.sides[index])
    if rules.sides.mode == "teams":
        for i, team in enumerate(rules.sides.names):
            if frozenset(rules.sides.seats[i]) == seats:
                return str(team)
    if record.declarer is not None:
        return "declarer" if record.declarer in seats else "defenders"
    return "+".join(seat_name(rules, s) for s in sorted(seats))


def card_text(rules: Any, text: Any) -> str:
    """The deck's own text for a card: ``3D``, ``K♠`` -> ``KS``; case-insensitive."""
    deck = rules.deck
    raw = str(text).strip()
    for suit, symbol in zip(deck.suits, deck.suit_symbols, strict=False):
        if symbol and raw.endswith(symbol):
            raw = raw[: -len(symbol)] + suit
    for candidate in (raw, raw.upper()):
        if candidate in deck.by_text:
            return candidate
    raise NameProblem(
        "TS606", f"unknown card '{text}' (cards are rank then suit, e.g. 3D, KS or K♠)"
    )


def points(value: Any) -> Fraction:
    """A number of points: ``7``, ``"7 1/3"``, ``"22/3"``, ``"7⅓"``, ``"1⅔"``.

    >>> points("7 1/3"), points("1⅔"), points(5)
    (Fraction(22, 3), Fraction(5, 3), Fraction(5, 1))
    """
    if isinstance(value, int | Fraction) and not isinstance(value, bool):
        return Fraction(value)
    text = str(value).strip()
    total = Fraction(0)
    for symbol, frac in _VULGAR.items():
        if text.endswith(symbol):
            text, total = text[: -len(symbol)].strip(), frac
    parts = text.split()
    if not parts and total:
        return total
    if not parts or not all(re.fullmatch(r"-?\d+(/\d+)?", p) for p in parts) or len(parts) > 2:
        raise NameProblem("TS603", f"'{value}' is not a number of points (e.g. 7, '7 1/3', '7⅓')")
    whole = sum((Fraction(p) for p in parts), Fraction(0))
    return whole + total if whole >= 0 else whole - total


def show_points(value: Fraction) -> str:
    """Points as a player writes them: ``7``, ``7 1/3``, ``2/3``.

    >>> show_points(Fraction(22, 3)), show_points(Fraction(2, 3)), show_points(Fraction(7))
    ('7 1/3', '2/3', '7')
    """
    whole, rest = divmod(value.numerator, value.denominator)
    if not rest:
        return str(whole)
    if whole == 0:
        return f"{rest}/{value.denominator}"
    return f"{whole} {rest}/{value.denominator}"


def card_words(rules: Any, text: str) -> str:
    """Card words written with suit symbols (``play K♠``) become the deck's texts."""
    symbols = [ch for ch in rules.deck.suit_symbols if ch]
    out = []
    for word in text.split():
        try:
            out.append(card_text(rules, word) if any(ch in word for ch in symbols) else word)
        except NameProblem:
            out.append(word)
    return " ".join(out)
