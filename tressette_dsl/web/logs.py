"""Game logs of the web tables: one JSON Lines file per match, written as the game goes.

The format is `gamelog`'s (``tressette-log/1``), the one `tressette play --log` writes and
`tressette replay` reads: each action is flushed to disk when it is applied, so a server
that stops loses nothing of a finished match and keeps an unfinished one up to its last
action (a restart finds it without its closing line; `close_all` marks it incomplete when
the server shuts down cleanly).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tressette_dsl import gamelog
from tressette_dsl.engine import GameState, observe, result
from tressette_dsl.engine.people import has_people, people_names, per_place
from tressette_dsl.rules.model import Ruleset


def header(
    rules: Ruleset,
    path: str | None,
    *,
    seed: int,
    state: GameState,
    kinds: Sequence[str],
    events: Sequence[Any],
    by_place: bool = False,
) -> dict[str, Any]:
    """The header of a match's log: the ruleset (id, file for a house rule, hash), seed,
    dealer, seats and who sat there, and the events of the first deal. `kinds` are per
    person (`engine.people`); where people move round the places (`seating.people`) the
    header's `players` are those at each place in the first deal and `people` keeps the
    names and kinds of the people, whom `tressette replay` binds the bots to (`by_place`:
    the kinds are per place, a table bound to the places, and are written as they are)."""
    people = has_people(rules) and not by_place
    head: dict[str, Any] = {
        "ruleset": rules.id,
        "ruleset_path": path,
        "ruleset_hash": gamelog.ruleset_hash(rules),
        "title": rules.title,
        "seed": seed,
        "dealer": observe(rules, state, 0).dealer,
        "seats": list(rules.players.names),
        "players": per_place(rules, state, kinds) if people else list(kinds),
        "setup": {},
        "tool": "tressette-dsl serve",
        "events": [gamelog.to_jsonable(e) for e in events],
    }
    if people:
        head["people"] = {"names": list(people_names(rules)), "players": list(kinds)}
    return head


class MatchLog:
    """The log of one match at one table, at ``<dir>/<table>-<match>.jsonl``."""

    def __init__(self, directory: Path, table_id: str, match_no: int, head: dict[str, Any]) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self.path = directory / f"{table_id}-{match_no}.jsonl"
        self._writer = gamelog.LogWriter(self.path, head)
        self.finished = False

    def action(self, seat: int, text: str, events: Sequence[Any]) -> None:
        self._writer.action(seat, text, events)

    def finish(self, rules: Ruleset, state: GameState) -> None:
        self._writer.finish(result(rules, state))
        self.finished = True

    def abort(self, reason: str) -> None:
        self._writer.abort(reason)

    @property
    def closed(self) -> bool:
        return self._writer.closed_with is not None
