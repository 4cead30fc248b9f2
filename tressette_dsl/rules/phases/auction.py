"""`auction` as written: its record in the model, its schema fragment and its builder.

What loading and validating a ruleset need of the kind, without the engine; its play
is engine/phases/auction.py (rules/phases/syntax.py says why the halves are apart)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tressette_dsl.rules import options, scopes
from tressette_dsl.rules.model import Expr, Rule
from tressette_dsl.rules.options import AllPass, Speeches
from tressette_dsl.rules.phases.syntax import Path, PhaseBuilder, PhaseSyntax, phase_schema


@dataclass(frozen=True, slots=True)
class BidSpec:
    """One bid: its level and contract, whether it closes the auction, a rank it names, a
    points range for a parametrised bid."""

    id: str
    level: int
    contract: str
    closes: bool
    rank: int | None  # rank index named by the bid (called-card auctions)
    points: tuple[int, int] | None  # (from, to): a parametrised bid `bid ID N`


@dataclass(frozen=True, slots=True)
class AuctionPhase:
    """An `auction` phase as built: who speaks first, how often, the bids, all-pass."""

    id: str
    when: Expr | None
    first: Expr
    speeches: Speeches
    bids: tuple[BidSpec, ...]
    all_pass: AllPass
    rule: Rule
    kind: str = "auction"


DESCRIPTION = "An auction: sets declarer, contract, bid, bid_rank and bid_points."


PROPERTIES: Mapping[str, Any] = {
    "first": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": "The first seat to speak (a seat expression or a role: declarer, "
        "defenders, partner, call_supplier, all expression. See "
        "docs/expressions.md.)",
    },
    "speeches": {
        "enum": ["once", "until_pass"],
        "description": "once: each seat speaks once; until_pass: turns go round, a pass "
        "is final, the auction ends when one bidder remains.",
    },
    "bids": {
        "type": "object",
        "description": "The bids, keyed by id; a bid must be higher than the last (a higher "
        "level, or the same level and more points).",
        "propertyNames": {"$ref": "#/$defs/entry_id"},
        "additionalProperties": {
            "description": "One bid, keyed by its id; null removes an inherited bid.",
            "anyOf": [
                {"$ref": "#/$defs/bid", "description": "The bid."},
                {"type": "null", "description": "Removes the bid inherited through extends."},
            ],
        },
    },
    "all_pass": {
        "enum": ["redeal"],
        "description": "What happens when everyone passes: redeal (the next dealer "
        "deals; the deal does not count).",
    },
}


REQUIRED: tuple[str, ...] = ("bids",)


BAD_VALUE = "TS433"  # a value outside what the engine can play (rules/build.py)


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> AuctionPhase | None:
    first = b.expr((*path, "first"), "seat", scopes.SEAT_EXPR, "next(dealer)")
    bids = []
    for bid_id, given in (b.get((*path, "bids"), {}) or {}).items():
        entry = given or {}
        rank = entry.get("rank")
        rank_index = None
        if rank is not None:
            ranks = b.ctx.ranks if b.ctx else ()
            if str(rank) not in ranks:
                b.problem(
                    BAD_VALUE,
                    f"bid rank {rank!r} is not a rank of the deck",
                    (*path, "bids", bid_id, "rank"),
                    hint=f"ranks: {' '.join(ranks)}",
                )
            else:
                rank_index = ranks.index(str(rank))
        points = entry.get("points")
        span = (int(points["from"]), int(points["to"])) if points else None
        bids.append(
            BidSpec(
                str(bid_id),
                int(entry.get("level", 0)),
                str(entry.get("contract", bid_id)),
                bool(entry.get("closes")),
                rank_index,
                span,
            )
        )
    if first is None:
        return None
    return AuctionPhase(
        pid,
        when,
        first,
        options.pick(b.get((*path, "speeches")), options.SPEECHES, "once"),
        tuple(bids),
        options.pick(b.get((*path, "all_pass")), options.ALL_PASS, "redeal"),
        b.rule((*path, "bids")),
    )


SYNTAX = PhaseSyntax(
    name="auction",
    spec=AuctionPhase,
    schema=phase_schema("auction", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
    sets=frozenset(
        {
            "declarer",
            "contract_value",
            "contract_target",
            "bid",
            "bid_points",
            "bid_rank",
            "contract",
        }
    ),
)
