"""Conformance scenarios: a deal fixed card by card, a script, and what must happen.

``load_file`` reads a scenario file (every part located), ``run_file`` / ``run_scenario``
play it through the engine; ``discover`` finds scenario files under folders. The format is
documented in docs/scenarios.md; the TS6xx codes are in ``codes``.
"""

from __future__ import annotations

from pathlib import Path

from tressette_dsl.scenarios.loader import load_file, load_text
from tressette_dsl.scenarios.model import Scenario, ScenarioFile
from tressette_dsl.scenarios.runner import Result, RulesetCache, run_file, run_scenario

__all__ = [
    "Result",
    "RulesetCache",
    "Scenario",
    "ScenarioFile",
    "discover",
    "load_file",
    "load_text",
    "run_file",
    "run_scenario",
]


def discover(paths: list[str]) -> list[Path]:
    """The scenario files named, folders searched recursively for ``*.yaml``/``*.yml``."""
    out: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            out.extend(
                sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
            )
        else:
            out.append(path)
    return out
