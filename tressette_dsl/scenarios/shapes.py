"""The shape each ``expect`` key's value must have, checked when the scenario file is read.

``shape_problems(key, value)`` lists what is wrong with a value, each problem with the path
below the key of the part at fault (``()`` for the whole value, ``("South",)`` for one entry
of a mapping, ``(2,)`` for one item of a list), so the loader reports it at that part's own
line and column. Names (seats, sides, cards) are checked later, against the ruleset.
``view`` is checked by the loader itself (its parts are located one by one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tressette_dsl.scenarios.model import Path

Problem = tuple[Path, str]
Shape = Callable[[Any], list[Problem]]


def kind(value: Any) -> str:
    """How a YAML value is called in messages: ``a mapping``, ``a list``, ``a number``..."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return f"a number ({value})"
    names: dict[type, str] = {dict: "a mapping", list: "a list", str: "a text"}
    return names.get(type(value), type(value).__name__)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _text(what: str, *, none_ok: bool = False) -> Shape:
    def check(value: Any) -> list[Problem]:
        if _is_text(value) or (none_ok and value is None):
            return []
        return [((), f"expected {what}, got {kind(value)}")]

    return check


def _texts(what: str, item: str, *, none_ok: bool = False) -> Shape:
    """One text, or a list of texts (``legal``, ``plays``, ``declarations``...)."""

    def check(value: Any) -> list[Problem]:
        if _is_text(value) or (none_ok and value is None):
            return []
        if isinstance(value, list):
            return [
                ((i,), f"expected {item}, got {kind(v)}")
                for i, v in enumerate(value)
                if not _is_text(v)
            ]
        return [((), f"expected {what}, got {kind(value)}")]

    return check


def _bool(what: str) -> Shape:
    def check(value: Any) -> list[Problem]:
        return [] if isinstance(value, bool) else [((), f"expected {what}, got {kind(value)}")]

    return check


def _int(what: str, *, none_ok: bool = False) -> Shape:
    def check(value: Any) -> list[Problem]:
        if _is_int(value) or (none_ok and value is None):
            return []
        return [((), f"expected {what}, got {kind(value)}")]

    return check


POINTS = "a number of points (7, '7 1/3', '7⅓')"


def _is_points(value: Any) -> bool:
    return _is_int(value) or _is_text(value)


def _points(value: Any) -> list[Problem]:
    return [] if _is_points(value) else [((), f"expected {POINTS}, got {kind(value)}")]


def _mapping(what: str, item: str, ok: Callable[[Any], bool]) -> Shape:
    """``{name: value}``: ``what`` names the whole, ``item`` what each value must be."""

    def check(value: Any) -> list[Problem]:
        if not isinstance(value, dict):
            return [((), f"expected {what}, got {kind(value)}")]
        return [
            ((name,), f"expected {item} for {name}, got {kind(v)}")
            for name, v in value.items()
            if not ok(v)
        ]

    return check


def _card_list(value: Any) -> bool:
    return (
        value is None
        or isinstance(value, str)
        or (isinstance(value, list) and all(_is_text(c) for c in value))
    )


def _event(value: Any) -> bool:
    return _is_text(value) or isinstance(value, dict)


def _events(value: Any) -> list[Problem]:
    if _event(value):
        return []
    what = "an event type or a partial event ({type: CardDrawn, seat: North})"
    if isinstance(value, list):
        return [
            ((i,), f"expected {what}, got {kind(v)}") for i, v in enumerate(value) if not _event(v)
        ]
    return [((), f"expected a list of event types or partial events, got {kind(value)}")]


def _counts(what: str, names: str) -> Shape:
    return _mapping(f"a mapping of {names}: n ({what})", "a whole number", _is_int)


ACTIONS = "a list of actions (e.g. [play KS, play 3S])"
CARDS = "a list of cards (e.g. [KS, 3D] or 'KS 3D')"
SEAT = "a seat name (e.g. South)"

SHAPES: dict[str, Shape] = {
    "to_act": _text(f"{SEAT} or 'nobody'", none_ok=True),
    "legal": _texts(ACTIONS, "an action text (e.g. play KS)"),
    "legal_includes": _texts(ACTIONS, "an action text (e.g. play KS)"),
    "legal_excludes": _texts(ACTIONS, "an action text (e.g. play KS)"),
    "plays": _texts(CARDS, "a card (e.g. KS)"),
    "trick_winner": _text(SEAT),
    "trick_points": _points,
    "tricks": _counts("tricks won", "side or seat or all"),
    "deal_over": _bool("true or false"),
    "deal_points": _mapping("a mapping of side: points (e.g. {NS: 7})", POINTS, _is_points),
    "raw_points": _mapping("a mapping of side: points (e.g. {NS: 7 1/3})", POINTS, _is_points),
    "declared": _counts("declaration points", "side"),
    "declarations": _texts(
        "a list of declarations 'SEAT ID SAID [POINTS]' (e.g. ['East napoletana C 3'])",
        "a declaration 'SEAT ID SAID [POINTS]' (e.g. 'East napoletana C 3')",
        none_ok=True,
    ),
    "totals": _counts("match totals", "side"),
    "running": _counts("the running score", "side"),
    "match_over": _bool("true or false"),
    "match_winner": _texts("a side, a list of sides, or 'none'", "a side name", none_ok=True),
    "games": _int("a whole number of games", none_ok=True),
    "deals_counted": _int("a whole number of deals"),
    "contract": _text("a contract id (e.g. solo) or 'none'", none_ok=True),
    "declarer": _text(f"{SEAT} or 'none'", none_ok=True),
    "payoffs": _counts("what the deal gave each seat", "seat"),
    "balances": _counts("the running balances", "seat"),
    "events": _events,
    "no_events": _events,
    "hand": _mapping("a mapping of seat: cards (e.g. {South: [KS, 3D]})", CARDS, _card_list),
    "hand_size": _counts("hand sizes", "seat"),
}


def shape_problems(key: str, value: Any) -> list[Problem]:
    """What is wrong with the shape of an ``expect`` value (``[]`` when nothing is)."""
    check = SHAPES.get(key)
    return check(value) if check is not None else []
