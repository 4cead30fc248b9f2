"""Every enumerated option of the language, as a `Literal` type.

Model fields use these aliases instead of `str`, so that `mypy --strict` refuses a misspelt
value in engine code (`reveal == "immediatly"`) and flags a `match` that forgets a value
(engine code ends such matches with `typing.assert_never`). `Literal` rather than `StrEnum`:
the values stay plain `str` at run time, so pickles, JSON logs and events are unchanged and
nothing is converted on the hot path.

`OPTIONS` says which places of the JSON Schema each alias governs; a test walks the schema
and fails when an enum there has no alias, or differs from it. Zone ids (`monte`, `stock`,
any other) are not here: they are data, declared under `zones:` (`rules/zones.py`); only the
fixed words that describe a zone (`seen_by`, `leftover_to`) are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, TypeVar, cast, get_args

Direction = Literal["anticlockwise", "clockwise"]
DummyExposed = Literal["dealt", "first_card", "end_of_play"]
SittingOut = Literal["defender", "nothing"]
SidesMode = Literal["teams", "individual", "contract"]
Role = Literal["declarer", "defenders", "partner", "call_supplier", "all"]
FirstDealer = Literal["random"]
MisdealDealer = Literal["same", "next"]

Speeches = Literal["once", "until_pass"]
AllPass = Literal["redeal"]
AllPassDealer = Literal["next", "same"]
CallEffect = Literal["transfer", "partner"]
CallReveal = Literal["on_play", "immediately"]
CallTrump = Literal["called_suit"]
DrawOrder = Literal["winner_first"]

Says = Literal["suit", "missing_suit", "rank", "cards"]
DeclareAt = Literal[
    "before_first_trick", "own_turn", "after_lead", "end_of_trick", "announce_then_reveal"
]
DeclScored = Literal["immediately", "end_of_deal"]
DeclReveal = Literal["on_declare", "never"]
SignalAt = Literal["lead", "follow", "any_time"]

ClaimFor = Literal["own", "opponents"]
ClaimRight = Literal["win_match"]
ClaimWrong = Literal["lose_match"]

LeftoverTo = Literal["last_trick_winner", "declarer", "none"]
ZoneSeenBy = Literal["nobody", "owner", "everyone"]
BigWinEffect = Literal["win_match", "multiply", "none"]
ResidualTo = Literal["last_trick_winner", "none"]

MatchCheck = Literal["end_of_deal", "immediately"]
MatchWinner = Literal["highest", "lowest"]
MatchTie = Literal["play_on", "shared"]
MatchReason = Literal["target", "session_end"]


@dataclass(frozen=True, slots=True)
class Option:
    """One enumerated option: its alias, the document key it is written at, and the schema
    places it governs (JSON-pointer-like paths from the schema root, `/`-separated).

    `implied` are values the builder supplies that a document cannot write (`says: cards`
    when `says` is absent; `big_win_effect: none` without big wins; a match `reason`
    derived from `match.target`): they are in the alias but not in the schema's enum.
    """

    name: str
    alias: Any
    key: str
    schema: tuple[str, ...]
    implied: tuple[str, ...] = ()

    @property
    def values(self) -> tuple[str, ...]:
        return values_of(self.alias)

    @property
    def written(self) -> tuple[str, ...]:
        """The values a document may write: the schema's enum."""
        return tuple(v for v in self.values if v not in self.implied)


_P = "$defs/phase_"
OPTIONS: tuple[Option, ...] = (
    Option(
        "Direction",
        Direction,
        "players.direction",
        ("$defs/ruleset/properties/players/properties/direction",),
    ),
    Option(
        "DummyExposed",
        DummyExposed,
        "seating.dummy.exposed",
        ("$defs/ruleset/properties/seating/properties/dummy/properties/exposed",),
    ),
    Option(
        "SittingOut",
        SittingOut,
        "seating.people.sitting_out",
        ("$defs/ruleset/properties/seating/properties/people/properties/sitting_out",),
    ),
    Option(
        "SidesMode", SidesMode, "sides.mode", ("$defs/ruleset/properties/sides/properties/mode",)
    ),
    Option("Role", Role, "who / to (a role, else a seat expression)", ()),
    Option(
        "FirstDealer",
        FirstDealer,
        "phases.<deal>.first_dealer",
        (f"{_P}deal/properties/first_dealer/anyOf/0",),
    ),
    Option(
        "Speeches", Speeches, "phases.<auction>.speeches", (f"{_P}auction/properties/speeches",)
    ),
    Option("AllPass", AllPass, "phases.<auction>.all_pass", (f"{_P}auction/properties/all_pass",)),
    Option(
        "AllPassDealer",
        AllPassDealer,
        "phases.<auction>.all_pass_dealer",
        (f"{_P}auction/properties/all_pass_dealer",),
    ),
    Option(
        "MisdealDealer",
        MisdealDealer,
        "phases.<deal>.misdeal.dealer",
        (f"{_P}deal/properties/misdeal/properties/dealer",),
    ),
    Option("CallEffect", CallEffect, "phases.<call>.effect", (f"{_P}call/properties/effect",)),
    Option("CallReveal", CallReveal, "phases.<call>.reveal", (f"{_P}call/properties/reveal",)),
    Option("CallTrump", CallTrump, "phases.<call>.trump", (f"{_P}call/properties/trump",)),
    Option(
        "DrawOrder",
        DrawOrder,
        "phases.<tricks>.draw.order",
        (f"{_P}tricks/properties/draw/properties/order",),
    ),
    Option(
        "Says",
        Says,
        "declarations.<id>.says",
        ("$defs/declaration/properties/says",),
        implied=("cards",),
    ),
    Option(
        "DeclareAt",
        DeclareAt,
        "declaring.at",
        ("$defs/ruleset/properties/declaring/properties/at",),
    ),
    Option(
        "DeclScored",
        DeclScored,
        "declaring.scored",
        ("$defs/ruleset/properties/declaring/properties/scored",),
    ),
    Option(
        "DeclReveal",
        DeclReveal,
        "declaring.reveal",
        ("$defs/ruleset/properties/declaring/properties/reveal",),
    ),
    Option("SignalAt", SignalAt, "signals.<id>.at", ("$defs/signal/properties/at",)),
    Option("ClaimFor", ClaimFor, "claims.for", ("$defs/ruleset/properties/claims/properties/for",)),
    Option(
        "ClaimRight",
        ClaimRight,
        "claims.right",
        ("$defs/ruleset/properties/claims/properties/right",),
    ),
    Option(
        "ClaimWrong",
        ClaimWrong,
        "claims.wrong",
        ("$defs/ruleset/properties/claims/properties/wrong",),
    ),
    Option(
        "LeftoverTo",
        LeftoverTo,
        "scoring.leftover_to",
        (
            "$defs/ruleset/properties/scoring/properties/leftover_to",
            "$defs/zone/properties/leftover_to",
        ),
    ),
    Option("ZoneSeenBy", ZoneSeenBy, "zones.<id>.seen_by", ("$defs/zone/properties/seen_by",)),
    Option(
        "BigWinEffect",
        BigWinEffect,
        "scoring.big_win_effect",
        ("$defs/ruleset/properties/scoring/properties/big_win_effect",),
        implied=("none",),
    ),
    Option(
        "ResidualTo",
        ResidualTo,
        "scoring.residual_to",
        ("$defs/ruleset/properties/scoring/properties/residual_to",),
    ),
    Option(
        "MatchCheck",
        MatchCheck,
        "match.check",
        ("$defs/ruleset/properties/match/properties/check",),
    ),
    Option(
        "MatchWinner",
        MatchWinner,
        "match.winner",
        ("$defs/ruleset/properties/match/properties/winner",),
    ),
    Option("MatchTie", MatchTie, "match.tie", ("$defs/ruleset/properties/match/properties/tie",)),
    Option(
        "MatchReason",
        MatchReason,
        "match.target (given or not)",
        (),
        implied=("target", "session_end"),
    ),
)

