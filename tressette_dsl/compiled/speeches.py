"""An auction's speeches on plain values, the state written once at its end.

`auction.act` makes a speech through the step machinery: the contract part copied with
the new bid record (and the new highest bid), the phase's own record (the level), the
cursor moved on - three copies of the state a speech, none of which anybody reads in a
playout but the next speech's count of choices. `speeches` keeps the auction's values as
locals (the records, who passed, the highest bid, its level, whose turn) and counts each
speech's choices from them (`runs`: `auction.legal`'s runs, memoised by everything its
tests read); a speech that leaves the auction open is made on the locals as `act` and
`auction._next` make it. So is, since session 9, the speech that ends it (a bid that
closes, the last speaker of a round, the last bidder left, everybody passed): the state
is written once, the cursor cleared as `_won` and `_all_passed` clear it, and an
auction everybody passed asks for the deal again (`step.restart`). A forced bid after
everybody passed (`_forced`) and a step that logs events stay `act`'s: the state is
written as the speeches before left it, and `act` makes the last speech.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tressette_dsl.compiled.draws import _Randrange
from tressette_dsl.compiled.steps import Chooser, PlayoutStats
from tressette_dsl.engine.actions import Action, Bid, Pass
from tressette_dsl.engine.maker import maker
from tressette_dsl.engine.phases import auction as auction_kind
from tressette_dsl.engine.state import BidRecord, GameState
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.rules.phases.auction import AuctionPhase, BidSpec

# (bid, first points or None, how many) per bid allowed, the number of choices, and
# the choices but the last (pass) one by one: (the bid, its points or None)
Runs = tuple[tuple[tuple[str, int | None, int], ...], int, tuple[tuple[BidSpec, int | None], ...]]
_RUNS_LIMIT = 4096  # keys per auction: bounded, ample for the bids' heights and points


class _Auction:
    """What `speeches` keeps per auction phase: its bids by id, whether a bid waits for
    another (`after`: the bids made are then part of the key), the runs memo."""

    __slots__ = ("by_id", "memo", "spec", "waits")

    def __init__(self, spec: AuctionPhase) -> None:
        self.spec = spec
        self.by_id: dict[str, BidSpec] = {b.id: b for b in spec.bids}
        self.waits = any(b.after is not None for b in spec.bids)
        self.memo: dict[tuple[Any, ...], Runs] = {}

    def key(
        self,
        bid: str | None,
        level: int,
        points: int | None,
        all_passed: bool,
        records: Sequence[BidRecord],
    ) -> tuple[Any, ...]:
        """What `auction.legal` reads: a bid stands, its level and points, the deal
        before all passed (only `after_all_pass` asks), the bids made (only `after`)."""
        made = frozenset([r.bid for r in records]) if self.waits else None
        return (bid is None, level, points, all_passed, made)


_AUCTIONS: dict[int, _Auction] = {}


def _auction(spec: AuctionPhase) -> _Auction:
    found = _AUCTIONS.get(id(spec))
    if found is None or found.spec is not spec:
        if len(_AUCTIONS) > 256:  # rulesets built on the fly: bounded
            _AUCTIONS.clear()
        found = _AUCTIONS[id(spec)] = _Auction(spec)
    return found


def _all_passed_before(spec: AuctionPhase, s: GameState) -> bool:
    return bool(spec.after_all_pass) and auction_kind._after_all_pass(s)


def runs(spec: AuctionPhase, s: GameState) -> Runs:
    """The runs of `auction.legal` in state `s`, from the memo when known."""
    a = _auction(spec)
    cp = s.contract_part
    key = a.key(
        cp.bid, auction_kind._level(s), cp.bid_points, _all_passed_before(spec, s), cp.auction
    )
    found = a.memo.get(key)
    if found is None:
        if len(a.memo) >= _RUNS_LIMIT:
            a.memo.clear()
        found = a.memo[key] = _count_runs(spec, s)
    return found


def _count_runs(spec: AuctionPhase, s: GameState) -> Runs:
    """`auction.legal`'s runs worked out: each bid allowed and higher than the current
    one (a bid that names points once per number of points from the lowest that is
    higher)."""
    out: list[tuple[str, int | None, int]] = []
    for bid in spec.bids:
        if auction_kind._why_not(spec, bid, s) is not None:
            continue
        if bid.points is None:
            if auction_kind._higher(bid, None, s):
                out.append((bid.id, None, 1))
        else:
            low = auction_kind._lowest_points(bid, s)
            if bid.points[1] >= low:
                out.append((bid.id, low, bid.points[1] + 1 - low))
    by_id = {b.id: b for b in spec.bids}
    picks = tuple(
        [
            (by_id[bid_id], None if low is None else low + j)
            for bid_id, low, many in out
            for j in range(many)
        ]
    )
    return tuple(out), len(picks) + 1, picks


def nth_speech(found: Runs, i: int) -> Action:
    """The `i`-th choice of `auction.legal`'s order: the bids' runs, then pass."""
    for bid_id, low, many in found[0]:
        if i < many:
            return Bid(bid_id) if low is None else Bid(bid_id, low + i)
        i -= many
    return Pass()


def speeches(  # noqa: PLR0915 - a speech's draw and end written out: the hot loop
    rules: Ruleset,
    spec: AuctionPhase,
    step: Step,
    choose: Sequence[Chooser],
    stats: PlayoutStats,
) -> bool:
    """The auction in `step.state` to its end: the speeches that leave it open on
    locals, the last one by `auction.act` (its answer is returned: True when the
    auction is won, the caller then enters the next phases). Each speech's seat draws
    from its chooser as the random agent draws from `legal_actions`."""
    s0 = step.state
    a = _auction(spec)
    cp = s0.contract_part
    records = list(cp.auction)
    passed, bid, points, rank = cp.passed, cp.bid, cp.bid_points, cp.bid_rank
    declarer, contract = cp.declarer, cp.contract
    level = auction_kind._level(s0)
    bid_made = False  # the phase's own record (the level) is written by a bid only
    all_passed = _all_passed_before(spec, s0)
    pending, seat = s0.cursor.pending, s0.cursor.to_act
    once = spec.speeches == "once"
    n = s0.n
    nxt = _next_seats(rules)

    def values() -> _Values:
        return passed, bid, points, rank, declarer, contract, level if bid_made else None

    # each seat's `getrandbits` where its chooser is the plain random one: the draw
    # (`draws._Randrange`) written out, one call less a speech
    bits = [c.getrandbits if c.__class__ is _Randrange else None for c in choose]
    memo, waits, forced = a.memo, a.waits, spec.forced is not None
    silent = _silent(n)
    found = None  # a pass changes nothing the choices are counted from: kept until a bid
    while True:
        assert seat is not None
        if found is None:
            found = memo.get(
                a.key(bid, level, points, all_passed, records)
                if waits
                else (bid is None, level, points, all_passed, None)  # `key` without `after`
            )
            if found is None:  # worked out on the state the speeches so far make
                step.state = _written(s0, records, values(), pending=pending, seat=seat)
                found = runs(spec, step.state)
        many = found[1]
        g = bits[seat]
        if g is None:
            i = choose[seat](many)
        else:  # `_Randrange.__call__`: `many` >= 1 (pass is always there)
            k = many.bit_length()
            i = g(k)
            while i >= many:
                i = g(k)
        stats.actions += 1
        # the i-th choice (`nth_speech`): a bid with its points, else pass
        made, said = found[2][i] if i < many - 1 else _PASS
        # does it end the auction (`_ends`, written out): a bid that closes; with
        # `speeches: once` the last speaker; else nobody left, or only the highest
        # bidder (after this speech: `after` passed)
        after = passed if made is not None or seat in passed else passed | {seat}
        if made is not None and made.closes:
            ends = True
        elif once:
            ends = len(pending) <= 1
        else:
            live = n - len(after)
            by = seat if made is not None else declarer
            ends = live == 0 or (live == 1 and by is not None and by not in after)
        if ends and (step.log or (made is None and bid is None and forced)):
            # `auction.act`'s: the events, or a forced bid after all passed (`_forced`)
            step.state = _written(s0, records, values(), pending=pending, seat=seat)
            action = Pass() if made is None else Bid(made.id, said)
            return auction_kind.act(step, spec, action)
        if made is not None:
            records.append(_BID(seat, made.id, said))
            bid, points, rank = made.id, said, made.rank
            declarer, contract, level, bid_made = seat, made.contract, made.level, True
            found = None
        else:
            records.append(silent[seat])
            passed = after
        if ends:  # as `act` and `_next` end it: won (`_won`), or all passed (`_all_passed`)
            step.state = _written(s0, records, values(), pending=(), seat=None)
            return _won(step, made, bid is None if once else len(passed) == n)
        if once:
            pending = pending[1:]
            seat = pending[0]
        else:
            seat = nxt[seat]
            while seat in passed:
                seat = nxt[seat]
            pending = (seat,)


_BID = maker(BidRecord)  # `BidRecord(seat, bid, points)` without the frozen `__init__`
_PASS: tuple[None, None] = (None, None)
_SILENT: dict[int, tuple[BidRecord, ...]] = {}


def _silent(n: int) -> tuple[BidRecord, ...]:
    """Each seat's pass, `BidRecord(seat, None)`: frozen records, made once per seat
    count and shared by every auction (as the deal's blank parts are)."""
    found = _SILENT.get(n)
    if found is None:
        found = _SILENT[n] = tuple([BidRecord(x, None) for x in range(n)])
    return found


def _won(step: Step, made: BidSpec | None, nobody: bool) -> bool:
    """The auction's last speech (`made`, None for a pass) made on the locals: won
    (True), unless it was no closing bid and nobody is left to play (`nobody`: with
    `speeches: once` no bid stands, else every seat passed) - then all passed, and the
    deal is dealt again (`auction._all_passed` without a forced bid)."""
    if (made is None or not made.closes) and nobody:
        step.restart = "all_pass"
        return False
    return True


def _next_seats(rules: Ruleset) -> tuple[int, ...]:
    """`rules.players.next` of each seat, as a table (kept per ruleset object)."""
    found = _NEXT.get(id(rules))
    if found is None or found[0] is not rules:
        if len(_NEXT) > 256:  # rulesets built on the fly: bounded
            _NEXT.clear()
        table = tuple(rules.players.next(x) for x in range(rules.players.count))
        found = _NEXT[id(rules)] = (rules, table)
    return found[1]


_NEXT: dict[int, tuple[Ruleset, tuple[int, ...]]] = {}


# who passed, the highest bid, its points and rank, its bidder, its contract, its level
# (None: no bid was made here, the phase's own record is left as it was)
_Values = tuple[
    frozenset[int], str | None, int | None, int | None, int | None, str | None, int | None
]


def _written(
    s0: GameState,
    records: list[BidRecord],
    values: _Values,
    *,
    pending: tuple[int, ...],
    seat: int | None,
) -> GameState:
    """`s0` with the auction's values as the speeches made them, `seat` to speak (None:
    the auction over, the cursor cleared as `_won` and `_all_passed` clear it)."""
    cp = s0.contract_part
    if len(records) == len(cp.auction):
        return s0  # no speech made yet
    passed, bid, points, rank, declarer, contract, level = values
    written = s0.with_parts(
        cursor=s0.cursor.but(pending=pending, to_act=seat)
        if seat is not None
        else s0.cursor.but(sub="", pending=(), to_act=None),
        contract=cp.but(
            auction=tuple(records),
            passed=passed,
            bid=bid,
            bid_points=points,
            bid_rank=rank,
            declarer=declarer,
            contract=contract,
        ),
    )
    if level is None:
        return written
    return written.with_parts(local=auction_kind.AuctionLocal(bid_level=level))


__all__ = ["Runs", "nth_speech", "runs", "speeches"]
