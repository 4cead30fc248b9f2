"""`give` as written: its record in the model, its schema fragment and its builder.

What loading and validating a ruleset need of the kind, without the engine; its play
is engine/phases/give.py (rules/phases/syntax.py says why the halves are apart)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tressette_dsl.rules import scopes
from tressette_dsl.rules.model import Expr, Who
from tressette_dsl.rules.phases.syntax import Path, PhaseBuilder, PhaseSyntax, phase_schema


@dataclass(frozen=True, slots=True)
class GivePhase:
    """A `give` phase as built: who hands how many cards to whom."""

    id: str
    when: Expr | None
    who: Who
    to: Who
    count: Expr
    shown: bool
    kind: str = "give"


DESCRIPTION = "A seat chooses cards from its hand to hand over."


PROPERTIES: Mapping[str, Any] = {
    "who": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": "Who gives (a seat expression or a role: declarer, defenders, partner, "
        "call_supplier, all expression. See docs/expressions.md.)",
    },
    "to": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": "Who receives (a seat expression or a role: declarer, defenders, "
        "partner, call_supplier, all expression. See docs/expressions.md.)",
    },
    "count": {
        "type": ["integer", "string"],
        "minLength": 1,
        "maxLength": 4000,
        "description": "How many cards (an integer, or a formula expression. See "
        "docs/expressions.md.)",
    },
    "shown": {"type": "boolean", "description": "Whether the cards are shown to every seat."},
}


REQUIRED: tuple[str, ...] = ()


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> GivePhase | None:
    count = b.count((*path, "count"), scopes.DEAL, 1)
    if count is None:
        return None
    return GivePhase(
        pid,
        when,
        b.who((*path, "who"), "declarer"),
        b.who((*path, "to"), "call_supplier"),
        count,
        bool(b.get((*path, "shown"), False)),
    )


SYNTAX = PhaseSyntax(
    name="give",
    spec=GivePhase,
    schema=phase_schema("give", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
)