# Schema enums that are not options of this module, and why.
NOT_OPTIONS: dict[str, str] = {
    "$defs/phase/properties/kind": "the phase kinds: derived from the registry of phase units",
    "$defs/ruleset/properties/zones/propertyNames/not": (
        "ids a zone may not have (rules/zones.RESERVED_IDS)"
    ),
}

T = TypeVar("T", bound=str)


def values_of(alias: Any) -> tuple[str, ...]:
    return tuple(get_args(alias))


DIRECTIONS: tuple[Direction, ...] = get_args(Direction)
DUMMY_EXPOSED: tuple[DummyExposed, ...] = get_args(DummyExposed)
SITTING_OUT: tuple[SittingOut, ...] = get_args(SittingOut)
SIDES_MODES: tuple[SidesMode, ...] = get_args(SidesMode)
ROLES: tuple[Role, ...] = get_args(Role)
SPEECHES: tuple[Speeches, ...] = get_args(Speeches)
ALL_PASS: tuple[AllPass, ...] = get_args(AllPass)
ALL_PASS_DEALERS: tuple[AllPassDealer, ...] = get_args(AllPassDealer)
MISDEAL_DEALERS: tuple[MisdealDealer, ...] = get_args(MisdealDealer)
CALL_EFFECTS: tuple[CallEffect, ...] = get_args(CallEffect)
CALL_REVEALS: tuple[CallReveal, ...] = get_args(CallReveal)
DRAW_ORDERS: tuple[DrawOrder, ...] = get_args(DrawOrder)
SAYS: tuple[Says, ...] = get_args(Says)
DECLARE_AT: tuple[DeclareAt, ...] = get_args(DeclareAt)
DECL_SCORED: tuple[DeclScored, ...] = get_args(DeclScored)
DECL_REVEAL: tuple[DeclReveal, ...] = get_args(DeclReveal)
SIGNAL_AT: tuple[SignalAt, ...] = get_args(SignalAt)
CLAIM_FOR: tuple[ClaimFor, ...] = get_args(ClaimFor)
CLAIM_RIGHT: tuple[ClaimRight, ...] = get_args(ClaimRight)
CLAIM_WRONG: tuple[ClaimWrong, ...] = get_args(ClaimWrong)
LEFTOVER_TO: tuple[LeftoverTo, ...] = get_args(LeftoverTo)
ZONE_SEEN_BY: tuple[ZoneSeenBy, ...] = get_args(ZoneSeenBy)
BIG_WIN_EFFECTS: tuple[BigWinEffect, ...] = get_args(BigWinEffect)
RESIDUAL_TO: tuple[ResidualTo, ...] = get_args(ResidualTo)
MATCH_CHECKS: tuple[MatchCheck, ...] = get_args(MatchCheck)
MATCH_WINNERS: tuple[MatchWinner, ...] = get_args(MatchWinner)
MATCH_TIES: tuple[MatchTie, ...] = get_args(MatchTie)


def pick(value: object, choices: tuple[T, ...], default: T) -> T:
    """The document's value for an option typed as `choices` (`get_args` of its alias), or
    `default` when absent. The schema has already refused a value outside `choices`; the
    builder may still run on such a document to gather more problems (`loader.recover`),
    and then the text is kept as it was written, as before options were typed."""
    if value is None:
        return default
    for choice in choices:
        if choice == value:
            return choice
    return cast(T, str(value))
