"""The card that ends a contract game's play: the contract scored and the next deal dealt.

In a contract game (`sides.mode: contract`) the kernel plays the tricks, and its last card
used to be the interpreter's `apply`: the trick, the score phase (`scoring.score_deal`:
each side's facts, the points, the big wins, the payoff of the contract, all through
`evaluate` over dicts), the end of the match, and the next deal (its shuffle and packets,
then the phases up to the auction's first bid), with every event record built.

`ContractEnd.end` does the same on one `Step` without events: the last card through the
tricks phase's own `act` (its trick, the leftover, the called card's reveal: the
interpreter's code), then, for the shape `applies` accepts, the score phase as emitted
Python - the sides of the contract, `scoring.deal_points`, each big win's condition and the
payoff's five formulas (`dealend._function`: the same helpers, ints, thirds and
`Fraction`s as the interpreter's closures, never floats) - the match's end by the
interpreter's `match.check_end`, and the next deal's cards by `dealing.Packets` (the same
shuffle and packets as the deal phase); the phases after the deal are entered by the
interpreter's own `_advance`. Anything else at run time (a formula that gives no whole
number, no declarer, a phase in between) goes the interpreter's way from that point, so
the state is the interpreter's either way; the differential tests hold the two equal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from tressette_dsl.compiled.chain import _CONSTANT
from tressette_dsl.compiled.contractscore import record_function, record_source
from tressette_dsl.compiled.dealend import (
    _BIG_NAMES,
    _END_NAMES,
    _POINT_NAMES,
    _function,
    _unit_chunks,
)
from tressette_dsl.compiled.dealing import Packets, plain
from tressette_dsl.compiled.exprgen import Emitter, Uncovered
from tressette_dsl.compiled.gates import gates_of
from tressette_dsl.compiled.prelude import Opening
from tressette_dsl.compiled.seating import people_at
from tressette_dsl.compiled.steps import PlayoutStats
from tressette_dsl.engine import arguments
from tressette_dsl.engine import match as match_kind
from tressette_dsl.engine.actions import Play
from tressette_dsl.engine.arguments import trust
from tressette_dsl.engine.events import DealScored
from tressette_dsl.engine.game import _abandon, _advance, _first_dealer, _next_dealer, _restart
from tressette_dsl.engine.maker import maker
from tressette_dsl.engine.phases import PHASE_KINDS
from tressette_dsl.engine.phases.trick_features import leftover, partner, table
from tressette_dsl.engine.phases.tricks import winner_of
from tressette_dsl.engine.scoring import score_deal
from tressette_dsl.engine.state import (
    Contract,
    Cursor,
    DealRecord,
    DeclRecord,
    GameState,
    Match,
)
from tressette_dsl.engine.step import Step, evaluate, evaluate_seat
from tressette_dsl.rules import scopes
from tressette_dsl.rules.model import DealPhase, Ruleset, ScorePhase, TricksPhase

if TYPE_CHECKING:
    from tressette_dsl.compiled.kernel import Kernel

# the names each emitted formula is called with, in order (`_function`'s parameters;
# `declarer_side` is read as `side0`): `FastEnd`'s, and a big win's `opp_points` and
# `deal_total`, which a contract's big win may read too
_BIG = (*_BIG_NAMES, "opp_points", "deal_total")
# the names of `deal_env` that the trick play leaves as they were (the chain's names
# that one dealer fixes, and the deal's numbers; not the zones' sizes, the trick number
# or `holder`): a next dealer that reads only these is the same from the state the
# kernel was loaded from as from the interpreter's at the deal's end
_UNCHANGED = _CONSTANT | {"deal_no", "deals_counted"}
_PAYOFF = (
    "declarer_points",
    "declarer_units",
    "defender_points",
    "declarer_tricks",
    "bid_points",
    "contract",
    "contract_value",
    "contract_target",
    "alone",
    "multiplier",
    "adversaries",
    "success",
    "value",
)


class ContractEnd:
    """The end of a contract game's deal for one ruleset of the shape `applies` names."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        payoff = rules.payoff
        assert payoff is not None
        em = Emitter(rules.ctx)
        self.points = _function(
            em, rules.scoring.deal_points, "formula", scopes.DEAL_POINTS, _POINT_NAMES
        )
        self.bigs = tuple(
            (big, _function(em, big.condition, "condition", scopes.BIG_WIN, _BIG))
            for big in rules.scoring.big_wins
        )
        self.success = _function(em, payoff.success, "condition", scopes.PAYOFF_SUCCESS, _PAYOFF)
        self.value = _function(em, payoff.value, "formula", scopes.PAYOFF_VALUE, _PAYOFF)
        self.declarer = _function(em, payoff.declarer, "formula", scopes.PAYOFF_ROLE, _PAYOFF)
        self.partner: Callable[..., Any] | None = None
        if payoff.partner is not None:
            self.partner = _function(em, payoff.partner, "formula", scopes.PAYOFF_ROLE, _PAYOFF)
        self.defender = _function(em, payoff.defender, "formula", scopes.PAYOFF_ROLE, _PAYOFF)
        self.multiply = rules.scoring.big_win_effect == "multiply"
        self.ends: Callable[..., Any] | None = None  # `match.end` as Python, if it emits
        try:
            self.ends = _function(em, rules.match.end, "condition", scopes.MATCH_END, _END_NAMES)
        except Uncovered:
            self.ends = None
        self.score_at = len(rules.flow) - 1  # the score phase, right after the tricks
        deal = rules.flow[0]
        assert isinstance(deal, DealPhase)
        self.packets = Packets(rules, deal) if plain(rules, deal) else None
        self.orders = tuple(rules.players.order_from(x) for x in range(rules.players.count))
        self.closes = self.packets is not None and self._closes(rules, deal)
        self.gates = gates_of(rules)  # the phases' `when`, entered after the deal
        # `deck.units` summed over a mask's bytes (`dealend._unit_chunks`, checked there)
        self.units, self.chunks = _unit_chunks(rules.deck.units, rules.deck.size)
        # whole numbers for every card and the deck (then for every mask the tables sum)
        full = rules.deck.full_mask
        self.whole_units = all(
            self.units(m).__class__ is int
            for m in (0, full, *(1 << c for c in range(rules.deck.size) if full >> c & 1))
        )
        self.next_dealers = _dealers(rules, deal)
        self.blank = match_kind._blank(rules, rules.players.count)  # a deal's empty parts
        # the auction after the deal entered as the deal is written, where it may be
        self.opening = Opening.build(rules, self.blank[3])
        self.emitter = em  # for the scoring functions made per declarer and partner
        self.record_maker = _DEAL_RECORD
        self.people_at = people_at
        # `_record` for each (declarer, partner) met, as one generated function
        # (`contractscore`), or None where the general way (`_record(general=True)`) stays
        self.records: dict[tuple[int | None, int | None], Callable[..., Any] | None] = {}

    @staticmethod
    def _closes(rules: Ruleset, deal: DealPhase) -> bool:
        """May `close` end a deal from the kernel's lists: the last card does nothing
        but take the last trick, show the called card (which the next deal forgets)
        and give the leftover (no declaring, no draw, no other feature's hook on the
        card or the trick), and the next dealer reads nothing the play changes?"""
        spec = rules.flow[-2]
        assert isinstance(spec, TricksPhase)
        hooks = table(rules, spec)
        return (
            rules.declaring is None
            and spec.draw is None
            and not hooks.on_trick_won
            and not hooks.round_after_trick
            and not hooks.on_card_in_window
            and not hooks.on_card_with_signals
            and all(f is partner.on_card for f in hooks.on_card)
            and all(f is leftover.on_play_end for f in hooks.on_play_end)
            and deal.next_dealer.names <= _UNCHANGED
        )

    @staticmethod
    def applies(rules: Ruleset) -> str | None:
        """None when the shape fits, else what does not (kept for `coverage`)."""
        flow = rules.flow
        if rules.sides.mode != "contract" or rules.payoff is None:
            return "not a contract game with a payoff"
        if len(flow) < 3 or not isinstance(flow[0], DealPhase):
            return "a flow that does not begin with its deal"
        if not isinstance(flow[-2], TricksPhase) or not isinstance(flow[-1], ScorePhase):
            return "a flow that does not end with [tricks, score]"
        if flow[-2].when is not None or flow[-1].when is not None:
            return "a condition on the tricks or the score phase"
        if rules.players.dummy is not None:
            return "seating.dummy: the dummy's part of the deal's end"
        if rules.match.eliminate is not None or rules.match.check != "end_of_deal":
            return "match.eliminate or a match check other than at the end of the deal"
        scoring = rules.scoring
        if scoring.residual_to != "none" or scoring.deal_total is not None:
            return "scoring.residual_to or scoring.deal_total"
        if scoring.big_win_effect not in ("multiply", "none"):
            return f"scoring.big_win_effect: {scoring.big_win_effect}"
        for big in scoring.big_wins:
            if big.points is not None or big.others is not None:
                return "a big win that rescores the deal (points / others)"
            if big.cancels_opponent_declarations:
                return "a big win that cancels declarations"
        return None

    @staticmethod
    def build(rules: Ruleset) -> ContractEnd | None:
        if ContractEnd.applies(rules) is not None:
            return None
        try:
            return ContractEnd(rules)
        except Uncovered:
            return None

    # ------------------------------------------------------------------------------------

    def end(self, s: GameState, action: Play, stats: PlayoutStats) -> GameState:
        """`apply(rules, s, action)` for the card the kernel chose last (counted in
        `stats` as `apply_counted` counts it): the state the interpreter reaches."""
        rules = self.rules
        if s.match.deal_ended:  # as `apply` clears it at the deal's first action
            s = s.with_parts(match=s.match.but(deal_ended=False))
        deal_no = s.match.deal_no
        step = Step(rules, s, False)
        spec = rules.flow[s.cursor.phase]
        if PHASE_KINDS[spec.kind].act(step, spec, action):
            self._advance(step)
        elif step.restart:
            _restart(step)
        stats.actions += 1
        stats.card_plays += 1
        stats.deals_dealt += step.state.match.deal_no - deal_no
        return trust(rules, step.state)

    def close(self, k: Kernel, stats: PlayoutStats) -> GameState | None:
        """The state `end` returns for the kernel's last card (`k.card`, a card alone)
        when the match goes on - the next deal dealt and its phases entered - built from
        the kernel's lists and the state it was loaded from: the last trick, the
        leftover, the scoring (`_record`) and the match's end (`match.end` on the new
        totals); the ended deal's cards, which the next deal drops, are never written
        back. None, with nothing done, where `end` must play it (the match may end,
        a formula gives no whole number, a signal with the card)."""
        if not self.closes or k.card is None or k.between is not None:
            return None
        card, sig, _value = k.card
        seat, leader, hands = k.seat, k.leader, k.hands
        if sig >= 0 or leader is None or hands[seat] != 1 << card:
            return None
        for x, hand in enumerate(hands):
            if hand and x != seat:
                return None
        rules, origin = self.rules, k.origin
        trick = tuple(zip(self.orders[leader], (*k.trick, card), strict=False))
        if len(trick) != origin.n:
            return None
        winner = winner_of(rules, trick, None if k.trump < 0 else k.trump)
        won, tricks_won = list(k.won), list(k.tricks_won)
        for _x, c in trick:
            won[winner] |= 1 << c
        tricks_won[winner] += 1
        cp = origin.contract_part
        for zone, cards in zip(rules.zones, origin.cards.zones, strict=True):
            if not cards:  # `leftover.on_play_end`, zone by zone
                continue
            taker = {"last_trick_winner": winner, "declarer": cp.declarer}.get(zone.leftover_to)
            if taker is not None:
                for c in cards:
                    won[taker] |= 1 << c
        m = origin.match
        made = self._record(
            cp,
            m,
            won=won,
            tricks_won=tricks_won,
            last=winner,
            declarations=origin.play.declarations,
        )
        if made is None:
            return None
        totals, record = made
        counted = m.deals_counted + 1
        target = rules.match.target or 0
        try:
            if (
                evaluate(
                    rules.match.end,
                    {
                        "totals": totals,
                        "target": target,
                        "deals_counted": counted,
                        "deal_no": m.deal_no,
                    },
                )
                if self.ends is None
                else self.ends(totals, target, counted, m.deal_no)
            ):
                return None  # the match may end here: once a match, `end`'s way
        except Exception:  # the interpreter's own path raises its own error
            return None
        ended = m.but(
            totals=totals, deals=(*m.deals, record), deals_counted=counted, deal_ended=True
        )
        tabled, packets = self.next_dealers, self.packets
        dealt = None
        if tabled is not None and packets is not None and origin.n == rules.players.count:
            dealer = tabled[m.dealer]  # `next_deal`, the ended deal's state never built
            dealt = packets.deal(origin.seed, m.deal_no + 1, dealer)
        if dealt is not None:
            step = Step(rules, self._dealt(origin.seed, origin.n, ended, dealer, *dealt), False)
            self._enter(step)
        else:
            step = Step(rules, origin.with_parts(match=ended), False)
            self.next_deal(step)
        stats.actions += 1
        stats.card_plays += 1
        stats.deals_dealt += step.state.match.deal_no - m.deal_no
        return trust(rules, step.state)

    def _advance(self, step: Step) -> None:
        """`game._advance` from the end of the play: the score phase, then the next
        deal, on the kernel's side; any other moment the interpreter's `_advance`."""
        s = step.state
        if s.match.over or step.restart or s.cursor.phase + 1 != self.score_at:
            _advance(step)
            return
        step.update(  # a new phase: its own record starts empty
            cursor=s.cursor.but(phase=self.score_at, sub="", step=0, to_act=None, pending=()),
            local=None,
        )
        if not self.score(step):
            score_deal(step)
        if step.state.match.over:
            return
        self.next_deal(step)

    def next_deal(self, step: Step) -> None:
        """`game._end_deal` after a scored deal that did not end the match: the next
        dealer deals (`Packets`, the deal phase's shuffle and packets), and the phases
        after the deal are entered by the interpreter's `_advance`."""
        step.set_match(deal_ended=True)
        tabled = self.next_dealers
        dealer = (
            _next_dealer(self.rules, step.state)
            if tabled is None
            else tabled[step.state.match.dealer]
        )
        self.deal(step, dealer)

    def first(self, seed: int) -> GameState:
        """`new_game(rules, seed)` (no fixed cards, the ruleset's own seat count): the
        first dealer as `_begin` draws him, the first deal dealt by `deal` (`Packets`,
        the gates) instead of `_start_deal`; the arguments checked as `new_game` checks
        them."""
        rules = self.rules
        arguments.check_setup(
            "new_game", rules, seed=seed, dealer=None, deck=None, hands=None, zones={}
        )
        dealer = _first_dealer(rules, seed)
        zeros = (0,) * match_kind.total_slots(rules)
        begun = GameState(
            seed=seed, n=rules.players.count, match=Match(dealer=dealer, totals=zeros)
        )
        step = Step(rules, begun, False)
        self.deal(step, dealer)
        return trust(rules, step.state)

    def restart(self, step: Step) -> None:
        """`game._restart` (a deal everybody passed, or annulled): the deal recorded as
        not counted and the next dealer chosen by the interpreter's `_abandon`, the
        next deal dealt as `next_deal` deals it - but the match's first deal, which
        may be fixed (`_start_deal`'s own way)."""
        if step.state.match.deal_no == 0:
            _restart(step)
            return
        self.deal(step, _abandon(step))

    def deal(self, step: Step, dealer: int) -> None:
        """`game._start_deal` for a deal after the first (never a fixed deal): `Packets`
        deals, then the phases after the deal are entered by `_advance` (with `gates`);
        the deal phase's own `enter` where the packets do not apply."""
        rules = self.rules
        s = step.state
        deal_no = s.match.deal_no + 1
        dealt = None if self.packets is None else self.packets.deal(s.seed, deal_no, dealer)
        if dealt is not None and s.n == rules.players.count:
            step.state = self._dealt(s.seed, s.n, s.match, dealer, *dealt)
            self._enter(step)
            return
        fresh = match_kind.fresh_deal(rules, s, dealer, None)
        if dealt is None:  # the deal phase's own `enter` (and its error, if any)
            step.state = fresh  # `_start_deal` (a fixed deal is deal 1's alone)
            spec = rules.flow[0]
            if PHASE_KINDS[spec.kind].enter(step, spec):
                _advance(step, self.gates.passes, self.gates.enter)
            elif step.restart:
                _restart(step)
            return
        hands, zones = dealt
        step.state = fresh.with_parts(cards=fresh.cards.but(hands=hands, zones=zones))
        _advance(step, self.gates.passes, self.gates.enter)

    def _enter(self, step: Step) -> None:
        """The phases after a deal `_dealt` built (`step.state`, not yet handed out)
        entered: the auction right after it written into it (`prelude.Opening`), else
        `_advance` with the gates."""
        opening = self.opening
        if opening is None or not opening.open(step.state):
            _advance(step, self.gates.passes, self.gates.enter)

    def _dealt(  # noqa: PLR0917 - the parts of the state it builds, in their order
        self,
        seed: int,
        n: int,
        match: Match,
        dealer: int,
        hands: tuple[int, ...],
        zones: tuple[tuple[int, ...], ...],
    ) -> GameState:
        """`match.fresh_deal(rules, s, dealer, None)` of a state `s` of this `seed`,
        `n` and `match`, with the packets' hands and zones in its cards: the same state,
        built in one copy (the frozen constructor sets its fields one `__setattr__` at a
        time, and the cards were a second copy)."""
        cards, seen, play, contract = self.blank
        new: GameState = _new(GameState)
        new.__dict__.update(
            seed=seed,
            n=n,
            cursor=_CURSOR,
            cards=cards.but(hands=hands, zones=zones),
            seen=seen,
            play=play,
            contract_part=contract,
            match=match.but(deal_no=match.deal_no + 1, dealer=dealer, over=False, outcome=None),
            local=None,
            fixed=None,
        )
        return new

    def score(self, step: Step) -> bool:
        """`scoring.score_deal` for this shape, on emitted formulas; False (nothing
        changed) where the interpreter must score: no declarer, or a formula that gives
        no whole number (it then says why)."""
        s = step.state
        made = self._record(
            s.contract_part,
            s.match,
            won=s.cards.won,
            tricks_won=s.play.tricks_won,
            last=s.play.last_winner,
            declarations=s.play.declarations,
        )
        if made is None:
            return False
        totals, record = made
        m = s.match
        step.set_match(totals=totals, deals=(*m.deals, record), deals_counted=m.deals_counted + 1)
        if step.log:
            step.emit(
                DealScored(m.deal_no, True, record.points, record.deltas, totals, record.big_win)
            )
        match_kind.check_end(step)
        return True

    def _record(
        self,
        cp: Contract,
        m: Match,
        *,
        won: Sequence[int],
        tricks_won: Sequence[int],
        last: int | None,
        declarations: Iterable[DeclRecord],
        general: bool = False,
    ) -> tuple[tuple[int, ...], DealRecord] | None:
        """The totals after the deal and its record, from the deal's facts (state or
        kernel, the same computation); None where `score_deal` must score. By the
        generated function of the deal's declarer and partner (`contractscore`), made on
        first use, where there is one; with `general` (its fallback, and the reference
        the tests hold it to) step by step."""
        if not general:
            key = (cp.declarer, cp.partner)
            made = self.records.get(key, _UNMADE)
            if made is _UNMADE:
                made = self.records[key] = self._record_function(cp.declarer, cp.partner)
            if made is not None:
                return made(cp, m, won, tricks_won, last, declarations)  # type: ignore[no-any-return]
        declarer, partner = cp.declarer, cp.partner
        if declarer is None:
            return None
        contract = cp.contract or ""
        facts = self._facts(
            won=won,
            tricks_won=tricks_won,
            last=last,
            declarations=declarations,
            declarer=declarer,
            partner=partner,
        )
        formula = self.points
        points = []
        for i, (_seats, tricks, cu, is_last, units, said, _best, _out) in enumerate(facts):
            value = formula(units, cu, is_last, tricks, said, contract, i == 0)
            if value.__class__ is not int:
                return None
            points.append(value)
        total = sum(points) if self.bigs else 0
        big = self._big(facts, points, total, contract)
        multiplier = big[0].multiplier if big is not None and self.multiply else 1
        seated = None
        if self.rules.players.people is not None:
            try:  # where each person sits in this deal (a bad seating: the interpreter's error)
                seated = people_at(self.rules, m.dealer, m.deal_no)
            except Exception:
                return None
        paid = self._payoff(cp, len(won), facts, points, multiplier, seated=seated)
        if paid is None:
            return None
        success, per_seat = paid
        deltas = per_seat if seated is None else self._per_person(cp, per_seat, seated)
        totals = tuple([t + d for t, d in zip(m.totals, deltas, strict=True)])
        cols = tuple(zip(*facts, strict=True))
        record = _DEAL_RECORD(  # `DealRecord(...)`, every field by its name
            deal_no=m.deal_no,
            dealer=m.dealer,
            counted=True,
            reason="scored",
            contract=cp.contract,
            declarer=declarer,
            partner=partner,
            sides=cols[0],
            units=cols[4],
            cards_units=cols[2],
            tricks=cols[1],
            declared=cols[5],
            points=tuple(points),
            big_win=big[0].id if big else None,
            big_win_side=big[1] if big else None,
            multiplier=multiplier,
            success=success,
            deltas=tuple(deltas),
            totals=totals,
        )
        return totals, record

    def _record_function(
        self, declarer: int | None, partner: int | None
    ) -> Callable[..., Any] | None:
        """`_record` for deals of this declarer and partner as one generated function,
        its fallback `_record`'s general way; None where none is made."""
        if declarer is None or len(self.records) > 1024:  # bounded: seats are few
            return None
        try:
            source = record_source(self, self.emitter, declarer, partner)
        except Uncovered:
            return None
        if source is None:
            return None
        return record_function(source, partial(self._record, general=True))

    def _per_person(self, cp: Contract, per_seat: list[int], seated: tuple[int, ...]) -> list[int]:
        """`seating.people`: each seat's amount to the person sitting there
        (`table.total_slot_of_side`), and with `sitting_out: defender` a defender's
        amount to each person sitting the deal out (`occupancy.sitting_out_deltas`)."""
        deltas = [0] * len(seated)
        for person, seat in enumerate(seated):
            if seat >= 0:
                deltas[person] += per_seat[seat]
        people = self.rules.players.people
        if people is not None and people.sitting_out == "defender":
            attack = (cp.declarer, cp.partner)
            defender = next((x for x in range(len(per_seat)) if x not in attack), None)
            if defender is not None:
                for person, seat in enumerate(seated):
                    if seat == -1:
                        deltas[person] += per_seat[defender]
        return deltas

    def _facts(
        self,
        *,
        won: Sequence[int],
        tricks_won: Sequence[int],
        last: int | None,
        declarations: Iterable[DeclRecord],
        declarer: int,
        partner: int | None,
    ) -> list[Any]:
        """`scoring.side_facts(final=True)` of the contract's two sides (the declarer and
        his partner; the others from the declarer on), as tuples in `SideFacts`' order."""
        units_of = self.units
        everything = 0
        for m in won:
            everything |= m
        all_units = units_of(everything)
        attack = (declarer,) if partner is None or partner == declarer else (declarer, partner)
        defence = tuple([x for x in self.orders[declarer] if x not in attack])
        last_bonus = self.rules.scoring.last_trick
        facts = []
        for seats in (tuple(sorted(attack)), defence):
            cards = 0
            tricks = declared = 0
            best = seats[0]
            for x in seats:
                cards |= won[x]
                tricks += tricks_won[x]
                if (tricks_won[x], -x) > (tricks_won[best], -best):
                    best = x
            for r in declarations:
                if r.seat in seats and not r.cancelled:
                    declared += r.points
            cu = units_of(cards)
            is_last = last in seats
            facts.append(
                (
                    seats,
                    tricks,
                    cu,
                    is_last,
                    cu + (last_bonus if is_last else 0),
                    declared,
                    tricks_won[best],
                    all_units - units_of(won[best]),
                )
            )
        return facts

    def _big(
        self, facts: list[Any], points: list[int], total: int, contract: str
    ) -> tuple[Any, int] | None:
        """`scoring.find_big_win`: the first big win, in order, of the first side."""
        if not self.bigs:
            return None
        all_tricks = sum([f[1] for f in facts])
        all_cu = sum([f[2] for f in facts])
        all_units = sum([f[4] for f in facts])
        all_points = sum(points)
        args = [
            (
                *(units, cu, is_last, tricks, said, contract, i == 0),
                *(all_tricks - tricks, all_tricks, all_cu - cu, all_units - units, best, out),
                *(all_points - points[i], total),
            )
            for i, (_s, tricks, cu, is_last, units, said, best, out) in enumerate(facts)
        ]
        for spec, cond in self.bigs:
            for i, a in enumerate(args):
                if cond(*a):
                    return spec, i
        return None

    def _payoff(
        self,
        cp: Contract,
        n: int,
        facts: list[Any],
        points: list[int],
        multiplier: int,
        *,
        seated: tuple[int, ...] | None,
    ) -> tuple[bool, list[int]] | None:
        """`scoring._payoff`: success and each seat's amount (None: not whole numbers);
        `seated`, with `seating.people`, the seat of each person (-1: sitting out)."""
        declarer, partner = cp.declarer, cp.partner
        assert declarer is not None
        contract = self.rules.contracts.get(cp.contract or "")
        alone = partner is None
        value_of = 0
        if contract is not None:
            value_of = contract.alone_value if alone and contract.alone_value else contract.value
        attack = (declarer, partner)
        adversaries = sum(1 for x in range(n) if x not in attack)
        people = self.rules.players.people
        if seated is not None and people is not None and people.sitting_out == "defender":
            adversaries += sum(1 for x in seated if x == -1)  # `occupancy.adversaries`
        args: list[Any] = [
            points[0],
            facts[0][4],
            points[1] if len(points) > 1 else 0,
            facts[0][1],
            cp.bid_points or 0,
            cp.contract or "",
            value_of,
            (contract.target or 0) if contract else 0,
            alone,
            multiplier,
            adversaries,
            False,
            0,
        ]
        success = bool(self.success(*args))
        args[11] = success
        args[12] = self.value(*args)
        per_seat = [0] * n
        mine = self.declarer(*args)
        if mine.__class__ is not int:
            return None
        per_seat[declarer] = mine
        if partner is not None and self.partner is not None:
            theirs = self.partner(*args)
            if theirs.__class__ is not int:
                return None
            per_seat[partner] = theirs
        for seat in range(n):
            if seat not in attack:
                paid = self.defender(*args)
                if paid.__class__ is not int:
                    return None
                per_seat[seat] = paid
        return success, per_seat


_DEAL_RECORD = maker(DealRecord, keywords=True)
_CURSOR = Cursor()  # a new deal's cursor, as `GameState`'s default
_new = object.__new__
_UNMADE: Any = object()  # `ContractEnd.records` has no entry yet


def _dealers(rules: Ruleset, deal: DealPhase) -> tuple[int, ...] | None:
    """`game._next_dealer` per dealer, when the deal's `next_dealer` reads only the
    dealer, the players and the target (`next(dealer)`): one entry a dealer, worked out
    by `evaluate_seat` as `_next_dealer` works it out; else None (the interpreter's,
    each deal)."""
    expr = deal.next_dealer
    if not expr.names <= {"dealer", "players", "target"}:
        return None
    n = rules.players.count
    env: dict[str, Any] = {"players": n, "target": rules.match.target or 0}
    try:
        return tuple(evaluate_seat(expr, {**env, "dealer": d}, n) for d in range(n))
    except Exception:  # an error is the interpreter's own, at its own moment
        return None


__all__ = ["ContractEnd"]
