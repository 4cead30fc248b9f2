"""Conformance scenarios: a deal fixed card by card, a script, and what must happen.

``load_file`` reads a scenario file (every part located), ``run_file`` / ``run_scenario``
play it through the engine; ``discover`` finds scenario files under folders. The format is
documented in docs/scenarios.md; the TS6xx codes are in ``codes``.
"""

from __future__ import annotations

from pathlib import Path

from tressette_dsl.scenarios.loader import load_file, load_text, looks_like_ruleset
from tressette_dsl.scenarios.model import Scenario, ScenarioFile
from tressette_dsl.scenarios.runner import Result, RulesetCache, run_file, run_scenario
from tressette_dsl.source.files import FileProblem, read_regular

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
    """The scenario files named, folders searched recursively for ``*.yaml``/``*.yml``.

    In a folder, ruleset files (they start with ``id:``; e.g. the overlays a scenario
    folder keeps in ``rulesets/``) are skipped: they are read by the scenarios that name
    them. A file named explicitly is always returned, so that a mistake is reported."""
    out: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml"))
            out.extend(p for p in found if p.is_file() and not _is_ruleset(p))
        else:
            out.append(path)
    return out


def _is_ruleset(path: Path) -> bool:
    try:
        head = read_regular(path, 4096)[:4096]
    except FileProblem:
        return False
    return looks_like_ruleset(head.decode("utf-8", errors="replace"))
