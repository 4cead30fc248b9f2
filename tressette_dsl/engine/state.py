"""The game state: one immutable value of plain data.

Cards are ints (see `rules.model.Deck`), sets of cards bitmasks. Every card of the deck is
in exactly one place: a hand, one of the ruleset's zones, the current trick, or a seat's
captures (`won`). Zone contents are kept per zone index (`zones[i]` is the zone
`rules.zones[i]`, `zone_ids` their ids, `shown[i]` whether a reveal showed it), never by
attribute name, so a zone needs no Python; `stock`, `monte` and `monte_shown` remain as
read-only properties for the code and tests that read them. Nothing here is a function,
so a state pickles, hashes and round-trips through JSON (`to_dict` / `from_dict`). The
engine owns the cursor fields (`phase`, `sub`, `to_act`, `pending`); the rest is the
content of the deal and of the match.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

from tressette_dsl.engine.codec import CodecError, decode, encode, record, records


@record
@dataclass(frozen=True, slots=True)
class TrickRecord:
    trick_no: int
    leader: int
    plays: tuple[tuple[int, int], ...]  # (seat, card) in play order
    winner: int
    follow: bool = True  # follow-suit was in force (a seat that did not follow was void)


@record
@dataclass(frozen=True, slots=True)
class DeclRecord:
    seat: int
    decl: str
    arg: str
    cards: int  # mask of the combination
    points: int
    trick_no: int  # 0 = before the first trick
    scored_now: bool  # counted in the running score at once (`scored: immediately`)
    cancelled: bool = False


@record
@dataclass(frozen=True, slots=True)
class SignalRecord:
    seat: int
    signal: str
    value: int | None
    trick_no: int
    card: int | None  # the card it was made with, if any


@record
@dataclass(frozen=True, slots=True)
class BidRecord:
    seat: int
    bid: str | None  # None = pass
    points: int | None = None


@record
@dataclass(frozen=True, slots=True)
class Reveal:
    """Cards every seat has seen: `what` = monte | drawn | transfer | given | taken | declared."""

    what: str
    seat: int | None  # whose hand they went to / came from
    cards: int
    deal_no: int


@record
@dataclass(frozen=True, slots=True)
class DealRecord:
    deal_no: int
    dealer: int
    counted: bool
    reason: str  # scored | all_pass | misdeal | claim | match_end
    contract: str | None = None
    declarer: int | None = None
    partner: int | None = None
    sides: tuple[tuple[int, ...], ...] = ()
    units: tuple[int, ...] = ()
    cards_units: tuple[int, ...] = ()
    tricks: tuple[int, ...] = ()
    declared: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    big_win: str | None = None
    big_win_side: int | None = None
    multiplier: int = 1
    success: bool | None = None
    deltas: tuple[int, ...] = ()  # added to the match totals (per total slot)
    totals: tuple[int, ...] = ()  # match totals after this deal


@record
@dataclass(frozen=True, slots=True)
class Outcome:
    winners: tuple[int, ...]  # total slots (sides or seats) that won
    reason: str  # target | claim | big_win | session_end
    games: int = 1
    detail: str = ""


@record
@dataclass(frozen=True, slots=True)
class FixedDeal:
    """Cards injected by `new_game(deck=..., hands=..., **zones)` for the first deal.

    `zones` are (zone id, cards) for each zone given; a zone not given is dealt as its
    packets say. A FixedDeal written before zones were data (`stock`, `monte` fields)
    decodes into the same form (`from_plain`)."""

    deck: tuple[int, ...] | None
    hands: tuple[tuple[int, ...] | None, ...] | None  # None for a seat dealt normally
    zones: tuple[tuple[str, tuple[int, ...]], ...] = ()

    def zone(self, zone_id: str) -> tuple[int, ...] | None:
        """The cards given for the zone, or None when it is dealt normally."""
        for zid, cards in self.zones:
            if zid == zone_id:
                return cards
        return None

    @classmethod
    def from_plain(cls, fields: dict[str, Any]) -> FixedDeal:
        """Decode (codec hook), also the form of before zones were data: a field per zone
        (null when not given)."""
        zones = fields.pop("zones", ())
        legacy = tuple((str(k), v) for k, v in fields.items() if k not in ("deck", "hands"))
        return cls(
            deck=fields.get("deck"),
            hands=fields.get("hands"),
            zones=tuple(zones) + tuple((k, v) for k, v in legacy if v is not None),
        )


class Keep(Enum):
    """The "leave this field as it is" default of the typed `but` methods (one member, so
    that mypy narrows `x is KEEP` away)."""

    KEEP = 0


KEEP: Final = Keep.KEEP

SlotSetter = Callable[[object, object], None]


def _slot_setters(cls: type) -> tuple[SlotSetter, ...]:
    """The `__set__` of each slot of a slotted dataclass, in field order (`but` uses them)."""
    return tuple(cls.__dict__[f.name].__set__ for f in dataclasses.fields(cls))


@record
@dataclass(frozen=True, slots=True)
class Cursor:
    """Where the engine is: the phase of `rules.flow`, the step inside it, who acts."""

    phase: int = 0
    sub: str = ""  # the activity asked (bid, play, declare...); '' for none
    step: int = 0
    to_act: int | None = None
    pending: tuple[int, ...] = ()

    def but(
        self,
        *,
        phase: int | Keep = KEEP,
        sub: str | Keep = KEEP,
        step: int | Keep = KEEP,
        to_act: int | Keep | None = KEEP,
        pending: tuple[int, ...] | Keep = KEEP,
    ) -> Cursor:
        """A copy with the fields given changed (typed: mypy checks every name). It sets
        the slots through their descriptors, skipping the frozen `__init__`: the
        engine copies a part or two per action, so this is the state's hot path."""
        new: Cursor = object.__new__(Cursor)
        (set_phase, set_sub, set_step, set_to_act, set_pending) = _SLOTS_CURSOR
        set_phase(new, self.phase if phase is KEEP else phase)
        set_sub(new, self.sub if sub is KEEP else sub)
        set_step(new, self.step if step is KEEP else step)
        set_to_act(new, self.to_act if to_act is KEEP else to_act)
        set_pending(new, self.pending if pending is KEEP else pending)
        return new


