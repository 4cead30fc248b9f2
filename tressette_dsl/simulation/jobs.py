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
        return match(_rules(self.source), seed, self.kinds, self.max_deals)

    def play_many(self, seeds: list[int]) -> list[MatchSummary]:
        return [self.play(seed) for seed in seeds]


@lru_cache(maxsize=4)
def _rules(source: str) -> Ruleset:
    return load_ruleset(source)


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity mask where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def cap_jobs(requested: int, games: int) -> tuple[int, str | None]:
    """At most one worker per available CPU and per match: more only adds processes that
    wait. Returns the count and, when it was lowered, a sentence saying so."""
    cpus = available_cpus()
    jobs = max(1, min(requested, cpus, games))
    if jobs == requested:
        return jobs, None
    why = []
    if requested > cpus:
        why.append(f"{cpus} CPU{'s' if cpus != 1 else ''} available")
    if requested > games:
        why.append(f"{games} match{'es' if games != 1 else ''} to play")
    return jobs, f"--jobs {requested} lowered to {jobs} ({', '.join(why)})"
