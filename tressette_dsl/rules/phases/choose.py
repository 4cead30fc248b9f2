"""`choose` as written: its record in the model, its schema fragment and its builder.

What loading and validating a ruleset need of the kind, without the engine; its play
is engine/phases/choose.py (rules/phases/syntax.py says why the halves are apart)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tressette_dsl.rules.model import Expr, Who
from tressette_dsl.rules.phases.syntax import Path, PhaseBuilder, PhaseSyntax, phase_schema


@dataclass(frozen=True, slots=True)
class ChoosePhase:
    """A `choose` phase as built: who chooses among which contract options, or keeps."""

    id: str
    when: Expr | None
    who: Who
    options: tuple[str, ...]
    keep: bool
    kind: str = "choose"


DESCRIPTION = "The declarer may raise the contract (aggravations)."


PROPERTIES: Mapping[str, Any] = {
    "who": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": "Who chooses (a seat expression or a role: declarer, defenders, "
        "partner, call_supplier, all expression. See docs/expressions.md.)",
    },
    "options": {
        "type": "array",
        "minItems": 1,
        "uniqueItems": True,
        "description": "The contract ids that may be chosen.",
        "items": {"type": "string", "description": "A contract id (see contracts)."},
    },
    "keep": {"type": "boolean", "description": "Whether the current contract may be kept."},
}


REQUIRED: tuple[str, ...] = ("options",)


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> ChoosePhase:
    return ChoosePhase(
        pid,
        when,
        b.who((*path, "who"), "declarer"),
        tuple(str(o) for o in b.get((*path, "options"), [])),
        bool(b.get((*path, "keep"), True)),
    )


SYNTAX = PhaseSyntax(
    name="choose",
    spec=ChoosePhase,
    schema=phase_schema("choose", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
    sets=frozenset({"contract"}),
)