_SLOTS_CURSOR = _slot_setters(Cursor)


@record
@dataclass(frozen=True, slots=True)
class Cards:
    """Where every card lies: hands, zones (by zone index), captures, the trick."""

    hands: tuple[int, ...] = ()
    zone_ids: tuple[str, ...] = ()  # the ruleset's zones, in `rules.zones` order
    zones: tuple[tuple[int, ...], ...] = ()  # per zone index: its cards, top first
    won: tuple[int, ...] = ()
    trick: tuple[tuple[int, int], ...] = ()
    played: tuple[int, ...] = ()  # per seat: the cards it played this deal

    def but(
        self,
        *,
        hands: tuple[int, ...] | Keep = KEEP,
        zone_ids: tuple[str, ...] | Keep = KEEP,
        zones: tuple[tuple[int, ...], ...] | Keep = KEEP,
        won: tuple[int, ...] | Keep = KEEP,
        trick: tuple[tuple[int, int], ...] | Keep = KEEP,
        played: tuple[int, ...] | Keep = KEEP,
    ) -> Cards:
        """A copy with the fields given changed (typed: mypy checks every name). It sets
        the slots through their descriptors, skipping the frozen `__init__`: the
        engine copies a part or two per action, so this is the state's hot path."""
        new: Cards = object.__new__(Cards)
        (set_hands, set_zone_ids, set_zones, set_won, set_trick, set_played) = _SLOTS_CARDS
        set_hands(new, self.hands if hands is KEEP else hands)
        set_zone_ids(new, self.zone_ids if zone_ids is KEEP else zone_ids)
        set_zones(new, self.zones if zones is KEEP else zones)
        set_won(new, self.won if won is KEEP else won)
        set_trick(new, self.trick if trick is KEEP else trick)
        set_played(new, self.played if played is KEEP else played)
        return new


_SLOTS_CARDS = _slot_setters(Cards)


@record
@dataclass(frozen=True, slots=True)
class Knowledge:
    """What the seats know beyond their own hand."""

    public: tuple[int, ...] = ()  # per seat: cards of its hand that every seat has seen
    discarded: tuple[int, ...] = ()  # per seat: what it discarded face down (it alone knows)
    shown: tuple[bool, ...] = ()  # per zone index: a reveal phase showed it to every seat
    reveals: tuple[Reveal, ...] = ()

    def but(
        self,
        *,
        public: tuple[int, ...] | Keep = KEEP,
        discarded: tuple[int, ...] | Keep = KEEP,
        shown: tuple[bool, ...] | Keep = KEEP,
        reveals: tuple[Reveal, ...] | Keep = KEEP,
    ) -> Knowledge:
        """A copy with the fields given changed (typed: mypy checks every name). It sets
        the slots through their descriptors, skipping the frozen `__init__`: the
        engine copies a part or two per action, so this is the state's hot path."""
        new: Knowledge = object.__new__(Knowledge)
        (set_public, set_discarded, set_shown, set_reveals) = _SLOTS_KNOWLEDGE
        set_public(new, self.public if public is KEEP else public)
        set_discarded(new, self.discarded if discarded is KEEP else discarded)
        set_shown(new, self.shown if shown is KEEP else shown)
        set_reveals(new, self.reveals if reveals is KEEP else reveals)
        return new


