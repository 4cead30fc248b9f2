"""`deal` as written: its record in the model, its schema fragment and its builder.

What loading and validating a ruleset need of the kind, without the engine; its play
is engine/phases/deal.py (rules/phases/syntax.py says why the halves are apart)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tressette_dsl.expr import ExprError, parse_packets
from tressette_dsl.rules import options, scopes
from tressette_dsl.rules.model import Expr
from tressette_dsl.rules.options import MisdealDealer
from tressette_dsl.rules.phases.syntax import Path, PhaseBuilder, PhaseSyntax, phase_schema


@dataclass(frozen=True, slots=True)
class PacketSpec:
    """One packet of the deal pattern: a count (None: the rest) for the hands or a zone."""

    count: int | None  # None = the rest of the deck
    zone: str | None  # None = the hands


@dataclass(frozen=True, slots=True)
class Misdeal:
    """The hand condition that lets a seat annul the deal, and who deals again."""

    condition: Expr
    # who deals again after an annulled deal: the same dealer (PARL, SPAZ), or the next
    dealer: MisdealDealer = "same"


@dataclass(frozen=True, slots=True)
class DealPhase:
    """A `deal` phase as built: the first and next dealer, the packets, a misdeal round."""

    id: str
    when: Expr | None
    first_dealer: Expr | None  # None = random from the seed
    next_dealer: Expr
    packets: tuple[PacketSpec, ...]
    misdeal: Misdeal | None
    kind: str = "deal"


DESCRIPTION = "Shuffles from the seed and deals the packets."


PROPERTIES: Mapping[str, Any] = {
    "first_dealer": {
        "description": "The first deal's dealer: random (the default), or a seat number.",
        "anyOf": [
            {"const": "random", "description": "Drawn from the seed."},
            {
                "type": "integer",
                "minimum": 0,
                "maximum": 7,
                "description": "A seat number (0 = the first seat).",
            },
        ],
    },
    "next_dealer": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": "The next deal's dealer, from `dealer` (a seat expression or a "
        "role: declarer, defenders, partner, call_supplier, all "
        "expression. See docs/expressions.md.)",
    },
    "packets": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": "The deal pattern: packet sizes per seat in dealing order, then "
        'zones, e.g. "5 5", "4 4 4 monte:4", "5 5 stock:rest" (a packets '
        "expression. See docs/expressions.md.)",
    },
    "misdeal": {
        "type": "object",
        "description": "Each seat whose hand satisfies the condition, in turn, may annul "
        "the deal (the same dealer deals again) or keep it.",
        "additionalProperties": False,
        "properties": {
            "condition": {
                "type": "string",
                "minLength": 1,
                "maxLength": 4000,
                "description": "The hand condition that allows "
                "annulling: seat, hand, hand_units (a "
                "condition expression. See "
                "docs/expressions.md.)",
            },
            "dealer": {
                "enum": list(options.MISDEAL_DEALERS),
                "description": "Who deals again after an annulled deal: same (default: the "
                "same dealer, PARL, SPAZ) or next (next_dealer, as after a scored deal). "
                "The annulled deal does not count either way.",
            },
        },
        "required": ["condition"],
    },
}


REQUIRED: tuple[str, ...] = ("packets",)


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> DealPhase | None:
    first = b.get((*path, "first_dealer"), "random")
    first_dealer = None if first == "random" else b.const_expr((*path, "first_dealer"), int(first))
    next_dealer = b.expr((*path, "next_dealer"), "seat", scopes.NEXT_DEALER, "next(dealer)")
    try:
        packets = parse_packets(str(b.get((*path, "packets"), "")), None)
    except ExprError as err:
        b.expr_problems(err, (*path, "packets"))
        return None
    misdeal = None
    if b.get((*path, "misdeal")) is not None:
        cond = b.expr((*path, "misdeal", "condition"), "condition", scopes.MISDEAL)
        dealer = options.pick(b.get((*path, "misdeal", "dealer")), options.MISDEAL_DEALERS, "same")
        misdeal = Misdeal(cond, dealer) if cond is not None else None
    if next_dealer is None:
        return None
    return DealPhase(
        pid,
        when,
        first_dealer,
        next_dealer,
        tuple(PacketSpec(p.count, p.zone) for p in packets),
        misdeal,
    )


SYNTAX = PhaseSyntax(
    name="deal",
    spec=DealPhase,
    schema=phase_schema("deal", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
)
