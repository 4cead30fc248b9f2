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
from dataclasses import dataclass
from typing import Any

from tressette_dsl.engine.codec import decode, encode, record


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


@record
@dataclass(frozen=True)  # no slots: `replace` copies the instance dict in one C call
class GameState:
    seed: int
    n: int  # seats
    deal_no: int = 0
    deals_counted: int = 0
    dealer: int = 0
    # cursor ----------------------------------------------------------------------
    phase: int = 0
    sub: str = ""
    step: int = 0
    to_act: int | None = None
    pending: tuple[int, ...] = ()
    # zones -----------------------------------------------------------------------
    hands: tuple[int, ...] = ()
    zone_ids: tuple[str, ...] = ()  # the ruleset's zones, in `rules.zones` order
    zones: tuple[tuple[int, ...], ...] = ()  # per zone index: its cards, top first
    won: tuple[int, ...] = ()
    trick: tuple[tuple[int, int], ...] = ()
    # knowledge -------------------------------------------------------------------
    public: tuple[int, ...] = ()  # per seat: cards of its hand that every seat has seen
    discarded: tuple[int, ...] = ()  # per seat: what it discarded face down (it alone knows)
    shown: tuple[bool, ...] = ()  # per zone index: a reveal phase showed it to every seat
    reveals: tuple[Reveal, ...] = ()
    # tricks ----------------------------------------------------------------------
    trick_no: int = 0
    leader: int | None = None
    must_follow: bool = True
    trump: int | None = None
    last_winner: int | None = None
    tricks_won: tuple[int, ...] = ()
    tricks: tuple[TrickRecord, ...] = ()
    played: tuple[int, ...] = ()
    window_open: bool = False
    window_played: tuple[int, ...] = ()
    # declarations and signals ----------------------------------------------------
    declarations: tuple[DeclRecord, ...] = ()
    announced: tuple[int, ...] = ()  # per seat: hand when it announced (0 = none)
    revealed_announce: tuple[bool, ...] = ()
    drawn: tuple[int, ...] = ()  # per seat: cards drawn from the stock this deal
    signals: tuple[SignalRecord, ...] = ()
    # contract --------------------------------------------------------------------
    auction: tuple[BidRecord, ...] = ()
    passed: frozenset[int] = frozenset()
    declarer: int | None = None
    contract: str | None = None
    bid: str | None = None
    bid_level: int = 0
    bid_rank: int | None = None
    bid_points: int | None = None
    called_card: int | None = None
    call_supplier: int | None = None
    partner: int | None = None
    partner_revealed: bool = False
    taken: tuple[int, ...] = ()
    # match -----------------------------------------------------------------------
    totals: tuple[int, ...] = ()
    deals: tuple[DealRecord, ...] = ()
    deal_ended: bool = False
    over: bool = False
    outcome: Outcome | None = None
    fixed: FixedDeal | None = None

    # --- zones --------------------------------------------------------------------------

    def zone(self, zone_id: str) -> tuple[int, ...]:
        """The cards of a zone by its id; () for a zone the ruleset does not have."""
        try:
            return self.zones[self.zone_ids.index(zone_id)]
        except ValueError:
            return ()

    def zone_shown(self, zone_id: str) -> bool:
        try:
            return self.shown[self.zone_ids.index(zone_id)]
        except ValueError:
            return False

    def with_zone(self, index: int, cards: tuple[int, ...]) -> GameState:
        """A copy with the zone at `index` holding `cards`."""
        return self.replace(zones=set_at(self.zones, index, cards))

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
        """Decode `to_dict`'s form. A state of format 1 (written before zones were data:
        `stock`, `monte`, `monte_shown` fields) needs the ruleset to place its zones:
        `from_dict(data, rules)`."""
        data = dict(data)
        version = data.pop("format", 1)
        if version == 1 and any(k in data for k in _LEGACY_ZONE_FIELDS):
            if rules is None:
                raise ValueError(
                    "a game state of format 1 (written before zones were data) decodes only "
                    "with its ruleset: GameState.from_dict(data, rules)"
                )
            legacy = {k: decode(data.pop(k)) for k in _LEGACY_ZONE_FIELDS if k in data}
            state = decode(data)
            assert isinstance(state, GameState)
            ids: tuple[str, ...] = tuple(rules.zone_ids)
            state = state.replace(zone_ids=ids, zones=((),) * len(ids), shown=(False,) * len(ids))
            return state.replace(**legacy)
        if version != STATE_FORMAT:
            raise ValueError(
                f"game state format {version} is not known (this version reads formats 1 "
                f"and {STATE_FORMAT})"
            )
        state = decode(data)
        assert isinstance(state, GameState)
        return state

    def replace(self, **changes: Any) -> GameState:
        """A copy with some fields changed, over ten times as fast as `dataclasses.replace`
        (about a microsecond): it copies the instance dict instead of running the
        frozen `__init__`, which sets the 50-odd fields one by one. The engine makes one or
        two such copies per action, so this is the state's hot path.

        A test or tool may also name a zone by its id (`replace(monte=(...))`, cards as
        ints) and `monte_shown`: they go to `zones` / `shown` at the zone's index. Setting
        a zone the ruleset does not have to () does nothing."""
        if not _FIELD_NAMES.issuperset(changes):
            return self._replace_zones(changes)
        new = object.__new__(GameState)
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        return new

    def _replace_zones(self, changes: dict[str, Any]) -> GameState:
        zones, shown = list(changes.pop("zones", self.zones)), list(self.shown)
        ids = changes.get("zone_ids", self.zone_ids)
        if "monte_shown" in changes:
            flag = bool(changes.pop("monte_shown"))
            if "monte" in ids:
                shown[ids.index("monte")] = flag
            elif flag:
                raise TypeError("monte_shown: this state has no zone 'monte'")
        for name in [k for k in changes if k not in _FIELD_NAMES]:
            cards = tuple(changes.pop(name))
            if name in ids:
                zones[ids.index(name)] = cards
            elif cards:
                raise TypeError(
                    f"GameState has no field or zone {name!r} (zones: {', '.join(ids) or 'none'})"
                )
        return self.replace(zones=tuple(zones), shown=tuple(shown), **changes)


# Version of `to_dict`'s form: 1 had a field per zone (stock, monte, monte_shown); 2 keeps
# zones by index (zone_ids, zones, shown).
STATE_FORMAT = 2
_LEGACY_ZONE_FIELDS = ("stock", "monte", "monte_shown")
_FIELD_NAMES = frozenset(f.name for f in dataclasses.fields(GameState))


def set_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """A copy of the tuple with one item replaced."""
    return (*values[:index], value, *values[index + 1 :])
