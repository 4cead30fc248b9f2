"""Writing the kernel's results back into a `GameState` through its typed parts.

`GameState.replace(**flat)` routes each flat name to its part, one by one, and finds a
phase's own record by searching the record classes: a convenience for tests, and since
the state split the slowest way to build a state. The kernel knows which part each of
its values belongs to, so it builds each changed part once with the part's `but` and
the state with `with_parts`. These helpers do the two things `replace` did besides:
zones by id (a zone's contents at its index), and the tricks phase's own record (the
declaring window), with the same results.
"""

from __future__ import annotations

from tressette_dsl.engine.phases.trick_features.base import TricksLocal
from tressette_dsl.engine.state import GameState, PhaseLocal


def zones_with(
    s: GameState, changes: tuple[tuple[str, tuple[int, ...]], ...]
) -> tuple[tuple[int, ...], ...] | None:
    """The cards' zones with the given zones' contents (by id) set, or None when none
    differs (a zone the ruleset does not have is only ever set to its empty self)."""
    zones: list[tuple[int, ...]] | None = None
    cards_part = s.cards
    ids, now = cards_part.zone_ids, cards_part.zones
    for zone_id, cards in changes:
        if zone_id not in ids:
            continue  # `replace` sets such a zone only to its empty self: nothing
        i = ids.index(zone_id)
        if cards == now[i]:
            continue
        if zones is None:
            zones = list(now)
        zones[i] = cards
    return tuple(zones) if zones is not None else None


def window_record(
    s: GameState,
    window_open: bool | None = None,
    window_played: tuple[int, ...] | None = None,
    *,
    always: bool = False,
) -> PhaseLocal | None:
    """The tricks phase's record with the window changed (None: the value kept), as
    `replace(window_open=..., window_played=...)` makes it; the current record when
    neither differs, unless `always` (a `replace` that names them unconditionally).
    Raises LookupError for a record of another kind (never in play)."""
    local = s.local
    now_open, now_played = s.window_open, s.window_played
    if (
        not always
        and (window_open is None or window_open == now_open)
        and (window_played is None or window_played == now_played)
    ):
        return local
    if local is not None and type(local) is not TricksLocal:
        raise LookupError(f"a phase record {type(local).__name__} in the tricks phase")
    return TricksLocal(
        window_open=now_open if window_open is None else window_open,
        window_played=now_played if window_played is None else window_played,
    )


__all__ = ["window_record", "zones_with"]
