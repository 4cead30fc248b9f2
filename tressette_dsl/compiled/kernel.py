"""`playout`: play a state to the end of the deal (or match) on the compiled kernel.

The kernel is the generated trick loop (`codegen`) plus this driver. The driver keeps a
`GameState`; whenever the seat to act is playing a card in the ruleset's tricks phase, it
loads the state into a `Kernel` (mutable lists of int masks), lets the generated `run`
play until a moment it leaves to the interpreter (see `coverage`), writes the result back
as a `GameState` equal to the one the interpreter would have built, and lets the
interpreter apply that one action, with the choice the kernel already drew. Every other
decision is the interpreter's, chosen the same way. So the result is the interpreter's,
action for action, for the same choices.

A policy is ``policy(seat, n) -> index`` over the `n` choices of that seat: the legal
actions in the interpreter's canonical order with claims left out (unless a claim is all
there is), exactly the list `RandomAgent` draws from. The default is uniformly random
with one `random.Random` per seat (`rng` may be one source shared by all seats), so that
random bots give the same matches on both paths.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from tressette_dsl.compiled import seating
from tressette_dsl.compiled.cache import CompiledRuleset, compile_ruleset
from tressette_dsl.compiled.chain import Between, Chain, DealEnd, Finished, chain_for
from tressette_dsl.compiled.contract import contract_run
from tressette_dsl.compiled.contract import plays as contract_plays
from tressette_dsl.compiled.decltable import table_of
from tressette_dsl.compiled.draws import first_dealer, getrandbits_of
from tressette_dsl.compiled.rounds import in_round, kernel_round, round_step
from tressette_dsl.compiled.seats import Table
from tressette_dsl.compiled.steps import (
    Chooser,
    PlayoutStats,
    Policy,
    apply_counted,
    choosers,
    interpreted_step,
    no_claims,
)
from tressette_dsl.compiled.writeback import window_record, zones_with
from tressette_dsl.engine import to_act
from tressette_dsl.engine.actions import Play
from tressette_dsl.engine.declare import Option
from tressette_dsl.engine.game import _first_dealer, _restart, legal_actions, new_game
from tressette_dsl.engine.match import MatchResult, result, total_slots
from tressette_dsl.engine.seating import rules_for
from tressette_dsl.engine.state import (
    DeclRecord,
    GameState,
    Match,
    Reveal,
    SignalRecord,
    TrickRecord,
)
from tressette_dsl.engine.table import deal_env
from tressette_dsl.rules.model import Ruleset


class Kernel:
    """The mutable state of one run of the generated loop: plain lists and ints."""

    __slots__ = (
        "actions",
        "announced",
        "anymade",
        "bare",
        "base",
        "between",
        "called",
        "card",
        "chain",
        "cnt",
        "deal_no",
        "dealer",
        "deals",
        "deals_counted",
        "decls",
        "drawn",
        "finish",
        "finished",
        "free",
        "grb",
        "hands",
        "last_winner",
        "leader",
        "left",
        "mark",
        "monte",
        "must_follow",
        "origin",
        "pick",
        "played",
        "public",
        "reveal_log",
        "revealed",
        "revealed_announce",
        "rounds",
        "rules",
        "seat",
        "sig_log",
        "spos",
        "stock",
        "stop",
        "table",
        "totals",
        "trick",
        "trick_log",
        "trick_no",
        "tricks_won",
        "trump",
        "window_open",
        "won",
        "wplayed",
    )

    def __init__(self, rules: Ruleset, s: GameState) -> None:
        """Loaded from `s` (a state in the tricks phase with a seat to act), or, for a
        match the kernel deals itself, from its bare first state (`Chain.deal` then
        fills every list)."""
        n = s.n
        self.rules, self.origin = rules, s
        cards, play, contract, match = s.cards, s.play, s.contract_part, s.match
        table = self.table = table_of(rules)
        self.hands = list(cards.hands)
        self.played = list(cards.played)
        self.won = list(cards.won)
        self.public = list(s.seen.public)
        self.wplayed = list(s.window_played)
        self.tricks_won = list(play.tricks_won)
        self.drawn = list(play.drawn)
        self.announced = list(play.announced)
        self.revealed_announce = list(play.revealed_announce)
        self.trick = [card for _seat, card in cards.trick]
        self.trick_log: list[Any] = []
        self.sig_log: list[Any] = []
        self.reveal_log: list[int] = []
        self.anymade = [0] * n
        if table.any_time:
            index = {sig.id: i for i, sig in enumerate(rules.signals)}
            for rec in play.signals:
                if rec.trick_no == play.trick_no:
                    self.anymade[rec.seat] |= 1 << index[rec.signal]
        self.cnt = [0] * rules.deck.size
        self.stock = s.stock
        self.spos = 0
        self.left = sum([h.bit_count() for h in cards.hands])
        self.seat = s.cursor.to_act or 0
        self.leader = play.leader
        self.trick_no = play.trick_no
        self.must_follow = play.must_follow
        self.window_open = s.window_open
        self.last_winner = play.last_winner
        self.trump = -1 if play.trump is None else play.trump
        self.called = -1 if contract.called_card is None else contract.called_card
        self.revealed = contract.partner_revealed
        self.actions = self.free = self.pick = self.stop = 0
        self.card: tuple[int, int, int | None] | None = None  # (card, signal, value) chosen
        # the deal's declarations (the kernel's rounds add to them; their reveals go to
        # `reveal_log`, in turn with the drawn cards shown)
        self.decls: list[DeclRecord] = list(play.declarations)
        self.monte = s.monte
        # the match around the deal: `chain.Chain` carries it from deal to deal
        self.dealer, self.deal_no = match.dealer, match.deal_no
        self.deals_counted, self.totals, self.deals = match.deals_counted, match.totals, match.deals
        self.base: GameState | None = s  # the state this deal's records are written onto
        self.between: Between | None = None  # set when the kernel dealt this deal itself
        # `actions` when the kernel dealt this deal, declaring-round decisions since then
        self.mark = self.rounds = 0
        self.chain: Chain | None = None  # how `kernel_step` follows deal after deal
        self.finish = False  # may the chain end the match without writing a state?
        self.grb: list[Callable[[int], int]] | None = None  # see `draws.getrandbits_of`
        self.finished: Finished | None = None  # the match it ended so
        # a deal it ends scored to totals and outcome alone, no `DealRecord` (`tries`)
        self.bare = False

    @staticmethod
    def to_deal(rules: Ruleset, first: GameState) -> Kernel:
        """A kernel for a match it deals itself from its bare first state `first`: only
        what `Chain.deal` does not set (it fills every list and the deal's fields), the
        same values `Kernel(rules, first)` would give them - without copying the bare
        state's empty parts into lists that the deal replaces at once."""
        k: Kernel = _new(Kernel)
        k.rules, k.origin, k.table = rules, first, table_of(rules)
        k.cnt = [0] * rules.deck.size
        k.deal_no = first.match.deal_no
        k.actions = k.free = 0
        k.chain = k.grb = k.finished = None
        k.finish = k.bare = False
        return k

    def copy(self) -> Kernel:
        """Another kernel at the same moment, for another playout from it (a search bot
        trying each of its moves in one world): every list the loop changes is copied,
        the rest (ints, tuples, the frozen records and states) is shared. Only for a
        kernel that has not run yet (`grb`, `chain` and the run's results are not kept)."""
        c: Kernel = _new(Kernel)
        c.rules, c.origin, c.table = self.rules, self.origin, self.table
        c.hands, c.played, c.won = self.hands[:], self.played[:], self.won[:]
        c.public, c.wplayed = self.public[:], self.wplayed[:]
        c.tricks_won, c.drawn, c.announced = self.tricks_won[:], self.drawn[:], self.announced[:]
        c.revealed_announce, c.trick = self.revealed_announce[:], self.trick[:]
        c.trick_log, c.sig_log = self.trick_log[:], self.sig_log[:]
        c.reveal_log = self.reveal_log[:]
        c.anymade, c.cnt, c.decls = self.anymade[:], self.cnt[:], self.decls[:]
        c.stock, c.spos, c.left, c.seat = self.stock, self.spos, self.left, self.seat
        c.leader, c.trick_no, c.must_follow = self.leader, self.trick_no, self.must_follow
        c.window_open, c.last_winner, c.trump = self.window_open, self.last_winner, self.trump
        c.called, c.revealed = self.called, self.revealed
        c.actions, c.free, c.pick, c.stop = self.actions, self.free, self.pick, self.stop
        c.card, c.monte = self.card, self.monte
        c.dealer, c.deal_no, c.deals_counted = self.dealer, self.deal_no, self.deals_counted
        c.totals, c.deals, c.base, c.between = self.totals, self.deals, self.base, self.between
        c.mark, c.rounds = self.mark, self.rounds
        c.chain, c.finish, c.grb, c.finished, c.bare = None, False, None, None, self.bare
        return c

    def deal_env(self) -> dict[str, Any]:
        """The deal's environment, for the few expressions that read it: built only by a
        kernel whose source asks (once per run), not for every hand-over."""
        return deal_env(self.rules, self.base_state(self.chain))

    def declarable(self, seat: int, basis: int, only_with: int) -> bool:
        """Would the interpreter offer `seat` a declaration with its cards now? (The
        kernel's own records of the deal's declarations, through the tabulated options.)"""
        return bool(self.table.options(self.done(seat), basis, only_with))

    def turn_options(self, seat: int, basis: int) -> list[Option]:
        """What `seat` may declare at its own turn (`declare.options` on its basis)."""
        return self.table.options(self.done(seat), basis)

    def drawn_options(
        self, seat: int, hand: int, drawn: int, offered: Sequence[Option]
    ) -> list[Option]:
        """`offered` and then what `seat`'s drawn cards complete in its hand (the
        declarations that extend to drawn cards), less those already offered: the
        tricks phase's turn declarations, in its order."""
        seen = {(o[0].id, o[2]) for o in offered}
        more = self.table.options(self.done(seat), hand, drawn)
        return [*offered, *(o for o in more if (o[0].id, o[2]) not in seen)]

    def declare_turn(self, seat: int, option: Option, trick_no: int) -> None:
        """`declare.record` on the kernel: the record, and the cards shown if so ruled."""
        decl, text, cards = option
        d = self.rules.declaring
        scored_now = d is not None and d.scored == "immediately"
        self.decls.append(DeclRecord(seat, decl.id, text, cards, decl.points, trick_no, scored_now))
        if d is None or d.reveal == "on_declare":
            self.public[seat] |= cards & self.hands[seat]
            self.reveal_log.extend((~seat, cards))  # a declared reveal, in turn
        self.rounds += 1  # a decision made on this deal (`state`'s deal_ended)

    def done(self, seat: int) -> list[tuple[str, int]]:
        """What `seat` declared this deal, as `declare.options` compares it."""
        return [(r.decl, r.cards) for r in self.decls if r.seat == seat]

    def base_state(self, chain: Chain | None) -> GameState:
        """The state this deal's records are written onto: the one the kernel was
        loaded from, or (for a deal the kernel dealt itself) that deal's start."""
        if self.base is None:
            assert chain is not None
            self.base = chain.start_state(self)
        return self.base

    def state(self, rules: Ruleset, s: GameState, signal_ids: Sequence[str]) -> GameState:
        """The `GameState` the interpreter would hold after the same actions from `s`."""
        if not self.actions and self.between is None:
            return s
        n = s.n
        order = _seat_orders(rules).__getitem__
        tricks = list(s.tricks)
        log = self.trick_log
        width = 4 + n
        # the generated loop keeps no `played`: the cards of the tricks it logged and of
        # the trick on the table are added to what the seats had played when it began
        played = self.played
        for i in range(0, len(log), width):
            trick_no, leader, winner, follow = log[i : i + 4]
            plays = tuple(zip(order(leader), log[i + 4 : i + width], strict=True))
            tricks.append(TrickRecord(trick_no, leader, plays, winner, follow))
            for seat, card in plays:
                played[seat] |= 1 << card
        signals = list(s.signals)
        slog = self.sig_log
        for j in range(0, len(slog), 5):
            seat, sig, value, trick_no, card = slog[j : j + 5]
            signals.append(SignalRecord(seat, signal_ids[sig], value, trick_no, card))
        reveals = list(s.reveals)
        rlog = self.reveal_log  # (seat, cards) drawn and shown; (~seat, cards) declared
        for j in range(0, len(rlog), 2):
            who, shown = rlog[j], rlog[j + 1]
            if who >= 0:
                reveals.append(Reveal("drawn", who, shown, s.deal_no))
            else:
                reveals.append(Reveal("declared", ~who, shown, s.deal_no))
        seats = order(self.leader) if self.leader is not None else ()
        for seat, card in zip(seats, self.trick, strict=False):
            played[seat] |= 1 << card
        in_round = self.pick == -2  # a declaring round from the seat to act has begun
        # a deal the kernel dealt and nothing done in it yet: as the dealing left it
        fresh = self.between is not None and self.actions == self.mark and not self.rounds
        zones = zones_with(s, (("stock", tuple(self.stock[self.spos :])),))
        cards = s.cards.but(
            hands=tuple(self.hands),
            played=tuple(self.played),
            won=tuple(self.won),
            trick=tuple(zip(seats, self.trick, strict=False)),
        )
        if zones is not None:
            cards = cards.but(zones=zones)
        return s.with_parts(
            cursor=s.cursor.but(
                to_act=self.seat,
                sub="declare" if in_round else "play",
                pending=order(self.seat) if in_round else (),
            ),
            cards=cards,
            seen=s.seen.but(public=tuple(self.public), reveals=tuple(reveals)),
            play=s.play.but(
                tricks_won=tuple(self.tricks_won),
                drawn=tuple(self.drawn),
                trick_no=self.trick_no,
                leader=self.leader,
                must_follow=self.must_follow,
                last_winner=self.last_winner,
                tricks=tuple(tricks),
                declarations=tuple(self.decls),
                signals=tuple(signals),
            ),
            contract=s.contract_part.but(partner_revealed=self.revealed),
            match=s.match.but(deal_ended=fresh),
            local=window_record(s, self.window_open, tuple(self.wplayed)),
        )


def in_kernel(compiled: CompiledRuleset, state: GameState) -> bool:
    return (
        compiled.run is not None
        and not state.over
        and state.to_act is not None
        and state.phase == compiled.generated.phase_index
        and state.sub == "play"
    )


def kernel_step(
    rules: Ruleset,
    compiled: CompiledRuleset,
    state: GameState,
    choose: Sequence[Chooser],
    stats: PlayoutStats,
    *,
    deals: bool = False,
    limit: int = 1 << 62,
    finish: bool = False,
    light: bool = False,
    first: _First | None = None,
    loaded: Kernel | None = None,
) -> GameState | Finished | DealEnd:
    """Run the generated loop from `state`, then the interpreter for the action it left.

    With `deals` (a playout to the end of the match) a deal that ends with the match
    going on is followed on the kernel itself (`chain.Chain`), without writing a state
    between the deals, while fewer than `limit` actions were made; with `finish` too,
    a match the kernel ends itself gives its `Finished` record and no state at all; with
    `light`, a deal the kernel ends itself gives its `DealEnd` record (no next deal).
    `loaded` is `state` already loaded into a kernel that has not run (`Kernel.copy`)."""
    assert compiled.run is not None
    k = loaded if loaded is not None else Kernel(rules, state)
    chain = chain_for(compiled.fast_end, state) if deals else None
    k.chain = chain
    k.finish = finish
    _drive(rules, compiled, k, choose, stats=stats, limit=limit, run=True, first=first)
    return _hand_over(rules, compiled, k, state, choose, stats=stats, light=light)


def _drive(
    rules: Ruleset,
    compiled: CompiledRuleset,
    k: Kernel,
    choose: Sequence[Chooser],
    *,
    stats: PlayoutStats,
    limit: int,
    run: bool,
    first: _First | None = None,
) -> None:
    """The generated loop and the rounds and deal ends played on the kernel, until a
    moment that needs a `GameState` (or the end of a match the kernel ends itself)."""
    assert compiled.run is not None
    dummy = rules.players.dummy is not None
    asked = choose
    if dummy:  # a dummy's turn draws from its owner's chooser (`seating`)
        choose = seating.seated(rules, k.dealer, k.deal_no, asked)
    bits = [getrandbits_of(c) for c in choose]
    k.grb = None if None in bits else bits  # type: ignore[assignment]
    if first is not None and not first.used and k.grb is not None:
        k.grb[k.seat] = _FirstBits(first, k.grb, k.seat)
    chain = k.chain
    shown = seating.Exposure.before(rules, k) if dummy else None  # shown by the first card
    while True:
        if run:
            compiled.run(k, choose)
            if shown is not None:
                shown = shown.after(k)
        run = True
        if k.pick == -2 and k.seat == k.leader:  # a declaring round at a trick's start
            decisions = kernel_round(rules, k, choose)
            if decisions is None:
                break  # not the plain kind: the state is written back, `round_step` plays it
            stats.actions += decisions
            k.pick = k.stop = 0
            continue  # the same kernel plays on, no state written in between
        if (
            chain is not None
            and k.stop == 1
            and k.card is not None
            and stats.actions + k.actions < limit
            and chain.end(k, k.seat, *k.card)
        ):
            if k.finished is not None:
                break
            stats.deals_dealt += 1
            if dummy:  # the next deal's dummy and owner, and its exposure
                choose = seating.seated(rules, k.dealer, k.deal_no, asked)
                if k.grb is not None:
                    bits = [getrandbits_of(c) for c in choose]
                    k.grb = None if None in bits else bits  # type: ignore[assignment]
                shown = seating.Exposure.before(rules, k)
            run = k.pick != -2  # a round before the first trick: played first
            continue  # the next deal, dealt into the same kernel
        break


def _hand_over(
    rules: Ruleset,
    compiled: CompiledRuleset,
    k: Kernel,
    state: GameState,
    choose: Sequence[Chooser],
    *,
    stats: PlayoutStats,
    light: bool = False,
) -> GameState | Finished | DealEnd:
    """Count what the kernel did, then write its state back and let the interpreter
    apply the action it left (or give the `Finished` record of the match it ended, or
    with `light` the `DealEnd` record of the deal it ended)."""
    chain = k.chain
    stats.actions += k.actions
    stats.card_plays += k.actions - k.free
    stats.kernel_actions += k.actions
    if k.finished is not None:
        return k.finished
    fast = compiled.fast_end
    if k.stop == 1 and k.card is not None and fast is not None:  # the deal's last card
        quick = chain if chain is not None else chain_for(fast, state)
        if light and quick is not None:
            closed = quick._close(k, k.card[0])
            if closed is not None:  # scored on the kernel's data: no state, no next deal
                stats.actions += 1
                stats.card_plays += 1
                totals, record, _counted, outcome = closed
                if record is None:  # `k.bare`: the caller reads totals and outcome alone
                    return DealEnd(totals, (), outcome)
                return DealEnd(totals, (*k.deals, record), outcome)
        after = quick.next_state(k, k.card[0]) if quick is not None else None
        if after is not None:  # the next deal's state, without writing this deal's
            stats.actions += 1
            stats.card_plays += 1
            stats.deals_dealt += 1
            return after
    ends = compiled.contract_end
    if k.stop == 1 and ends is not None:  # a contract game's last card, on the lists
        next_deal = ends.close(k, stats)
        if next_deal is not None:
            return next_deal
    base = k.base_state(chain)
    state = k.state(rules, base, compiled.generated.signal_ids)
    if k.pick == -2:  # a declaring round has begun: `round_step` plays it
        return state
    if k.pick < 0:  # the kernel left this decision, unchosen, to the interpreter
        return interpreted_step(rules, state, choose, stats)
    if k.card is not None:  # a card it chose: the action needs no list of legal actions
        card, sig, value = k.card
        said = ((compiled.generated.signal_ids[sig], value),) if sig >= 0 else ()
        if k.stop == 1 and compiled.fast_end is not None:  # the last card of the deal
            ended = compiled.fast_end.end(state, k.seat, card, said)
            if ended is not None:
                stats.actions += 1
                stats.card_plays += 1
                stats.deals_dealt += not ended.over
                return ended
        if k.stop == 1 and compiled.contract_end is not None:  # a contract game's last card
            action = Play(rules.deck.card_text[card], said)
            return compiled.contract_end.end(state, action, stats)
        return apply_counted(rules, state, Play(rules.deck.card_text[card], said), stats)
    choices = no_claims(legal_actions(rules, state))
    return apply_counted(rules, state, choices[k.pick], stats)


def changed(s: GameState, **values: Any) -> dict[str, Any]:
    """The values that differ from `s`'s: zones and a phase's own fields are slow to set
    by their flat names (`GameState.replace` routes them one by one), and mostly a
    playout leaves them as they were. Not for a change of phase, which clears the
    phase's own record (then every such field must be given)."""
    return {name: v for name, v in values.items() if getattr(s, name) != v}


_new = object.__new__
_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {}


def _seat_orders(rules: Ruleset) -> tuple[tuple[int, ...], ...]:
    """`players.order_from` of every seat, computed once per table shape."""
    key = rules.players.count * rules.players.step
    found = _ORDERS.get(key)
    if found is None:
        found = _ORDERS[key] = tuple(
            rules.players.order_from(s) for s in range(rules.players.count)
        )
    return found


class _First:
    """A playout's forced first choice (a search bot trying each of its moves), made once,
    by whichever draw comes first: the interpreter's chooser (`_FirstThen`) or the
    kernel's inline draw (`_FirstBits`)."""

    __slots__ = ("used", "value")

    def __init__(self, value: int) -> None:
        self.value, self.used = value, False


class _FirstThen:
    """A chooser that returns the pending first choice once, then asks `then`."""

    __slots__ = ("first", "then")

    def __init__(self, first: _First, then: Chooser) -> None:
        self.first, self.then = first, then

    def __call__(self, n: int) -> int:
        first = self.first
        if first.used:
            return self.then(n)
        first.used = True
        if not 0 <= first.value < n:
            raise ValueError(f"first choice {first.value} is not one of the {n} choices")
        return first.value

    def bits_of(self) -> Callable[[int], int] | None:
        """The kernel draws for `then` (`draws.getrandbits_of`); `_drive` puts the pending
        first choice in front of them (`_FirstBits`)."""
        return getrandbits_of(self.then)


class _ForcedFirst:
    """A playout's `first` choice wired into the choosers: the seat to act gets a
    `_FirstThen` until the choice is used (by it or by the kernel's inline draw), then its
    plain chooser back (`settle`, after every step)."""

    __slots__ = ("pending", "restore")

    def __init__(
        self,
        choose: list[Chooser],
        state: GameState,
        first: int | None,
        rules: Ruleset | None = None,
    ) -> None:
        self.pending: _First | None = None
        self.restore: tuple[int, Chooser] | None = None
        if first is not None and state.to_act is not None and not state.over:
            # the seat whose chooser draws the first decision: a dummy's owner (`rules`)
            seat = to_act(state, rules)
            assert seat is not None
            self.restore = (seat, choose[seat])
            self.pending = _First(first)
            choose[seat] = _FirstThen(self.pending, choose[seat])

    def settle(self, choose: list[Chooser]) -> None:
        if self.restore is not None and self.pending is not None and self.pending.used:
            choose[self.restore[0]], self.restore = self.restore[1], None


class _FirstBits:
    """The kernel's `getrandbits` of the seat that decides first, returning the pending
    first choice once. The generated draw reads ``g = grb[seat]`` for every decision and
    calls `g` again only to reject a value too large, so this puts the seat's own
    `getrandbits` back when it answers, and a second call means the choice was out of
    range."""

    __slots__ = ("bits", "first", "real", "seat")

    def __init__(self, first: _First, bits: list[Callable[[int], int]], seat: int) -> None:
        self.first, self.bits, self.seat = first, bits, seat
        self.real = bits[seat]

    def __call__(self, k: int) -> int:
        first = self.first
        if first.used:
            raise ValueError(f"first choice {first.value} is not one of the choices")
        first.used = True
        self.bits[self.seat] = self.real
        return first.value


def playout(
    rules: Ruleset,
    state: GameState,
    rng: random.Random | Sequence[random.Random] | None = None,
    *,
    policy: Policy | None = None,
    until: str = "deal",
    stats: PlayoutStats | None = None,
    engine: str = "auto",
    max_actions: int = 200_000,
    first: int | None = None,
) -> GameState:
    """Play from `state` to the end of the deal (``until="deal"``) or of the match
    (``"match"``) and return the final state, the one the interpreter reaches with the
    same choices. `engine="interpreted"` plays every action on the interpreter (the
    reference); ``"auto"`` and ``"compiled"`` use the kernel where it covers the rules.
    `first`, if given, is the index of the first decision's choice (a search bot trying
    each of its moves), drawn from no random source."""
    if until not in ("deal", "match"):
        raise ValueError(f"until must be 'deal' or 'match', not {until!r}")
    rules = rules_for(rules, state)  # a seat table: the count's ruleset (`seats`)
    compiled = compile_ruleset(rules)
    if engine == "compiled" and not compiled.coverage.covers:
        raise ValueError(compiled.coverage.note())
    use_kernel = engine != "interpreted" and compiled.coverage.covers
    choose = choosers(rules.players.count, rng, policy)
    stats = stats if stats is not None else PlayoutStats()
    began = stats.actions
    forced = _ForcedFirst(choose, state, first, rules)
    pending = forced.pending
    table = Table.of(rules, compiled, state, choose) if until == "match" else None
    while not state.over:
        if table is not None and table.follow(state):  # seats left: the smaller table's
            rules, compiled, choose = table.rules, table.compiled, table.choose
            # a count the kernel does not cover is the interpreter's
            use_kernel = engine != "interpreted" and compiled.coverage.covers
        if use_kernel and in_kernel(compiled, state):
            state = kernel_step(  # type: ignore[assignment]  # no `finish`: a state
                rules,
                compiled,
                state,
                choose,
                stats,
                deals=until == "match",
                limit=began + max_actions,
                first=pending,
            )
        else:
            state = _step_outside(rules, compiled, state, choose, stats, rounds=use_kernel)
        forced.settle(choose)
        if until == "deal" and state.deal_ended:
            break
        _within_budget(stats, began, max_actions)
    return state


def _step_outside(
    rules: Ruleset,
    compiled: CompiledRuleset,
    state: GameState,
    choose: list[Chooser],
    stats: PlayoutStats,
    *,
    rounds: bool,
) -> GameState:
    """One step of a playout where the kernel's trick loop is not: a declaring round the
    kernel plays (`rounds`, when the kernel is in use), else one action on the
    interpreter."""
    if rounds and in_round(compiled, state):
        return round_step(rules, state, choose, stats)
    if rounds and compiled.coverage.covers and contract_plays(rules):
        # the contract phases' decisions (bids, calls, exchanges): `contract`
        ends = compiled.contract_end  # an all-pass deal dealt again by its `Packets`
        ran = contract_run(rules, state, choose, stats, _restart if ends is None else ends.restart)
        if ran is not None:
            return ran
    return interpreted_step(rules, state, choose, stats)


def _within_budget(stats: PlayoutStats, began: int, max_actions: int) -> None:
    """A playout that has not ended within `max_actions` actions is a bug, not a game."""
    if stats.actions - began >= max_actions:
        raise RuntimeError(f"the playout did not end within {max_actions} actions")


def playout_result(
    rules: Ruleset,
    state: GameState,
    rng: random.Random | Sequence[random.Random] | None = None,
    *,
    policy: Policy | None = None,
    stats: PlayoutStats | None = None,
    max_actions: int = 200_000,
    first: int | None = None,
) -> MatchResult:
    """``engine.result(rules, playout(rules, state, rng, ...))`` - the result after the
    deal is played out, same choices, same `first` - for a caller that wants only that
    (a search bot scoring a playout): when the kernel ends the deal itself, the deal is
    scored on its lists (`chain.DealEnd`) and neither the ended deal's state nor the
    next deal is built."""
    rules = rules_for(rules, state)  # a seat table: the count's ruleset (`seats`)
    compiled = compile_ruleset(rules)
    if not light_fits(rules, compiled, state):
        end = playout(
            rules, state, rng, policy=policy, stats=stats, max_actions=max_actions, first=first
        )
        return result(rules, end)
    choose = choosers(rules.players.count, rng, policy)
    stats = stats if stats is not None else PlayoutStats()
    forced = _ForcedFirst(choose, state, first, rules)
    got = deal_end(rules, compiled, state, choose, stats, forced=forced, max_actions=max_actions)
    if isinstance(got, DealEnd):
        return got.result(rules, state.n)
    return result(rules, got)


def light_fits(rules: Ruleset, compiled: CompiledRuleset, state: GameState) -> bool:
    """Can `deal_end` score the end of the deal from `state` on the kernel's lists (a
    covered ruleset of the simple shape, plain seats: no people, no eliminations)?"""
    return (
        compiled.coverage.covers
        and compiled.fast_end is not None
        and not state.match.roster
        and rules.players.people is None
    )


def deal_end(
    rules: Ruleset,
    compiled: CompiledRuleset,
    state: GameState,
    choose: list[Chooser],
    stats: PlayoutStats,
    *,
    forced: _ForcedFirst,
    max_actions: int,
    loaded: Kernel | None = None,
    began: int | None = None,
) -> DealEnd | GameState:
    """The playout of `playout_result` (where `light_fits`): the `DealEnd` record when the
    kernel ends the deal itself, else the state the deal (or match) ended in. `loaded`
    is `state` already loaded into a kernel (`Kernel.copy`), for the first kernel step;
    `began`, the count of actions the playout began at, when it began before `state`."""
    began = stats.actions if began is None else began
    pending = forced.pending
    while not state.over:
        if in_kernel(compiled, state):
            got = kernel_step(
                rules,
                compiled,
                state,
                choose,
                stats,
                limit=began + max_actions,
                light=True,
                first=pending,
                loaded=loaded,
            )
            loaded = None
            if isinstance(got, DealEnd):
                return got
            assert isinstance(got, GameState)  # no `finish`: never a `Finished`
            state = got
        else:
            loaded = None
            state = _step_outside(rules, compiled, state, choose, stats, rounds=True)
        forced.settle(choose)
        if state.deal_ended:
            break
        _within_budget(stats, began, max_actions)
    return state


def playout_match(
    rules: Ruleset,
    state: GameState,
    rng: random.Random | Sequence[random.Random] | None = None,
    *,
    policy: Policy | None = None,
    stats: PlayoutStats | None = None,
    max_actions: int = 200_000,
) -> Finished:
    """`playout(..., until="match")` for a caller that wants the match's result, not its
    final state: when the kernel ends the match itself (deal after deal on its own lists,
    `chain`), no `GameState` is built at all; otherwise the final state's record. The
    same choices give the same `Finished` as the interpreter's final state."""
    rules = rules_for(rules, state)  # a seat table: the count's ruleset (`seats`)
    compiled = compile_ruleset(rules)
    if not compiled.coverage.covers:
        end = playout(rules, state, rng, policy=policy, until="match", stats=stats)
        return Finished.of(end)
    choose = choosers(rules.players.count, rng, policy)
    stats = stats if stats is not None else PlayoutStats()
    began = stats.actions
    table = Table.of(rules, compiled, state, choose)
    covers = True
    while not state.over:
        if table is not None and table.follow(state):  # seats left: the smaller table's
            rules, compiled, choose = table.rules, table.compiled, table.choose
            covers = compiled.coverage.covers  # else that table is the interpreter's
        if not covers:
            state = interpreted_step(rules, state, choose, stats)
        elif in_kernel(compiled, state):
            got = kernel_step(
                rules,
                compiled,
                state,
                choose,
                stats,
                deals=True,
                limit=began + max_actions,
                finish=True,
            )
            if isinstance(got, Finished):
                return got
            assert isinstance(got, GameState)  # no `light`: never a `DealEnd`
            state = got
        else:
            state = _step_outside(rules, compiled, state, choose, stats, rounds=True)
        _within_budget(stats, began, max_actions)
    return Finished.of(state)


_BARE: dict[tuple[int, int], GameState] = {}


def bare_first(seed: int, n: int, dealer: int, slots: int) -> GameState:
    """``GameState(seed=seed, n=n, match=Match(dealer=dealer, totals=(0,) * slots))``,
    the bare state a match the kernel deals itself begins from: copied from one made
    once per (seats, slots), its seed and match set - as `GameState.with_parts` copies
    a state - instead of going through the frozen constructors of the state and its
    parts once a match (a few microseconds: a deal or so of the kernel's own work)."""
    template = _BARE.get((n, slots))
    if template is None:
        template = _BARE[(n, slots)] = GameState(seed=0, n=n, match=Match(totals=(0,) * slots))
    s: GameState = _new(GameState)
    fields = s.__dict__
    fields.update(template.__dict__)
    fields["seed"] = seed
    fields["match"] = template.match.but(dealer=dealer)
    return s


def playout_new_match(
    rules: Ruleset,
    seed: int,
    rng: random.Random | Sequence[random.Random] | None = None,
    *,
    policy: Policy | None = None,
    stats: PlayoutStats | None = None,
    max_actions: int = 200_000,
) -> Finished:
    """`playout_match(rules, new_game(rules, seed), ...)` with the first deal dealt by
    the kernel too (`chain.Chain.deal`, as it deals every later deal), so that no
    `GameState` is built for the match at all when the kernel plays it through. The
    match starts as `new_game` starts it: the first dealer from the deal phase's
    `first_dealer`, else `engine.rng.first_dealer` of the seed. Rulesets whose deals
    the chain does not deal start from `new_game` itself."""
    compiled = compile_ruleset(rules)
    n = rules.players.count
    fast = compiled.fast_end if compiled.coverage.covers else None
    first: GameState | None = None
    chain = None
    if fast is not None:
        dealer: int | None = None
        try:  # as `new_game` chooses him (the random draw written out over its generator)
            dealer = (
                first_dealer(seed, n)
                if fast.deal.first_dealer is None
                else _first_dealer(rules, seed)
            )
        except Exception:  # an expression that fails: `new_game` says why
            dealer = None
        if dealer is not None:
            first = bare_first(seed, n, dealer, total_slots(rules))
            chain = chain_for(fast, first)
    if chain is None or first is None:
        ends = compiled.contract_end if compiled.coverage.covers else None
        # a contract game's first deal dealt on the kernel's side, as it deals the others
        begun = new_game(rules, seed) if ends is None else ends.first(seed)
        return playout_match(rules, begun, rng, policy=policy, stats=stats, max_actions=max_actions)
    choose = choosers(n, rng, policy)
    stats = stats if stats is not None else PlayoutStats()
    k = Kernel.to_deal(rules, first)
    k.chain, k.finish = chain, True
    chain.deal(k, first, dealer=first.dealer, totals=first.totals, deals=(), counted=0)
    began = stats.actions
    _drive(rules, compiled, k, choose, stats=stats, limit=began + max_actions, run=k.pick != -2)
    got = _hand_over(rules, compiled, k, first, choose, stats=stats)
    if isinstance(got, Finished):
        return got
    assert isinstance(got, GameState)  # no `light`: never a `DealEnd`
    left = max_actions - (stats.actions - began)
    return playout_match(rules, got, rng, policy=policy, stats=stats, max_actions=left)


__all__ = [
    "Chooser",
    "Finished",
    "Kernel",
    "PlayoutStats",
    "Policy",
    "changed",
    "in_kernel",
    "kernel_step",
    "playout",
    "playout_match",
    "playout_new_match",
    "playout_result",
]
