"""A contract deal from its deal to its play's start on plain values, written once.

Between a contract deal's cards and its first trick the interpreter's machinery writes a
state for every part changed: the auction entered (`_advance`: the cursor, then
`auction.begin`: the cursor, the contract, the phase's record), the auction's values at
its end (`speeches._written`), the call entered (`_advance`, `call.enter`), the call
(`calls.called`), the play entered (`_advance`, `tricks.enter`, `gates._begin_at_once`)
- some ten copies of the state and as many trips through `_advance`, `enter` and
`_asking`, none of which anybody reads in a playout but the next one (session 12's
profile: 2-5 % of a deal each). Two pieces here do that stretch on plain values:

* `Opening`: a deal dealt by the kernel (`ContractEnd._dealt`) with the auction that
  follows it already entered - the first speaker by the auction's emitted `first`, the
  cursor (one record per first speaker), the contract's blank bids and the auction's
  own record written into the dealt state as it is built, instead of `_advance` then
  `auction.begin` writing two more.
* `Prelude`: for a flow `[deal, auction, call, tricks, ...]` (the auction's declarer
  calls) or `[deal, call, tricks, ...]` (the call is the first decision), the auction's
  speeches on locals (`speeches`, which writes its values once at its end), the call
  entered on that state and made on it (`calls.called`: one write), the play's first
  leader and trump (`gates.Starts`) and its start written into the state the call's
  end makes, nobody else holding it: no `_advance`, `enter` or `_asking` between them.

Both are detected from the ruleset model (the phases' kinds, no `when` on them, the
expressions they read emitted, the play's start constant: `gates.Starts`); nothing is
known by name. At run time anything else - an auction everybody passed, an emitted
expression that raises or gives no seat, no card to call - hands over to the general
path from the state that path itself would have there, so the state is the
interpreter's either way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tressette_dsl.cardsets import nth_bit
from tressette_dsl.compiled.gates import Gates, gates_of, seat_of
from tressette_dsl.compiled.steps import Chooser, PlayoutStats
from tressette_dsl.engine.game import _advance, _entering
from tressette_dsl.engine.phases import auction as auction_kind
from tressette_dsl.engine.phases import call as call_kind
from tressette_dsl.engine.state import Contract, GameState, PhaseLocal
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.rules.phases.auction import AuctionPhase
from tressette_dsl.rules.phases.call import CallPhase

# `contract_run`'s pieces the run is made of: `speeches.speeches`, `calls.called`
Speeches = Callable[[Ruleset, AuctionPhase, Step, Sequence[Chooser], PlayoutStats], bool]
Called = Callable[[Step, CallPhase, int], bool]


class Opening:
    """The phase right after the deal (`flow[1]`, no `when`) entered as the deal is
    written, where it asks a seat its emitted expression names on the dealt state: an
    auction (`auction.begin`'s cursor, contract and record for its `first`) or a call
    whose `who` is a seat expression (`call.enter`'s cursor)."""

    def __init__(
        self,
        rules: Ruleset,
        first: Callable[[GameState], Any],
        sub: str,
        contract: Contract,
        local: PhaseLocal | None,
    ) -> None:
        self.first = first
        n = rules.players.count
        self.n = n
        entering = _entering(1)
        # the entered phase's cursor per first seat (an auction's asks the seats in
        # play order, a call's its caller): frozen records, the same for every deal
        self.cursors = tuple(
            entering.but(
                sub=sub,
                pending=rules.players.order_from(x) if sub == "bid" else (x,),
                to_act=x,
            )
            for x in range(n)
        )
        self.contract, self.local = contract, local

    @staticmethod
    def build(rules: Ruleset, blank: Contract) -> Opening | None:
        """The `Opening` of `rules`, or None where the phase after the deal is neither,
        has a `when`, or its seat expression does not emit."""
        flow = rules.flow
        if len(flow) < 2 or flow[1].when is not None:
            return None
        gates = gates_of(rules)
        first = gates.firsts[1]
        if isinstance(flow[1], AuctionPhase) and first is not None:
            reset = blank.but(
                auction=(),
                passed=frozenset(),
                bid=None,
                bid_points=None,
                bid_rank=None,
                declarer=None,
            )
            return Opening(rules, first, "bid", reset, auction_kind.AuctionLocal(bid_level=0))
        caller = gates.callers[1]
        if isinstance(flow[1], CallPhase) and caller is not None:
            return Opening(rules, caller, "call", blank, None)
        return None

    def open(self, dealt: GameState) -> bool:
        """Enter the phase in `dealt`, a state `ContractEnd._dealt` has just built (its
        blank contract, no phase record) and nobody holds yet: its fields are written
        in place. False, nothing done, where the seat asked is not a seat of this
        count (`_advance`'s way then: the phase kind's `enter` and its error)."""
        if dealt.n != self.n:
            return False
        seat = seat_of(self.first, dealt)
        if seat is None:
            return False
        dealt.__dict__.update(
            cursor=self.cursors[seat], contract_part=self.contract, local=self.local
        )
        return True


class Prelude:
    """A contract deal's auction (if any), call and play's start on plain values for a
    flow whose phases after the deal are `[auction, call, tricks]` or `[call, tricks]`,
    none with a `when`, the call's `who` the declarer when an auction names him, the
    call's cards and the play's first leader and trump emitted, the play's start
    constant (`gates.Starts`)."""

    def __init__(self, rules: Ruleset, gates: Gates, auction: int | None, call: int) -> None:
        self.rules = rules
        self.gates = gates
        bidding = None if auction is None else rules.flow[auction]
        assert bidding is None or isinstance(bidding, AuctionPhase)
        self.auction = bidding
        self.start = call if auction is None else auction  # where the run begins
        self.call = call
        calling = rules.flow[call]
        assert isinstance(calling, CallPhase)
        self.call_spec = calling
        cards = gates.calls[call]
        start = gates.starts[call + 1]
        assert cards is not None and start is not None and start.local is not None
        self.cards, self.starts = cards, start
        self.full = rules.deck.full_mask
        n = rules.players.count
        # the call's cursor per caller (`call.enter`), the play's per leader (`_resume`)
        entering = _entering(call)
        self.call_cursors = tuple(
            entering.but(sub="call", pending=(x,), to_act=x) for x in range(n)
        )
        self.tricks_entered = _entering(call + 1)
        self.play_cursors = tuple(
            self.tricks_entered.but(sub="play", pending=(), to_act=x) for x in range(n)
        )

    @staticmethod
    def build(rules: Ruleset) -> Prelude | None:
        """The `Prelude` of `rules`, or None where its flow is not of the shape run here
        (what it covers, by shape: the docstring of `Prelude`)."""
        flow = rules.flow
        if rules.players.dummy is not None or len(flow) < 3:
            return None
        auction: int | None = 1 if isinstance(flow[1], AuctionPhase) else None
        call = 1 if auction is None else 2
        if call + 1 >= len(flow):
            return None
        spec, tricks = flow[call], flow[call + 1]
        if (
            not isinstance(spec, CallPhase)
            or tricks.kind != "tricks"
            or any(p.when is not None for p in flow[1 : call + 2])
        ):
            return None
        if auction is not None:
            bidding = flow[auction]
            assert isinstance(bidding, AuctionPhase)
            if spec.who.role != "declarer":
                return None
        gates = gates_of(rules)
        start = gates.starts[call + 1]
        if gates.calls[call] is None or start is None or start.local is None:
            return None
        return Prelude(rules, gates, auction, call)

    def run(
        self,
        step: Step,
        choose: Sequence[Chooser],
        stats: PlayoutStats,
        speeches: Speeches,
        called: Called,
    ) -> None:
        """From `step.state`, the auction's (or the call's) first decision, to the play's
        start, each decision counted in `stats` and drawn from its seat's chooser as
        `contract_run` draws it, with `contract_run`'s own pieces: its `speeches` (the
        auction's values written once at its end) and its `called` (the call written
        once). Where the run hands over, `step.state` is the general path's state at
        that point and the general path goes on from it (a deal everybody passed:
        `step.restart` set, as `speeches` sets it)."""
        if self.auction is not None:
            if not speeches(self.rules, self.auction, step, choose, stats):
                return  # everybody passed: the caller deals again (`step.restart`)
            won = step.state  # the auction's values written, its cursor cleared
            declarer = won.contract_part.declarer
            assert declarer is not None
            seat = declarer
            # the call entered (`_advance`, `call.enter`): the general path's state there
            step.state = won.with_parts(cursor=self.call_cursors[seat], local=None)
        else:
            to_act = step.state.cursor.to_act
            assert to_act is not None
            seat = to_act
        self._call(step, seat, choose, stats, called)

    def _call(
        self,
        step: Step,
        seat: int,
        choose: Sequence[Chooser],
        stats: PlayoutStats,
        called: Called,
    ) -> None:
        """The call `step.state` asks `seat` for, then the play's start, written once."""
        asked = step.state
        try:
            cards = int(self.cards(asked)) & self.full
        except Exception:
            cards = 0
        spec = self.call_spec
        if cards and spec.ranks:
            cards = call_kind.by_priority(self.rules, spec.ranks, cards)
        if not cards:  # the call phase's own count (`contract._call_cards`) and error
            return
        card = nth_bit(cards, choose[seat](cards.bit_count()))
        stats.actions += 1
        called(step, spec, card)
        # the play entered (`_advance`): the general path's state before `tricks.enter`
        after = step.state
        entered = after.with_parts(cursor=self.tricks_entered, local=None)
        starts = self.starts
        found = starts.leader_and_trump(entered)
        cards_part = after.cards
        if found is None or after.n != starts.n or not any(cards_part.hands):
            _advance(step, self.gates.passes, self.gates.enter)  # `tricks.enter`'s way
            return
        leader, trump = found
        must_follow = starts.must_follow
        assert must_follow is not None
        entered.__dict__.update(  # `gates._begin_at_once`: the state not yet handed out
            cursor=self.play_cursors[leader],
            cards=cards_part if not cards_part.trick else cards_part.but(trick=()),
            play=after.play.but(trick_no=1, leader=leader, trump=trump, must_follow=must_follow),
            local=starts.local,
        )
        step.state = entered


_PRELUDES: dict[int, tuple[Ruleset, Prelude | None]] = {}


def prelude_of(rules: Ruleset) -> Prelude | None:
    """The `Prelude` of `rules` (None: its flow is not run here), kept per ruleset
    object (bounded: rulesets built on the fly in tests and house rules)."""
    found = _PRELUDES.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    if len(_PRELUDES) > 256:
        _PRELUDES.clear()
    made = Prelude.build(rules)
    _PRELUDES[id(rules)] = (rules, made)
    return made


__all__ = ["Opening", "Prelude", "prelude_of"]
