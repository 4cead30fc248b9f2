"""The shipped JSON Schema as editors and CI tools use it: one file alone, with
check-jsonschema. House rules (with `extends`) need not repeat what the base has; whole
rulesets still must; the shape errors of docs/errors.md are refused."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tressette_dsl.loader import bundled_rulesets
from tressette_dsl.loader.schema import SCHEMA_FILE, schema
from tressette_dsl.loader.schema_overlay import with_overlays
from tressette_dsl.source import parse_yaml, read_source

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "diagnostics"
# docs/errors.md's shape examples (TS2xx). bad_ts204_inherited.yaml is left out on purpose:
# its wrong value comes from its base file, so the overlay alone is well-formed; only the
# loader, which merges the base in, can see it.
SHAPE_ERRORS = sorted(p for p in GOLDEN.glob("bad_ts2*.yaml") if "inherited" not in p.name)


def _check_jsonschema() -> list[str]:
    if shutil.which("check-jsonschema"):
        return ["check-jsonschema"]
    try:
        import check_jsonschema  # noqa: F401, PLC0415
    except ImportError:
        pytest.skip("check-jsonschema is not installed (it is in the 'test' extra)")
    return [sys.executable, "-m", "check_jsonschema"]


def _run(*files: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*_check_jsonschema(), "--schemafile", str(SCHEMA_FILE), *map(str, files)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_check_jsonschema_passes_every_bundled_file() -> None:
    files = bundled_rulesets()
    assert any("house" in p.parts for p in files)
    done = _run(*files)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("path", SHAPE_ERRORS, ids=lambda p: p.stem)
def test_check_jsonschema_refuses_the_shape_errors_of_the_docs(path: Path) -> None:
    done = _run(path)
    assert done.returncode == 1, done.stdout + done.stderr


def test_check_jsonschema_accepts_a_new_house_rule(tmp_path: Path) -> None:
    rule = tmp_path / "house.yaml"
    rule.write_text(
        "id: house-test\nextends: calabresella\n"
        "phases:\n  play:\n    follow_suit: 'true'\n  aggravate: null\n"
        "contracts:\n  solo: {value: 3}\n"
        "scoring:\n  last_trick: 6\n  big_wins: {stramazzo: null}\n"
        "match:\n  target: null\n",
        encoding="utf-8",
    )
    assert _run(rule).returncode == 0
    rule.write_text("id: house-test\nextends: tressette\nmatch: {targte: 31}\n", encoding="utf-8")
    assert _run(rule).returncode == 1  # an overlay still has the language's keys only


def test_a_whole_ruleset_must_have_its_required_keys(tmp_path: Path) -> None:
    whole = tmp_path / "whole.yaml"
    whole.write_text("id: whole\nmatch: {target: 31}\n", encoding="utf-8")
    assert _run(whole).returncode == 1


def test_the_overlay_half_is_derived_from_the_whole_half() -> None:
    """Regenerate with `python -m tressette_dsl.loader.schema_overlay` when this fails."""
    assert with_overlays(schema()) == schema()


def test_the_schema_has_an_id_and_says_units() -> None:
    s = schema()
    assert s["$id"].startswith("urn:tressette-dsl:")
    last = s["$defs"]["ruleset"]["properties"]["scoring"]["properties"]["last_trick"]
    assert "card units" in last["description"] and "third" in last["description"]
    Draft202012Validator.check_schema(s)


def test_every_bundled_file_fits_the_schema_alone() -> None:
    """The same as check-jsonschema, with the library, for a precise failure message."""
    validator = Draft202012Validator(schema())
    for path in bundled_rulesets():
        doc, _smap, _problems = parse_yaml(read_source(path), str(path))
        errors = [e.message for e in validator.iter_errors(doc)]
        assert errors == [], f"{path.name}: {errors[:3]}"
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == schema()
