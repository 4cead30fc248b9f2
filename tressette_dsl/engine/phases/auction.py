"""`auction`: seats bid for the contract; the highest bidder becomes the declarer.

A bid is higher than the current one when its level is higher, or its level is the same
and it names more points (parametrised bids `bid ID N`, points within the bid's range).
`speeches: once` - each seat speaks once, from `first` in play order. `until_pass` - turns
go round the seats that have not passed; a pass is final; the auction ends when only the
highest bidder remains. A bid with `closes` ends it at once. If nobody bids the deal is
abandoned (`all_pass: redeal`): not counted, the next dealer deals.
"""

from __future__ import annotations

from typing import assert_never

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Bid, Pass
from tressette_dsl.engine.errors import BAD_BID
from tressette_dsl.engine.events import AllPassed, AuctionWon, BidMade, Passed
from tressette_dsl.engine.phases.common import not_legal, refuse
from tressette_dsl.engine.state import BidRecord, GameState
from tressette_dsl.engine.step import Step, evaluate_seat
from tressette_dsl.engine.table import deal_env
from tressette_dsl.rules.model import AuctionPhase, BidSpec, Ruleset


def enter(step: Step, spec: AuctionPhase) -> bool:
    rules, s = step.rules, step.state
    first = evaluate_seat(spec.first, deal_env(rules, s), s.n)
    order = rules.players.order_from(first)
    step.set(
        sub="bid",
        pending=order,
        to_act=first,
        auction=(),
        passed=frozenset(),
        bid=None,
        bid_level=0,
        bid_points=None,
        bid_rank=None,
        declarer=None,
    )
    return False


def _higher(spec: BidSpec, points: int | None, s: GameState) -> bool:
    if s.bid is None:
        return True
    if spec.level != s.bid_level:
        return spec.level > s.bid_level
    return points is not None and points > (s.bid_points or 0)


def _lowest_points(spec: BidSpec, s: GameState) -> int:
    """The fewest points a parametrised bid must name to be higher than the current bid
    (past the top of its range when it cannot be)."""
    assert spec.points is not None
    low, high = spec.points
    if s.bid is None or spec.level > s.bid_level:
        return low
    if spec.level < s.bid_level:
        return high + 1
    return max(low, (s.bid_points or 0) + 1)


def legal(rules: Ruleset, spec: AuctionPhase, s: GameState) -> tuple[Action, ...]:
    out: list[Action] = []
    for bid in spec.bids:
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
        if bid.points and not bid.points[0] <= (action.points or 0) <= bid.points[1]:
            return refuse(
                BAD_BID, f"bid {bid.id!r} takes points {bid.points[0]}..{bid.points[1]}", spec.rule
            )
        if not _higher(bid, action.points, s):
            return refuse(
                BAD_BID,
                f"'{action}' is not higher than the current bid "
                f"'{s.bid}{'' if s.bid_points is None else ' ' + str(s.bid_points)}'",
                spec.rule,
            )
        return None  # an existing bid, its points in range, higher: one of `legal`
    return not_legal(rules, s, action, legal(rules, spec, s), spec.id, rule=spec.rule)


def act(step: Step, spec: AuctionPhase, action: Action) -> bool:
    s = step.state
    seat = s.to_act
    assert seat is not None
    if isinstance(action, Bid):
        bid = next(b for b in spec.bids if b.id == action.bid)
        step.set(
            auction=(*s.auction, BidRecord(seat, bid.id, action.points)),
            bid=bid.id,
            bid_level=bid.level,
            bid_points=action.points,
            bid_rank=bid.rank,
            declarer=seat,
            contract=bid.contract,
        )
        step.emit(BidMade(seat=seat, bid=bid.id, points=action.points))
        if bid.closes:
            return _won(step)
    else:
        step.set(auction=(*s.auction, BidRecord(seat, None)), passed=s.passed | {seat})
        step.emit(Passed(seat=seat))
    return _next(step, spec)


def _next(step: Step, spec: AuctionPhase) -> bool:
    rules, s = step.rules, step.state
    match spec.speeches:
        case "once":
            pending = s.pending[1:]
            if pending:
                step.set(pending=pending, to_act=pending[0])
                return False
            return _won(step) if s.bid is not None else _all_passed(step)
        case "until_pass":
            pass
        case unknown:
            assert_never(unknown)
    live = [x for x in range(s.n) if x not in s.passed]
    if not live:
        return _all_passed(step)
    if len(live) == 1 and s.declarer == live[0]:
        return _won(step)
    seat = rules.players.next(s.to_act or 0)
    while seat in s.passed:
        seat = rules.players.next(seat)
    step.set(to_act=seat, pending=(seat,))
    return False


def _won(step: Step) -> bool:
    s = step.state
    assert s.declarer is not None and s.bid is not None and s.contract is not None
    step.emit(AuctionWon(seat=s.declarer, bid=s.bid, contract=s.contract, points=s.bid_points))
    step.set(sub="", pending=(), to_act=None)
    return True


def _all_passed(step: Step) -> bool:
    step.emit(AllPassed(deal_no=step.state.deal_no))
    step.set(sub="", pending=(), to_act=None)
    step.restart = "all_pass"
    return False
