"""`tricks` as written: its record in the model, its schema fragment and its builder.

What loading and validating a ruleset need of the kind, without the engine; its play
is engine/phases/tricks.py (rules/phases/syntax.py says why the halves are apart)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tressette_dsl.expr import Type
from tressette_dsl.rules import options, scopes
from tressette_dsl.rules.model import Expr
from tressette_dsl.rules.options import DrawOrder
from tressette_dsl.rules.phases.syntax import Path, PhaseBuilder, PhaseSyntax, phase_schema
from tressette_dsl.rules.zones import omitted, zone_ref_schema

if TYPE_CHECKING:
    from tressette_dsl.engine.phases.trick_features import TrickTable


@dataclass(frozen=True, slots=True)
class DrawSpec:
    """Drawing after each trick: from which zone, in which order, shown or face down."""

    source: str
    order: DrawOrder
    shown: bool


@dataclass(frozen=True, slots=True)
class TricksPhase:
    """A `tricks` phase as built: first lead, follow suit, trump, a draw, its features."""

    id: str
    when: Expr | None
    first_lead: Expr
    follow_suit: Expr
    trump: Expr | None
    draw: DrawSpec | None
    kind: str = "tricks"
    # the hooks of the trick-time features this ruleset uses; None (the loader's record,
    # which knows no engine) makes the trick phase resolve them on first use, once per
    # ruleset (engine/phases/trick_features: `table`)
    hooks: TrickTable | None = field(default=None, compare=False, repr=False)


DESCRIPTION = (
    "Plays tricks until the hands are empty; declarations, signals and claims happen inside it."
)
PROPERTIES: Mapping[str, Any] = {
    "first_lead": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": "Who leads the first trick (a seat expression or a role: "
        "declarer, defenders, partner, call_supplier, all expression. "
        "See docs/expressions.md.)",
    },
    "follow_suit": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": "Whether a seat must follow suit, re-evaluated per trick: "
        '"true", "stock_size == 0", "false" (a condition expression. '
        "See docs/expressions.md.)",
    },
    "trump": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": 'none, or a suit expression such as "suit(called_card)" (a suit '
        "expression. See docs/expressions.md.)",
    },
    "draw": {
        "type": "object",
        "description": "Drawing from the stock after each trick.",
        "additionalProperties": False,
        "properties": {
            "from": zone_ref_schema("The zone drawn from"),
            "order": {
                "enum": ["winner_first"],
                "description": "Who draws first: the trick's winner.",
            },
            "shown": {
                "type": "boolean",
                "description": "Whether drawn cards are shown to every seat.",
            },
        },
    },
}


REQUIRED: tuple[str, ...] = ()


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> TricksPhase | None:
    first = b.expr((*path, "first_lead"), "seat", scopes.SEAT_EXPR, "next(dealer)")
    follow = b.expr((*path, "follow_suit"), "condition", scopes.FOLLOW_SUIT, "true")
    trump = None
    if str(b.get((*path, "trump"), "none")) != "none":
        trump = b.expr((*path, "trump"), "any", scopes.TRUMP, expect=Type.SUIT)
    draw = None
    if b.get((*path, "draw")) is not None:
        draw = DrawSpec(
            str(b.get((*path, "draw", "from")) or omitted("tricks", ("draw", "from"))),
            options.pick(b.get((*path, "draw", "order")), options.DRAW_ORDERS, "winner_first"),
            bool(b.get((*path, "draw", "shown"), True)),
        )
    if first is None or follow is None:
        return None
    return TricksPhase(pid, when, first, follow, trump, draw)


SYNTAX = PhaseSyntax(
    name="tricks",
    spec=TricksPhase,
    schema=phase_schema("tricks", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
    zone_keys=(("draw", "from"),),
)
