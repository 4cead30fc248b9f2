"""A finished game log as pictures for the page's step-by-step replay.

The log is re-applied through the engine from its seed (as `tressette replay` does), and
each step becomes a frame: the public view of the table after that action, every hand
face up (the game is over, nothing is secret any more), and the events of the step. A log
that diverges from the engine stops at the last good frame, with the reason.
"""

from __future__ import annotations

from typing import Any

from tressette_dsl import gamelog
from tressette_dsl.engine import (
    GameState,
    IllegalActionError,
    InvalidActionError,
    apply,
    observe,
    parse_action,
    start,
)
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.web.views import public_view

MAX_FRAMES = 20_000


def frames(rules: Ruleset, log: gamelog.GameLog) -> dict[str, Any]:
    """``{"frames": [...], "error": str | None, "complete": bool}`` for `log`."""
    seats = len(log.header["seats"]) if rules.seat_table is not None else None
    state, first = start(rules, int(log.header["seed"]), seats=seats)
    out = [_frame(rules, state, n=0, seat=None, action=None, events=first)]
    error = None
    for entry in log.actions[:MAX_FRAMES]:
        try:
            action = parse_action(rules, state, entry.action)
            state, events = apply(rules, state, action)
        except (InvalidActionError, IllegalActionError) as exc:
            error = f"action #{entry.n} ({entry.action!r}) does not replay: {exc}"
            break
        out.append(
            _frame(rules, state, n=entry.n, seat=entry.seat, action=entry.action, events=events)
        )
    return {"frames": out, "error": error, "complete": log.end.complete}


def _frame(
    rules: Ruleset,
    state: GameState,
    *,
    n: int,
    seat: int | None,
    action: str | None,
    events: Any,
) -> dict[str, Any]:
    view = public_view(rules, state)
    view["hands"] = [list(observe(rules, state, x).hand) for x in range(state.n)]
    return {
        "n": n,
        "seat": seat,
        "action": action,
        "view": view,
        "events": [gamelog.to_jsonable(e) for e in events],
    }
