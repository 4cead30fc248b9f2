"""`move` as written: its record in the model, its schema fragment and its builder.

What loading and validating a ruleset need of the kind, without the engine; its play
is engine/phases/move.py (rules/phases/syntax.py says why the halves are apart)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tressette_dsl.rules import scopes
from tressette_dsl.rules.model import Expr, Who
from tressette_dsl.rules.phases.syntax import Path, PhaseBuilder, PhaseSyntax, phase_schema
from tressette_dsl.rules.zones import omitted, zone_ref_schema


@dataclass(frozen=True, slots=True)
class MovePhase:
    """A `move` phase as built: cards moved without a choice, from a zone to seats (a count
    each, or all), shown or not."""

    id: str
    when: Expr | None
    source: str
    to: Who
    count: Expr | None  # per receiving seat; None = all
    shown: bool
    kind: str = "move"


DESCRIPTION = "Moves cards without a choice."


PROPERTIES: Mapping[str, Any] = {
    "from": zone_ref_schema("The zone the cards come from"),
    "to": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": "Who receives them (a seat expression or a role: declarer, defenders, "
        "partner, call_supplier, all expression. See docs/expressions.md.)",
    },
    "count": {
        "type": ["integer", "string"],
        "minLength": 1,
        "maxLength": 4000,
        "description": "Cards per receiving seat (default: all) (an integer, or a formula "
        "expression. See docs/expressions.md.)",
    },
    "shown": {"type": "boolean", "description": "Whether the cards are shown to every seat."},
}


REQUIRED: tuple[str, ...] = ("from", "to")


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> MovePhase:
    return MovePhase(
        pid,
        when,
        str(b.get((*path, "from")) or omitted("move", ("from",))),
        b.who((*path, "to"), "declarer"),
        b.count((*path, "count"), scopes.DEAL, None),
        bool(b.get((*path, "shown"), False)),
    )


SYNTAX = PhaseSyntax(
    name="move",
    spec=MovePhase,
    schema=phase_schema("move", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
    zone_keys=(("from",),),
)
