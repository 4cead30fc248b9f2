"""The typed, immutable ruleset model that the engine plays.

`build.build_ruleset` compiles a checked YAML document into a `Ruleset`. Nothing here is
variant-specific: every difference between games is a value of these records, and every
piece of logic is an `Expr` (a closure compiled once, with the names of its slot checked).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from tressette_dsl.cardsets import iter_bits
from tressette_dsl.diagnostics import Span
from tressette_dsl.rules.options import (
    BigWinEffect,
    ClaimFor,
    ClaimRight,
    ClaimWrong,
    DeclareAt,
    DeclReveal,
    DeclScored,
    Direction,
    DummyExposed,
    LeftoverTo,
    MatchCheck,
    MatchReason,
    MatchTie,
    MatchWinner,
    ResidualTo,
    Role,
    Says,
    SidesMode,
    SignalAt,
    SittingOut,
    ZoneSeenBy,
)

__all__ = [
    "NO_CONST",
    "AuctionPhase",
    "BidSpec",
    "BigWin",
    "CallPhase",
    "ChoosePhase",
    "Claims",
    "Contract",
    "DealPhase",
    "Deck",
    "Declaration",
    "Declaring",
    "DiscardPhase",
    "DrawSpec",
    "Dummy",
    "Expr",
    "GivePhase",
    "Match",
    "Meta",
    "Misdeal",
    "MovePhase",
    "PacketSpec",
    "Payoff",
    "People",
    "Phase",
    "PhaseSpec",
    "Players",
    "RevealPhase",
    "Rule",
    "Ruleset",
    "ScorePhase",
    "Scoring",
    "SeatTable",
    "Sides",
    "SignalSpec",
    "Signaling",
    "Source",
    "TakePhase",
    "TricksPhase",
    "Who",
    "iter_cards",
]

NO_CONST: Any = object()


@dataclass(frozen=True, slots=True, eq=False)
class Expr:
    """A compiled expression of one YAML slot; `rule` and `span` cite it in messages."""

    text: str
    fn: Callable[[Mapping[str, Any]], Any]
    rule: str
    span: Span
    names: frozenset[str] = frozenset()
    const: Any = NO_CONST

    def __call__(self, env: Mapping[str, Any]) -> Any:
        if self.const is not NO_CONST:
            return self.const
        return self.fn(env)

    def cite(self) -> str:
        return f"rule {self.rule} at {self.span}"


@dataclass(frozen=True, slots=True)
class Rule:
    """A non-expression clause that a message may cite (e.g. `phases.auction.bids`)."""

    rule: str
    span: Span

    def cite(self) -> str:
        return f"rule {self.rule} at {self.span}"


# --- cards and seats -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deck:
    """Cards are ints `suit_index * len(ranks) + rank_index`; sets of cards are bitmasks."""

    suits: tuple[str, ...]
    suit_names: tuple[str, ...]
    suit_symbols: tuple[str, ...]
    ranks: tuple[str, ...]
    rank_names: tuple[str, ...]
    unit: int
    cards: tuple[int, ...]  # the cards in play, in index order (after `exclude`)
    full_mask: int
    card_text: tuple[str, ...]  # per card index (also for excluded cards)
    card_suit: tuple[int, ...]
    card_rank: tuple[int, ...]
    card_strength: tuple[int, ...]  # higher wins; from `deck.order`
    card_value: tuple[int, ...]  # units (thirds in the Tressette family)
    suit_mask: tuple[int, ...]
    by_text: Mapping[str, int]

    @property
    def size(self) -> int:
        return len(self.cards)

    def text(self, card: int) -> str:
        return self.card_text[card]

    def texts(self, mask: int) -> tuple[str, ...]:
        # no card (another seat's hand as this one sees it, most of the time): no list;
        # else one `map` over the indices instead of a generator's frame per card
        if not mask:
            return ()
        return tuple(map(self.card_text.__getitem__, iter_cards(mask)))

    def units(self, mask: int) -> int:
        """The card units of the cards in `mask`: per value, that value times how many of
        its cards the mask holds (a few int operations; scoring and every trick won ask)."""
        values = self.card_value
        found = _VALUE_MASKS.get(id(values))
        if found is None or found[0] is not values:
            found = _value_masks(values)
        total = 0
        for value, cards in found[1]:
            total += value * (mask & cards).bit_count()
        return total


# `Deck.units`' tables: id(card_value) -> (that tuple, ((value, mask of the cards worth
# it), ...) per value other than 0). The tuple is kept, so its id cannot be reused while
# the entry lives; bounded by the decks loaded (cleared when full).
_VALUE_MASKS: dict[int, tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = {}


def _value_masks(
    values: tuple[int, ...],
) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    by_value: dict[int, int] = {}
    for card, value in enumerate(values):
        if value:
            by_value[value] = by_value.get(value, 0) | 1 << card
    if len(_VALUE_MASKS) >= 256:
        _VALUE_MASKS.clear()
    found = _VALUE_MASKS[id(values)] = (values, tuple(sorted(by_value.items())))
    return found


iter_cards = iter_bits  # the card indexes of a bitmask, lowest first


@dataclass(frozen=True, slots=True, eq=False)
class Dummy:
    """`seating.dummy`: a seat without a player. Its cards are dealt and played like any
    seat's, but its owner (another seat) chooses them, sees them from the deal, and the
    others see them once `exposed` says (`dealt`, `first_card`: once the first card of the
    deal is played, `end_of_play`: never while cards are played). Both expressions are
    evaluated per deal (names of `DEAL`), so the dummy can move with the deal."""

    seat: Expr
    owner: Expr
    exposed: DummyExposed

    def _key(self) -> tuple[str, str, str]:
        return (self.seat.text, self.owner.text, self.exposed)

    def __eq__(self, other: object) -> bool:  # the same rule: the same texts (Expr: identity)
        return isinstance(other, Dummy) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


@dataclass(frozen=True, slots=True, eq=False)
class People:
    """`seating.people`: fewer players than seats. The match totals are kept per person;
    `seat` (names `person`, `deal_no`, `players`) says which seat each person takes in a
    deal, and the seats nobody takes are the dummies; with `sitting_out`, more people than
    seats may play, those the formula gives seat -1 sitting that deal out."""

    names: tuple[str, ...]
    seat: Expr
    # a person the formula gives seat -1 sits the deal out (e.g. a dealer dealt no cards);
    # None: nobody may; `defender`: he pays and receives what a defender does
    sitting_out: SittingOut | None = None

    def _key(self) -> tuple[tuple[str, ...], str, str | None]:
        return (self.names, self.seat.text, self.sitting_out)

    def __eq__(self, other: object) -> bool:  # the same rule: the same texts (Expr: identity)
        return isinstance(other, People) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


@dataclass(frozen=True, slots=True)
class Players:
    count: int
    step: int  # seats are numbered anticlockwise: +1 anticlockwise play, -1 clockwise
    direction: Direction
    names: tuple[str, ...]
    dummy: Dummy | None = None
    people: People | None = None

    def next(self, seat: int, k: int = 1) -> int:
        return (seat + k * self.step) % self.count

    def order_from(self, seat: int) -> tuple[int, ...]:
        """Every seat once, in play order, starting with `seat`."""
        return tuple((seat + i * self.step) % self.count for i in range(self.count))


@dataclass(frozen=True, slots=True)
class Sides:
    mode: SidesMode
    names: tuple[str, ...]  # team names (teams) or seat names (individual / contract)
    seats: tuple[frozenset[int], ...]  # fixed sides (teams / individual); empty for contract
    side_of: tuple[int, ...]  # per seat, fixed modes only


# --- phases --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Who:
    """A role (`declarer`, `defenders`, `partner`, `call_supplier`, `all`) or a seat expr."""

    role: Role | None
    seat: Expr | None = None


class PhaseSpec(Protocol):
    """What every phase of `flow` has; each kind's own record (a frozen, slotted dataclass)
    lives in the written half of its unit, rules/phases/<kind>.py."""

    @property
    def id(self) -> str: ...

    @property
    def when(self) -> Expr | None: ...

    @property
    def kind(self) -> str: ...


# --- declarations, signals, claims -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Declaration:
    id: str
    pattern: Any  # an `expr` pattern, matched with `pattern_instances`
    points: int
    says: Says
    superseded_by: tuple[str, ...]
    extends_to_drawn: bool


@dataclass(frozen=True, slots=True)
class Declaring:
    at: DeclareAt
    window: Expr
    scored: DeclScored
    mandatory: bool
    reveal: DeclReveal
    rule: Rule


@dataclass(frozen=True, slots=True)
class SignalSpec:
    id: str
    at: SignalAt
    means: str
    truth: Expr | None
    values: tuple[int, ...]
    bluff: bool


@dataclass(frozen=True, slots=True)
class Signaling:
    window: Expr | None
    truthful: bool
    combine: bool
    rule: Rule | None


@dataclass(frozen=True, slots=True)
class Claims:
    allowed: Expr
    total: Expr
    target: Expr
    right: ClaimRight
    wrong: ClaimWrong
    about: ClaimFor = "own"  # `for`: own side, or the opponents (called out, FITRES)
    # a seat that is not to act may claim too, interrupting whoever is (seed 003: "at any
    # moment"); `engine.legal_actions(rules, state, seat=...)` offers it
    out_of_turn: bool = False


# --- scoring, payoff, match ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BigWin:
    id: str
    condition: Expr
    games: int
    multiplier: int
    cancels_opponent_declarations: bool = False
    # the deal rescored when it applies (the reverse game's cappotto): this side's points
    # and each other side's, instead of their deal_points
    points: Expr | None = None
    others: Expr | None = None


@dataclass(frozen=True, slots=True)
class Scoring:
    last_trick: int
    leftover_to: LeftoverTo
    deal_points: Expr
    big_wins: tuple[BigWin, ...]
    big_win_effect: BigWinEffect
    # the last-trick side scores deal_total minus the others' points (`residual_to`)
    residual_to: ResidualTo = "none"
    deal_total: Expr | None = None  # None: the sum of the sides' deal_points


@dataclass(frozen=True, slots=True)
class Contract:
    id: str
    value: int
    alone_value: int | None
    target: int | None


@dataclass(frozen=True, slots=True)
class Payoff:
    success: Expr
    value: Expr
    declarer: Expr
    partner: Expr | None
    defender: Expr
    # whether every deal's payments add up to zero (`simulate` checks it); false for a
    # scoring in which each player is credited with his side's points
    zero_sum: bool = True


@dataclass(frozen=True, slots=True)
class Match:
    target: int | None
    end: Expr
    check: MatchCheck
    winner: MatchWinner
    tie: MatchTie
    reason: MatchReason
    eliminate: Expr | None = None  # per seat, after each scored deal: it leaves the table


@dataclass(frozen=True, slots=True)
class Source:
    """A written source of the rules (`meta.sources`)."""

    ref: str
    file: str | None = None
    url: str | None = None
    about: str = ""


@dataclass(frozen=True, slots=True)
class Meta:
    """What the ruleset is and where its rules come from (`meta`): not rules, but carried
    so that tools (describe, logs) need not read the document again."""

    title: str = ""
    description: str = ""
    sources: tuple[Source, ...] = ()
    choices: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    rules_text: str = ""
    # the rules each choice explains (dotted paths), for the choices that name them
    choice_keys: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))

    def to_dict(self) -> dict[str, Any]:
        """The `meta` mapping as in the YAML (absent keys left out)."""
        out: dict[str, Any] = {}
        if self.title:
            out["title"] = self.title
        if self.description:
            out["description"] = self.description
        if self.sources:
            out["sources"] = [
                {
                    k: v
                    for k, v in (
                        ("ref", s.ref),
                        ("file", s.file),
                        ("url", s.url),
                        ("about", s.about),
                    )
                    if v
                }
                for s in self.sources
            ]
        if self.choices:
            out["choices"] = {
                name: {"text": text, "keys": list(self.choice_keys[name])}
                if name in self.choice_keys
                else text
                for name, text in self.choices.items()
            }
        if self.rules_text:
            out["rules_text"] = self.rules_text
        return out


@dataclass(frozen=True, slots=True)
class Zone:
    """A place cards lie outside the hands, the tricks and the captures (`zones:` in the
    language; `rules/zones.py` builds them). The engine keeps zone contents by the zone's
    index in `Ruleset.zones` and never by name, so that a new zone needs YAML only.

    `seen_by`: who sees its cards (`owner`: the seats `owner` names; a `reveal` phase shows
    any zone to every seat). `leftover_to`: who captures what is still there when the play
    ends. `drawn_from`: a tricks phase's `draw.from` may name it. `ordered`: it keeps the
    order cards came in (the stock's top card is drawn first); an unordered zone is kept
    sorted. `declared`: written under `zones:` (False: implied by a packet or a phase, with
    the defaults).
    """

    id: str
    seen_by: ZoneSeenBy
    owner: Who | None
    leftover_to: LeftoverTo
    drawn_from: bool
    ordered: bool
    declared: bool = True
    # cards laid here before every deal, out of the shuffle (`cards:`, a deck reduction)
    laid: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, eq=False)
class SeatTable:
    """`players.count` as a range, and the ruleset of each allowed count (`by_seats`).

    `rulesets` is filled once by the builder; `rosters` caches the ruleset of a table that
    shrank by elimination (the count's rules, with the names of the seats still in)."""

    low: int
    high: int
    default: int
    rulesets: dict[int, Ruleset] = field(default_factory=dict)
    rosters: dict[tuple[int, tuple[int, ...]], Ruleset] = field(default_factory=dict)

    def ruleset(self, ruleset_id: str, n: int) -> Ruleset:
        if isinstance(n, bool) or not isinstance(n, int) or not self.low <= n <= self.high:
            raise ValueError(
                f"{ruleset_id} is played by {self.low} to {self.high} players, not {n!r}"
            )
        return self.rulesets[n]

    def for_roster(self, start: int, roster: tuple[int, ...]) -> Ruleset:
        """The ruleset for the seats `roster` (original seat numbers, in table order) of a
        game that began with `start` seats: the count's rules, those seats' names."""
        key = (start, roster)
        found = self.rosters.get(key)
        if found is None:
            import dataclasses  # noqa: PLC0415 - only when a table shrinks

            base = self.rulesets[len(roster)]
            names = tuple(self.rulesets[start].players.names[i] for i in roster)
            players = dataclasses.replace(base.players, names=names)
            sides = base.sides
            if sides.mode != "teams":
                sides = dataclasses.replace(sides, names=names)
            found = dataclasses.replace(base, players=players, sides=sides)
            self.rosters[key] = found
        return found


@dataclass(frozen=True, slots=True)
class Ruleset:
    id: str
    title: str
    file: str
    players: Players
    sides: Sides
    deck: Deck
    flow: tuple[PhaseSpec, ...]
    contracts: Mapping[str, Contract]
    declarations: tuple[Declaration, ...]
    declaring: Declaring | None
    signals: tuple[SignalSpec, ...]
    signaling: Signaling
    claims: Claims | None
    scoring: Scoring
    payoff: Payoff | None
    match: Match
    ctx: Any = field(repr=False)  # expr.context.StaticContext, for patterns
    meta: Meta = field(default_factory=Meta, repr=False)
    # sha256 of the canonical JSON of the resolved document ("sha256:<hex>"): a change to
    # the ruleset or to a base it extends changes it; comments and formatting do not
    document_hash: str = ""
    # the zones, declared ones in `zones:` order, then those implied by packets and phases
    zones: tuple[Zone, ...] = ()
    # `players.count` as a range: the ruleset of every allowed count (None: one count)
    seat_table: SeatTable | None = field(default=None, repr=False, compare=False)

    def for_seats(self, n: int) -> Ruleset:
        """The ruleset as played with `n` seats: its `by_seats` entry applied (built and
        checked when the file loaded). A ruleset of one count only has that count; any
        other `n` is a ValueError naming the allowed range."""
        table = self.seat_table
        if table is None:
            if n == self.players.count:
                return self
            raise ValueError(
                f"{self.id} is played by exactly {self.players.count} players, not {n}"
            )
        return table.ruleset(self.id, n)

    @property
    def zone_ids(self) -> tuple[str, ...]:
        return tuple(z.id for z in self.zones)

    def zone_index(self, zone_id: str) -> int:
        """The zone's index in `zones` (the key of its contents in the state)."""
        for i, zone in enumerate(self.zones):
            if zone.id == zone_id:
                return i
        raise KeyError(zone_id)

    def phase_index(self, phase_id: str) -> int:
        for i, phase in enumerate(self.flow):
            if phase.id == phase_id:
                return i
        raise KeyError(phase_id)

    def declaration(self, decl_id: str) -> Declaration:
        for decl in self.declarations:
            if decl.id == decl_id:
                return decl
        raise KeyError(decl_id)

    def signal(self, signal_id: str) -> SignalSpec:
        for sig in self.signals:
            if sig.id == signal_id:
                return sig
        raise KeyError(signal_id)


# --- the phase records of the units, importable from here as before ------------------------

_PHASE_RECORDS = {
    "PacketSpec": "deal",
    "Misdeal": "deal",
    "DealPhase": "deal",
    "BidSpec": "auction",
    "AuctionPhase": "auction",
    "ChoosePhase": "choose",
    "CallPhase": "call",
    "RevealPhase": "reveal",
    "MovePhase": "move",
    "GivePhase": "give",
    "DiscardPhase": "discard",
    "TakePhase": "take",
    "DrawSpec": "tricks",
    "TricksPhase": "tricks",
    "ScorePhase": "score",
}

if TYPE_CHECKING:
    from tressette_dsl.rules.phases.auction import AuctionPhase, BidSpec
    from tressette_dsl.rules.phases.call import CallPhase
    from tressette_dsl.rules.phases.choose import ChoosePhase
    from tressette_dsl.rules.phases.deal import DealPhase, Misdeal, PacketSpec
    from tressette_dsl.rules.phases.discard import DiscardPhase
    from tressette_dsl.rules.phases.give import GivePhase
    from tressette_dsl.rules.phases.move import MovePhase
    from tressette_dsl.rules.phases.reveal import RevealPhase
    from tressette_dsl.rules.phases.score import ScorePhase
    from tressette_dsl.rules.phases.take import TakePhase
    from tressette_dsl.rules.phases.tricks import DrawSpec, TricksPhase

    Phase = (
        DealPhase
        | AuctionPhase
        | ChoosePhase
        | CallPhase
        | RevealPhase
        | MovePhase
        | GivePhase
        | DiscardPhase
        | TakePhase
        | TricksPhase
        | ScorePhase
    )


def __getattr__(name: str) -> Any:
    """`from tressette_dsl.rules.model import TricksPhase` keeps working: the records live in
    their units (rules/phases/<kind>.py) and are imported on first use, which keeps the
    model free of an import cycle (the units import the model)."""
    if name == "Phase":
        return PhaseSpec
    unit = _PHASE_RECORDS.get(name)
    if unit is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib  # noqa: PLC0415 - lazily, see above

    module = importlib.import_module(f"tressette_dsl.rules.phases.{unit}")
    value = getattr(module, name)
    globals()[name] = value
    return value
