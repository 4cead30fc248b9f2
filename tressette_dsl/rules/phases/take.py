"""`take` as written: its record in the model, its schema fragment and its builder.

What loading and validating a ruleset need of the kind, without the engine; its play
is engine/phases/take.py (rules/phases/syntax.py says why the halves are apart)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tressette_dsl.rules import scopes
from tressette_dsl.rules.model import Expr, Who
from tressette_dsl.rules.phases.syntax import Path, PhaseBuilder, PhaseSyntax, phase_schema
from tressette_dsl.rules.zones import omitted, zone_ref_schema


@dataclass(frozen=True, slots=True)
class TakePhase:
    """A `take` phase as built: who takes shown cards from which zone."""

    id: str
    when: Expr | None
    who: Who
    source: str
    kind: str = "take"
    # how many cards each seat takes (names: `discarded`...); None: any, and the last seat
    # takes whatever is left
    count: Expr | None = None


DESCRIPTION = "Each seat of `who` in turn takes any of the shown cards; the last takes the rest."


PROPERTIES: Mapping[str, Any] = {
    "who": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": "Who takes (a seat expression or a role: declarer, defenders, partner, "
        "call_supplier, all expression. See docs/expressions.md.)",
    },
    "from": zone_ref_schema("The shown zone the cards are taken from"),
    "count": {
        "type": ["integer", "string"],
        "minLength": 1,
        "maxLength": 4000,
        "description": 'How many cards each seat takes, e.g. "discarded" (as many as it '
        "discarded); without it each takes any and the last takes the rest (an integer, or a "
        "formula expression. See docs/expressions.md.)",
    },
}


REQUIRED: tuple[str, ...] = ("from",)


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> TakePhase:
    return TakePhase(
        pid,
        when,
        b.who((*path, "who"), "defenders"),
        str(b.get((*path, "from")) or omitted("take", ("from",))),
        count=b.count((*path, "count"), scopes.TAKE_COUNT, None),
    )


SYNTAX = PhaseSyntax(
    name="take",
    spec=TakePhase,
    schema=phase_schema("take", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
    zone_keys=(("from",),),
)
