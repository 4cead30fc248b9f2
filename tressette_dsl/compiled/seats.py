"""A seat count chosen per game, and a table that shrinks, on the kernel.

A ruleset whose `players.count` is a range carries one ruleset per count
(`Ruleset.seat_table`), all with the file's `document_hash`; each count is a plain game of
its own (its `by_seats` entry applied), so each gets a kernel of its own, generated the
first time a playout meets a table of that count (`cache.compile_ruleset` keys them by
hash and count). A table that shrank by `match.eliminate` is the count's ruleset with the
names of the seats still in (`SeatTable.for_roster`); the kernel never reads seat names,
so it shares the count's kernel.

Elimination itself happens at the end of a deal (the seats leaving, the table numbered
again, the next deal dealt at the smaller count): that moment is the interpreter's
(`dealend.FastEnd.applies` delegates the deal's end of such a ruleset), so the kernel
only ever plays the tricks of one table. What a playout must follow across the change is
`Table`: the ruleset and kernel of the table now, and the choosers, which follow their
players - the chooser of a seat goes with the player who held it to his new number, as
`agents.runner` binds an agent to the person who began in that seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tressette_dsl.compiled.coverage import structural
from tressette_dsl.compiled.steps import Chooser
from tressette_dsl.engine.seating import rules_for, seats_in
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset

if TYPE_CHECKING:
    from tressette_dsl.compiled.cache import CompiledRuleset


def cache_key(rules: Ruleset) -> str:
    """The kernel cache's key: the document's hash, and the count for a seat table (whose
    counts share the hash but not the game)."""
    key = rules.document_hash or f"id:{rules.id}:{id(rules)}"
    if rules.seat_table is not None:
        key = f"{key}:{rules.players.count}"
    return key


def other_counts(rules: Ruleset) -> tuple[str, ...]:
    """What the kernel does not cover at the other counts of `rules`' seat table, by name
    and count ("X (with 3 seats)"), found from each count's model alone: a ruleset is
    covered when every table it can be played at is. (A construct the expression emitter
    cannot translate at another count only is found when that count is first compiled;
    a playout then plays that table on the interpreter, `Table`.)"""
    table = rules.seat_table
    if table is None:
        return ()
    found: list[str] = []
    for n in range(table.low, table.high + 1):
        if n == rules.players.count or n not in table.rulesets:
            continue
        found.extend(f"{feature} (with {n} seats)" for feature in structural(table.rulesets[n])[0])
    return tuple(dict.fromkeys(found))


class Table:
    """The table a playout is at, followed across eliminations.

    `rules` and `compiled` are those of the table now; `choose` its choosers by seat
    number now. `follow(state)` is called after every step of a playout that goes past
    a deal's end: when the table changed (another count, another roster) it switches the
    three and says so."""

    __slots__ = ("base", "choose", "compiled", "n", "players", "roster", "rules")

    def __init__(
        self, rules: Ruleset, compiled: CompiledRuleset, state: GameState, choose: list[Chooser]
    ) -> None:
        self.base = rules
        # `choose` is the playout's own list (its first choice may be put back into it)
        self.rules, self.compiled, self.choose = rules, compiled, choose
        self.n, self.roster = state.n, state.match.roster
        self.players = seats_in(state)  # each seat's player: the seat he began the match in

    @staticmethod
    def of(
        rules: Ruleset, compiled: CompiledRuleset, state: GameState, choose: list[Chooser]
    ) -> Table | None:
        """A `Table` for a playout of a ruleset whose table can change (a seat table and
        `match.eliminate`); None for every other ruleset, whose table never does."""
        if rules.seat_table is None or rules.match.eliminate is None:
            return None
        return Table(rules, compiled, state, choose)

    def follow(self, state: GameState) -> bool:
        """Switch to the table of `state` if it is not this one; True when it switched."""
        roster = state.match.roster
        if state.n == self.n and roster == self.roster:
            return False
        from tressette_dsl.compiled.cache import compile_ruleset  # noqa: PLC0415 - a cycle

        self.n, self.roster = state.n, roster
        self.rules = rules_for(self.base, state)
        self.compiled = compile_ruleset(self.rules)
        by_player = dict(zip(self.players, self.choose, strict=False))
        self.players = seats_in(state)
        self.choose = [by_player[player] for player in self.players]
        return True


__all__ = ["Table", "cache_key", "other_counts"]
