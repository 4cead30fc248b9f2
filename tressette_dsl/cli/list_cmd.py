"""``tressette list``: the bundled rulesets, sorted by id.

Each ruleset shows its id, the number of players, its title and one line of description.
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
    return Entry(
        id=str(doc.get("id") or path.stem),
        players=count if isinstance(count, int) and not isinstance(count, bool) else None,
        title=str(meta.get("title") or ""),
        description=str(meta.get("description") or "").strip(),
        abstract=doc.get("abstract") is True,
        problems=sum(1 for d in problems if d.severity is Severity.ERROR),
        file=str(path),
        mixin=doc.get("mixin") is True,
        players_range=(
            f"{count.get('min')}-{count.get('max')}" if isinstance(count, dict) else None
        ),
    )


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
        if e.description:
            lines.append(f"{'':<{width + 9}}{e.description}")
    return "\n".join(lines)
