"""`discard` as written: its record in the model, its schema fragment and its builder.

What loading and validating a ruleset need of the kind, without the engine; its play
is engine/phases/discard.py (rules/phases/syntax.py says why the halves are apart)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tressette_dsl.rules import scopes
from tressette_dsl.rules.model import Expr, Who
from tressette_dsl.rules.phases.syntax import Path, PhaseBuilder, PhaseSyntax, phase_schema
from tressette_dsl.rules.zones import omitted, zone_ref_schema


@dataclass(frozen=True, slots=True)
class DiscardPhase:
    """A `discard` phase as built: who discards how many cards to which zone."""

    id: str
    when: Expr | None
    who: Who
    count: Expr
    to: str
    kind: str = "discard"
    # the seat chooses how many: it may say `done` once it has laid `at_least` (`count` is
    # then the most), e.g. 1 to 4 before the widow is seen
    at_least: Expr | None = None


DESCRIPTION = "Each seat of `who`, in turn, chooses cards to discard face down."


PROPERTIES: Mapping[str, Any] = {
    "who": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": "Who discards (a seat expression or a role: declarer, defenders, "
        "partner, call_supplier, all expression. See docs/expressions.md.)",
    },
    "count": {
        "type": ["integer", "string"],
        "minLength": 1,
        "maxLength": 4000,
        "description": "How many cards each discards; may use `taken` (an integer, or a "
        "formula expression. See docs/expressions.md.)",
    },
    "to": zone_ref_schema("The zone the discards go to"),
    "at_least": {
        "type": ["integer", "string"],
        "minLength": 1,
        "maxLength": 4000,
        "description": "The seat chooses how many: it may say `done` once it has discarded "
        "this many, `count` being the most (an integer, or a formula expression. See "
        "docs/expressions.md.)",
    },
}


REQUIRED: tuple[str, ...] = ("count", "to")


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> DiscardPhase | None:
    count = b.count((*path, "count"), scopes.DISCARD_COUNT, None)
    if count is None:
        return None
    return DiscardPhase(
        pid,
        when,
        b.who((*path, "who"), "declarer"),
        count,
        str(b.get((*path, "to")) or omitted("discard", ("to",))),
        at_least=b.count((*path, "at_least"), scopes.DISCARD_COUNT, None),
    )


SYNTAX = PhaseSyntax(
    name="discard",
    spec=DiscardPhase,
    schema=phase_schema("discard", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
    zone_keys=(("to",),),
    zone_fills=(("to",),),
)
