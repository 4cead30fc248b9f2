"""The rulesets one environment may meet: the count it was created with, and the smaller
tables elimination can leave.

An RL environment needs spaces that never change size during a match, yet a ruleset whose
`match.eliminate` sends seats away is played, after each elimination, by the ruleset of the
count still at the table (`engine.seating`). The catalogue and the encoder are therefore
sized on every ruleset the match can reach, so an action or a card that only a smaller
table offers (a stock for two, say) still has its index.
"""

from __future__ import annotations

from tressette_dsl.rules.model import Ruleset


def seated(rules: Ruleset, seats: int | None) -> Ruleset:
    """`rules` as played by `seats` players (None: as given). A count the ruleset does not
    allow is a ValueError naming its range (`Ruleset.for_seats`)."""
    return rules if seats is None else rules.for_seats(seats)


def reachable(rules: Ruleset) -> tuple[Ruleset, ...]:
    """`rules` first, then, when its matches eliminate seats, the ruleset of every smaller
    count of its seat table, largest first (the order a shrinking table meets them)."""
    table = rules.seat_table
    if table is None or rules.match.eliminate is None:
        return (rules,)
    start = rules.players.count
    smaller = [table.rulesets[n] for n in range(start - 1, 1, -1) if n in table.rulesets]
    return (rules, *smaller)
