"""Checks of things that each look valid alone but cannot work together (issue 13).

Each of these used to validate and then misbehave at the table: two bids at one level
(which is higher?), a points range that is empty, two suits called the same, a move or a
discard of more cards than there can be, a match whose end condition is the constant
``false``, card values whose total the ruleset's own scoring cannot reach. They run with
the other semantic checks (`checks.CHECKS`) on the merged, schema-valid document.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from tressette_dsl.diagnostics import Diagnostic, Severity
from tressette_dsl.loader.checks_access import (
    deck_units,
    deck_values,
    dict_at,
    fragment,
    int_at,
    list_at,
    packets_of,
    phases_of,
    players_of,
    str_at,
)
from tressette_dsl.source import Path, SourceMap

CODES: dict[str, str] = {
    "TS414": "two suits, or two seats, with the same name or symbol",
    "TS415": "two bids of one auction at the same level",
    "TS423": "a points range whose `from` is above its `to`",
    "TS424": "a move or a discard of more cards than the zone or the hand can hold",
    "TS419": "a match that can never end",
    "TS421": "a score the deck's cards can never reach",
    "TS422": "card values that leave out a rank stronger than a valued one (warning)",
}


def check_unique_names(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """Suit names and symbols, and seat names, tell the suits and the seats apart: the table,
    `describe`, `--players North=human` and the scenarios all name them."""
    seen: dict[tuple[str, str], str] = {}
    for suit, spec in dict_at(doc, "deck", "suits").items():
        for key in ("name", "symbol"):
            text = spec.get(key) if isinstance(spec, dict) else None
            if not isinstance(text, str):
                continue
            folded = (key, text.strip().casefold())
            if folded in seen:
                yield smap.diagnostic(
                    "TS414",
                    f"suits {seen[folded]} and {suit} have the same {key} '{text}'",
                    ("deck", "suits", suit, key),
                    hint=f"give each suit its own {key}",
                )
            else:
                seen[folded] = suit
    names: dict[str, int] = {}
    for i, name in enumerate(list_at(doc, "players", "names")):
        if not isinstance(name, str):
            continue
        if name.strip().casefold() in names:
            first = names[name.strip().casefold()]
            yield smap.diagnostic(
                "TS414",
                f"seats {first} and {i} have the same name '{name}'",
                ("players", "names", i),
                hint="seat names must differ (case aside): they name the seats on the command line",
            )
        else:
            names[name.strip().casefold()] = i


def check_bids(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """Bids are ordered by level, then (between points bids) by points: two bids at one
    level are only told apart when both name points; a points range must not be empty."""
    for name, phase in phases_of(doc, "auction"):
        levels: dict[int, tuple[str, bool]] = {}
        for bid, spec in dict_at(phase, "bids").items():
            if not isinstance(spec, dict):
                continue
            path: Path = ("phases", name, "bids", bid)
            points = spec.get("points")
            if isinstance(points, dict):
                low, high = points.get("from"), points.get("to")
                if isinstance(low, int) and isinstance(high, int) and low > high:
                    yield smap.diagnostic(
                        "TS423",
                        f"bid '{bid}': points from {low} to {high} is an empty range",
                        (*path, "points", "from"),
                        hint=f"write from: {high}, to: {low} (from is the lowest bid)",
                    )
            level = int_at(spec, "level")
            if level is None:
                continue
            if level in levels:
                other, other_points = levels[level]
                if not (other_points and isinstance(points, dict)):
                    yield smap.diagnostic(
                        "TS415",
                        f"bids '{other}' and '{bid}' are both at level {level}: "
                        "neither is higher than the other",
                        (*path, "level"),
                        hint="give each bid its own level (a higher level outbids a lower one)",
                    )
            else:
                levels[level] = (bid, isinstance(points, dict))


def check_match_end(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """A match whose end condition is a constant false would only stop at --max-deals."""
    end = str_at(doc, "match", "end")
    if end is None or fragment(doc):
        return
    if _constant_false(end):
        yield smap.diagnostic(
            "TS419",
            f"match.end is always false ('{end.strip()}'): the match can never end",
            ("match", "end"),
            hint='end on a score or a count, e.g. "max(totals) >= target" or "deals_counted >= 9"',
        )


_FALSE = re.compile(r"^(?:false|not\s+true|0\s*(?:>|!=)\s*0|1\s*<\s*1)$")


def _constant_false(text: str) -> bool:
    core = text.strip()
    while core.startswith("(") and core.endswith(")"):
        core = core[1:-1].strip()
    return _FALSE.match(core) is not None


# ---------------------------------------------------------------------------------------
# Moving and discarding cards.


def check_card_counts(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """A `move` takes at most what its zone holds; a `discard` at most what a hand holds.

    The sizes are upper bounds followed along `flow` (every phase counted, whatever its
    `when`): the cards dealt to each hand and zone, plus every move, take, give and call
    that can add to them. A count above the bound can never be met: the engine would
    move fewer cards than written, or wait for a discard no hand can make."""
    players = players_of(doc)
    phases = dict_at(doc, "phases")
    flow = list_at(doc, "flow")
    if players is None or not flow:
        return
    hand, zones = _dealt(doc, players)
    if hand is None:
        return
    bound = {"declarer": hand, "others": hand}
    for name in flow:
        phase = phases.get(name) if isinstance(name, str) else None
        if not isinstance(phase, dict):
            continue
        kind, path = phase.get("kind"), ("phases", str(name))
        count = int_at(phase, "count")
        if kind == "move":
            zone = str_at(phase, "from") or ""
            have = zones.get(zone, 0)
            receivers = _receivers(str_at(phase, "to"), players)
            taken = have if count is None else count * receivers
            if count is not None and taken > have:
                each = f" ({receivers} seats × {count})" if receivers > 1 else ""
                yield smap.diagnostic(
                    "TS424",
                    f"phase '{name}' moves {taken} cards{each} from the {zone}, "
                    f"which holds at most {have}",
                    (*path, "count"),
                    hint=f"the {zone} is dealt or filled with {have} cards: move at most that",
                )
            per_seat = have if count is None else count
            for role in _roles(str_at(phase, "to")):
                bound[role] += per_seat
        elif kind == "take":
            for role in _roles(str_at(phase, "who")):
                bound[role] += zones.get(str_at(phase, "from") or "", 0)
        elif kind == "give":
            given = count if count is not None else hand
            for role in _roles(str_at(phase, "to")):
                bound[role] += given
            if count is not None and str_at(phase, "who") == "declarer":
                bound["declarer"] -= count
        elif kind == "call" and str_at(phase, "effect") == "transfer":
            for role in _roles(str_at(phase, "who")):
                bound[role] += 1
        elif kind == "discard":
            zone = str_at(phase, "to") or ""
            roles = _roles(str_at(phase, "who"))
            most = max(bound[r] for r in roles)
            if count is not None and count > most:
                yield smap.diagnostic(
                    "TS424",
                    f"phase '{name}' discards {count} cards, but a hand holds at most {most} "
                    "here: no seat could ever discard them and every game would stop",
                    (*path, "count"),
                    hint=f"discard at most {most} (the cards dealt and received before '{name}')",
                )
            if count is not None:
                zones[zone] = zones.get(zone, 0) + count * _receivers(str_at(phase, "who"), players)
                for role in roles:
                    bound[role] = max(bound[role] - count, 0)


def _dealt(doc: dict[str, Any], players: int) -> tuple[int | None, dict[str, int]]:
    """Cards per hand and per zone after the first deal phase with sound packets."""
    deck = deck_units(doc)[2]
    for _name, _path, packets in packets_of(doc):
        if not packets or deck is None:
            continue
        hand = sum(p.count for p in packets if p.zone is None and p.count is not None)
        zones: dict[str, int] = {}
        fixed = players * hand
        for p in packets:
            if p.zone is not None and p.count is not None:
                zones[p.zone] = zones.get(p.zone, 0) + p.count
                fixed += p.count
        rest = next((p for p in packets if p.count is None), None)
        if rest is not None:
            left = max(deck - fixed, 0)
            if rest.zone is None:
                hand += left // players
            else:
                zones[rest.zone] = zones.get(rest.zone, 0) + left
        return hand, zones
    return None, {}


def _roles(who: str | None) -> tuple[str, ...]:
    if who == "declarer":
        return ("declarer",)
    if who in ("defenders", "call_supplier", "partner"):
        return ("others",)
    return ("declarer", "others")


def _receivers(who: str | None, players: int) -> int:
    if who == "defenders":
        return max(players - 1, 1)
    if who == "all":
        return players
    return 1


# ---------------------------------------------------------------------------------------
# What the cards are worth, against what the scoring expects of them.


_THRESHOLD = re.compile(r"\b(\w*(?:_points|_units))\s*(>=|>|==)\s*(\d+)\b")
_SCORED_SLOTS: tuple[Path, ...] = (("payoff", "success"),)


def check_totals(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """The deck's total (card values plus the last-trick bonus, in units and in points)
    bounds every score of one deal: a contract `target` or a `payoff.success` threshold
    above it can never be met. Card values that leave out a rank stronger than a valued
    one are reported as a warning: it may be intended, but it changes the totals that the
    scoring was likely written for."""
    units, unit, _cards = deck_units(doc)
    if units is None or fragment(doc):
        return
    points = units // unit
    said = f"the deck's cards and the last trick total {units} units = {points} points a deal"
    yield from _left_out(doc, smap, said)
    for contract, spec in dict_at(doc, "contracts").items():
        target = int_at(spec, "target")
        if target is not None and target > points:
            yield smap.diagnostic(
                "TS421",
                f"contract '{contract}' needs {target} points, but {said}",
                ("contracts", contract, "target"),
                hint=f"a target of at most {points}, or card values that add up to more",
            )
    for path in _SCORED_SLOTS:
        text = str_at(doc, *map(str, path))
        if text is None:
            continue
        for match in _THRESHOLD.finditer(text):
            name, op, number = match.group(1), match.group(2), int(match.group(3))
            most = units if name.endswith("_units") else points
            if number > most or (op == ">" and number >= most):
                yield smap.diagnostic(
                    "TS421",
                    f"'{match.group()}' can never hold: {said}",
                    path,
                    offset=match.start(),
                    hint=f"{name} is at most {most}",
                )


def _left_out(doc: dict[str, Any], smap: SourceMap, said: str) -> Iterator[Diagnostic]:
    values = deck_values(doc)
    order = [r for r in (str_at(doc, "deck", "order") or "").replace(">", " ").split() if r]
    if not values or not order:
        return
    valued = [r for r in order if values.get(r, 0)]
    if not valued:
        return
    weakest_valued = max(order.index(r) for r in valued)
    missing = [r for r in order[:weakest_valued] if not values.get(r, 0)]
    if missing:
        yield smap.diagnostic(
            "TS422",
            f"deck.values gives no value to {', '.join(missing)}, stronger than valued ranks: "
            f"{said}",
            ("deck", "values"),
            severity=Severity.WARNING,
            hint="list every rank that scores (an unlisted rank is worth 0); if this is "
            "intended, check the targets and thresholds against these totals",
        )


CHECKS = (check_unique_names, check_bids, check_match_end, check_card_counts, check_totals)
