"""What one worker needs to play a match, and how many workers make sense."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache

from tressette_dsl.agents.runner import MatchSummary, safe_match
from tressette_dsl.compiled.matches import safe_compiled_match
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


@dataclass(frozen=True, slots=True)
class MatchJob:
    """A ruleset reference (bundled id or path) and the agents: plain data that pickles.
    The compiled rules hold closures and do not cross process boundaries, so each worker
    loads the ruleset itself, once."""

    source: str
    kinds: tuple[str, ...]
    max_deals: int = 500
    # 'interpreted', or 'compiled' (random bots on the playout kernel), as
    # compiled.matches.engine_for chose: the summaries are the same
    engine: str = "interpreted"

    def play(self, seed: int) -> MatchSummary:
        match = safe_compiled_match if self.engine == "compiled" else safe_match
        rules = _rules(self.source)
        if rules.seat_table is not None:  # a seat count chosen per game: one kind per seat
            rules = rules.for_seats(len(self.kinds))
        return match(rules, seed, self.kinds, self.max_deals)

    def play_many(self, seeds: list[int]) -> list[MatchSummary]:
        return [self.play(seed) for seed in seeds]


@lru_cache(maxsize=4)
def _rules(source: str) -> Ruleset:
    return load_ruleset(source)


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity mask where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)


def capped_jobs(requested: int, games: int) -> int:
    """More worker processes than CPUs or than matches only cost memory and start-up time."""
    return max(1, min(requested, available_cpus(), games))


def cap_jobs(requested: int, games: int) -> tuple[int, str | None]:
    """`capped_jobs`, and when it lowered the count, a sentence saying so."""
    jobs = capped_jobs(requested, games)
    if jobs == requested:
        return jobs, None
    cpus = available_cpus()
    return jobs, f"--jobs {requested} capped at {jobs} ({cpus} CPUs available, {games} games)"