_SLOTS_KNOWLEDGE = _slot_setters(Knowledge)


@record
@dataclass(frozen=True, slots=True)
class TrickPlay:
    """The trick play of the deal: tricks, trumps, declarations, signals, draws."""

    trick_no: int = 0
    leader: int | None = None
    must_follow: bool = True
    trump: int | None = None
    last_winner: int | None = None
    tricks_won: tuple[int, ...] = ()
    tricks: tuple[TrickRecord, ...] = ()
    declarations: tuple[DeclRecord, ...] = ()
    announced: tuple[int, ...] = ()  # per seat: hand when it announced (0 = none)
    revealed_announce: tuple[bool, ...] = ()
    drawn: tuple[int, ...] = ()  # per seat: cards drawn from a zone this deal
    signals: tuple[SignalRecord, ...] = ()

    def but(
        self,
        *,
        trick_no: int | Keep = KEEP,
        leader: int | Keep | None = KEEP,
        must_follow: bool | Keep = KEEP,
        trump: int | Keep | None = KEEP,
        last_winner: int | Keep | None = KEEP,
        tricks_won: tuple[int, ...] | Keep = KEEP,
        tricks: tuple[TrickRecord, ...] | Keep = KEEP,
        declarations: tuple[DeclRecord, ...] | Keep = KEEP,
        announced: tuple[int, ...] | Keep = KEEP,
        revealed_announce: tuple[bool, ...] | Keep = KEEP,
        drawn: tuple[int, ...] | Keep = KEEP,
        signals: tuple[SignalRecord, ...] | Keep = KEEP,
    ) -> TrickPlay:
        """A copy with the fields given changed (typed: mypy checks every name). It sets
        the slots through their descriptors, skipping the frozen `__init__`: the
        engine copies a part or two per action, so this is the state's hot path."""
        new: TrickPlay = object.__new__(TrickPlay)
        (
            set_trick_no,
            set_leader,
            set_must_follow,
            set_trump,
            set_last_winner,
            set_tricks_won,
            set_tricks,
            set_declarations,
            set_announced,
            set_revealed_announce,
            set_drawn,
            set_signals,
        ) = _SLOTS_TRICKPLAY
        set_trick_no(new, self.trick_no if trick_no is KEEP else trick_no)
        set_leader(new, self.leader if leader is KEEP else leader)
        set_must_follow(new, self.must_follow if must_follow is KEEP else must_follow)
        set_trump(new, self.trump if trump is KEEP else trump)
        set_last_winner(new, self.last_winner if last_winner is KEEP else last_winner)
        set_tricks_won(new, self.tricks_won if tricks_won is KEEP else tricks_won)
        set_tricks(new, self.tricks if tricks is KEEP else tricks)
        set_declarations(new, self.declarations if declarations is KEEP else declarations)
        set_announced(new, self.announced if announced is KEEP else announced)
        set_revealed_announce(
            new, self.revealed_announce if revealed_announce is KEEP else revealed_announce
        )
        set_drawn(new, self.drawn if drawn is KEEP else drawn)
        set_signals(new, self.signals if signals is KEEP else signals)
        return new


_SLOTS_TRICKPLAY = _slot_setters(TrickPlay)


