"""Small typed accessors into a schema-valid document, shared by the semantic checks.

The document passed the schema, but the checks stay safe anyway: every accessor returns
an empty value of the right type for anything missing or mistyped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from tressette_dsl.rules.zones import nameable
from tressette_dsl.source import Path


def dict_at(doc: Any, *keys: str) -> dict[str, Any]:
    for key in keys:
        doc = doc.get(key) if isinstance(doc, dict) else None
    return doc if isinstance(doc, dict) else {}


def list_at(doc: Any, *keys: str) -> list[Any]:
    value = dict_at(doc, *keys[:-1]).get(keys[-1])
    return value if isinstance(value, list) else []


def str_at(doc: Any, *keys: str) -> str | None:
    value = dict_at(doc, *keys[:-1]).get(keys[-1])
    return value if isinstance(value, str) else None


def int_at(doc: Any, *keys: str) -> int | None:
    value = dict_at(doc, *keys[:-1]).get(keys[-1])
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def fragment(doc: dict[str, Any]) -> bool:
    """An abstract base or a mixin: not a whole game, so nothing is required of it."""
    return doc.get("abstract") is True or doc.get("mixin") is True


def players_of(doc: dict[str, Any]) -> int | None:
    """players.count, or its default 4 in a playable ruleset (None in an abstract base)."""
    count = int_at(doc, "players", "count")
    if count is None and not fragment(doc) and "count" not in dict_at(doc, "players"):
        return 4
    return count


def phases_of(doc: dict[str, Any], kind: str | None = None) -> Iterator[tuple[str, dict[str, Any]]]:
    for name, phase in dict_at(doc, "phases").items():
        if isinstance(phase, dict) and (kind is None or phase.get("kind") == kind):
            yield name, phase


def rank_tokens(text: str) -> list[tuple[str, int]]:
    return [(m.group(), m.start()) for m in re.finditer(r"\S+", text)]


def deck_ranks(doc: dict[str, Any]) -> list[str]:
    """The rank ids of deck.ranks, in the order written."""
    text = str_at(doc, "deck", "ranks") or ""
    return [token for token, _ in rank_tokens(text)]


def sound_ranks(doc: dict[str, Any]) -> list[str]:
    """deck.ranks when it is usable (one character each, none repeated), else []."""
    ranks = deck_ranks(doc)
    ok = all(len(r) == 1 for r in ranks) and len(set(ranks)) == len(ranks)
    return ranks if ok else []


def excluded_cards(doc: dict[str, Any]) -> set[str]:
    value = dict_at(doc, "deck").get("exclude")
    if isinstance(value, list):
        return {v for v in value if isinstance(v, str)}
    return set(re.findall(r"[^\s,]+", value)) if isinstance(value, str) else set()


def expr_call(function: str, text: str, arg: Any) -> tuple[Any, tuple[Any, ...]]:
    """``tressette_dsl.expr.<function>(text, arg)``: (its value or None, its problems)."""
    try:
        from tressette_dsl import expr  # noqa: PLC0415 - Lark is slow to load
    except ImportError:  # the expression language is not there: the other checks still run
        return None, ()
    try:
        return getattr(expr, function)(text, arg), ()
    except expr.ExprError as err:
        return None, err.problems


def packets_of(doc: dict[str, Any]) -> Iterator[tuple[str, Path, Any]]:
    """(phase id, path of packets, the parsed packets or None) for every deal phase."""
    for name, phase in phases_of(doc, "deal"):
        text = str_at(phase, "packets")
        if text is not None:
            value, _problems = expr_call("parse_packets", text, nameable(doc))
            yield name, ("phases", name, "packets"), value


def deck_values(doc: dict[str, Any]) -> dict[str, int] | None:
    """Units per rank (``parse_values``), or None when the values do not parse."""
    text, ranks = str_at(doc, "deck", "values"), sound_ranks(doc)
    if text is None or not ranks:
        return None
    values, _problems = expr_call("parse_values", text, ranks)
    return values if isinstance(values, dict) else None


def deck_cards(doc: dict[str, Any]) -> list[str]:
    """The card texts of the deck in play (rank then suit, `deck.exclude` left out); []
    when the deck is not sound enough to list."""
    suits, ranks = dict_at(doc, "deck", "suits"), sound_ranks(doc)
    excluded = excluded_cards(doc)
    return [f"{r}{s}" for s in suits for r in ranks if f"{r}{s}" not in excluded]


def deck_units(doc: dict[str, Any]) -> tuple[int | None, int, int | None]:
    """(units of all the cards plus the last-trick bonus, units per point, number of cards);
    None where the deck is not sound enough to count."""
    unit = int_at(doc, "deck", "unit") or 1
    suits, ranks = dict_at(doc, "deck", "suits"), sound_ranks(doc)
    if not suits or not ranks:
        return None, unit, None
    excluded = excluded_cards(doc)
    cards = [(r, s) for s in suits for r in ranks if f"{r}{s}" not in excluded]
    values = deck_values(doc)
    if values is None:
        return None, unit, len(cards)
    total = sum(values.get(r, 0) for r, _s in cards) + (int_at(doc, "scoring", "last_trick") or 0)
    return total, unit, len(cards)
