"""--backend ray on a local Ray instance: the same summaries as --jobs 2 (slow: Ray starts
its own processes, several seconds on two cores)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tressette_dsl.simulation import MatchJob, run_matches

pytestmark = pytest.mark.slow

try:
    import ray
except ImportError:  # pragma: no cover - the extra is optional
    ray = None


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    if ray is None:
        pytest.skip("Ray is not installed (pip install 'tressette-dsl[ray]')")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_ray_equals_local_processes(local_ray: Any) -> None:
    job = MatchJob("calabresella", ("heuristic", "random", "heuristic"), 500)
    seeds = list(range(5, 13))
    done: list[int] = []
    on_ray = run_matches(job, seeds, backend="ray", jobs=2, on_done=done.append)
    local = run_matches(job, seeds, jobs=2)
    assert [s.seed for s in on_ray] == seeds
    key = [(s.seed, s.winners, s.deals, s.actions, s.totals, s.records) for s in on_ray]
    assert key == [(s.seed, s.winners, s.deals, s.actions, s.totals, s.records) for s in local]
    assert sum(done) == len(seeds)


def test_simulate_backend_ray_equals_jobs_2(
    local_ray: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from tressette_dsl.cli import main  # noqa: PLC0415

    common = ["simulate", "briscola-chiamata", "--games", "6", "--format", "json"]
    assert main([*common, "--backend", "ray"]) == 0
    on_ray = capsys.readouterr().out
    assert main([*common, "--jobs", "2"]) == 0
    assert capsys.readouterr().out == on_ray
