"""Every conformance scenario (tests/conformance/**/*.yaml), run as `tressette check` runs it.

One test per scenario; a pending scenario is skipped with its reason, never passed; a
malformed file is one failing test with its located diagnostics. Set ``TRESSETTE_SCENARIOS``
to a file or folder to run only those (as jmespath's ``JMESPATH_TEST``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tressette_dsl.diagnostics import DiagnosticError, render_text
from tressette_dsl.scenarios import RulesetCache, discover, load_file, run_scenario

HERE = Path(__file__).resolve().parent
CACHE = RulesetCache()


def _params() -> list[object]:
    paths = discover([os.environ.get("TRESSETTE_SCENARIOS", str(HERE))])
    out: list[object] = []
    for path in paths:
        name = path.relative_to(HERE).as_posix() if path.is_relative_to(HERE) else str(path)
        try:
            sfile = load_file(path)
        except DiagnosticError as exc:
            out.append(pytest.param(None, exc, id=name))
            continue
        out.extend(pytest.param(s, None, id=f"{name}::{s.name}") for s in sfile.scenarios)
    return out


@pytest.mark.parametrize(("scenario", "problem"), _params())
def test_scenario(scenario: object, problem: DiagnosticError | None) -> None:
    if problem is not None:
        pytest.fail("\n".join(render_text(d) for d in problem.diagnostics), pytrace=False)
    result = run_scenario(scenario, CACHE)  # type: ignore[arg-type]
    if result.status == "pending":
        pytest.skip(f"pending: {result.scenario.pending}")
    if result.status != "passed":
        pytest.fail("\n".join(render_text(d) for d in result.diagnostics), pytrace=False)
