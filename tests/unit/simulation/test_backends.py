"""Backends give the same summaries whatever the worker count; --jobs is capped."""

from __future__ import annotations

import io

import pytest

from tressette_dsl.simulation import MatchJob, cap_jobs, run_matches
from tressette_dsl.simulation.jobs import available_cpus
from tressette_dsl.simulation.progress import Progress

JOB = MatchJob("tressette-in-due", ("heuristic", "random"), 500)


def _comparable(summaries: list) -> list:
    """Everything but the wall-clock time."""
    return [(s.seed, s.winners, s.deals, s.actions, s.totals, s.records) for s in summaries]


def test_jobs_are_capped_at_cpus_and_games() -> None:
    cpus = available_cpus()
    jobs, note = cap_jobs(1000, 4)
    assert jobs == min(cpus, 4)
    assert note is not None and "--jobs 1000 capped at" in note and "4 games)" in note
    assert cap_jobs(1, 10) == (1, None)
    jobs, note = cap_jobs(cpus + 5, 100)
    assert jobs == cpus and note is not None and "available" in note


def test_process_pool_equals_one_process() -> None:
    seeds = list(range(20, 26))
    counted: list[int] = []
    one = run_matches(JOB, seeds, on_done=counted.append)
    two = run_matches(JOB, seeds, jobs=2)
    assert _comparable(one) == _comparable(two)
    assert [s.seed for s in two] == seeds
    assert sum(counted) == len(seeds)


def test_progress_is_quiet_without_a_terminal() -> None:
    stream = io.StringIO()
    with Progress(10, "x", stream=stream) as bar:
        bar.advance(3)
    assert not bar.enabled and stream.getvalue() == ""


def test_progress_draws_on_a_terminal() -> None:
    pytest.importorskip("tqdm", reason="the progress bar needs tqdm")

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Tty()
    with Progress(4, "tressette", stream=stream) as bar:
        bar.advance(4)
    assert bar.enabled and "tressette:" in stream.getvalue() and "/4" in stream.getvalue()
    quiet = Tty()
    with Progress(4, "tressette", stream=quiet, quiet=True) as bar:
        bar.advance(4)
    assert quiet.getvalue() == ""
