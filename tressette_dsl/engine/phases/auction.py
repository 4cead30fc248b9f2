"""`auction`: seats bid for the contract; the highest bidder becomes the declarer.

A bid is higher than the current one when its level is higher, or its level is the same
and it names more points (parametrised bids `bid ID N`, points within the bid's range).
`speeches: once` - each seat speaks once, from `first` in play order. `until_pass` - turns
go round the seats that have not passed; a pass is final; the auction ends when only the
highest bidder remains. A bid with `closes` ends it at once. If nobody bids the deal is
abandoned (`all_pass: redeal`): not counted, the next dealer deals.
"""

from __future__ import annotations

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
    Talk,
    fixed_stage,
    kind_of,
)
from tressette_dsl.engine.phases.words import said
from tressette_dsl.engine.state import BidRecord, GameState, PhaseLocal
from tressette_dsl.engine.step import Step, evaluate_seat
from tressette_dsl.engine.table import deal_env
from tressette_dsl.rules.model import Expr, Ruleset
from tressette_dsl.rules.phases.auction import SYNTAX, AuctionPhase, BidSpec, Forced


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
    s = step.state
    return begin(step, spec, evaluate_seat(spec.first, deal_env(step.rules, s), s.n))


def begin(step: Step, spec: AuctionPhase, first: int) -> bool:
    """The auction opens, `first` to speak: `enter`'s, once it has worked him out (the
    compiled kernel's side works him out its own way, `compiled.gates`)."""
    order = step.rules.players.order_from(first)
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


# --- how it reads: the rules page and the prompts (its written half: rules/phases/) -----


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


KIND = kind_of(
    SYNTAX,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
    tasks={"bid": _task_bid},
    stage=fixed_stage("auction"),
)


# The spec records live in the written half; imported from here too.
__all__ = ["AuctionPhase", "BidSpec", "Forced"]
