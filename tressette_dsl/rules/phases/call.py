"""`call` as written: its record in the model, its schema fragment and its builder.

What loading and validating a ruleset need of the kind, without the engine; its play
is engine/phases/call.py (rules/phases/syntax.py says why the halves are apart)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tressette_dsl.rules import options, scopes
from tressette_dsl.rules.model import Expr, Who
from tressette_dsl.rules.options import CallEffect, CallReveal
from tressette_dsl.rules.phases.syntax import Path, PhaseBuilder, PhaseSyntax, phase_schema


@dataclass(frozen=True, slots=True)
class CallPhase:
    """A `call` phase as built: who calls, the cards that may be called, the effect and how
    the partner is revealed."""

    id: str
    when: Expr | None
    who: Who
    cards: Expr
    effect: CallEffect
    reveal: CallReveal
    trump_called_suit: bool
    kind: str = "call"
    # `ranks`: by priority, the ranks the call may name - the first of them of which some
    # card of `cards` is callable (a 3 the caller lacks; a 2 when he holds all four 3s)
    ranks: tuple[int, ...] = ()


DESCRIPTION = "A card is called: sets called_card, call_supplier, called_from_defender, partner."


PROPERTIES: Mapping[str, Any] = {
    "who": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": "Who calls (a seat expression or a role: declarer, defenders, partner, "
        "call_supplier, all expression. See docs/expressions.md.)",
    },
    "cards": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": 'Which cards may be called, e.g. "deck - hand" (a cards expression. '
        "See docs/expressions.md.)",
    },
    "effect": {
        "enum": ["transfer", "partner"],
        "description": "transfer: the holder hands it over face up (none if it is in the "
        "monte or the caller's hand); partner: its holder becomes a secret "
        "partner.",
    },
    "reveal": {
        "enum": ["on_play", "immediately"],
        "description": "When the partnership becomes known: on_play or immediately.",
    },
    "trump": {
        "enum": ["called_suit"],
        "description": "called_suit: the called card's suit becomes trump.",
    },
    "ranks": {
        "type": "array",
        "minItems": 1,
        "maxItems": 16,
        "uniqueItems": True,
        "items": {"type": "string", "minLength": 1, "maxLength": 1, "description": "A rank id."},
        "description": "By priority, the ranks the call may name: the first of them of "
        'which some card of `cards` is callable, e.g. ["3", "2"] with cards "deck - '
        'hand": a 3 the caller lacks, a 2 when he holds all four 3s.',
    },
}


REQUIRED: tuple[str, ...] = ("cards",)


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> CallPhase | None:
    cards = b.expr((*path, "cards"), "cards", scopes.CALL_CARDS)
    if cards is None:
        return None
    ranks = _ranks(b, (*path, "ranks"))
    if ranks is None:
        return None
    return CallPhase(
        pid,
        when,
        b.who((*path, "who"), "declarer"),
        cards,
        options.pick(b.get((*path, "effect")), options.CALL_EFFECTS, "transfer"),
        options.pick(b.get((*path, "reveal")), options.CALL_REVEALS, "on_play"),
        b.get((*path, "trump")) == "called_suit",
        ranks=ranks,
    )


BAD_CALL_RANK = "TS463"  # call.ranks names a rank the deck does not have


def _ranks(b: PhaseBuilder, path: Path) -> tuple[int, ...] | None:
    """`ranks` as rank indexes of the deck; None (a located TS463) for an unknown rank."""
    written = b.get(path) or []
    ranks = tuple(b.ctx.ranks) if b.ctx is not None else ()
    out = []
    for i, rank in enumerate(written):
        if str(rank) not in ranks:
            b.problem(
                BAD_CALL_RANK,
                f"call.ranks names rank {rank!r}, which the deck does not have",
                (*path, i),
                hint=f"ranks: {' '.join(ranks)}",
            )
            return None
        out.append(ranks.index(str(rank)))
    return tuple(out)


SYNTAX = PhaseSyntax(
    name="call",
    spec=CallPhase,
    schema=phase_schema("call", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
    sets=frozenset({"called_card", "call_supplier", "called_from_defender", "partner"}),
)
