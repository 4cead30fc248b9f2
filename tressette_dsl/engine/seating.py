"""Which seats are still at the table, and the rules they play by.

A ruleset whose `players.count` is a range carries the ruleset of every allowed count
(`Ruleset.for_seats`). A game is created with one of them; when `match.eliminate` sends
seats away, the table shrinks: the seats left are numbered again 0 .. k-1 in play order,
the state keeps the original numbers in `Match.roster` (and the seats gone, with their
totals, in `Match.left`), and the next deal is dealt and played by the ruleset of k seats
(its `by_seats` entry: the reduction derived again, the 2-player form for two). So every
deal is a plain game of the count at the table, and nothing in the phases knows about
elimination.

`rules_for(rules, state)` gives the ruleset a state is played by; the public functions of
the engine call it first, so a caller may keep passing the ruleset it created the game
with.
"""

from __future__ import annotations

from typing import Any

from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset


def rules_for(rules: Ruleset, state: GameState) -> Ruleset:
    """The ruleset `state` is played by: `rules` itself, unless `rules` has a seat table
    and the state is at another count or a table that shrank."""
    table = getattr(rules, "seat_table", None)
    if table is None or not isinstance(state, GameState):
        return rules
    m = state.match
    if not m.roster:
        if state.n == rules.players.count or state.n not in table.rulesets:
            return rules
        found: Ruleset = table.rulesets[state.n]
        return found
    start = len(m.roster) + len(m.left)
    if start not in table.rulesets or len(m.roster) not in table.rulesets:
        return rules
    shrunk: Ruleset = table.for_roster(start, m.roster)
    return shrunk


def original_seat(state: GameState, seat: int) -> int:
    """The seat number the game began with, of the seat `seat` at the table now."""
    roster = state.match.roster
    return roster[seat] if roster else seat


def seat_now(state: GameState, original: int) -> int | None:
    """The seat number at the table now of the seat that began as `original`; None once it
    has left (the inverse of `original_seat`, for callers that follow a seat, a person or
    an agent, across eliminations)."""
    roster = state.match.roster
    if not roster:
        return original if 0 <= original < state.n else None
    return roster.index(original) if original in roster else None


def seats_in(state: GameState) -> tuple[int, ...]:
    """The original numbers of the seats still at the table, in table order."""
    return state.match.roster or tuple(range(state.n))


def reseat(step: Step, dealer: int) -> int:
    """The seats of `Match.leaving` leave: number the others again, keep their totals,
    switch `step.rules` to the ruleset of the seats left; return the next deal's dealer
    (`dealer`, the next dealer as the old table would have it, or the first seat after it
    in play order that is still in), numbered at the new table."""
    s = step.state
    m = s.match
    leaving = set(m.leaving)
    old = seats_in(s)
    stay = [i for i in range(s.n) if i not in leaving]
    order = step.rules.players.order_from(dealer)
    new_dealer = stay.index(next(x for x in order if x not in leaving))
    left = m.left + tuple((old[i], m.totals[i], m.deal_no) for i in sorted(leaving))
    roster = tuple(old[i] for i in stay)
    totals = tuple(m.totals[i] for i in stay)
    match = m.but(roster=roster, left=left, leaving=(), totals=totals, dealer=new_dealer)
    table = step.rules.seat_table
    assert table is not None  # the loader refuses match.eliminate without individual sides
    start = len(roster) + len(left)
    step.rules = table.for_roster(start, roster)
    step.state = GameState(seed=s.seed, n=len(stay), match=match, fixed=None)
    return new_dealer


def standings(rules: Ruleset, state: GameState) -> list[tuple[int, int]]:
    """(original seat, total) of every seat the game began with, in seat order."""
    rows: dict[int, int] = {seat: total for seat, total, _deal in state.match.left}
    for i, total in enumerate(state.match.totals):
        rows[original_seat(state, i)] = total
    return sorted(rows.items())


def start_names(rules: Ruleset, state: GameState) -> tuple[str, ...]:
    """The seat names of the table the game began with."""
    table = rules.seat_table
    m = state.match
    if table is None or not m.roster:
        return rules.players.names
    return table.rulesets[len(m.roster) + len(m.left)].players.names


def describe_left(state: GameState) -> list[dict[str, Any]]:
    """The seats that left, as plain data (for results and logs)."""
    return [
        {"seat": seat, "total": total, "deal_no": deal} for seat, total, deal in state.match.left
    ]
