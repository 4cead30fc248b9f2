"""People and places: who plays, as opposed to which seat (place at the table) they hold.

Every driver (`tressette play`, `simulate`, `arena`, the browser table, the PettingZoo
environment) binds a human or a bot to a *person* and asks this module, deal by deal, where
that person sits. A seat is a place at the table; three cases make the two differ:

* `seating.people`: the people move round the places deal by deal (`seating.people.seat`),
  a place nobody takes is the dummy's, and a person given place -1 sits the deal out; the
  match totals are kept per person;
* `match.eliminate`: seats leave and the table is numbered again; a person is the seat he
  held when the match began (`seating.original_seat`);
* neither: people are the seats, one to one, and every function here is the identity, so
  drivers that go through it play every other ruleset exactly as before.

The dummy (`seating.dummy`) is decided for by its owner (`occupancy.controller`):
`person_to_act` is the person holding the owner's place, and a person sitting the deal out
is never asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from tressette_dsl.engine import occupancy, seating
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset

T = TypeVar("T")


def has_people(rules: Ruleset) -> bool:
    """Whether people and places differ by `seating.people` (they move round the places)."""
    return rules.players.people is not None


def people_count(rules: Ruleset, state: GameState | None = None) -> int:
    """How many people play the match: `seating.people`'s names, else the seats the match
    began with (a table that shrank keeps counting those who left; without a state, the
    seats of `rules`, as a game created with it begins)."""
    people = rules.players.people
    if people is not None:
        return len(people.names)
    if state is None:
        return rules.players.count
    m = state.match
    return len(m.roster) + len(m.left) if m.roster else state.n


def people_names(rules: Ruleset, state: GameState | None = None) -> tuple[str, ...]:
    """The names of the people, person 0 first (seat names when people are the seats;
    without a state, those of a game created with `rules`)."""
    people = rules.players.people
    if people is not None:
        return people.names
    if state is None:
        return rules.players.names
    return seating.start_names(rules, state)


def seat_of_person(rules: Ruleset, state: GameState, person: int) -> int | None:
    """The seat (place) `person` holds in the deal of `state`, numbered as the table is
    now; None when he sits this deal out or has left the table."""
    if rules.players.people is not None:
        seats = occupancy.person_seats(seating.rules_for(rules, state), state)
        if not 0 <= person < len(seats):
            return None
        seat = seats[person]
        return None if seat < 0 else seat
    return seating.seat_now(state, person)


def person_at(rules: Ruleset, state: GameState, seat: int) -> int | None:
    """The person holding `seat` in the deal of `state`; None for a place nobody takes
    (the dummy's, with `seating.people`)."""
    if rules.players.people is not None:
        seats = occupancy.person_seats(seating.rules_for(rules, state), state)
        return seats.index(seat) if seat in seats else None
    return seating.original_seat(state, seat)


def seats_of_people(rules: Ruleset, state: GameState) -> tuple[int | None, ...]:
    """`seat_of_person` of every person, in one evaluation of the seating."""
    if rules.players.people is not None:
        seats = occupancy.person_seats(seating.rules_for(rules, state), state)
        return tuple(None if seat < 0 else seat for seat in seats)
    return tuple(seating.seat_now(state, p) for p in range(people_count(rules, state)))


def person_to_act(rules: Ruleset, state: GameState) -> int | None:
    """The person who decides now: the one at the seat to act, or at the dummy's owner's
    seat when the dummy is to act; None when the match is over."""
    seat = state.cursor.to_act
    if state.match.over or seat is None:
        return None
    players = rules.players
    if (
        players.people is None
        and players.dummy is None
        and getattr(rules, "seat_table", None) is None
        and not state.match.roster
    ):  # the common table: people are the seats and each decides for himself (the runner
        # asks this every action, so it must not cost what the general case does)
        return seat
    now = seating.rules_for(rules, state)
    return person_at(rules, state, occupancy.controller(now, state, seat))


def person_totals(rules: Ruleset, state: GameState) -> tuple[int, ...]:
    """Each person's match total, person 0 first: a team's total for each of its seats,
    the total a seat had when it left for a table that shrank, the per-person totals of
    `seating.people`."""
    if rules.players.people is not None:
        return tuple(state.match.totals)
    from tressette_dsl.engine import result  # noqa: PLC0415 - the public one picks the rules

    return tuple(result(rules, state).seat_totals)


def winner_people(rules: Ruleset, state: GameState) -> frozenset[int]:
    """The people among the winners of a finished match (empty while it goes on)."""
    outcome = state.match.outcome
    if outcome is None:
        return frozenset()
    if rules.players.people is not None:
        return frozenset(outcome.winners)
    from tressette_dsl.engine import result  # noqa: PLC0415

    return frozenset(result(rules, state).winner_seats)


def per_place(rules: Ruleset, state: GameState, items: Sequence[T]) -> list[T]:
    """`items` given per person, rearranged per place of the deal of `state`: the item of
    the person holding each place (of the dummy's owner at the dummy's place). For the
    headers of logs, which name who sat at each place when the match began."""
    rules = seating.rules_for(rules, state)
    out = []
    for seat in range(state.n):
        person = person_at(rules, state, occupancy.controller(rules, state, seat))
        out.append(items[person if person is not None else seat])
    return out
