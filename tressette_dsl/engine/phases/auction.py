"""`auction`: seats bid for the contract; the highest bidder becomes the declarer.

A bid is higher than the current one when its level is higher, or its level is the same
and it names more points (parametrised bids `bid ID N`, points within the bid's range).
`speeches: once` - each seat speaks once, from `first` in play order. `until_pass` - turns
go round the seats that have not passed; a pass is final; the auction ends when only the
highest bidder remains. A bid with `closes` ends it at once. If nobody bids the deal is
abandoned (`all_pass: redeal`): not counted, the next dealer deals.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, assert_never

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Bid, Pass
from tressette_dsl.engine.codec import record
from tressette_dsl.engine.errors import BAD_BID
from tressette_dsl.engine.events import AllPassed, AuctionWon, BidMade, Passed
from tressette_dsl.engine.phases.common import not_legal, refuse
from tressette_dsl.engine.phases.kind import (
    Obs,
    Path,
    PhaseBuilder,
    PhaseKind,
    Talk,
    fixed_stage,
    phase_schema,
)
from tressette_dsl.engine.phases.words import said
from tressette_dsl.engine.state import BidRecord, GameState, PhaseLocal
from tressette_dsl.engine.step import Step, evaluate_seat
from tressette_dsl.engine.table import deal_env
from tressette_dsl.rules import options, scopes
from tressette_dsl.rules.model import Expr, Rule, Ruleset
from tressette_dsl.rules.options import AllPass, AllPassDealer, Speeches


@dataclass(frozen=True, slots=True)
class BidSpec:
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


@record
@dataclass(frozen=True, slots=True)
class AuctionLocal(PhaseLocal):
    """The auction's own record (`GameState.local` while it runs): the level of the
    highest bid so far (a bid of a lower level is refused, of a higher one always allowed)."""

    bid_level: int = 0


def _level(s: GameState) -> int:
    local = s.local
    return local.bid_level if isinstance(local, AuctionLocal) else 0


def enter(step: Step, spec: AuctionPhase) -> bool:
    rules, s = step.rules, step.state
    first = evaluate_seat(spec.first, deal_env(rules, s), s.n)
    order = rules.players.order_from(first)
    step.update(
        cursor=step.state.cursor.but(sub="bid", pending=order, to_act=first),
        contract=step.state.contract_part.but(
            auction=(), passed=frozenset(), bid=None, bid_points=None, bid_rank=None, declarer=None
        ),
        local=AuctionLocal(bid_level=0),
    )
    return False


def _higher(spec: BidSpec, points: int | None, s: GameState) -> bool:
    if s.contract_part.bid is None:
        return True
    if spec.level != _level(s):
        return spec.level > _level(s)
    return points is not None and points > (s.contract_part.bid_points or 0)


def _lowest_points(spec: BidSpec, s: GameState) -> int:
    """The fewest points a parametrised bid must name to be higher than the current bid
    (past the top of its range when it cannot be)."""
    assert spec.points is not None
    low, high = spec.points
    if s.contract_part.bid is None or spec.level > _level(s):
        return low
    if spec.level < _level(s):
        return high + 1
    return max(low, (s.contract_part.bid_points or 0) + 1)


def _after_all_pass(s: GameState) -> bool:
    """The deal before this one was abandoned because everybody passed."""
    return bool(s.match.deals) and s.match.deals[-1].reason == "all_pass"


def _why_not(spec: AuctionPhase, bid: BidSpec, s: GameState) -> str | None:
    """Why `bid` may not be made now whatever its height (None: it may)."""
    if spec.after_all_pass and _after_all_pass(s) and bid.id not in spec.after_all_pass:
        return f"after a deal everybody passed, only {', '.join(spec.after_all_pass)} may be bid"
    if bid.after is not None and not any(
        r.bid in (bid.after, bid.id) for r in s.contract_part.auction
    ):
        return f"{bid.id!r} may only be bid once {bid.after!r} has been"
    return None


def legal(rules: Ruleset, spec: AuctionPhase, s: GameState) -> tuple[Action, ...]:
    out: list[Action] = []
    for bid in spec.bids:
        if _why_not(spec, bid, s) is not None:
            continue
        if bid.points is None:
            if _higher(bid, None, s):
                out.append(Bid(bid.id))
        else:
            out.extend(Bid(bid.id, p) for p in range(_lowest_points(bid, s), bid.points[1] + 1))
    out.append(Pass())
    return tuple(out)


def check(rules: Ruleset, spec: AuctionPhase, s: GameState, action: Action) -> Diagnostic | None:
    if isinstance(action, Pass):
        return None
    if isinstance(action, Bid):
        bid = next((b for b in spec.bids if b.id == action.bid), None)
        if bid is None:
            known = ", ".join(b.id for b in spec.bids)
            return refuse(BAD_BID, f"there is no bid {action.bid!r} (bids: {known})", spec.rule)
        if (bid.points is None) != (action.points is None):
            need = "needs points" if bid.points else "takes no points"
            return refuse(BAD_BID, f"bid {bid.id!r} {need}", spec.rule)
        why = _why_not(spec, bid, s)
        if why is not None:
            return refuse(BAD_BID, f"'{action}' is not allowed now: {why}", spec.rule)
        if bid.points and not bid.points[0] <= (action.points or 0) <= bid.points[1]:
            return refuse(
                BAD_BID, f"bid {bid.id!r} takes points {bid.points[0]}..{bid.points[1]}", spec.rule
            )
        if not _higher(bid, action.points, s):
            held = s.contract_part
            points = "" if held.bid_points is None else f" {held.bid_points}"
            return refuse(
                BAD_BID,
                f"'{action}' is not higher than the current bid '{held.bid}{points}'",
                spec.rule,
            )
        return None  # an existing bid, its points in range, higher: one of `legal`
    return not_legal(rules, s, action, legal(rules, spec, s), spec.id, rule=spec.rule)


def act(step: Step, spec: AuctionPhase, action: Action) -> bool:
    s = step.state
    seat = s.cursor.to_act
    assert seat is not None
    if isinstance(action, Bid):
        bid = next(b for b in spec.bids if b.id == action.bid)
        step.set_contract(
            auction=(*s.contract_part.auction, BidRecord(seat, bid.id, action.points)),
            bid=bid.id,
            bid_points=action.points,
            bid_rank=bid.rank,
            declarer=seat,
            contract=bid.contract,
        )
        step.update(local=AuctionLocal(bid_level=bid.level))
        step.emit(BidMade(seat=seat, bid=bid.id, points=action.points))
        if bid.closes:
            return _won(step)
    else:
        step.set_contract(
            auction=(*s.contract_part.auction, BidRecord(seat, None)),
            passed=s.contract_part.passed | {seat},
        )
        step.emit(Passed(seat=seat))
    return _next(step, spec)


def _next(step: Step, spec: AuctionPhase) -> bool:
    rules, s = step.rules, step.state
    match spec.speeches:
        case "once":
            pending = s.cursor.pending[1:]
            if pending:
                step.set_cursor(pending=pending, to_act=pending[0])
                return False
            return _won(step) if s.contract_part.bid is not None else _all_passed(step)
        case "until_pass":
            pass
        case unknown:
            assert_never(unknown)
    live = [x for x in range(s.n) if x not in s.contract_part.passed]
    if not live:
        return _all_passed(step)
    if len(live) == 1 and s.contract_part.declarer == live[0]:
        return _won(step)
    seat = rules.players.next(s.cursor.to_act or 0)
    while seat in s.contract_part.passed:
        seat = rules.players.next(seat)
    step.set_cursor(to_act=seat, pending=(seat,))
    return False


def _won(step: Step) -> bool:
    s = step.state
    assert (
        s.contract_part.declarer is not None
        and s.contract_part.bid is not None
        and s.contract_part.contract is not None
    )
    step.emit(
        AuctionWon(
            seat=s.contract_part.declarer,
            bid=s.contract_part.bid,
            contract=s.contract_part.contract,
            points=s.contract_part.bid_points,
        )
    )
    step.set_cursor(sub="", pending=(), to_act=None)
    return True


def _all_passed(step: Step) -> bool:
    spec = step.rules.flow[step.state.cursor.phase]
    if isinstance(spec, AuctionPhase) and spec.forced is not None:
        return _forced(step, spec, spec.forced)
    step.emit(AllPassed(deal_no=step.state.match.deal_no))
    step.set_cursor(sub="", pending=(), to_act=None)
    step.restart = "all_pass"
    return False


def _forced(step: Step, spec: AuctionPhase, forced: Forced) -> bool:
    """Everybody passed, and `forced.who` must play `forced.bid` (e.g. the lowest contract
    forced on the eldest): as if he had bid it last."""
    s = step.state
    seat = evaluate_seat(forced.who, deal_env(step.rules, s), s.n)
    bid = next(b for b in spec.bids if b.id == forced.bid)
    step.set_contract(
        auction=(*s.contract_part.auction, BidRecord(seat, bid.id, None)),
        bid=bid.id,
        bid_points=None,
        bid_rank=bid.rank,
        declarer=seat,
        contract=bid.contract,
    )
    step.update(local=AuctionLocal(bid_level=bid.level))
    step.emit(BidMade(seat=seat, bid=bid.id, points=None))
    return _won(step)


def same_dealer_after_all_pass(rules: Ruleset) -> bool:
    """`all_pass_dealer: same`: a deal everybody passed is dealt again by the same dealer
    (the game loop asks; the default, `next`, passes the deal on)."""
    return any(isinstance(p, AuctionPhase) and p.all_pass_dealer == "same" for p in rules.flow)


# --- how it is written and built ---------------------------------------------------------

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


def describe(rules: Ruleset, ph: AuctionPhase) -> str:
    speeches = (
        "each player speaks once"
        if ph.speeches == "once"
        else "turns go round until one bidder remains; a pass is final"
    )
    bids = []
    one_contract = len({bid.contract for bid in ph.bids}) == 1
    for bid in sorted(ph.bids, key=lambda b: (b.level, b.id)):
        extra = " (closes the auction)" if bid.closes else ""
        if bid.after is not None:
            extra += f" (only once {bid.after.replace('_', ' ')} has been bid)"
        if bid.points is not None:
            extra += f" with {bid.points[0]} to {bid.points[1]} points"
        named = "" if one_contract or bid.contract == bid.id else f" (for {bid.contract})"
        bids.append(f"{bid.id.replace('_', ' ')}{named}{extra}")
    if one_contract and ph.bids and ph.bids[0].contract not in {b.id for b in ph.bids}:
        bids[-1] += f"; every bid is for the contract {ph.bids[0].contract}"
    return (
        f"starting with {said(rules, ph.first)}, {speeches}: pass or bid higher than the last "
        f"bid (a higher level, or the same level with more points). Bids, lowest first: "
        f"{', '.join(bids)}.{_all_pass_text(ph)}"
    )


def _all_pass_text(ph: AuctionPhase) -> str:
    if ph.forced is not None:
        return (
            f" If everybody passes, {said_seat(ph.forced.who)} must play "
            f"{ph.forced.bid.replace('_', ' ')}."
        )
    dealer = "the same dealer" if ph.all_pass_dealer == "same" else "the next dealer"
    text = f" If everybody passes, {dealer} deals again and the deal does not count."
    if ph.after_all_pass:
        text += f" In the deal after, only {', '.join(ph.after_all_pass)} may be bid."
    return text


def said_seat(expr: Expr) -> str:
    return f"`{expr.text}`"


def highest_bid(obs: Obs) -> str:
    """The last bid made (the highest), as said: ``solo``, ``punti 8``."""
    for b in reversed(obs.get("auction") or []):
        if b.get("bid"):
            return str(b["bid"]) + (f" {b['points']}" if b.get("points") is not None else "")
    return str(obs.get("contract") or "")


def _task_bid(rules: Ruleset, obs: Obs, spec: Any, legal: list[str], talk: Talk) -> str:
    ask = f"bid higher than {highest_bid(obs)}, or pass" if obs.get("contract") else "bid or pass"
    parts = [f"Auction: {ask}."]
    if getattr(spec, "speeches", "") == "once":
        parts.append("Each player speaks once; the highest bid wins the contract.")
    elif getattr(spec, "speeches", "") == "until_pass":
        parts.append("Bidding goes round until all but one have passed; a pass is final.")
    closing = [b.id for b in getattr(spec, "bids", ()) if b.closes]
    if closing:
        parts.append(f"A bid of {' or '.join(closing)} ends the auction at once.")
    ranged = [b for b in getattr(spec, "bids", ()) if b.points is not None]
    for bid in ranged:
        low, high = bid.points
        parts.append(f"'bid {bid.id} N' names N points, {low} to {high}.")
    return " ".join(parts)


KIND = PhaseKind(
    name="auction",
    spec=AuctionPhase,
    schema=phase_schema("auction", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
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
    tasks={"bid": _task_bid},
    stage=fixed_stage("auction"),
)
