"""Play a list of seeds on a backend, reporting progress, and return the summaries in
seed order: `local` (this process, or a process pool with ``jobs > 1``) or `ray`."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence

from tressette_dsl.agents.runner import MatchSummary
from tressette_dsl.simulation.jobs import MatchJob

BACKENDS = ("local", "ray")
OnDone = Callable[[int], None]


def run_matches(
    job: MatchJob,
    seeds: Sequence[int],
    *,
    backend: str = "local",
    jobs: int = 1,
    on_done: OnDone | None = None,
    ray_address: str | None = None,
) -> list[MatchSummary]:
    """Summaries of `seeds`, in their order. `on_done(n)` is told as matches finish."""
    done = on_done or (lambda _n: None)
    seeds = list(seeds)
    if backend == "ray":
        from tressette_dsl.simulation.ray_backend import run_on_ray  # noqa: PLC0415

        return run_on_ray(job, seeds, chunks=max(1, jobs) * 4, on_done=done, address=ray_address)
    if backend != "local":
        raise ValueError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if jobs <= 1 or len(seeds) <= 1:
        out = []
        for seed in seeds:
            out.append(job.play(seed))
            done(1)
        return out
    chunk = max(1, len(seeds) // (jobs * 4))
    results: list[MatchSummary] = []
    with multiprocessing.get_context().Pool(jobs) as pool:
        for summary in pool.imap(job.play, seeds, chunksize=chunk):
            results.append(summary)
            done(1)
    return results
