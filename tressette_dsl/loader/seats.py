"""A seat count chosen per game, and the ruleset's table keyed by that count.

`players.count` is one number (exactly that many seats) or a range with a default,
`{min: 2, max: 8, default: 4}`: the number of seats is then chosen when a game is created
(`new_game(rules, seed, seats=6)`, `tressette play ID --seats 6`). `by_seats` maps a count
to an overlay of the ruleset for that count (RFC 7396, as `extends`): the deck reduction,
the packets, a stock for two. For each allowed count the loader checks the expanded
document (`expand`) completely, every problem located where it was written - inside the
`by_seats` entry when the entry set it - and the builder compiles one immutable `Ruleset`
per count (`Ruleset.for_seats(n)`).

The checks here (TS450-TS454) are about the table itself and the keys that come with it
(laid cards, elimination); the ordinary checks run on each expanded document.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tressette_dsl.diagnostics import Diagnostic, Span
from tressette_dsl.loader.checks_access import deck_cards, dict_at, str_at
from tressette_dsl.loader.extends import merge, paths
from tressette_dsl.rules import zones as zones_of
from tressette_dsl.source import SourceMap

BAD_RANGE = "TS450"
BAD_ENTRY_COUNT = "TS451"
BAD_ENTRY_KEY = "TS452"
BAD_LAID = "TS453"
BAD_ELIMINATE = "TS454"

CODES: dict[str, str] = {
    BAD_RANGE: "players.count as a range: min, max and default do not fit",
    BAD_ENTRY_COUNT: "a by_seats entry for a count the ruleset does not allow",
    BAD_ENTRY_KEY: "a by_seats entry sets a key that cannot depend on the seat count",
    BAD_LAID: "zones.<id>.cards names a card the deck lacks, or a card twice",
    BAD_ELIMINATE: "match.eliminate needs individual sides and a seat range from 2",
}

# What an entry may not set: the ruleset's identity, and the table itself.
FIXED_KEYS = ("id", "extends", "abstract", "version", "meta", "by_seats", "sides")


@dataclass(frozen=True, slots=True)
class SeatRange:
    """`players.count` as a range: the counts a game may be created with."""

    low: int
    high: int
    default: int

    def counts(self) -> range:
        return range(self.low, self.high + 1)


def seat_range(doc: dict[str, Any]) -> SeatRange | None:
    """The range of `players.count` when it is written as one (and sound), else None."""
    count = dict_at(doc, "players").get("count")
    if not isinstance(count, dict):
        return None
    low, high = count.get("min"), count.get("max")
    if not isinstance(low, int) or not isinstance(high, int) or low > high:
        return None
    default = count.get("default", low)
    if not isinstance(default, int) or not low <= default <= high:
        return None
    return SeatRange(low, high, default)


def check_table(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """The range, the entries' counts and keys, the names (on the document as written)."""
    count = dict_at(doc, "players").get("count")
    by_seats = dict_at(doc, "by_seats")
    if isinstance(count, dict):
        low, high = count.get("min"), count.get("max")
        default = count.get("default", low)
        path = ("players", "count")
        if isinstance(low, int) and isinstance(high, int) and low > high:
            yield smap.diagnostic(
                BAD_RANGE,
                f"players.count: min {low} is above max {high}",
                (*path, "min"),
                hint="write the smallest count as min and the largest as max",
            )
        elif (
            isinstance(default, int)
            and isinstance(low, int)
            and isinstance(high, int)
            and not low <= default <= high
        ):
            yield smap.diagnostic(
                BAD_RANGE,
                f"players.count: default {default} is outside the range {low} to {high}",
                (*path, "default"),
                hint=f"give a default from {low} to {high}",
            )
    table = seat_range(doc)
    allowed = table.counts() if table else None
    for key in by_seats:
        n = int(key) if str(key).isdigit() else None
        if allowed is None:
            yield smap.diagnostic(
                BAD_ENTRY_COUNT,
                f"by_seats.{key}: players.count is one number, so there is no table to key",
                ("by_seats", key),
                at_key=True,
                hint="write players.count as a range, e.g. {min: 2, max: 8, default: 4}",
            )
        elif n is None or n not in allowed:
            yield smap.diagnostic(
                BAD_ENTRY_COUNT,
                f"by_seats.{key}: {key} is not an allowed seat count "
                f"({allowed.start} to {allowed.stop - 1})",
                ("by_seats", key),
                at_key=True,
                hint=f"key each entry by a count from {allowed.start} to {allowed.stop - 1}",
            )
        entry = by_seats[key]
        for fixed in FIXED_KEYS:
            if isinstance(entry, dict) and fixed in entry:
                yield smap.diagnostic(
                    BAD_ENTRY_KEY,
                    f"by_seats.{key}.{fixed}: {fixed} is the same for every seat count",
                    ("by_seats", key, fixed),
                    at_key=True,
                    hint=f"set {fixed} at the top level of the ruleset",
                )
        if isinstance(entry, dict) and "count" in dict_at(entry, "players"):
            yield smap.diagnostic(
                BAD_ENTRY_KEY,
                f"by_seats.{key}.players.count: the entry's key is its count",
                ("by_seats", key, "players", "count"),
                at_key=True,
                hint="leave players.count out of the entry",
            )
    if "eliminate" in dict_at(doc, "match") and (table is None or table.low > 2):
        yield smap.diagnostic(
            BAD_ELIMINATE,
            "match.eliminate shrinks the table down to two seats, so players.count must be "
            "a range from 2",
            ("match", "eliminate"),
            hint="write players.count as {min: 2, max: N, default: D}, with by_seats entries "
            "for the counts that need other rules",
        )


