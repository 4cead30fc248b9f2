"""Whole matches of random bots on the kernel, summarised as `agents.runner` does.

`simulate` uses this path when every seat is a random bot: such a bot needs neither an
observation nor the state, only its seat's random source, so the match is a playout. The
summary is field for field the one `runner.play_match` gives (same deals, actions, card
plays, winners, totals and per-deal payoffs), because the kernel draws each choice from
``seat_rng(seed, seat)`` over the same list the random agent sees.
"""

from __future__ import annotations

import random
import time
import traceback
from collections.abc import Sequence

from tressette_dsl.agents.base import seat_rng
from tressette_dsl.agents.runner import MatchStopped, MatchSummary, safe_match
from tressette_dsl.compiled import seating
from tressette_dsl.compiled.cache import compile_ruleset
from tressette_dsl.compiled.kernel import PlayoutStats, playout
from tressette_dsl.engine import result, start
from tressette_dsl.engine.people import has_people, people_count, winner_people
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset

#: Agent kinds whose decisions are playouts (they read only their random source).
PLAYOUT_KINDS = frozenset({"random"})


def engine_for(rules: Ruleset, kinds: Sequence[str], wanted: str) -> tuple[str, str | None]:
    """The engine `simulate` runs ('interpreted' or 'compiled') and, when the one asked for
    (or `auto`'s first choice) cannot run, a one-line note saying why."""
    if wanted == "interpreted":
        return "interpreted", None
    others = sorted(set(kinds) - PLAYOUT_KINDS)
    if others:
        note = (
            f"note: agents {', '.join(others)} play through the interpreter's observations; "
            "simulate runs on the interpreter"
        )
        return "interpreted", note
    coverage = compile_ruleset(rules).coverage
    if not coverage.covers:
        return "interpreted", coverage.note()
    return "compiled", None


def play_compiled_match(
    rules: Ruleset, seed: int, *, max_deals: int = 1000, max_actions: int = 200_000
) -> MatchSummary:
    """`runner.play_match` with random bots in every seat, on the kernel."""
    began = time.perf_counter()
    people = has_people(rules)
    rngs = [seat_rng(seed, s) for s in range(people_count(rules))]
    state, first = start(rules, seed)
    stats = PlayoutStats()
    stats.add_events(first)
    try:  # the whole match in one playout: deal after deal on the kernel's own state
        if people:
            state = _people_match(rules, state, rngs, stats, max_actions)
        else:
            state = playout(rules, state, rngs, stats=stats, max_actions=max_actions, until="match")
    except RuntimeError as exc:
        raise MatchStopped(f"more than {max_actions} actions") from exc
    if stats.deals_dealt > max_deals:
        raise MatchStopped(f"more than {max_deals} deals")
    if stats.actions >= max_actions:
        raise MatchStopped(f"more than {max_actions} actions")
    res = result(rules, state)
    return MatchSummary(
        seed=seed,
        over=bool(res.over),
        winners=tuple(res.winners),
        winner_seats=tuple(sorted(res.winner_seats)),
        winner_people=tuple(sorted(winner_people(rules, state))) if people else (),
        reason=res.reason,
        deals=len(res.deals) or stats.deals_dealt,
        actions=stats.actions,
        card_plays=stats.card_plays,
        totals=dict(res.totals),
        seconds=time.perf_counter() - began,
        deal_deltas=tuple((d.deal_no, tuple(d.deltas)) for d in res.deals if d.reason == "scored"),
        records=tuple(res.deals),
    )


def _people_match(
    rules: Ruleset,
    state: GameState,
    rngs: list[random.Random],
    stats: PlayoutStats,
    max_actions: int,
) -> GameState:
    """The match of `state` with `rngs` the people's random sources (`seating.people`:
    agent k plays person k wherever he sits, as `runner.play_match` binds them): deal by
    deal, each played out with the sources of the people at its seats (a dummy's seat
    drawing from its owner's person, `seating.person_sources`)."""
    while not state.over:
        left = max_actions - stats.actions
        if left <= 0:
            raise RuntimeError(f"the playout did not end within {max_actions} actions")
        seated = seating.person_sources(rules, state, rngs)
        state = playout(rules, state, seated, stats=stats, max_actions=left)
    return state


def safe_compiled_match(
    rules: Ruleset, seed: int, kinds: Sequence[str], max_deals: int = 1000
) -> MatchSummary:
    """`runner.safe_match` on the kernel: any failure becomes the summary's `error`."""
    if set(kinds) - PLAYOUT_KINDS:
        return safe_match(rules, seed, kinds, max_deals)
    began = time.perf_counter()
    try:
        return play_compiled_match(rules, seed, max_deals=max_deals)
    except Exception as exc:
        where = traceback.extract_tb(exc.__traceback__)[-1]
        message = f"{type(exc).__name__}: {exc} (at {where.filename}:{where.lineno})"
        return MatchSummary(
            seed=seed, over=False, error=message, seconds=time.perf_counter() - began
        )
