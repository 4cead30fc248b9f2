"""Determinisation: a full game state that one seat could not tell from the real one.

`determinize(rules, state, seat, rng)` keeps every card whose place `seat` knows where it
is, and deals the others at random to the places `seat` cannot see - the hidden part of
the other hands, the stock, a face-down monte - so that search bots (perfect-information
Monte Carlo, ISMCTS) can play on from the copy (OpenSpiel's `resample_from_infostate`, TAG's
`redeterminiseUnknown`).

What `seat` knows, and the result respects:

* *fixed* cards stay put: its own hand and its own discards, every card played this deal,
  cards shown in another hand (stock draws shown, a called card handed over, cards given or
  taken face up, monte cards moved after being shown, declared combinations when the rules
  reveal them), the monte while it lies shown;
* hand sizes, the stock and monte sizes, and *who put which card where* in a zone: a slot
  of the monte that holds a discard of seat x gets a card x could have held;
* a card shown in seat x's hand that x no longer shows (x discarded face down since) is in
  x's hand or among x's discards; a card shown in a zone that is face down again is still
  there (or in a hand, when the rules move or draw from that zone);
* voids: a seat that did not follow suit while follow-suit was in force holds no hidden
  card of that suit - unless it has drawn a card face down since;
* declarations whose cards the rules do not reveal: the cards the declared text implies
  (a pattern of three named ranks in one suit, declared as `D`: those three cards of D)
  are still in the declarer's hand unless played;
* the secret partner: when `seat` does not know him, he is whoever holds the called card in
  the copy (nobody, if the caller or the monte does).

* truthful signals that say a suit is exhausted (the truth is false of every hand
  that still holds a card of the suit led) are voids too, from the moment they were made;
* a called card that nobody handed over (the call's effect is a transfer) and that the
  shown monte did not hold is in the caller's hand, or among the caller's discards.

Soft constraints, met when sampling can (else the sample that breaks the fewest is used):
the other truthful signals of the other seats must be true of their sampled hands at the
time they were made (signals whose truth needs `unseen` or `stock_size` are not checked); a
seat that announced a combination must hold one; a declaration whose text does not fix its
cards must match an instance in the declarer's sampled cards.

Sampling: up to `UNIFORM_TRIES` uniform deals of the hidden cards into the hidden slots are
tried (rejection sampling: exact, uniform over consistent deals); when they all fail, one
placement is drawn exactly uniformly from the constraint model (`assignment.uniform`: the
placements counted by mask types). Soft constraints are met by drawing up to `SOFT_TRIES`
such samples, never by moving cards about. The future deals are chance too, so the copy
gets a new seed drawn from `rng`.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

from tressette_dsl.engine import declare, zone_view
from tressette_dsl.engine import rng as chance
from tressette_dsl.engine.arguments import check_rng, check_seat, check_state
from tressette_dsl.engine.assignment import feasible, uniform
from tressette_dsl.engine.occupancy import shares_view
from tressette_dsl.engine.phases.call import CallPhase
from tressette_dsl.engine.state import DeclRecord, GameState, TrickRecord
from tressette_dsl.engine.step import evaluate
from tressette_dsl.engine.views import secret_partner
from tressette_dsl.expr import pattern_instances
from tressette_dsl.rules.model import (
    DiscardPhase,
    GivePhase,
    MovePhase,
    Ruleset,
    TricksPhase,
    iter_cards,
)
from tressette_dsl.rules.zones import size_names

UNIFORM_TRIES = 60
SOFT_TRIES = 8  # samples that meet the hard constraints, tried against the soft ones
_UNCHECKABLE = frozenset({"unseen", *size_names()})

Place = tuple[str, Any]  # ("hand", seat) or (zone, discarding seat | None)


def determinize(rules: Ruleset, state: GameState, seat: int, rng: random.Random) -> GameState:
    """A full state consistent with everything `seat` may know; the rest dealt at random."""
    if getattr(rules, "seat_table", None) is not None:
        from tressette_dsl.engine.seating import rules_for  # noqa: PLC0415

        rules = rules_for(rules, state)
    check_state("determinize", rules, state)
    check_seat("determinize", seat, state.n)
    check_rng("determinize", rng)
    problem = _Problem(rules, state, seat)
    groups = problem.sample(rng)
    return problem.build(groups, rng)


def sampler(rules: Ruleset, state: GameState, seat: int) -> Callable[[random.Random], GameState]:
    """`determinize` for many worlds of one state and seat (a search bot's decision): what
    `seat` knows is worked out once, and each call draws one world from `rng`, the same
    world that ``determinize(rules, state, seat, rng)`` draws from the same `rng` state
    (working it out draws nothing; a draw that must relax the constraints relaxes them for
    itself alone, as a fresh `determinize` would)."""
    if getattr(rules, "seat_table", None) is not None:
        from tressette_dsl.engine.seating import rules_for  # noqa: PLC0415

        rules = rules_for(rules, state)
    check_state("determinize", rules, state)
    check_seat("determinize", seat, state.n)
    problem = _Problem(rules, state, seat)
    allowed = problem.allowed

    def draw(rng: random.Random) -> GameState:
        check_rng("determinize", rng)
        problem.allowed = allowed
        return problem.build(problem.sample(rng), rng)

    return draw


class _Problem:
    """The hidden cards, the places they may go (groups of slots), and the constraints."""

    def __init__(self, rules: Ruleset, s: GameState, seat: int) -> None:
        self.rules, self.s, self.seat = rules, s, seat
        deck = rules.deck
        self.fixed = self._fixed()
        # places: the hidden part of each other hand, then zone slots grouped by who put
        # the card there (None = dealt there)
        self.places: list[Place] = []
        self.caps: list[int] = []
        index: dict[Place, int] = {}
        for x in range(s.n):
            if x != seat:
                index[("hand", x)] = len(self.places)
                self.places.append(("hand", x))
                self.caps.append((s.cards.hands[x] & ~self.fixed).bit_count())
        self.slots: dict[str, list[tuple[int, int]]] = {}  # zone -> [(position, group)]
        for zone, cards in zip(s.cards.zone_ids, s.cards.zones, strict=True):
            slots = []
            for pos, card in enumerate(cards):
                if self.fixed >> card & 1:
                    continue
                origin = next(
                    (x for x in range(s.n) if x != seat and s.seen.discarded[x] >> card & 1), None
                )
                place = (zone, origin)
                if place not in index:
                    index[place] = len(self.places)
                    self.places.append(place)
                    self.caps.append(0)
                self.caps[index[place]] += 1
                slots.append((pos, index[place]))
            self.slots[zone] = slots
        self.index = index
        self.hidden = deck.full_mask & ~self.fixed
        self.cards = iter_cards(self.hidden)
        if len(self.cards) != sum(self.caps):  # every card in one zone: cannot happen
            raise AssertionError("determinize: hidden cards and hidden slots differ")
        self.allowed = [self._allowed(card) for card in self.cards]
        # `_signal_parts` of each signal record, by its id (the record kept with them)
        self.signal_parts: dict[int, tuple[Any, Any]] = {}
        self.soft = _SoftChecks(self)

    # --- what is known -------------------------------------------------------------------

    def _fixed(self) -> int:
        """Cards whose place `seat` knows."""
        s, seat = self.s, self.seat
        zones = 0
        for cards in s.cards.zones:
            for card in cards:
                zones |= 1 << card
        mask = s.cards.hands[seat] | (s.seen.discarded[seat] & zones)
        for x in range(s.n):
            mask |= (s.seen.public[x] & s.cards.hands[x]) | s.cards.played[x] | s.cards.won[x]
            if self.rules.players.dummy is not None and shares_view(self.rules, s, seat, x):
                mask |= s.cards.hands[x]  # a dummy and its owner know each other's hands
        for _x, card in s.cards.trick:
            mask |= 1 << card
        return mask | zone_view.visible_mask(self.rules, s, seat)

    def _group_mask(
        self, *, hand: int | None = None, zone: str | None = None, origin: Any = "any"
    ) -> int:
        out = 0
        for g, (kind, who) in enumerate(self.places):
            if hand is not None and kind == "hand" and who == hand:
                out |= 1 << g
            if zone is not None and kind == zone and origin in ("any", who):
                out |= 1 << g
        return out

    def _allowed(self, card: int) -> int:
        rules, s = self.rules, self.s
        every = (1 << len(self.places)) - 1
        hands = sum(1 << g for g, (kind, _x) in enumerate(self.places) if kind == "hand")
        allowed = every
        last = next((r for r in reversed(s.seen.reveals) if r.cards >> card & 1), None)
        if last is not None and last.seat is not None and last.seat != self.seat:
            x = last.seat  # seen in x's hand: still there, or discarded by x since
            allowed = self._group_mask(hand=x)
            for zone in self._discard_zones():
                allowed |= self._group_mask(zone=zone, origin=x)
            if any(isinstance(p, GivePhase) and not p.shown for p in rules.flow):
                allowed |= hands
        elif last is not None and last.seat is None:  # seen lying in a zone
            zone = last.what
            allowed = self._group_mask(zone=zone)
            if self._leaves_blind(zone):
                allowed |= hands
        suit = rules.deck.card_suit[card]
        for x, void_suit in self.voids():
            if void_suit == suit:
                allowed &= ~self._group_mask(hand=x)
        for x, forced in self.declared():
            if forced >> card & 1:
                allowed &= self._group_mask(hand=x)
        if card == s.contract_part.called_card and self._kept_by_caller():
            caller = s.contract_part.declarer
            assert caller is not None
            keep = self._group_mask(hand=caller)
            for zone in s.cards.zone_ids:  # dealt there unseen, or discarded there by him
                keep |= self._group_mask(zone=zone, origin=None)
                keep |= self._group_mask(zone=zone, origin=caller)
            allowed &= keep
        return allowed

    def _kept_by_caller(self) -> bool:
        """A card was called with a transfer, and nobody handed it over: it was in the
        caller's hand (or in a zone: then the shown zone tells, and the card is fixed)."""
        s = self.s
        contract = s.contract_part
        return (
            contract.called_card is not None
            and contract.call_supplier is None
            and contract.declarer is not None
            and contract.declarer != self.seat
            and any(isinstance(p, CallPhase) and p.effect == "transfer" for p in self.rules.flow)
        )

    def _discard_zones(self) -> set[str]:
        return {p.to for p in self.rules.flow if isinstance(p, DiscardPhase)}

    def _leaves_blind(self, zone: str) -> bool:
        """Can a card leave `zone` for a hand without every seat seeing it?"""
        for p in self.rules.flow:
            if isinstance(p, MovePhase) and p.source == zone and not p.shown:
                return True
            if (
                isinstance(p, TricksPhase)
                and p.draw is not None
                and p.draw.source == zone
                and not p.draw.shown
            ):
                return True
        return False

    _voids: list[tuple[int, int]] | None = None

    def voids(self) -> list[tuple[int, int]]:
        """(seat, suit): the hidden part of that seat's hand has no card of the suit."""
        if self._voids is not None:
            return self._voids
        s, suit_of = self.s, self.rules.deck.card_suit
        draw = self.draw_spec()
        current = TrickRecord(
            s.play.trick_no, s.play.leader or 0, s.cards.trick, -1, s.play.must_follow
        )
        out = set()
        for trick in (*s.play.tricks, current):
            if not trick.follow or not trick.plays:
                continue
            led = suit_of[trick.plays[0][1]]
            for x, card in trick.plays[1:]:
                if suit_of[card] == led or x == self.seat:
                    continue
                refilled = (
                    draw is not None
                    and not draw.shown
                    and s.play.drawn[x].bit_count() >= trick.trick_no
                )
                if not refilled:
                    out.add((x, led))
        out.update(self._signalled_voids())
        self._voids = sorted(out)
        return self._voids

    def _signalled_voids(self) -> set[tuple[int, int]]:
        """Voids said by truthful signals of the others (see `_says_void`)."""
        rules, s = self.rules, self.s
        out: set[tuple[int, int]] = set()
        if not rules.signaling.truthful or not s.play.signals:
            return out
        draw = self.draw_spec()
        suit_of = rules.deck.card_suit
        firsts = {t.trick_no: t.plays[0][1] for t in s.play.tricks if t.plays}
        if s.cards.trick:
            firsts[s.play.trick_no] = s.cards.trick[0][1]
        for r in s.play.signals:
            if r.seat == self.seat or not _says_void(rules, r.signal, r.value):
                continue
            first = firsts.get(r.trick_no)
            if first is None:
                continue
            blind = draw is not None and not draw.shown and s.play.drawn[r.seat]
            if not blind:
                out.add((r.seat, suit_of[first]))
        return out

    def draw_spec(self) -> Any:
        spec = self.rules.flow[self.s.phase] if self.s.phase < len(self.rules.flow) else None
        return spec.draw if isinstance(spec, TricksPhase) else None

    _declared: list[tuple[int, int]] | None = None

    def declared(self) -> list[tuple[int, int]]:
        """(seat, cards): cards a hidden declaration implies, still in the declarer's hand."""
        if self._declared is None:
            self._declared = [
                (r.seat, forced_cards(self.rules, r) & self.hidden)
                for r in self.hidden_declarations()
            ]
        return self._declared

    def hidden_declarations(self) -> list[DeclRecord]:
        d = self.rules.declaring
        if d is None or d.reveal == "on_declare":
            return []
        return [r for r in self.s.declarations if r.seat != self.seat]

    # --- sampling ----------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> list[int]:
        """A place (group index) per hidden card: the first of up to `UNIFORM_TRIES`
        uniform shuffles that meets every constraint; when shuffles meet only the hard
        ones `SOFT_TRIES` times, the one that breaks the fewest soft ones; when none meets
        the hard ones, exact uniform draws from the constraint model (`assignment.uniform`),
        again up to `SOFT_TRIES` of them for the soft constraints. Never a local repair:
        moving cards about until the words fit is biased, and it wandered."""
        allowed, caps = self.allowed, self.caps
        slots = [g for g, cap in enumerate(caps) for _ in range(cap)]
        best: list[int] | None = None
        best_misses = 0
        tried = 0
        shuffle = _shuffler(rng)
        # only the cards with somewhere they may not go are tested (the same test)
        every = (1 << len(caps)) - 1
        limited = [(i, a) for i, a in enumerate(allowed) if a & every != every]
        for _ in range(UNIFORM_TRIES):
            shuffle(slots)
            for i, a in limited:
                if not a >> slots[i] & 1:
                    break
            else:
                misses = self.soft.misses(slots) if self.soft.any else 0
                if misses == 0:
                    return slots
                if best is None or misses < best_misses:
                    best, best_misses = list(slots), misses
                tried += 1
                if tried >= SOFT_TRIES:
                    return best
        if best is not None:
            return best
        if not feasible(allowed, caps):  # only if a constraint above is wrong: relax
            self.allowed = allowed = [(1 << len(caps)) - 1] * len(self.cards)
        for _ in range(SOFT_TRIES if self.soft.any else 1):
            groups = uniform(allowed, caps, rng)
            misses = self.soft.misses(groups) if self.soft.any else 0
            if misses == 0:
                return groups
            if best is None or misses < best_misses:
                best, best_misses = groups, misses
        assert best is not None
        return best

    # --- the copy ------------------------------------------------------------------------

    def masks(self, groups: Sequence[int]) -> list[int]:
        out = [0] * len(self.places)
        for card, g in zip(self.cards, groups, strict=True):
            out[g] |= 1 << card
        return out

    def new_hands(self, masks: Sequence[int]) -> list[int]:
        s = self.s
        hands = list(s.cards.hands)
        for x in range(s.n):
            if x != self.seat:
                hands[x] = (s.cards.hands[x] & self.fixed) | masks[self.index[("hand", x)]]
        return hands

    def build(self, groups: Sequence[int], rng: random.Random) -> GameState:
        s, seat = self.s, self.seat
        masks = self.masks(groups)
        hands = self.new_hands(masks)
        seed = rng.randrange(1 << 31)
        discarded = [d if x == seat else d & self.fixed for x, d in enumerate(s.seen.discarded)]
        by_group: dict[int, list[int]] = {}
        for card, g in zip(self.cards, groups, strict=True):
            if self.places[g][0] != "hand":
                by_group.setdefault(g, []).append(card)
        for pile in by_group.values():
            rng.shuffle(pile)
        zones = list(s.cards.zones)
        for zone, slots in self.slots.items():
            index = s.cards.zone_ids.index(zone)
            cards = list(zones[index])
            for pos, g in slots:
                card = by_group[g].pop()
                cards[pos] = card
                origin = self.places[g][1]
                if origin is not None:
                    discarded[origin] |= 1 << card
            zones[index] = tuple(cards)
        drawn = list(s.play.drawn)
        for x in range(s.n):
            hidden_drawn = (s.play.drawn[x] & ~self.fixed).bit_count()
            if x != seat and hidden_drawn:
                pool = iter_cards(masks[self.index[("hand", x)]])
                pick = rng.sample(pool, min(hidden_drawn, len(pool)))
                drawn[x] = (s.play.drawn[x] & self.fixed) | sum(1 << c for c in pick)
        play = s.play.but(drawn=tuple(drawn))
        if any(s.play.announced):
            play = play.but(
                announced=tuple(
                    a if x == seat or not a else (hands[x] | s.cards.played[x]) & ~drawn[x]
                    for x, a in enumerate(s.play.announced)
                )
            )
        if self.hidden_declarations():
            play = play.but(
                declarations=tuple(self._declaration(r, hands) for r in s.play.declarations)
            )
        contract = s.contract_part
        called = s.contract_part.called_card
        if (
            called is not None
            and not s.contract_part.partner_revealed
            and s.contract_part.partner != seat
            and self.hidden >> called & 1
            and secret_partner(self.rules)
        ):
            holder = next((x for x in range(s.n) if hands[x] >> called & 1), -1)
            contract = contract.but(
                partner=holder if holder >= 0 and holder != s.contract_part.declarer else None
            )
        copy = s.with_parts(
            cards=s.cards.but(hands=tuple(hands), zones=tuple(zones)),
            seen=s.seen.but(discarded=tuple(discarded)),
            play=play,
            contract=contract,
            fixed=None,
        )
        return dataclasses.replace(copy, seed=seed)

    def _declaration(self, r: DeclRecord, hands: Sequence[int]) -> DeclRecord:
        if (
            r.seat == self.seat
            or self.rules.declaring is None
            or self.rules.declaring.reveal == "on_declare"
        ):
            return r
        held = hands[r.seat] | self.s.played[r.seat]
        if r.cards & ~held == 0:
            return r
        decl = self.rules.declaration(r.decl)
        for inst in pattern_instances(decl.pattern, held, self.rules.ctx):
            if inst.key == r.arg:
                return DeclRecord(
                    r.seat,
                    r.decl,
                    r.arg,
                    inst.cards,
                    r.points,
                    r.trick_no,
                    r.scored_now,
                    r.cancelled,
                )
        return r


class _SoftChecks:
    """Constraints checked on a whole sample, seat by seat: signals, announcements, hidden
    declarations (what a seat said must be true of the hand it is given)."""

    def __init__(self, problem: _Problem) -> None:
        self.p = problem
        rules, s, seat = problem.rules, problem.s, problem.seat
        truthful = rules.signaling.truthful
        self.signals: dict[int, list[Any]] = {}
        for said in s.play.signals:
            if said.seat != seat and truthful and _checkable(rules, said.signal):
                self.signals.setdefault(said.seat, []).append(said)
        self.announced = {
            x
            for x in range(s.n)
            if x != seat
            and s.play.announced
            and s.play.announced[x]
            and not s.play.revealed_announce[x]
        }
        self.declarations: dict[int, list[DeclRecord]] = {}
        for r in problem.hidden_declarations():
            self.declarations.setdefault(r.seat, []).append(r)
        self.seats = sorted(set(self.signals) | self.announced | set(self.declarations))
        self.any = bool(self.seats)

    def failures(self, x: int, hand: int, *, first: bool = False) -> int:
        """How many things seat `x` said are false of `hand` (stop at one with `first`)."""
        p = self.p
        rules, s = p.rules, p.s
        out = 0
        if x in self.announced and not declare.options(
            rules, s, x, (hand | s.cards.played[x]) & ~s.play.drawn[x]
        ):
            out += 1
        for r in self.declarations.get(x, ()):
            if first and out:
                return out
            held = hand | s.cards.played[x]
            pattern = rules.declaration(r.decl).pattern
            if not any(i.key == r.arg for i in pattern_instances(pattern, held, rules.ctx)):
                out += 1
        for r in self.signals.get(x, ()):
            if first and out:
                return out
            if not _signal_true(p, r, hand):
                out += 1
        return out

    def misses(self, groups: Sequence[int]) -> int:
        """How many seats' words are false of their hands in this sample."""
        hands = self.p.new_hands(self.p.masks(groups))
        return sum(1 for x in self.seats if self.failures(x, hands[x], first=True))


def _shuffler(rng: random.Random) -> Callable[[list[int]], None]:
    """`rng.shuffle`, for a plain `random.Random` with its swaps written out over its own
    `getrandbits` (`engine.rng`'s shuffle, checked at import to give the library's order):
    the same worlds from the same draws, a sample tries up to `UNIFORM_TRIES` shuffles."""
    if type(rng) is random.Random and chance._EXACT:
        return functools.partial(chance._shuffle, rng.getrandbits)
    return rng.shuffle


_VOID_SIGNALS: dict[tuple[int, int | None], tuple[Any, bool]] = {}


def _says_void(rules: Ruleset, signal_id: str, value: int | None = None) -> bool:
    """Does this signal, when true, say its seat has no card left of the suit led?
    Tested on the truth itself: false of a hand holding any one card of the suit led, true
    of a hand holding every card of the other suits, for every suit. Said at a lead or a
    follow (the hand after the card), with the value it was said with. Cached per signal
    of the ruleset and value."""
    spec = rules.signal(signal_id)
    cached = _VOID_SIGNALS.get((id(spec), value))
    if cached is not None and cached[0] is spec:
        return cached[1]
    answer = _checkable(rules, signal_id) and spec.at in ("lead", "follow")
    deck = rules.deck
    if answer:
        assert spec.truth is not None
        for suit, mask in enumerate(deck.suit_mask):
            cards = iter_cards(mask & deck.full_mask)
            if not cards:
                continue
            others = deck.full_mask & ~mask

            def true_of(hand: int, card: int, suit: int = suit) -> bool:
                env = {
                    "hand": hand,
                    "card": card,
                    "led_suit": suit,
                    "unseen": 0,
                    "trick_no": 1,
                    "seat": 0,
                    "value": 0 if value is None else value,
                    **dict.fromkeys(size_names(), 0),
                }
                try:
                    return bool(evaluate(spec.truth, env))  # type: ignore[arg-type]
                except Exception:  # a truth that cannot be tested this way says nothing
                    return True

            played = cards[0]
            if not true_of(others, played) or any(
                true_of(1 << c, played) for c in cards if c != played
            ):
                answer = False
                break
    _VOID_SIGNALS[(id(spec), value)] = (spec, answer)
    return answer


def _checkable(rules: Ruleset, signal_id: str) -> bool:
    spec = rules.signal(signal_id)
    return spec.truth is not None and not spec.bluff and not spec.truth.names & _UNCHECKABLE


def _signal_true(p: _Problem, r: Any, hand_now: int) -> bool:
    """Was signal record `r` true of the hand its seat had then (rebuilt from `hand_now`)?
    What does not depend on the sampled hand (the cards played since, the drawn ones,
    the trick, the names of the truth) is worked out once per record and problem: the
    soft checks ask again for every sample tried."""
    found = p.signal_parts.get(id(r))
    if found is None:
        found = p.signal_parts[id(r)] = (r, _signal_parts(p, r))
    parts = found[1]
    if parts is None:
        return True
    later, drawn_after, own, env, truth = parts
    env = dict(env)
    env["hand"] = ((hand_now | later) & ~drawn_after) | own
    try:
        return bool(evaluate(truth, env))
    except Exception:  # a truth that cannot be rebuilt is not checked
        return True


def _signal_parts(p: _Problem, r: Any) -> tuple[int, int, int, dict[str, Any], Any] | None:
    """`_signal_true`'s facts of record `r` that the sampled hand does not change: the
    cards its seat played since, those it drew since, its own card of that trick when
    the hand then held it, the truth's environment and the truth; None when the record
    is not checked (true of every hand)."""
    rules, s = p.rules, p.s
    suit_of = rules.deck.card_suit
    x, t = r.seat, r.trick_no
    plays: tuple[tuple[int, int], ...] | None = s.cards.trick if t == s.play.trick_no else None
    later = 0
    for trick in s.play.tricks:
        if trick.trick_no == t:
            plays = trick.plays
        elif trick.trick_no > t:
            later |= sum(1 << c for y, c in trick.plays if y == x)
    if t < s.play.trick_no:
        later |= sum(1 << c for y, c in s.cards.trick if y == x)
    if plays is None:
        return None
    draw = p.draw_spec()
    drawn_after = 0
    if draw is not None and s.play.drawn[x]:
        if not draw.shown:
            return None  # blind draws since: the hand then is unknown
        mine = [rv.cards for rv in s.seen.reveals if rv.what == "drawn" and rv.seat == x]
        for mask in mine[t - 1 :] if t >= 1 else mine:
            drawn_after |= mask
    spec = rules.signal(r.signal)
    own = next((c for y, c in plays if y == x), None)
    held = 0  # the seat's own card of that trick, when the hand then still held it
    if spec.at in ("lead", "follow"):
        card = r.card if r.card is not None else -1
        led = suit_of[plays[0][1]] if plays else -1
    else:  # at the seat's turn, before it played to that trick
        card = -1
        held = 0 if own is None else 1 << own
        led = suit_of[plays[0][1]] if plays and plays[0][0] != x else -1
    env = {
        "hand": 0,  # the hand then, set for each sample
        "card": card,
        "led_suit": led,
        "unseen": 0,
        "trick_no": t,
        "seat": x,
        "value": 0 if r.value is None else r.value,
        **dict.fromkeys(size_names(), 0),
    }
    assert spec.truth is not None  # `_checkable`
    return later, drawn_after, held, env, spec.truth


def forced_cards(rules: Ruleset, r: DeclRecord) -> int:
    """The cards a declaration's text implies, whatever else the declarer holds."""
    by_text = rules.deck.by_text
    if "+" in r.arg:
        return sum(1 << by_text[t] for t in r.arg.split("+") if t in by_text)
    pattern = rules.declaration(r.decl).pattern
    if pattern.kind == "suit":
        masks = [m for key, m in pattern.groups if key == r.arg]
        return masks[0] if masks and masks[0].bit_count() <= pattern.need else 0
    out = -1
    for inst in pattern_instances(pattern, rules.deck.full_mask, rules.ctx):
        if inst.key == r.arg:
            out &= inst.cards
    return max(out, 0)


__all__ = ["determinize", "forced_cards"]
