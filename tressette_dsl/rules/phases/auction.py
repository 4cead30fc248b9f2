"""`auction` as written: its record in the model, its schema fragment and its builder.

What loading and validating a ruleset need of the kind, without the engine; its play
is engine/phases/auction.py (rules/phases/syntax.py says why the halves are apart)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tressette_dsl.rules import options, scopes
from tressette_dsl.rules.model import Expr, Rule
from tressette_dsl.rules.options import AllPass, AllPassDealer, Speeches
from tressette_dsl.rules.phases.syntax import Path, PhaseBuilder, PhaseSyntax, phase_schema


@dataclass(frozen=True, slots=True)
class BidSpec:
    """One bid: its level and contract, whether it closes the auction, a rank it names, a
    points range for a parametrised bid, and its parameters."""

    id: str
    level: int
    contract: str
    closes: bool
    rank: int | None  # rank index named by the bid (called-card auctions)
    points: tuple[int, int] | None  # (from, to): a parametrised bid `bid ID N`
    after: str | None = None  # legal only once this bid (or itself) has been made


@dataclass(frozen=True, slots=True)
class Forced:
    """`forced`: when everybody passes, `who` must play `bid` (no redeal)."""

    who: Expr
    bid: str


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
    # state carried across deals: in the deal after an all-pass deal only these bids
    after_all_pass: tuple[str, ...] = ()
    forced: Forced | None = None
    all_pass_dealer: AllPassDealer = "next"


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
        "description": "What happens when everyone passes: redeal (the deal does not "
        "count; `all_pass_dealer` says who deals again).",
    },
    "all_pass_dealer": {
        "enum": ["next", "same"],
        "description": "Who deals after a deal everybody passed: the next dealer (default) "
        "or the same one.",
    },
    "after_all_pass": {
        "type": "array",
        "minItems": 1,
        "uniqueItems": True,
        "items": {"type": "string", "minLength": 1, "maxLength": 200, "description": "A bid id."},
        "description": "The only bids allowed in the deal after a deal everybody passed "
        "(e.g. only the two highest).",
    },
    "forced": {
        "type": "object",
        "additionalProperties": False,
        "required": ["who", "bid"],
        "description": "When everybody passes, this seat must play this bid instead of a "
        "redeal (e.g. the lowest bid forced on the eldest).",
        "properties": {
            "who": {
                "type": "string",
                "minLength": 1,
                "maxLength": 4000,
                "description": "The seat that must play (a seat expression, e.g. "
                '"next(dealer)". See docs/expressions.md.)',
            },
            "bid": {"type": "string", "minLength": 1, "maxLength": 200, "description": "The bid."},
        },
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
        after = entry.get("after")
        bids.append(
            BidSpec(
                str(bid_id),
                int(entry.get("level", 0)),
                str(entry.get("contract", bid_id)),
                bool(entry.get("closes")),
                rank_index,
                span,
                None if after is None else str(after),
            )
        )
    ids = [bid.id for bid in bids]
    for bid in bids:
        if bid.after is not None:
            _known_bid(b, ids, bid.after, (*path, "bids", bid.id, "after"))
    after_all_pass = tuple(str(x) for x in b.get((*path, "after_all_pass"), []) or [])
    for i, bid_id in enumerate(after_all_pass):
        _known_bid(b, ids, bid_id, (*path, "after_all_pass", i))
    forced = None
    if b.get((*path, "forced")) is not None:
        who = b.expr((*path, "forced", "who"), "seat", scopes.SEAT_EXPR)
        forced_bid = str(b.get((*path, "forced", "bid"), ""))
        if _known_bid(b, ids, forced_bid, (*path, "forced", "bid")) and who is not None:
            forced = Forced(who, forced_bid)
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
        after_all_pass=after_all_pass,
        forced=forced,
        all_pass_dealer=options.pick(
            b.get((*path, "all_pass_dealer")), options.ALL_PASS_DEALERS, "next"
        ),
    )


UNKNOWN_BID = "TS464"  # after / after_all_pass / forced names a bid the auction lacks


def _known_bid(b: PhaseBuilder, ids: list[str], bid_id: str, path: Path) -> bool:
    """A bid id named by another key of the auction must be one of its bids (TS464)."""
    if bid_id in ids:
        return True
    close = [i for i in ids if i.startswith(bid_id[:2])] or ids
    b.problem(
        UNKNOWN_BID,
        f"{bid_id!r} is not a bid of this auction",
        path,
        hint=f"bids: {', '.join(close)}",
    )
    return False


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
