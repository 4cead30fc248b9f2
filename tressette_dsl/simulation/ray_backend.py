"""The same simulation on a Ray cluster (optional extra `ray`).

The seeds are cut into chunks; each chunk is one Ray task that loads the ruleset and plays
its seeds with `MatchJob.play_many`, exactly as a local worker does, and the chunks are
put back in seed order, so the summaries equal those of ``--jobs``. When Ray is already
initialised (a driver script, the tests) its instance is used; otherwise `ray.init` joins
the cluster at `address` (or ``RAY_ADDRESS``), or starts a local one when neither is set.
The workers need tressette-dsl installed (or a ``runtime_env``) and, for a ruleset given as
a file, that file at the same path: docs/playing.md says how.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tressette_dsl.agents.runner import MatchSummary
from tressette_dsl.simulation.jobs import MatchJob


class RayUnavailable(RuntimeError):
    """Ray is not installed; the message says how to get it."""


def _ray() -> Any:
    try:
        import ray  # noqa: PLC0415 - optional extra
    except ImportError as exc:
        raise RayUnavailable("--backend ray needs Ray: pip install 'tressette-dsl[ray]'") from exc
    return ray


def _play_chunk(job: MatchJob, seeds: list[int]) -> list[MatchSummary]:
    return job.play_many(seeds)


def run_on_ray(
    job: MatchJob,
    seeds: Sequence[int],
    *,
    chunks: int,
    on_done: Callable[[int], None],
    address: str | None = None,
) -> list[MatchSummary]:
    ray = _ray()
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    seeds = list(seeds)
    size = max(1, -(-len(seeds) // max(1, chunks)))
    parts = [seeds[i : i + size] for i in range(0, len(seeds), size)]
    task = ray.remote(_play_chunk)
    refs = [task.remote(job, part) for part in parts]
    sizes = {ref: len(part) for ref, part in zip(refs, parts, strict=True)}
    pending = list(refs)
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            on_done(sizes[ref])
    return [summary for ref in refs for summary in ray.get(ref)]
