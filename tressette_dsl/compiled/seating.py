"""The kernel's side of `seating`: who decides at a dummy's turn, when the dummy is shown,
and which random source a person's decisions draw from.

The interpreter plays a dummy (`seating.dummy`) as an ordinary seat - its cards are dealt,
asked for in turn, checked and scored like any seat's - except that its *owner* decides
(`engine.to_act(state, rules)` names the owner, and a playout's interpreted step draws
from the owner's chooser) and that every seat sees its hand from the first card of the
deal on (`exposed: first_card`: its cards join `public`). The generated trick loop asks
``choose[seat]`` and ``grb[seat]`` of the seat to act, so the kernel is given, for the
deal, choosers *per seat that is asked* (`seated`): the dummy's entry is its owner's, the
same chooser object, so the same random source in the same order. The exposure is
written after the loop has run (`Exposure`): every card of the dummy's the loop played
after the first card had left `public` again, so what is public at the end is what the
loop left plus the dummy's hand - exact as long as no card reaches the dummy's hand
during the play (a ruleset whose tricks draw from the stock keeps the dummy on the
interpreter: `uncovered`).

People (`seating.people`) move round the seats deal by deal and keep their own totals.
The trick play does not change: the kernel plays each deal's tricks for whoever sits at
each seat. At the end of a deal of `FastEnd`'s shape (`tressette-col-morto`) each side's
points go to the people sitting on it in that deal (`side_slots`, the interpreter's
`table.total_slot_of_side`), the match's end and winners are read off the people's totals
as off any totals, and the next deal's dummy only shows in events (its hand and its
owner's shown to each other) - so the kernel ends the deal and deals the next, deal after
deal (`chain`), choosing the next deal's dummy's owner again (`kernel._drive`). What
`FastEnd` leaves is named in `deal_end_note` (a dummy dealt face up, the interpreter's;
people sitting a deal out and paid as defenders: a payoff, so a contract game, whose
deal end is `contractend.ContractEnd`'s, the people's totals included, from
`people_at`). A driver whose random sources are the people's (`simulate`'s runner:
agent k plays person k wherever he sits) gives a playout, deal by deal, the sources per
seat of that deal (`person_sources`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from tressette_dsl.engine.occupancy import dummy_at, person_seats
from tressette_dsl.engine.state import GameState, Match
from tressette_dsl.rules.model import Ruleset, TricksPhase

T = TypeVar("T")

# (rules, {(dealer, deal_no): (dummy, owner)}): the dummy of each deal, per ruleset object
_DUMMIES: dict[int, tuple[Ruleset, dict[tuple[int, int], tuple[int, int] | None]]] = {}


def uncovered(rules: Ruleset) -> list[str]:
    """What of `seating` the kernel does not play exactly (by name, for `coverage`)."""
    dummy = rules.players.dummy
    if dummy is None or dummy.exposed != "first_card":
        return []
    if any(isinstance(p, TricksPhase) and p.draw is not None for p in rules.flow):
        # the exposure is written after the loop, as the dummy's hand then: a card drawn
        # after the first card would be shown with it
        return ["seating.dummy.exposed: first_card with a draw from the stock"]
    return []


def deal_end_note(rules: Ruleset) -> str | None:
    """Why the end of a deal is the interpreter's (`FastEnd.applies`), or None when the
    kernel ends it: each side's points go to the people sitting on it in that deal
    (`side_slots`), the match ends on the people's totals as on any totals, and the next
    deal's dummy shows only in events (`HandShown`) - unless it is dealt face up, which
    the next deal's state must show, or people sit out, paid as defenders."""
    people = rules.players.people
    if people is not None and people.sitting_out is not None:
        return "seating.people.sitting_out: people who sit a deal out"
    dummy = rules.players.dummy
    if dummy is not None and dummy.exposed == "dealt":
        return "seating.dummy.exposed: dealt (the next deal's dummy shown at the deal)"
    return None


def side_slots(
    rules: Ruleset, sides: Sequence[tuple[int, ...]], dealer: int, deal_no: int
) -> tuple[tuple[int, ...], ...]:
    """Per side (its seats), the people sitting on it in the deal of `dealer` and
    `deal_no` - the match totals its points go to (`table.total_slot_of_side`)."""
    key = (id(rules), dealer, deal_no)
    found = _SLOTS.get(key)
    if found is not None and found[0] is rules and found[1] == sides:
        return found[2]
    seats = people_at(rules, dealer, deal_no)
    slots = tuple(tuple(p for p, x in enumerate(seats) if x in side) for side in sides)
    if len(_SLOTS) > 4096:
        _SLOTS.clear()
    _SLOTS[key] = (rules, tuple(sides), slots)
    return slots


_SLOTS: dict[
    tuple[int, int, int],
    tuple[Ruleset, tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]],
] = {}


def people_at(rules: Ruleset, dealer: int, deal_no: int) -> tuple[int, ...]:
    """The seat each person takes in the deal of `dealer` and `deal_no`
    (`occupancy.person_seats`, validated: the interpreter's error for a bad seating),
    kept per ruleset object: it evaluates `seating.people.seat` once per person."""
    key = (id(rules), dealer, deal_no)
    found = _PEOPLE.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    s = GameState(seed=0, n=rules.players.count, match=Match(dealer=dealer, deal_no=deal_no))
    seats = person_seats(rules, s)
    if len(_PEOPLE) > 4096:  # rulesets built on the fly (tests, house rules): bounded
        _PEOPLE.clear()
    _PEOPLE[key] = (rules, seats)
    return seats


