"""Deal after deal on the kernel's own state: the end of a deal without a `GameState`.

For a playout to the end of the match (``until="match"``) of a ruleset of `FastEnd`'s
shape, the card that ends a deal need not be written back: `Chain.end` plays it on the
kernel's lists (the last trick, the leftover), scores the deal (one generated function,
`closing.close_source`, or `FastEnd`'s own functions where it does not apply), checks
the end of the match, and - when the match goes on - deals the next
deal into the same kernel (the seeded shuffle, the packets, the first leader, trump,
follow-suit and declaring window from per-dealer tables, the opening declarations). The
generated loop then plays on. A `GameState` is built only when a caller needs one: the
end of the match, or a moment the kernel hands to the interpreter; then `start_state`
builds the state the interpreter held when that deal began, through the same
`FastEnd.begin` the one-deal path uses, and the kernel's records are written onto it.

The per-dealer tables are exact only for expressions that cannot tell two deals with the
same dealer apart: their names must be among `_SAME_PER_DEALER` (the deal's constants,
the zones' sizes as dealt - every packet's size is fixed by the deck's size - and the
trick number 1); `Chain.build` refuses any other ruleset,
which then ends its deals as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tressette_dsl.compiled.closing import close_function
from tressette_dsl.compiled.dealend import FastEnd
from tressette_dsl.engine.match import MatchResult, result
from tressette_dsl.engine.state import (
    Cards,
    DealRecord,
    DeclRecord,
    GameState,
    Match,
    Outcome,
)
from tressette_dsl.engine.step import evaluate_seat
from tressette_dsl.engine.table import deal_env, zone_sizes
from tressette_dsl.rules.model import Expr, Ruleset

if TYPE_CHECKING:
    from tressette_dsl.compiled.kernel import Kernel

# deal-env names whose value at a deal's start is the same for every deal with one dealer
# in this shape (no auction, call or exchange: the contract names keep their defaults)
_CONSTANT = frozenset(
    {
        "dealer",
        "players",
        "target",
        "contract",
        "bid",
        "bid_rank",
        "bid_points",
        "declarer",
        "alone",
        "called_card",
        "called_from_defender",
    }
)


def _reads_only(e: Expr | None, names: frozenset[str]) -> bool:
    return e is None or e.names <= names


@dataclass(frozen=True, slots=True)
class Finished:
    """The end of a match played on the kernel, for a caller that wants the result and
    not the final state: what the state's match part would hold."""

    totals: tuple[int, ...]
    deals: tuple[DealRecord, ...]
    outcome: Outcome
    deal_no: int
    deals_counted: int
    over: bool = True
    dealer: int = 0  # of the last deal: where the people sat (`seating.people`)

    @staticmethod
    def of(s: GameState) -> Finished:
        """The same record from a finished state (the interpreter's, say)."""
        assert s.over and s.outcome is not None
        return Finished(s.totals, s.deals, s.outcome, s.deal_no, s.deals_counted, dealer=s.dealer)

    def result(self, rules: Ruleset, n: int) -> MatchResult:
        """`engine.result` of the final state: it reads the match part alone - and, with
        `seating.people`, where each person sat in the last deal (its dealer and number),
        for the totals and winners by seat."""
        match = Match(
            dealer=self.dealer,
            deal_no=self.deal_no,
            deals_counted=self.deals_counted,
            totals=self.totals,
            deals=self.deals,
            over=True,
            outcome=self.outcome,
        )
        cards = Cards(hands=(0,) * n) if rules.players.people is not None else Cards()
        return result(rules, GameState(seed=0, n=n, cards=cards, match=match))


@dataclass(frozen=True, slots=True)
class DealEnd:
    """The end of a deal played on the kernel, for a caller that wants the result and not
    the state (a search bot's playout to the end of the deal): the match part after the
    deal is scored - the match may go on (`outcome` None) - without the next deal dealt.
    `result` gives what `engine.result` gives on the interpreter's state after that deal
    (it reads the match's totals, deals and outcome alone; `playout_result` uses it only
    for tables of plain seats, no people and no eliminations)."""

    totals: tuple[int, ...]
    deals: tuple[DealRecord, ...]
    outcome: Outcome | None

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def result(self, rules: Ruleset, n: int) -> MatchResult:
        match = Match(
            totals=self.totals,
            deals=self.deals,
            over=self.outcome is not None,
            outcome=self.outcome,
        )
        return result(rules, GameState(seed=0, n=n, match=match))