def check_expanded(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """What only the document for one count can say: laid cards, elimination."""
    cards = set(deck_cards(doc))
    seen: dict[str, str] = {}
    for zone_id, laid in zones_of.laid_cards(doc).items():
        path = ("zones", zone_id, "cards")
        for text in laid:
            if cards and text not in cards:
                yield smap.diagnostic(
                    BAD_LAID,
                    f"zones.{zone_id}.cards: {text!r} is not a card of this deck",
                    path,
                    hint="write rank then suit, e.g. 4B, as deck.ranks and deck.suits say",
                )
            elif text in seen:
                yield smap.diagnostic(
                    BAD_LAID,
                    f"zones.{zone_id}.cards: {text} is laid twice (also in {seen[text]})",
                    path,
                    hint="lay each card in one zone, once",
                )
            seen[text] = zone_id
    mode = str_at(doc, "sides", "mode") or "individual"
    if "eliminate" in dict_at(doc, "match") and mode != "individual":
        yield smap.diagnostic(
            BAD_ELIMINATE,
            f"match.eliminate drops seats from the table, but sides.mode is {mode}",
            ("match", "eliminate"),
            hint="use sides: {mode: individual}, or end the match with match.end",
        )


def laid_total(doc: dict[str, Any]) -> int:
    """How many cards the zones' `cards` lay before the deal (out of the shuffle)."""
    return sum(len(v) for v in zones_of.laid_cards(doc).values())


def expand(doc: dict[str, Any], smap: SourceMap, n: int) -> tuple[dict[str, Any], SourceMap]:
    """The document for `n` seats: `players.count: n`, the names cut to
    `n`, the entry for `n` merged on top; its SourceMap points each path the entry set at
    the entry (so that a problem there is located in it)."""
    # `by_seats` stays (the recorded choices may name its entries); the builder ignores it
    base = {k: copy.deepcopy(v) for k, v in doc.items()}
    players = dict(dict_at(base, "players"))
    players["count"] = n
    if isinstance(players.get("names"), list):
        players["names"] = players["names"][:n]
    base["players"] = players
    entry = dict_at(doc, "by_seats").get(str(n))
    merged: dict[str, Any] = merge(base, entry) if isinstance(entry, dict) else base
    out = SourceMap(smap.file)
    out.values, out.keys, out.scalars = dict(smap.values), dict(smap.keys), dict(smap.scalars)
    out.sources, out.inherited = dict(smap.sources), dict(smap.inherited)
    out.removed = dict(smap.removed)
    if isinstance(entry, dict):
        prefix = ("by_seats", str(n))
        for path in paths(entry):
            if not path:
                continue
            src = (*prefix, *path)
            for table in ("values", "keys", "scalars"):
                found = getattr(smap, table).get(src)
                if found is not None:
                    getattr(out, table)[path] = found
    return merged, out


def expansions(
    doc: dict[str, Any], smap: SourceMap
) -> Iterator[tuple[int, dict[str, Any], SourceMap]]:
    """(count, document, SourceMap) for every count the ruleset allows; nothing when
    `players.count` is one number."""
    table = seat_range(doc)
    if table is None:
        return
    for n in table.counts():
        doc_n, smap_n = expand(doc, smap, n)
        yield n, doc_n, smap_n


def with_count_note(problem: Diagnostic, counts: list[int]) -> Diagnostic:
    """A problem found only in the documents for some seat counts says which."""
    said = ", ".join(map(str, counts))
    return Diagnostic(
        problem.code,
        f"{problem.message} (with {said} seats)",
        problem.span,
        problem.severity,
        problem.path,
        problem.hint,
        problem.notes,
    )


def merge_problems(per_count: dict[int, list[Diagnostic]], table: SeatRange) -> list[Diagnostic]:
    """The problems of every count's document, each once: one found with every count
    as it is; one found with some counts only, saying which."""
    counts: dict[tuple[str, str, Span], list[int]] = {}
    first: dict[tuple[str, str, Span], Diagnostic] = {}
    for n, problems in sorted(per_count.items()):
        for d in problems:
            key = (d.code, d.message, d.span)
            if n not in counts.setdefault(key, []):
                counts[key].append(n)
            first.setdefault(key, d)
    every = list(table.counts())
    out = []
    for key, d in first.items():
        ns = counts[key]
        out.append(d if ns == every else with_count_note(d, ns))
    return out