_PEOPLE: dict[tuple[int, int, int], tuple[Ruleset, tuple[int, ...]]] = {}


def delegated(rules: Ruleset, *, deal_end: bool, contract_end: bool = False) -> list[str]:
    """The moments of `seating` the interpreter plays (for `coverage`'s `delegated`),
    `deal_end` telling whether the end of a deal is the interpreter's anyway, and
    `contract_end` whether a contract game's deal end is `contractend.ContractEnd`'s,
    which then scores the people's part too."""
    if rules.players.people is None or not deal_end:
        return []
    if contract_end:
        return [
            "seating.people: the people's totals at the end of each deal on the kernel's "
            "side (compiled.contractend: each seat's amount to the person sitting there, "
            "a person sitting out paid as a defender); the match's end on those totals "
            "by the interpreter's check"
        ]
    return [
        "seating.people: the end of each deal (totals per person, a person sitting out "
        "paid as a defender, the match's end on those totals, the next deal's seats)"
    ]


def dummy_of_deal(rules: Ruleset, dealer: int, deal_no: int) -> tuple[int, int] | None:
    """(dummy seat, owner) of the deal dealt by `dealer` as number `deal_no`
    (`occupancy.dummy_at`, kept per ruleset: the kernel asks at every hand-over)."""
    key = id(rules)
    found = _DUMMIES.get(key)
    if found is None or found[0] is not rules:
        if len(_DUMMIES) > 64:  # rulesets built on the fly (tests, house rules): bounded
            _DUMMIES.clear()
        found = _DUMMIES[key] = (rules, {})
    memo = found[1]
    deal = (dealer, deal_no)
    if deal not in memo:
        if len(memo) > 4096:
            memo.clear()
        memo[deal] = dummy_at(rules, dealer, deal_no)
    return memo[deal]


def seated(rules: Ruleset, dealer: int, deal_no: int, choose: Sequence[T]) -> Sequence[T]:
    """The choosers (or random sources) per seat asked in the deal of `dealer` and
    `deal_no`: the dummy's is its owner's, as the interpreter's step draws for it;
    `choose` itself when no seat is played by another."""
    if rules.players.dummy is None:
        return choose
    found = dummy_of_deal(rules, dealer, deal_no)
    if found is None:
        return choose
    dummy, owner = found
    out = list(choose)
    out[dummy] = choose[owner]
    return out


class _Loaded(Protocol):
    """What `Exposure` reads of `kernel.Kernel`."""

    trick: list[int]
    trick_log: list[Any]
    origin: GameState
    dealer: int
    deal_no: int
    public: list[int]
    hands: list[int]

    @property
    def between(self) -> object:
        """Set for a deal the kernel dealt itself (`chain.Between`)."""


class Exposure:
    """`seating.dummy.exposed: first_card` for one run of the generated loop: made before
    the run when the deal's first card is still to be played (`before`), applied after it
    when the loop played that card itself (`after`). A first card the loop leaves to the
    interpreter (`k.card`) is exposed by the interpreter's own hook."""

    __slots__ = ("dummy",)

    def __init__(self, dummy: int) -> None:
        self.dummy = dummy

    @staticmethod
    def before(rules: Ruleset, k: _Loaded) -> Exposure | None:
        dummy = rules.players.dummy
        if dummy is None or dummy.exposed != "first_card":
            return None
        if k.trick or k.trick_log or (k.between is None and k.origin.play.tricks):
            return None  # the first card is played: the dummy is shown already
        found = dummy_of_deal(rules, k.dealer, k.deal_no)
        return None if found is None else Exposure(found[0])

    def after(self, k: _Loaded) -> Exposure | None:
        """Shown when the loop played the first card (it is on the table or in a logged
        trick): the dummy's hand now joins what the loop left public. None once done."""
        if not (k.trick or k.trick_log):
            return self  # not yet: a declaring round before the first card, say
        x = self.dummy
        k.public[x] |= k.hands[x]
        return None


def person_sources(
    rules: Ruleset, state: GameState, rngs: Sequence[random.Random]
) -> list[random.Random]:
    """The random source of each seat in the deal of `state` when the sources are the
    people's (`rngs[k]` person k's, as `agents.runner` gives agent k): the source of the
    person sitting there; at a seat nobody takes (a dummy) its owner's person's, whose
    decisions they are. Every seat is someone's: the seating is validated per deal."""
    seats = person_seats(rules, state)
    at = {seat: person for person, seat in enumerate(seats) if seat >= 0}
    own = [rngs[at[x]] if x in at else None for x in range(state.n)]
    found = dummy_of_deal(rules, state.match.dealer, state.match.deal_no)
    if found is not None:
        own[found[0]] = own[found[1]]
    out = [r for r in own if r is not None]
    if len(out) != state.n:
        raise ValueError(f"seats {[x for x, r in enumerate(own) if r is None]} have no player")
    return out


__all__ = [
    "Exposure",
    "deal_end_note",
    "delegated",
    "dummy_of_deal",
    "person_sources",
    "seated",
    "side_slots",
    "uncovered",
]