@record
@dataclass(frozen=True, slots=True)
class Contract:
    """The auction and the contract: bids, declarer, called card, partner, exchange."""

    auction: tuple[BidRecord, ...] = ()
    passed: frozenset[int] = frozenset()
    declarer: int | None = None
    contract: str | None = None
    bid: str | None = None
    bid_rank: int | None = None
    bid_points: int | None = None
    called_card: int | None = None
    call_supplier: int | None = None
    partner: int | None = None
    partner_revealed: bool = False
    taken: tuple[int, ...] = ()  # per seat: cards it took from a zone

    def but(
        self,
        *,
        auction: tuple[BidRecord, ...] | Keep = KEEP,
        passed: frozenset[int] | Keep = KEEP,
        declarer: int | Keep | None = KEEP,
        contract: str | Keep | None = KEEP,
        bid: str | Keep | None = KEEP,
        bid_rank: int | Keep | None = KEEP,
        bid_points: int | Keep | None = KEEP,
        called_card: int | Keep | None = KEEP,
        call_supplier: int | Keep | None = KEEP,
        partner: int | Keep | None = KEEP,
        partner_revealed: bool | Keep = KEEP,
        taken: tuple[int, ...] | Keep = KEEP,
    ) -> Contract:
        """A copy with the fields given changed (typed: mypy checks every name). It sets
        the slots through their descriptors, skipping the frozen `__init__`: the
        engine copies a part or two per action, so this is the state's hot path."""
        new: Contract = object.__new__(Contract)
        (
            set_auction,
            set_passed,
            set_declarer,
            set_contract,
            set_bid,
            set_bid_rank,
            set_bid_points,
            set_called_card,
            set_call_supplier,
            set_partner,
            set_partner_revealed,
            set_taken,
        ) = _SLOTS_CONTRACT
        set_auction(new, self.auction if auction is KEEP else auction)
        set_passed(new, self.passed if passed is KEEP else passed)
        set_declarer(new, self.declarer if declarer is KEEP else declarer)
        set_contract(new, self.contract if contract is KEEP else contract)
        set_bid(new, self.bid if bid is KEEP else bid)
        set_bid_rank(new, self.bid_rank if bid_rank is KEEP else bid_rank)
        set_bid_points(new, self.bid_points if bid_points is KEEP else bid_points)
        set_called_card(new, self.called_card if called_card is KEEP else called_card)
        set_call_supplier(new, self.call_supplier if call_supplier is KEEP else call_supplier)
        set_partner(new, self.partner if partner is KEEP else partner)
        set_partner_revealed(
            new, self.partner_revealed if partner_revealed is KEEP else partner_revealed
        )
        set_taken(new, self.taken if taken is KEEP else taken)
        return new


_SLOTS_CONTRACT = _slot_setters(Contract)


@record
@dataclass(frozen=True, slots=True)
class Match:
    """The match around the deals: dealer, totals, finished deals, the end."""

    deal_no: int = 0
    deals_counted: int = 0
    dealer: int = 0
    totals: tuple[int, ...] = ()
    deals: tuple[DealRecord, ...] = ()
    deal_ended: bool = False
    over: bool = False
    outcome: Outcome | None = None
    # Elimination (`match.eliminate`). `roster`: the original seat number of each seat at
    # the table now, () while nobody has left (seat i is seat i). `left`: (original seat,
    # final total, deal number) of each seat that left, in order. `leaving`: the seats
    # (numbered as at the table now) that leave once this deal is over.
    roster: tuple[int, ...] = ()
    left: tuple[tuple[int, int, int], ...] = ()
    leaving: tuple[int, ...] = ()

    def but(
        self,
        *,
        deal_no: int | Keep = KEEP,
        deals_counted: int | Keep = KEEP,
        dealer: int | Keep = KEEP,
        totals: tuple[int, ...] | Keep = KEEP,
        deals: tuple[DealRecord, ...] | Keep = KEEP,
        deal_ended: bool | Keep = KEEP,
        over: bool | Keep = KEEP,
        outcome: Outcome | Keep | None = KEEP,
        roster: tuple[int, ...] | Keep = KEEP,
        left: tuple[tuple[int, int, int], ...] | Keep = KEEP,
        leaving: tuple[int, ...] | Keep = KEEP,
    ) -> Match:
        """A copy with the fields given changed (typed: mypy checks every name). It sets
        the slots through their descriptors, skipping the frozen `__init__`: the
        engine copies a part or two per action, so this is the state's hot path."""
        new: Match = object.__new__(Match)
        (
            set_deal_no,
            set_deals_counted,
            set_dealer,
            set_totals,
            set_deals,
            set_deal_ended,
            set_over,
            set_outcome,
            set_roster,
            set_left,
            set_leaving,
        ) = _SLOTS_MATCH
        set_deal_no(new, self.deal_no if deal_no is KEEP else deal_no)
        set_deals_counted(new, self.deals_counted if deals_counted is KEEP else deals_counted)
        set_dealer(new, self.dealer if dealer is KEEP else dealer)
        set_totals(new, self.totals if totals is KEEP else totals)
        set_deals(new, self.deals if deals is KEEP else deals)
        set_deal_ended(new, self.deal_ended if deal_ended is KEEP else deal_ended)
        set_over(new, self.over if over is KEEP else over)
        set_outcome(new, self.outcome if outcome is KEEP else outcome)
        set_roster(new, self.roster if roster is KEEP else roster)
        set_left(new, self.left if left is KEEP else left)
        set_leaving(new, self.leaving if leaving is KEEP else leaving)
        return new


