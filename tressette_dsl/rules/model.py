"""The typed, immutable ruleset model that the engine plays.

`build.build_ruleset` compiles a checked YAML document into a `Ruleset`. Nothing here is
variant-specific: every difference between games is a value of these records, and every
piece of logic is an `Expr` (a closure compiled once, with the names of its slot checked).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from tressette_dsl.cardsets import iter_bits
from tressette_dsl.diagnostics import Span

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
        return tuple(self.card_text[c] for c in iter_cards(mask))

    def units(self, mask: int) -> int:
        value, total = self.card_value, 0
        while mask:  # as `iter_cards`, without the list
            low = mask & -mask
            total += value[low.bit_length() - 1]
            mask ^= low
        return total


iter_cards = iter_bits  # the card indexes of a bitmask, lowest first


@dataclass(frozen=True, slots=True)
class Players:
    count: int
    step: int  # seats are numbered anticlockwise: +1 anticlockwise play, -1 clockwise
    direction: str
    names: tuple[str, ...]

    def next(self, seat: int, k: int = 1) -> int:
        return (seat + k * self.step) % self.count

    def order_from(self, seat: int) -> tuple[int, ...]:
        """Every seat once, in play order, starting with `seat`."""
        return tuple((seat + i * self.step) % self.count for i in range(self.count))


@dataclass(frozen=True, slots=True)
class Sides:
    mode: str  # teams | individual | contract
    names: tuple[str, ...]  # team names (teams) or seat names (individual / contract)
    seats: tuple[frozenset[int], ...]  # fixed sides (teams / individual); empty for contract
    side_of: tuple[int, ...]  # per seat, fixed modes only


# --- phases --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Who:
    """A role (`declarer`, `defenders`, `partner`, `call_supplier`, `all`) or a seat expr."""

    role: str | None
    seat: Expr | None = None


@dataclass(frozen=True, slots=True)
class PacketSpec:
    count: int | None  # None = the rest of the deck
    zone: str | None  # None = the hands


@dataclass(frozen=True, slots=True)
class Misdeal:
    condition: Expr


@dataclass(frozen=True, slots=True)
class DealPhase:
    id: str
    when: Expr | None
    first_dealer: Expr | None  # None = random from the seed
    next_dealer: Expr
    packets: tuple[PacketSpec, ...]
    misdeal: Misdeal | None
    kind: str = "deal"


@dataclass(frozen=True, slots=True)
class BidSpec:
    id: str
    level: int
    contract: str
    closes: bool
    rank: int | None  # rank index named by the bid (called-card auctions)
    points: tuple[int, int] | None  # (from, to): a parametrised bid `bid ID N`


@dataclass(frozen=True, slots=True)
class AuctionPhase:
    id: str
    when: Expr | None
    first: Expr
    speeches: str  # once | until_pass
    bids: tuple[BidSpec, ...]
    all_pass: str  # redeal
    rule: Rule
    kind: str = "auction"


@dataclass(frozen=True, slots=True)
class ChoosePhase:
    id: str
    when: Expr | None
    who: Who
    options: tuple[str, ...]
    keep: bool
    kind: str = "choose"


@dataclass(frozen=True, slots=True)
class CallPhase:
    id: str
    when: Expr | None
    who: Who
    cards: Expr
    effect: str  # transfer | partner
    reveal: str  # on_play | immediately
    trump_called_suit: bool
    kind: str = "call"


@dataclass(frozen=True, slots=True)
class RevealPhase:
    id: str
    when: Expr | None
    zone: str
    kind: str = "reveal"


@dataclass(frozen=True, slots=True)
class MovePhase:
    id: str
    when: Expr | None
    source: str
    to: Who
    count: Expr | None  # per receiving seat; None = all
    shown: bool
    kind: str = "move"


@dataclass(frozen=True, slots=True)
class GivePhase:
    id: str
    when: Expr | None
    who: Who
    to: Who
    count: Expr
    shown: bool
    kind: str = "give"


@dataclass(frozen=True, slots=True)
class DiscardPhase:
    id: str
    when: Expr | None
    who: Who
    count: Expr
    to: str
    kind: str = "discard"


@dataclass(frozen=True, slots=True)
class TakePhase:
    id: str
    when: Expr | None
    who: Who
    source: str
    kind: str = "take"


@dataclass(frozen=True, slots=True)
class DrawSpec:
    source: str
    order: str  # winner_first
    shown: bool


@dataclass(frozen=True, slots=True)
class TricksPhase:
    id: str
    when: Expr | None
    first_lead: Expr
    follow_suit: Expr
    trump: Expr | None
    draw: DrawSpec | None
    kind: str = "tricks"


@dataclass(frozen=True, slots=True)
class ScorePhase:
    id: str
    when: Expr | None
    kind: str = "score"


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


# --- declarations, signals, claims -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Declaration:
    id: str
    pattern: Any  # an `expr` pattern, matched with `pattern_instances`
    points: int
    says: str  # suit | missing_suit | rank | cards
    superseded_by: tuple[str, ...]
    extends_to_drawn: bool


@dataclass(frozen=True, slots=True)
class Declaring:
    at: str  # before_first_trick | own_turn | after_lead | end_of_trick | announce_then_reveal
    window: Expr
    scored: str  # immediately | end_of_deal
    mandatory: bool
    reveal: str  # on_declare | never
    rule: Rule


@dataclass(frozen=True, slots=True)
class SignalSpec:
    id: str
    at: str  # lead | follow | any_time
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
    right: str  # win_match
    wrong: str  # lose_match
    about: str = "own"  # `for`: own side, or the opponents (called out, FITRES)


# --- scoring, payoff, match ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BigWin:
    id: str
    condition: Expr
    games: int
    multiplier: int
    cancels_opponent_declarations: bool = False


@dataclass(frozen=True, slots=True)
class Scoring:
    last_trick: int
    leftover_to: str  # last_trick_winner | declarer | none
    deal_points: Expr
    big_wins: tuple[BigWin, ...]
    big_win_effect: str  # win_match | multiply | none


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


@dataclass(frozen=True, slots=True)
class Match:
    target: int | None
    end: Expr
    check: str  # end_of_deal | immediately
    winner: str  # highest
    tie: str  # play_on | shared
    reason: str  # target | session_end


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
class Ruleset:
    id: str
    title: str
    file: str
    players: Players
    sides: Sides
    deck: Deck
    flow: tuple[Phase, ...]
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
