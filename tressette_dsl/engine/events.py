"""Events: the story of a game, one frozen past-tense record per fact.

Events are omniscient (a `Dealt` lists every hand): they are the log for transcripts and
replays. A player's view is `observe` of the state and `views.events_for` of the events,
never the raw log. Cards appear as their text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tressette_dsl.engine.codec import Plain, record


class _Event(Plain):
    __slots__ = ()


@record
@dataclass(frozen=True, slots=True)
class Dealt(_Event):
    """A deal: every hand, and (zone id, cards) for each zone the packets put cards in.

    In plain form each zone is a key named by its id (`{"hands": ..., "monte": [...]}`), as
    logs wrote the stock and the monte before zones were data; a zone dealt nothing is left
    out, so an old log's empty `"stock": []` decodes to the same event (the loader refuses
    zone ids that are the event's own fields)."""

    deal_no: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    zones: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def __post_init__(self) -> None:
        if any(not cards for _zone, cards in self.zones):
            full = tuple((z, c) for z, c in self.zones if c)
            object.__setattr__(self, "zones", full)

    def zone(self, zone_id: str) -> tuple[str, ...]:
        """The cards dealt to a zone; () when it was dealt none."""
        return next((cards for zid, cards in self.zones if zid == zone_id), ())

    def to_plain(self) -> dict[str, Any]:
        return {
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "hands": self.hands,
            **dict(self.zones),
        }

    @classmethod
    def from_plain(cls, fields: dict[str, Any]) -> Dealt:
        own = ("deal_no", "dealer", "hands")
        zones = tuple((str(k), tuple(v)) for k, v in fields.items() if k not in own)
        return cls(fields["deal_no"], fields["dealer"], fields["hands"], zones)


@record
@dataclass(frozen=True, slots=True)
class Annulled(_Event):
    seat: int
    reason: str


@record
@dataclass(frozen=True, slots=True)
class BidMade(_Event):
    seat: int
    bid: str
    points: int | None


@record
@dataclass(frozen=True, slots=True)
class Passed(_Event):
    seat: int


@record
@dataclass(frozen=True, slots=True)
class AuctionWon(_Event):
    seat: int
    bid: str
    contract: str
    points: int | None


@record
@dataclass(frozen=True, slots=True)
class AllPassed(_Event):
    deal_no: int


@record
@dataclass(frozen=True, slots=True)
class ContractChosen(_Event):
    seat: int
    contract: str


@record
@dataclass(frozen=True, slots=True)
class Called(_Event):
    seat: int
    card: str
    holder: str  # a seat number as text, "self", or the id of the zone it lies in


@record
@dataclass(frozen=True, slots=True)
class PartnerRevealed(_Event):
    seat: int
    card: str


@record
@dataclass(frozen=True, slots=True)
class DummyExposed(_Event):
    """The dummy's hand is laid face up (`seating.dummy.exposed`): every seat sees it."""

    seat: int
    cards: tuple[str, ...]


@record
@dataclass(frozen=True, slots=True)
class HandShown(_Event):
    """A hand shown to one other seat only: a dummy's to its owner, the owner's to the dummy
    (`seating.dummy`), as the deal ends. Only `to` (and `seat` itself) see the cards."""

    seat: int
    to: int
    cards: tuple[str, ...]


@record
@dataclass(frozen=True, slots=True)
class TrumpSet(_Event):
    suit: str


@record
@dataclass(frozen=True, slots=True)
class CardTransferred(_Event):
    source: int
    to: int
    card: str
    shown: bool


@record
@dataclass(frozen=True, slots=True)
class ZoneShown(_Event):
    zone: str
    cards: tuple[str, ...]


@record
@dataclass(frozen=True, slots=True)
class CardsMoved(_Event):
    source: str
    to: int
    cards: tuple[str, ...]
    shown: bool


@record
@dataclass(frozen=True, slots=True)
class CardGiven(_Event):
    seat: int
    to: int
    card: str
    shown: bool


@record
@dataclass(frozen=True, slots=True)
class CardDiscarded(_Event):
    seat: int
    card: str
    zone: str


@record
@dataclass(frozen=True, slots=True)
class CardTaken(_Event):
    seat: int
    card: str
    zone: str


@record
@dataclass(frozen=True, slots=True)
class Announced(_Event):
    seat: int


@record
@dataclass(frozen=True, slots=True)
class Declared(_Event):
    seat: int
    decl: str
    arg: str
    points: int
    cards: tuple[str, ...]


@record
@dataclass(frozen=True, slots=True)
class Signalled(_Event):
    seat: int
    signal: str
    value: int | None


@record
@dataclass(frozen=True, slots=True)
class CardPlayed(_Event):
    seat: int
    card: str
    trick_no: int


@record
@dataclass(frozen=True, slots=True)
class TrickWon(_Event):
    trick_no: int
    seat: int
    cards: tuple[str, ...]
    units: int


@record
@dataclass(frozen=True, slots=True)
class CardDrawn(_Event):
    seat: int
    card: str
    shown: bool


@record
@dataclass(frozen=True, slots=True)
class LeftoverTaken(_Event):
    seat: int
    cards: tuple[str, ...]


@record
@dataclass(frozen=True, slots=True)
class Claimed(_Event):
    seat: int
    side: int
    total: int
    target: int
    right: bool


@record
@dataclass(frozen=True, slots=True)
class DealScored(_Event):
    deal_no: int
    counted: bool
    points: tuple[int, ...]
    deltas: tuple[int, ...]
    totals: tuple[int, ...]
    big_win: str | None


@record
@dataclass(frozen=True, slots=True)
class MatchEnded(_Event):
    winners: tuple[int, ...]
    reason: str
    totals: tuple[int, ...]


Event = (
    Dealt
    | Annulled
    | BidMade
    | Passed
    | AuctionWon
    | AllPassed
    | ContractChosen
    | Called
    | PartnerRevealed
    | DummyExposed
    | HandShown
    | TrumpSet
    | CardTransferred
    | ZoneShown
    | CardsMoved
    | CardGiven
    | CardDiscarded
    | CardTaken
    | Announced
    | Declared
    | Signalled
    | CardPlayed
    | TrickWon
    | CardDrawn
    | LeftoverTaken
    | Claimed
    | DealScored
    | MatchEnded
)
