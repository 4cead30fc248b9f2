"""The raw samples that every statistic is drawn from, taken once from match summaries.

A *slot* is what a match total is kept for: a side in team games, a seat otherwise (the
engine's own convention, `engine.match.slot_names`), a person when people move round the
seats (`seating.people`: the layout's `seats` are then the people, as the agents are
bound). Every value stays exact (int or Fraction) here; `summary` and `compare` turn them
into statistics.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from tressette_dsl.agents.runner import MatchSummary
from tressette_dsl.engine.people import has_people, people_count, people_names
from tressette_dsl.engine.state import DealRecord
from tressette_dsl.rules.model import Ruleset

Exact = int | Fraction


@dataclass(frozen=True, slots=True)
class Layout:
    """Who is who in a ruleset, as the statistics name them."""

    ruleset: str
    title: str
    mode: str  # teams | individual | contract
    seats: tuple[str, ...]
    sides: tuple[str, ...]  # team names; empty unless teams
    slots: tuple[str, ...]  # what the totals are kept for: sides (teams) or seats
    slot_of_seat: tuple[int, ...]
    kinds: tuple[str, ...]  # agent kind per seat
    contracts: tuple[str, ...]
    big_wins: tuple[str, ...]
    # the places a deal's declarer is numbered by; the seats themselves unless the people
    # move round the places (`seating.people`), when `seats` names the people
    places: tuple[str, ...] = ()


def layout_of(rules: Ruleset, kinds: Sequence[str]) -> Layout:
    if has_people(rules):  # the agents play people, whose totals the match keeps
        people = people_names(rules)
        return Layout(
            ruleset=rules.id,
            title=rules.title,
            mode=rules.sides.mode,
            seats=people,
            sides=(),
            slots=people,
            slot_of_seat=tuple(range(len(people))),
            kinds=tuple(kinds),
            contracts=tuple(rules.contracts),
            big_wins=tuple(b.id for b in rules.scoring.big_wins),
            places=tuple(rules.players.names),
        )
    teams = rules.sides.mode == "teams"
    seats = tuple(rules.players.names)
    return Layout(
        ruleset=rules.id,
        title=rules.title,
        mode=rules.sides.mode,
        seats=seats,
        sides=tuple(rules.sides.names) if teams else (),
        slots=tuple(rules.sides.names) if teams else seats,
        slot_of_seat=tuple(rules.sides.side_of) if teams else tuple(range(len(seats))),
        kinds=tuple(kinds),
        contracts=tuple(rules.contracts),
        big_wins=tuple(b.id for b in rules.scoring.big_wins),
        places=seats,
    )


@dataclass(frozen=True, slots=True)
class Samples:
    """Per match (finished normally) and per deal, in seed order."""

    layout: Layout
    games: int  # matches played, failed ones included
    seeds: tuple[int, ...]  # of the matches that finished normally
    failed: tuple[int, ...]  # seeds of matches that failed
    won: tuple[tuple[bool, ...], ...]  # per match, per seat: among the winners
    deals: tuple[int, ...]  # per match: deals played
    actions: tuple[int, ...]  # per match: actions taken
    reasons: tuple[str, ...]  # per match: why it ended
    records: tuple[DealRecord, ...]  # every deal of the finished matches, in order

    @property
    def scored(self) -> tuple[DealRecord, ...]:
        """Deals that were played out and scored (not passed out, misdealt or claimed)."""
        return tuple(r for r in self.records if r.reason == "scored")

    def slot_points(self, slot: int) -> list[Exact]:
        """What each scored deal added to one slot's match total."""
        return [r.deltas[slot] for r in self.scored if slot < len(r.deltas)]

    def seat_wins(self, seat: int) -> list[int]:
        return [int(w[seat]) for w in self.won]


def samples_of(rules: Ruleset, kinds: Sequence[str], summaries: Sequence[MatchSummary]) -> Samples:
    ok = [s for s in summaries if not s.error]
    people = has_people(rules)
    n = people_count(rules)
    return Samples(
        layout=layout_of(rules, kinds),
        games=len(summaries),
        seeds=tuple(s.seed for s in ok),
        failed=tuple(s.seed for s in summaries if s.error),
        won=tuple(
            tuple(x in (s.winner_people if people else s.winner_seats) for x in range(n))
            for s in ok
        ),
        deals=tuple(s.deals for s in ok),
        actions=tuple(s.actions for s in ok),
        reasons=tuple(s.reason or "?" for s in ok),
        records=tuple(r for s in ok for r in s.records),
    )
