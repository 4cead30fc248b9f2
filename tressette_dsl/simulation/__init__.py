"""Running many matches: on one machine (`local`, processes), or on a Ray cluster (`ray`).

Every backend plays match i with seed i through `MatchJob.play`, and returns the summaries
in seed order, so a summary never depends on the backend or the number of workers.
"""

from __future__ import annotations

from tressette_dsl.simulation.jobs import MatchJob, cap_jobs
from tressette_dsl.simulation.run import BACKENDS, run_matches

__all__ = ["BACKENDS", "MatchJob", "cap_jobs", "run_matches"]
