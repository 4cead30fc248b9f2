"""A bundled phase kind has two halves: as written (rules/phases/<kind>.py) and its play
(engine/phases/<kind>.py). The loader reads the first only, so that validating a ruleset
never imports the engine; the engine's `KIND` is made from the same `SYNTAX`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tressette_dsl.engine.phases import PHASE_KINDS
from tressette_dsl.rules.phases import PHASE_SYNTAX, set_by, written

ROOT = Path(__file__).resolve().parents[3]


def test_each_bundled_kind_is_made_from_its_written_half() -> None:
    assert set(PHASE_SYNTAX) <= set(PHASE_KINDS)
    for name, syntax in PHASE_SYNTAX.items():
        kind = PHASE_KINDS[name]
        assert (kind.name, kind.spec, kind.build, kind.sets) == (
            syntax.name,
            syntax.spec,
            syntax.build,
            syntax.sets,
        )
        assert kind.schema == syntax.schema
        assert (kind.zone_keys, kind.zone_fills, kind.link) == (
            syntax.zone_keys,
            syntax.zone_fills,
            syntax.link,
        )


def test_the_loader_finds_bundled_kinds_in_the_written_half() -> None:
    assert written("tricks") is PHASE_SYNTAX["tricks"]
    assert written("no such kind") is None
    assert set_by()["declarer"] >= {"auction"}


def test_spec_records_are_importable_from_both_halves() -> None:
    from tressette_dsl.engine.phases.tricks import TricksPhase as Played  # noqa: PLC0415
    from tressette_dsl.rules.model import TricksPhase as Modelled  # noqa: PLC0415
    from tressette_dsl.rules.phases.tricks import TricksPhase  # noqa: PLC0415

    assert Played is TricksPhase is Modelled


def test_validate_imports_no_engine_module() -> None:
    """`tressette validate` of a bundled ruleset, in a fresh interpreter: no module of
    tressette_dsl.engine, the compiled kernel, web, stats or simulation is imported."""
    probe = (
        "import sys\n"
        "from tressette_dsl.cli import main\n"
        "code = main(['validate', '-q', 'rulesets/tressette.yaml'])\n"
        "heavy = ('engine', 'compiled', 'web', 'stats', 'simulation', 'agents')\n"
        "print(code, sorted(m for m in sys.modules"
        " if m.split('.')[:2][-1] in heavy and m.startswith('tressette_dsl.')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.split("\n")[-2] == "0 []", out.stdout + out.stderr
