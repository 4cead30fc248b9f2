"""The game state: one immutable value of plain data.

Cards are ints (see `rules.model.Deck`), sets of cards bitmasks. Every card of the deck is
in exactly one zone: a hand, the stock, the monte, the current trick, or a seat's captures
(`won`). Nothing here is a function, so a state pickles, hashes and round-trips through JSON
(`to_dict` / `from_dict`). The engine owns the cursor fields (`phase`, `sub`, `to_act`,
`pending`); the rest is the content of the deal and of the match.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from tressette_dsl.engine.codec import CodecError, decode, encode, record


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
    """Cards injected by `new_game(deck=..., hands=...)` for the first deal."""

    deck: tuple[int, ...] | None
    hands: tuple[tuple[int, ...] | None, ...] | None  # None for a seat dealt normally
    stock: tuple[int, ...] | None
    monte: tuple[int, ...] | None


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
    stock: tuple[int, ...] = ()
    monte: tuple[int, ...] = ()
    won: tuple[int, ...] = ()
    trick: tuple[tuple[int, int], ...] = ()
    # knowledge -------------------------------------------------------------------
    public: tuple[int, ...] = ()  # per seat: cards of its hand that every seat has seen
    discarded: tuple[int, ...] = ()  # per seat: what it discarded face down (it alone knows)
    monte_shown: bool = False
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

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = encode(self)
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> GameState:
        """The state `to_dict` gave; raises `CodecError` (a ValueError) for other data."""
        if not isinstance(data, dict):
            raise CodecError(f"GameState.from_dict: data must be a dict, not {type(data).__name__}")
        if data.get("type", "GameState") != "GameState":
            raise CodecError(
                f"GameState.from_dict: data is a {data.get('type')!r}, not a GameState"
            )
        state = decode({**data, "type": "GameState"})
        if not isinstance(state, GameState):  # pragma: no cover - the type was checked
            raise CodecError("GameState.from_dict: data is not a GameState")
        return state

    def replace(self, **changes: Any) -> GameState:
        """A copy with some fields changed, over ten times as fast as `dataclasses.replace`
        (about a microsecond): it copies the instance dict instead of running the
        frozen `__init__`, which sets the 50-odd fields one by one. The engine makes one or
        two such copies per action, so this is the state's hot path."""
        if not _FIELD_NAMES.issuperset(changes):
            raise TypeError(f"GameState has no field {sorted(set(changes) - _FIELD_NAMES)}")
        new = object.__new__(GameState)
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        return new


_FIELD_NAMES = frozenset(f.name for f in dataclasses.fields(GameState))


def set_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """A copy of the tuple with one item replaced."""
    return (*values[:index], value, *values[index + 1 :])