@dataclass(slots=True)
class Between:
    """What the match part of the state holds while the kernel plays a chained deal, and
    how that deal was dealt (for `start_state`)."""

    first: GameState  # the state the kernel was loaded from: seed, n, its match part
    dealer: int
    deal_no: int
    deals_counted: int
    totals: tuple[int, ...]
    deals: tuple[DealRecord, ...]
    hands: tuple[int, ...]
    monte: tuple[int, ...]
    stock: tuple[int, ...]


class Chain:
    """`FastEnd` on the kernel: the end of a deal and the next one, for one ruleset."""

    def __init__(self, fast: FastEnd, origin: GameState) -> None:
        rules = self.rules = fast.rules
        self.fast = fast
        n = self.n = origin.n
        self.seat_at = tuple(rules.players.order_from(s) for s in range(n))
        self.suit = rules.deck.card_suit
        self.strength = rules.deck.card_strength
        d = rules.declaring
        self.opening = d is not None and d.at == "before_first_trick"
        self.mandatory = d is not None and d.mandatory
        self.on_declare = d is not None and d.reveal == "on_declare"
        self.scored_now = d is not None and d.scored == "immediately"
        self.end_of_trick = d is not None and d.at == "end_of_trick"
        self.leftover = rules.scoring.leftover_to == "last_trick_winner"
        # per dealer: the next dealer and the first trick's leader, trump, follow, window,
        # read off a deal begun by `FastEnd.begin` itself (the tables are its values)
        self.next_dealer: list[int] = []
        self.start: list[tuple[int, int, bool, bool]] = []
        # per dealer: the cards its deals put in the hands (the packets' sizes are fixed)
        self.dealt: list[int] = []
        for dealer in range(n):
            hands, monte, stock = fast.deal_cards(origin.seed, 1, dealer, n)
            self.dealt.append(sum(h.bit_count() for h in hands))
            probe = fast.begin(origin, dealer, hands, monte, stock)
            assert probe.leader is not None
            trump = -1 if probe.trump is None else probe.trump
            self.start.append((probe.leader, trump, probe.must_follow, probe.window_open))
            env = deal_env(rules, probe)
            self.next_dealer.append(evaluate_seat(fast.deal.next_dealer, env, n))
        fast.tables = (self.next_dealer, self.start)
        # the deal closed by its last card: one generated function (`closing`) when the
        # ruleset's scoring is written out, else the general way
        self._close: Callable[[Kernel, int], tuple[Any, ...] | None] = (
            close_function(fast.close_made, self._close_slow)
            if fast.close_made is not None
            else self._close_slow
        )

    @staticmethod
    def build(fast: FastEnd | None, origin: GameState) -> Chain | None:
        """The chain of `fast`'s ruleset, or None when a deal's start cannot be tabulated
        per dealer (an expression reads the deal number, a card's holder ...)."""
        if fast is None:
            return None
        rules = fast.rules
        sizes = frozenset(zone_sizes(origin))
        at_start = _CONSTANT | sizes | {"trick_no"}
        spec = fast.tricks
        d = rules.declaring
        if d is not None and d.at == "announce_then_reveal":
            return None  # its round at each deal's start is the state's (`FastEnd._next_deal`)
        if fast.eliminate is not None or fast.laid:
            # a deal may send seats away, or lays cards the kernel has no zone for:
            # `FastEnd.end` on the state
            return None
        if not (
            _reads_only(fast.deal.next_dealer, _CONSTANT)
            and _reads_only(spec.first_lead, at_start)
            and _reads_only(spec.trump, at_start)
            and _reads_only(spec.follow_suit, at_start)
            and _reads_only(d.window if d is not None else None, at_start)
        ):
            return None
        return Chain(fast, origin)

    # ------------------------------------------------------------------------------------

    def _close_slow(self, k: Kernel, card: int) -> tuple[Any, ...] | None:
        """The deal closed by `card` on the kernel's data, without changing `k`:
        (totals, record, deals counted, outcome or None), or None when the interpreter
        must apply the card (a declaring round follows the last trick, a formula gives
        no whole number). The record is None for a bare kernel (`Kernel.bare`)."""
        if self.end_of_trick and k.window_open:
            return None
        fast = self.fast
        leader = k.leader
        assert leader is not None
        trick = (*k.trick, card)
        suit, strength, trump = self.suit, self.strength, k.trump
        led = suit[trick[0]]
        bi = 0
        if trump < 0:  # no trump: the strongest card of the suit led
            top = strength[trick[0]]
            for i in range(1, len(trick)):
                c = trick[i]
                if suit[c] == led and strength[c] > top:
                    bi, top = i, strength[c]
        else:
            best = (2 if led == trump else 1, strength[trick[0]])
            for i in range(1, len(trick)):
                c = trick[i]
                cs = suit[c]
                key = (2 if cs == trump else 1 if cs == led else 0, strength[c])
                if key > best:
                    bi, best = i, key
        winner = self.seat_at[leader][bi]
        mask = 0
        for c in trick:
            mask |= 1 << c
        won = list(k.won)
        won[winner] |= mask
        tricks_won = list(k.tricks_won)
        tricks_won[winner] += 1
        rest = (*k.monte, *k.stock[k.spos :])
        if rest and self.leftover:
            for c in rest:
                won[winner] |= 1 << c
        first = k.between.first if k.between is not None else k.origin
        deal = first.contract_part
        scored = self.score(
            k, (deal.contract, deal.declarer, deal.partner), won, tricks_won, winner
        )
        if scored is None:
            return None
        totals, record, big = scored
        counted = k.deals_counted + 1
        outcome = fast._outcome(totals, counted, k.deal_no, big, dealer=k.dealer)
        return totals, record, counted, outcome

    def end(self, k: Kernel, seat: int, card: int, sig: int, val: int | None) -> bool:
        """Play `card` (with signal `sig`) as the last card of the deal on `k`: when the
        match goes on, deal the next deal into `k` and return True. False leaves `k`
        untouched (the match ends, a declaring round follows the last trick, a formula
        gives no whole number): the caller writes the state back as before."""
        closed = self._close(k, card)
        if closed is None:
            return False
        totals, record, counted, outcome = closed
        first = k.between.first if k.between is not None else k.origin
        if outcome is not None:
            if not k.finish:
                return False
            k.actions += 1
            k.finished = Finished(
                totals, (*k.deals, record), outcome, k.deal_no, counted, dealer=k.dealer
            )
            return True
        k.actions += 1  # the last card: an action and a card play of this kernel
        self.deal(
            k,
            first,
            dealer=self.next_dealer[k.dealer],
            totals=totals,
            deals=(*k.deals, record),
            counted=counted,
        )
        return True

    def next_state(self, k: Kernel, card: int) -> GameState | None:
        """The state after `card` ends the deal and the match goes on - the next deal
        dealt, as `FastEnd.end` returns it - built from the kernel's data: the ended
        deal's cards are dropped by the next deal anyway, so only its match part is
        written. None (nothing done) when the match ends or the card is the
        interpreter's: the caller writes the state back and ends the deal as before."""
        closed = self._close(k, card)
        if closed is None or closed[3] is not None:
            return None
        totals, record, counted, _outcome = closed
        base = k.base_state(self)
        prev = base.with_parts(
            match=base.match.but(
                deals_counted=counted,
                totals=totals,
                deals=(*k.deals, record),
                deal_ended=True,
            )
        )
        return self.fast._next_deal(prev)

    def score(
        self,
        k: Kernel,
        contract: tuple[str | None, int | None, int | None],
        won: list[int],
        tricks_won: list[int],
        winner: int,
    ) -> tuple[tuple[int, ...], DealRecord | None, Any] | None:
        """`FastEnd._score` of the kernel's deal, on its records (none for a bare one)."""
        facts = (*contract, k.deal_no, k.dealer)
        return self.fast._score(
            k.decls,
            facts,
            k.totals,
            won=won,
            tricks_won=tricks_won,
            last=winner,
            keep=not k.bare,
        )

    def deal(
        self,
        k: Kernel,
        first: GameState,
        *,
        dealer: int,
        totals: tuple[int, ...],
        deals: tuple[DealRecord, ...],
        counted: int,
    ) -> None:
        """The next deal, dealt into the kernel: fresh lists, the first trick set up, the
        opening declarations made (mandatory) or their round begun (`k.pick == -2`)."""
        n = self.n
        deal_no = k.deal_no + 1
        hands, monte, stock = self.fast.deal_cards(first.seed, deal_no, dealer, n)
        k.between = Between(
            first, dealer, deal_no, counted, totals, deals, tuple(hands), monte, stock
        )
        k.base = None
        k.dealer, k.deal_no, k.deals_counted, k.totals, k.deals = (
            dealer,
            deal_no,
            counted,
            totals,
            deals,
        )
        zeros = [0] * n
        k.hands = hands
        k.played, k.won, k.public, k.wplayed = zeros[:], zeros[:], zeros[:], zeros[:]
        k.tricks_won, k.drawn, k.announced, k.anymade = zeros[:], zeros[:], zeros[:], zeros[:]
        k.revealed_announce = [False] * n
        k.trick, k.trick_log, k.sig_log, k.reveal_log = [], [], [], []
        k.decls = []
        k.stock, k.spos, k.monte = stock, 0, monte
        k.left = self.dealt[dealer]
        leader, trump, follow, window = self.start[dealer]
        k.seat = k.leader = leader
        k.trick_no = 1
        k.trump = trump
        k.must_follow, k.window_open = follow, window
        k.last_winner = None
        k.called, k.revealed = -1, False
        k.pick = k.stop = 0
        k.card = None
        k.mark = k.actions
        k.rounds = 0
        if self.opening and window:
            if not self.mandatory:
                k.pick = -2  # a declaring round from the leader: the driver plays it
                return
            for seat in self.seat_at[leader]:
                done = [(r.decl, r.cards) for r in k.decls if r.seat == seat]
                basis = k.hands[seat] | k.wplayed[seat]
                for decl, text, cards in k.table.options(done, basis):
                    k.decls.append(
                        DeclRecord(seat, decl.id, text, cards, decl.points, 1, self.scored_now)
                    )
                    if self.on_declare:
                        k.public[seat] |= cards & k.hands[seat]
                        k.reveal_log.extend((~seat, cards))  # a declared reveal

    def start_state(self, k: Kernel) -> GameState:
        """The `GameState` the interpreter held when the kernel's current deal began (as
        `FastEnd._next_deal` returns it, without the opening declarations, which the
        kernel keeps in `k.decls` and writes back with the rest)."""
        b = k.between
        assert b is not None
        prev = b.first.with_parts(
            match=b.first.match.but(
                deal_no=b.deal_no - 1,
                deals_counted=b.deals_counted,
                totals=b.totals,
                deals=b.deals,
                deal_ended=True,
                over=False,
                outcome=None,
            )
        )
        s = self.fast.begin(prev, b.dealer, list(b.hands), b.monte, b.stock)
        leader = s.leader
        assert leader is not None
        return s.with_parts(
            cursor=s.cursor.but(sub="play", pending=(), to_act=leader),
            match=s.match.but(deal_ended=True),
        )


def chain_for(fast: FastEnd | None, origin: GameState) -> Chain | None:
    """The ruleset's chain, built once per `FastEnd` and kept on it (None when it does
    not apply)."""
    if fast is None:
        return None
    if fast.chain is False:
        fast.chain = Chain.build(fast, origin)
    found = fast.chain
    assert found is None or isinstance(found, Chain)
    return found


__all__ = ["Between", "Chain", "DealEnd", "Finished", "chain_for"]