_SLOTS_MATCH = _slot_setters(Match)


@record
@dataclass(frozen=True, slots=True)
class PhaseLocal:
    """Base of the one record a phase unit keeps for itself while it runs (`GameState.local`:
    the auction's bid level, the trick phase's declaring window...). The engine clears the
    slot when the flow moves to another phase; each unit defines its own subclass (a
    `record`, so that a flat state of before the parts finds the record of its fields)."""

    @staticmethod
    def from_flat(flat: dict[str, Any]) -> PhaseLocal | None:
        """The record holding the given flat fields (`bid_level`, `window_played`...) when
        one of them is not its default; None when they are all empty (which the phases
        read the same as an empty record)."""
        kinds = [c for c in records() if issubclass(c, PhaseLocal) and c is not PhaseLocal]
        for cls in kinds:
            names = [f.name for f in dataclasses.fields(cls)]
            if all(n in flat for n in names) and any(_filled(flat[n]) for n in names):
                return cls(**{n: flat[n] for n in names})
        return None


@record
@dataclass(frozen=True)  # no slots: `with_parts` copies the instance dict in one C call
class GameState:
    """The whole state: the seed and seat count, the parts, the current phase's own
    record and the cards fixed for the first deal.

    Engine code changes it with typed calls (`Step.set_cards(hands=...)`, `with_parts`,
    each part's `but`), which copy only the parts they change. The flat names of before
    the split (`state.hands`, `state.to_act`, `state.totals`...) are read-only properties;
    `replace(**flat)` is a convenience for tests and tools that routes them to their parts.
    """

    seed: int
    n: int  # seats
    cursor: Cursor = Cursor()
    cards: Cards = Cards()
    seen: Knowledge = Knowledge()
    play: TrickPlay = TrickPlay()
    contract_part: Contract = Contract()
    match: Match = Match()
    local: PhaseLocal | None = None  # the current phase's own record
    fixed: FixedDeal | None = None

    def __getstate__(self) -> dict[str, Any]:
        """The fields, for pickle and `copy`: without the legal list `legal_actions` keeps
        on the state (engine/legal_cache.py), which holds the ruleset and is worked out
        again where it is needed."""
        fields = self.__dict__
        if _LEGAL_ENTRY in fields:
            return {k: v for k, v in fields.items() if k != _LEGAL_ENTRY}
        return fields

    @staticmethod
    def from_flat(seed: int, n: int, **flat: Any) -> GameState:
        """A state from the flat names of before the split (`GameState.from_flat(seed=1,
        n=4, dealer=2, totals=(0, 0))`), for tools that build one field by field."""
        return GameState(seed=seed, n=n).replace(**flat) if flat else GameState(seed=seed, n=n)

    def with_parts(
        self,
        *,
        cursor: Cursor | Keep = KEEP,
        cards: Cards | Keep = KEEP,
        seen: Knowledge | Keep = KEEP,
        play: TrickPlay | Keep = KEEP,
        contract: Contract | Keep = KEEP,
        match: Match | Keep = KEEP,
        local: PhaseLocal | Keep | None = KEEP,
        fixed: FixedDeal | Keep | None = KEEP,
    ) -> GameState:
        """A copy with some parts replaced: the parts not given are shared, not copied."""
        new = object.__new__(GameState)
        fields = new.__dict__
        fields.update(self.__dict__)
        if cursor is not KEEP:
            fields["cursor"] = cursor
        if cards is not KEEP:
            fields["cards"] = cards
        if seen is not KEEP:
            fields["seen"] = seen
        if play is not KEEP:
            fields["play"] = play
        if contract is not KEEP:
            fields["contract_part"] = contract
        if match is not KEEP:
            fields["match"] = match
        if local is not KEEP:
            fields["local"] = local
        if fixed is not KEEP:
            fields["fixed"] = fixed
        return new

    # --- the flat read-only names ---------------------------------------------------------

    # Cursor (cursor) ----------------------------------------------------------
    @property
    def phase(self) -> int:
        return self.cursor.phase

    @property
    def sub(self) -> str:
        return self.cursor.sub

    @property
    def step(self) -> int:
        return self.cursor.step

    @property
    def to_act(self) -> int | None:
        return self.cursor.to_act

    @property
    def pending(self) -> tuple[int, ...]:
        return self.cursor.pending

    # Cards (cards) ------------------------------------------------------------
    @property
    def hands(self) -> tuple[int, ...]:
        return self.cards.hands

    @property
    def zone_ids(self) -> tuple[str, ...]:
        return self.cards.zone_ids

    @property
    def zones(self) -> tuple[tuple[int, ...], ...]:
        return self.cards.zones

    @property
    def won(self) -> tuple[int, ...]:
        return self.cards.won

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        return self.cards.trick

    @property
    def played(self) -> tuple[int, ...]:
        return self.cards.played

    # Knowledge (seen) ---------------------------------------------------------
    @property
    def public(self) -> tuple[int, ...]:
        return self.seen.public

    @property
    def discarded(self) -> tuple[int, ...]:
        return self.seen.discarded

    @property
    def shown(self) -> tuple[bool, ...]:
        return self.seen.shown

    @property
    def reveals(self) -> tuple[Reveal, ...]:
        return self.seen.reveals

    # TrickPlay (play) --------------------------------------------------------------
    @property
    def trick_no(self) -> int:
        return self.play.trick_no

    @property
    def leader(self) -> int | None:
        return self.play.leader

    @property
    def must_follow(self) -> bool:
        return self.play.must_follow

    @property
    def trump(self) -> int | None:
        return self.play.trump

    @property
    def last_winner(self) -> int | None:
        return self.play.last_winner

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return self.play.tricks_won

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        return self.play.tricks

    @property
    def declarations(self) -> tuple[DeclRecord, ...]:
        return self.play.declarations

    @property
    def announced(self) -> tuple[int, ...]:
        return self.play.announced

    @property
    def revealed_announce(self) -> tuple[bool, ...]:
        return self.play.revealed_announce

    @property
    def drawn(self) -> tuple[int, ...]:
        return self.play.drawn

    @property
    def signals(self) -> tuple[SignalRecord, ...]:
        return self.play.signals

    # Contract (contract_part) -------------------------------------------------
    @property
    def auction(self) -> tuple[BidRecord, ...]:
        return self.contract_part.auction

    @property
    def passed(self) -> frozenset[int]:
        return self.contract_part.passed

    @property
    def declarer(self) -> int | None:
        return self.contract_part.declarer

    @property
    def contract(self) -> str | None:
        return self.contract_part.contract

    @property
    def bid(self) -> str | None:
        return self.contract_part.bid

    @property
    def bid_rank(self) -> int | None:
        return self.contract_part.bid_rank

    @property
    def bid_points(self) -> int | None:
        return self.contract_part.bid_points

    @property
    def called_card(self) -> int | None:
        return self.contract_part.called_card

    @property
    def call_supplier(self) -> int | None:
        return self.contract_part.call_supplier

    @property
    def partner(self) -> int | None:
        return self.contract_part.partner

    @property
    def partner_revealed(self) -> bool:
        return self.contract_part.partner_revealed

    @property
    def taken(self) -> tuple[int, ...]:
        return self.contract_part.taken

    # Match (match) ------------------------------------------------------------
    @property
    def deal_no(self) -> int:
        return self.match.deal_no

    @property
    def deals_counted(self) -> int:
        return self.match.deals_counted

    @property
    def dealer(self) -> int:
        return self.match.dealer

    @property
    def totals(self) -> tuple[int, ...]:
        return self.match.totals

    @property
    def deals(self) -> tuple[DealRecord, ...]:
        return self.match.deals

    @property
    def deal_ended(self) -> bool:
        return self.match.deal_ended

    @property
    def over(self) -> bool:
        return self.match.over

    @property
    def outcome(self) -> Outcome | None:
        return self.match.outcome

    # the current phase's own record, read by the names of before the split (0 / False /
    # zeros when the phase running keeps none of them)
    @property
    def bid_level(self) -> int:
        level: int = getattr(self.local, "bid_level", 0)
        return level

    @property
    def window_open(self) -> bool:
        return bool(getattr(self.local, "window_open", False))

    @property
    def window_played(self) -> tuple[int, ...]:
        played: tuple[int, ...] = getattr(self.local, "window_played", (0,) * self.n)
        return played

    # --- zones --------------------------------------------------------------------------

    def zone(self, zone_id: str) -> tuple[int, ...]:
        """The cards of a zone by its id; () for a zone the ruleset does not have (asked
        without raising: a kernel loaded in a game with no stock asks for it)."""
        cards = self.cards
        ids = cards.zone_ids
        return cards.zones[ids.index(zone_id)] if zone_id in ids else ()

    def zone_shown(self, zone_id: str) -> bool:
        ids = self.cards.zone_ids
        return self.seen.shown[ids.index(zone_id)] if zone_id in ids else False

    def with_zone(self, index: int, cards: tuple[int, ...]) -> GameState:
        """A copy with the zone at `index` holding `cards`."""
        return self.with_parts(cards=self.cards.but(zones=set_at(self.cards.zones, index, cards)))

    # The names of before zones were data, read-only (writes go through `replace`).
    @property
    def stock(self) -> tuple[int, ...]:
        return self.zone("stock")

    @property
    def monte(self) -> tuple[int, ...]:
        return self.zone("monte")

    @property
    def monte_shown(self) -> bool:
        return self.zone_shown("monte")

    # --- plain data -----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = encode(self)
        out["format"] = STATE_FORMAT
        return out

    @staticmethod
    def from_dict(data: dict[str, Any], rules: Any = None) -> GameState:
        """Decode `to_dict`'s form (format 3: the parts). Also the flat forms of before: 2
        (one field per name, zones by index) and 1 (a field per zone: `stock`, `monte`,
        `monte_shown`), which needs the ruleset to place its zones: `from_dict(data,
        rules)`; without it, a format 1 state is refused with a message naming it."""
        if not isinstance(data, dict):
            raise CodecError(f"GameState.from_dict: data must be a dict, not {type(data).__name__}")
        if data.get("type", "GameState") != "GameState":
            raise CodecError(
                f"GameState.from_dict: data is a {data.get('type')!r}, not a GameState"
            )
        data = dict(data)
        version = data.pop("format", 1)
        if version == STATE_FORMAT:
            state = decode({**data, "type": "GameState"})
            if not isinstance(state, GameState):  # pragma: no cover - the type was checked
                raise CodecError("GameState.from_dict: data is not a GameState")
            return state
        missing = [k for k in ("seed", "n") if k not in data]
        if missing:
            raise CodecError(f"GameState: missing field {', '.join(map(repr, missing))}")
        if version not in (1, 2):
            raise ValueError(
                f"game state format {version} is not known (this version reads formats 1 "
                f"to {STATE_FORMAT})"
            )
        data.pop("type", None)
        legacy = {k: decode(data.pop(k)) for k in _LEGACY_ZONE_FIELDS if k in data}
        if legacy and rules is None:
            raise ValueError(
                "a game state of format 1 (written before zones were data) decodes only "
                "with its ruleset: GameState.from_dict(data, rules)"
            )
        flat = {k: decode(v) for k, v in data.items()}
        local = {k: flat.pop(k) for k in _LOCAL_FIELDS if k in flat}
        try:
            state = GameState.from_flat(**flat).with_parts(local=PhaseLocal.from_flat(local))
        except TypeError as exc:
            raise CodecError(f"GameState (format {version}): {exc}") from None
        if legacy:
            ids: tuple[str, ...] = tuple(rules.zone_ids)
            state = state.replace(zone_ids=ids, zones=((),) * len(ids), shown=(False,) * len(ids))
            state = state.replace(**legacy)
        return state

    def replace(self, **changes: Any) -> GameState:
        """A copy with fields changed by their flat names (`replace(declarer=0,
        contract="solo")`, `replace(totals=(18, 16))`), routed to their parts: a
        convenience for tests and tools that set up positions. Engine code uses the typed
        calls instead (`Step.set_cards(...)`, `with_parts`, `Part.but`).

        Moving to another phase (`phase=`) clears the phase's own record, as the engine
        does; its fields (`bid_level`, `window_played`...) go into that record.

        A zone may also be named by its id (`replace(monte=(...))`, cards as ints) and
        `monte_shown`: they go to `zones` / `shown` at the zone's index. Setting a zone the
        ruleset does not have to () does nothing."""
        if not _ROUTE.keys() >= changes.keys():
            return self._replace_zones(dict(changes))
        groups: dict[str, dict[str, Any]] = {}
        for name, value in changes.items():
            groups.setdefault(_ROUTE[name], {})[name] = value
        new = object.__new__(GameState)
        fields = new.__dict__
        fields.update(self.__dict__)
        for part, values in groups.items():
            if part == "":
                fields.update(values)
            else:
                fields[part] = dataclasses.replace(fields[part], **values)
        if "phase" in changes and changes["phase"] != self.cursor.phase and "local" not in changes:
            fields["local"] = None  # another phase: its own record starts empty, as in the engine
        return new

    def _local_with(self, values: dict[str, Any]) -> PhaseLocal:
        """The phase's own record with `values` set: the current one if it has those
        fields, else a new record of the kind that has them."""
        if self.local is not None and all(hasattr(self.local, k) for k in values):
            return dataclasses.replace(self.local, **values)
        for cls in records():
            if issubclass(cls, PhaseLocal) and cls is not PhaseLocal:
                names = {f.name for f in dataclasses.fields(cls)}
                if names >= values.keys():
                    # the fields not given as the flat names read them now (zeros...)
                    full = {n: values[n] if n in values else getattr(self, n) for n in names}
                    record: PhaseLocal = cls(**full)
                    return record
        raise TypeError(f"no phase keeps the fields {sorted(values)}")

    def _replace_zones(self, changes: dict[str, Any]) -> GameState:
        local = {k: changes.pop(k) for k in _LOCAL_FIELDS if k in changes}
        if local:  # a field of a phase's own record: into that record
            return self.with_parts(local=self._local_with(local))._replace_zones(changes)
        zones, shown = list(changes.pop("zones", self.zones)), list(self.shown)
        ids = changes.get("zone_ids", self.zone_ids)
        if "monte_shown" in changes:
            flag = bool(changes.pop("monte_shown"))
            if "monte" in ids:
                shown[ids.index("monte")] = flag
            elif flag:
                raise TypeError("monte_shown: this state has no zone 'monte'")
        for name in [k for k in changes if k not in _ROUTE]:
            cards = tuple(changes.pop(name))
            if name in ids:
                zones[ids.index(name)] = cards
            elif cards:
                raise TypeError(
                    f"GameState has no field or zone {name!r} (zones: {', '.join(ids) or 'none'})"
                )
        return self.replace(zones=tuple(zones), shown=tuple(shown), **changes)


