"""When names get a value: a load-time check of the order of the phases in `flow`.

Some names only get a value from a phase of a given kind: the auction sets `declarer`,
`contract`, `bid`... (a `choose` phase changes `contract`), a `call` phase sets
`called_card`, `call_supplier`... An expression evaluated in a phase that comes before
every phase of that kind in `flow` (or in a ruleset with no such phase at all) would read a
name with no value, which fails, or silently misleads, only once a deal is played. The
builder records every compiled expression with its path; `check_timeline` reports each such
use, located at the name inside the expression string.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

# Top-level keys whose expressions are evaluated inside trick play.
DURING_TRICKS = ("declaring", "signals", "signaling", "claims")
# Phase slots evaluated once the deal is over (the next dealer is chosen after scoring).
AFTER_DEAL_SLOTS = ("next_dealer",)

Path = tuple[str | int, ...]
UsedExpr = tuple[Path, str, frozenset[str]]  # (path, text, names)


def check_timeline(
    flow: Sequence[tuple[str, str]],
    used: Iterable[UsedExpr],
    report: Any,
    set_by: Mapping[str, frozenset[str]],
) -> None:
    """`flow`: (phase id, kind) in order. `report(path, offset, message, hint)` per problem.
    `set_by`: per name, the phase kinds that give it a value (each unit's `sets`, gathered
    by `engine.phases.set_by`)."""
    index: dict[str, int] = {}
    for i, (pid, _kind) in enumerate(flow):
        index.setdefault(pid, i)
    tricks = next((i for i, (_pid, kind) in enumerate(flow) if kind == "tricks"), None)
    after = len(flow)
    for path, text, names in used:
        at, where = _position(path, index, tricks, after, flow)
        if at is None:
            continue
        for name in sorted(names & set_by.keys()):
            kinds = set_by[name]
            if any(kind in kinds for _pid, kind in flow[:at]):
                continue
            kind = " or ".join(sorted(kinds))
            article = "an" if kind[0] in "aeiou" else "a"
            why = (
                f"no {kind} phase comes before {where} in flow"
                if at < after
                else f"the flow has no {kind} phase"
            )
            if any(k in kinds for _pid, k in flow):
                hint = f"put the {kind} phase before {where} in flow, or do not use {name!r} here"
            else:
                hint = (
                    f"{name!r} only gets a value from {article} {kind} phase: add one to "
                    "flow, or do not use the name here"
                )
            report(path, _offset(text, name), f"{name!r} has no value here: {why}", hint)


def _position(
    path: Path,
    index: dict[str, int],
    tricks: int | None,
    after: int,
    flow: Sequence[tuple[str, str]],
) -> tuple[int | None, str]:
    """Where in the deal the expression at `path` is evaluated: (flow index, description)."""
    head = path[0] if path else None
    if head == "phases" and len(path) > 2:
        at = index.get(str(path[1]))
        if at is None:
            return None, ""
        if path[2] in AFTER_DEAL_SLOTS:
            return after, "the end of the deal"
        return at, repr(str(path[1]))
    if head in DURING_TRICKS:
        if tricks is None:
            return None, ""
        return tricks, repr(flow[tricks][0])
    return after, "the end of the deal"


def _offset(text: str, name: str) -> int | None:
    """The offset of `name` as a token in `text` (not inside a quoted string)."""
    for m in re.finditer(rf"(?<![\w'\"]){re.escape(name)}(?![\w'\"])", text):
        if text[: m.start()].count("'") % 2 == 0 and text[: m.start()].count('"') % 2 == 0:
            return m.start()
    return None
