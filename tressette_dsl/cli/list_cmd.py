"""``tressette list``: the bundled rulesets, sorted by id.

Each ruleset shows its id, the number of players, its title and one line of description.
Where the players are not simply the seats, a line under the title says how the ruleset
means them (`players_text`): people who move round more places than there are of them (a
dummy's place), more people than places (some sit each deal out), or a count chosen per
game.
Abstract bases (``abstract: true``, not playable alone) and mixins (``mixin: true``,
fragments that rulesets add to their bases) are hidden unless ``--all`` is given, and then
marked ``abstract`` or ``mixin``. A bundled file that does not load is listed as ``INVALID``
(run ``tressette validate`` to see why).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tressette_dsl.diagnostics import DiagnosticError, Severity
from tressette_dsl.loader import bundled_mixins, bundled_rulesets, collect


@dataclass(frozen=True, slots=True)
class Entry:
    id: str
    players: int | None
    title: str
    description: str
    abstract: bool
    problems: int
    file: str
    mixin: bool = False
    players_range: str | None = None  # "2-8" when the count is chosen per game
    places: int | None = None  # the seats at the table, when they are not the players
    players_text: str | None = None  # the players as the ruleset means them, when not plain


def players_text(
    players: int,
    places: int,
    *,
    dummy: bool = False,
    sitting_out: bool = False,
    low: int | None = None,
    high: int | None = None,
) -> str | None:
    """How many play, as the ruleset means it, when that is not "`players` seats": people
    round more places (one a dummy's), more people than places (some sit each deal out:
    `sitting_out`, which the loader requires then), a count chosen per game (`low`-`high`,
    `players` the default). None for plain seats."""
    if low is not None and high is not None and low != high:
        return f"{low}-{high} players (default {players})"
    if players < places:
        extra = places - players
        what = "one a dummy" if extra == 1 and dummy else f"{extra} without a player"
        return f"{players} players ({places} places, {what})"
    if players > places:
        return f"{players} players, {places} play each deal"
    return None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "List the bundled rulesets: id, players, title and description."
    parser.add_argument("--all", action="store_true", help="also list abstract bases and mixins")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format")


def run(args: argparse.Namespace) -> int:
    files = [*bundled_rulesets(), *(bundled_mixins() if args.all else [])]
    entries = sorted((entry(path) for path in files), key=lambda e: e.id)
    shown = [e for e in entries if args.all or not (e.abstract or e.mixin)]
    if args.format == "json":
        print(json.dumps([asdict(e) for e in shown], ensure_ascii=False, indent=2))
    else:
        print(render(shown))
    return 0


def entry(path: Path) -> Entry:
    """What `list` shows of one ruleset file (read with its bases, problems counted)."""
    try:
        doc, _smap, problems = collect(path)
    except DiagnosticError as err:
        doc, problems = {}, list(err.diagnostics)
    meta = _mapping(doc.get("meta"))
    count = _mapping(doc.get("players")).get("count")
    seats = count if isinstance(count, int) and not isinstance(count, bool) else None
    people, places, text = _people(doc, seats, count)
    return Entry(
        id=str(doc.get("id") or path.stem),
        players=people if people is not None else seats,
        title=str(meta.get("title") or ""),
        description=str(meta.get("description") or "").strip(),
        abstract=doc.get("abstract") is True,
        problems=sum(1 for d in problems if d.severity is Severity.ERROR),
        file=str(path),
        mixin=doc.get("mixin") is True,
        players_range=(
            f"{count.get('min')}-{count.get('max')}" if isinstance(count, dict) else None
        ),
        places=places,
        players_text=text,
    )


def _people(
    doc: dict[str, Any], seats: int | None, count: Any
) -> tuple[int | None, int | None, str | None]:
    """(people, places, players_text) of a document: `seating.people` names the people,
    who take the places; a `seating.dummy` without them leaves one place to its owner."""
    seating = _mapping(doc.get("seating"))
    people = _mapping(seating.get("people"))
    names = people.get("names")
    dummy = bool(_mapping(seating.get("dummy")))
    if isinstance(count, dict):
        low, high, default = count.get("min"), count.get("max"), count.get("default")
        if isinstance(low, int) and isinstance(high, int) and isinstance(default, int):
            return None, None, players_text(default, default, low=low, high=high)
        return None, None, None
    if seats is None:
        return None, None, None
    if isinstance(names, list) and names:
        out = bool(people.get("sitting_out"))
        text = players_text(len(names), seats, dummy=dummy, sitting_out=out)
        return len(names), seats, text
    if dummy:
        return seats - 1, seats, players_text(seats - 1, seats, dummy=True)
    return None, None, None


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def render(entries: list[Entry]) -> str:
    if not entries:
        return "no bundled rulesets"
    width = max(len(e.id) for e in entries) + 2
    lines = [f"{'ID':<{width}}PLAYERS  TITLE"]
    for e in entries:
        players = e.players_range or ("-" if e.players is None else str(e.players))
        title = e.title + ("  (mixin)" if e.mixin else "  (abstract)" if e.abstract else "")
        if e.problems:
            title += f"  INVALID: {e.problems} problem(s), see tressette validate"
        lines.append(f"{e.id:<{width}}{players:<9}{title}")
        if e.players_text:
            lines.append(f"{'':<{width + 9}}{e.players_text}")
        if e.description:
            lines.append(f"{'':<{width + 9}}{e.description}")
    return "\n".join(lines)
