"""Whose outcome a search or sampling bot values: the person it plays, not the seat.

The sampling and search bots value a move by how a deal played out from it changes the
match totals. Those totals are the people's (`engine.people`): with `seating.people` the
people move round the places, so the seat deciding now is somebody else's place in the
deal the playout ends in, and the dummy's seat has no total at all; after `match.eliminate`
the seats are numbered again while the totals keep every seat the match began with. So the
value is read for the person: the one at the seat deciding, or at its owner's when the
dummy is to act, fixed when the decision is made (a playout stops at the end of the deal,
within which nobody changes places). Without either, a person is his seat and the values
are what they were, number for number.
"""

from __future__ import annotations

from collections.abc import Sequence

from tressette_dsl.engine.match import MatchResult
from tressette_dsl.engine.occupancy import controller
from tressette_dsl.engine.people import people_names, person_at, person_totals, winner_people
from tressette_dsl.engine.seating import rules_for
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset


def person_deciding(rules: Ruleset, state: GameState, seat: int) -> int:
    """The person whose outcome counts for a decision of `seat` in `state`: the one at
    `seat`, or at its owner's seat when `seat` is the dummy."""
    owner = controller(rules_for(rules, state), state, seat)
    person = person_at(rules, state, owner)
    return owner if person is None else person


def totals(rules: Ruleset, state: GameState) -> tuple[int, ...]:
    """The match total of each person (`engine.people.person_totals`)."""
    return person_totals(rules, state)


def gains(rules: Ruleset, before: Sequence[int], outcome: GameState | MatchResult) -> list[int]:
    """What each person's match total gained from `before` (`totals` of an earlier state
    of the same match) to `outcome`: a later state, or the `engine.result` of one (the
    kernel's `playout_result`)."""
    now = (
        person_totals(rules, outcome) if isinstance(outcome, GameState) else _totals(rules, outcome)
    )
    return [a - b for a, b in zip(now, before, strict=True)]


def winners(rules: Ruleset, outcome: GameState | MatchResult) -> frozenset[int]:
    """The people among the winners of a finished match (empty while it goes on), from a
    state or from its result."""
    if isinstance(outcome, GameState):
        return winner_people(rules, outcome)
    if not outcome.over:
        return frozenset()
    if rules.players.people is None:
        return frozenset(outcome.winner_seats)
    names = people_names(rules)
    return frozenset(names.index(w) for w in outcome.winners if w in names)


def _totals(rules: Ruleset, res: MatchResult) -> tuple[int, ...]:
    """Each person's match total from a result: the per-person `totals` (named, in the
    people's order) with `seating.people`, else the seats' (`seat_totals`)."""
    if rules.players.people is None:
        return tuple(res.seat_totals)
    return tuple(res.totals.values())