# The key under which `legal_actions` keeps a state's legal list in its instance dict
# (engine/legal_cache.py: `KEY`); not a field, so pickling leaves it out.
_LEGAL_ENTRY: Final = "_legal"

# Version of `to_dict`'s form: 1 had a field per name and per zone (stock, monte,
# monte_shown); 2 a field per name, zones by index (zone_ids, zones, shown); 3 the parts.
STATE_FORMAT = 3
_LEGACY_ZONE_FIELDS = ("stock", "monte", "monte_shown")
_LOCAL_FIELDS = ("bid_level", "window_open", "window_played")

# Each flat name -> the attribute of the part that holds it ("" for the state's own).
_ROUTE: dict[str, str] = {
    "phase": "cursor",
    "sub": "cursor",
    "step": "cursor",
    "to_act": "cursor",
    "pending": "cursor",
    "hands": "cards",
    "zone_ids": "cards",
    "zones": "cards",
    "won": "cards",
    "trick": "cards",
    "played": "cards",
    "public": "seen",
    "discarded": "seen",
    "shown": "seen",
    "reveals": "seen",
    "trick_no": "play",
    "leader": "play",
    "must_follow": "play",
    "trump": "play",
    "last_winner": "play",
    "tricks_won": "play",
    "tricks": "play",
    "declarations": "play",
    "announced": "play",
    "revealed_announce": "play",
    "drawn": "play",
    "signals": "play",
    "auction": "contract_part",
    "passed": "contract_part",
    "declarer": "contract_part",
    "contract": "contract_part",
    "bid": "contract_part",
    "bid_rank": "contract_part",
    "bid_points": "contract_part",
    "called_card": "contract_part",
    "call_supplier": "contract_part",
    "partner": "contract_part",
    "partner_revealed": "contract_part",
    "taken": "contract_part",
    "deal_no": "match",
    "deals_counted": "match",
    "dealer": "match",
    "totals": "match",
    "deals": "match",
    "deal_ended": "match",
    "over": "match",
    "outcome": "match",
    "roster": "match",
    "left": "match",
    "leaving": "match",
}
_ROUTE.update(seed="", n="", local="", fixed="")
_ROUTE.update({name: name for name in ("cursor", "cards", "seen", "play", "match")})
_ROUTE["contract_part"] = "contract_part"
_ROUTE = {k: ("" if k == v else v) for k, v in _ROUTE.items()}


def _filled(value: Any) -> bool:
    """A flat field of a phase's own record that holds something (a tuple: any item)."""
    return any(value) if isinstance(value, tuple) else bool(value)


def set_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """A copy of the tuple with one item replaced (through a list: half the time of
    slicing and unpacking for the engine's short per-seat tuples, and it runs a few times
    per card played)."""
    if not 0 <= index < len(values):  # as the slices always did (past the end: appended)
        return (*values[:index], value, *values[index + 1 :])
    items = list(values)
    items[index] = value
    return tuple(items)
