"""Loader messages of issue 13: at the right place, with a hint that works when followed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, Severity
from tressette_dsl.loader import RulesetArgumentError, load_ruleset, validate_file


def problems(tmp_path: Path, text: str, name: str = "r.yaml") -> list[Diagnostic]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    before = Path.cwd()
    os.chdir(tmp_path)
    try:
        found, _compiled = validate_file(name)
    finally:
        os.chdir(before)
    return found


def errors(found: list[Diagnostic]) -> list[tuple[int, int, str]]:
    return sorted((d.span.line, d.span.col, d.code) for d in found if d.severity is Severity.ERROR)


def test_match_null_is_reported_at_the_null(tmp_path: Path) -> None:
    found = problems(tmp_path, "id: mine\nextends: tressette\nmatch: null\n")
    assert errors(found) == [(3, 1, "TS202")]
    assert "removed the inherited value" in found[0].message


def test_lost_indentation_under_match(tmp_path: Path) -> None:
    found = problems(tmp_path, "id: mine\nextends: tressette\nmatch:\ntarget: 31\n")
    assert errors(found) == [(3, 1, "TS202"), (4, 1, "TS203")]
    null, target = sorted(found, key=Diagnostic.sort_key)
    assert "not indented" in null.message
    assert target.hint == "'match:' on line 3 has nothing after it: indent the lines under it"
    fixed = problems(tmp_path, "id: mine\nextends: tressette\nmatch:\n  target: 31\n")
    assert errors(fixed) == []


def test_a_phase_removed_by_null_that_flow_still_runs(tmp_path: Path) -> None:
    found = problems(tmp_path, "id: mine\nextends: tressette\nphases:\n  play: null\n")
    assert errors(found) == [(4, 3, "TS401")]
    assert "unknown phase kind" not in " ".join(d.message for d in found)


def test_a_phase_with_lost_indentation(tmp_path: Path) -> None:
    text = "id: mine\nextends: tressette\nphases:\n  play:\n  kind: tricks\n"
    found = problems(tmp_path, text)
    assert [d.code for d in found] == ["TS201"]
    assert "'play:' on line 4" in (found[0].hint or "")


def test_extends_a_bundled_id_written_as_a_file(tmp_path: Path) -> None:
    (found,) = problems(tmp_path, "id: mine\nextends: tressette.yaml\n")
    assert found.code == "TS110"
    assert found.hint == "to extend the bundled ruleset, write 'extends: tressette'"
    assert errors(problems(tmp_path, "id: mine\nextends: tressette\n")) == []


def test_extends_a_folder(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").mkdir()
    (found,) = problems(tmp_path, "id: mine\nextends: base.yaml\n")
    assert found.message == "extends: cannot read 'base.yaml': it is a folder, not a file"
    assert found.hint is None


def test_load_ruleset_argument_types() -> None:
    with pytest.raises(RulesetArgumentError, match="name_or_path must be"):
        load_ruleset(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        load_ruleset(42)  # type: ignore[arg-type]


def test_load_ruleset_of_a_very_long_name() -> None:
    with pytest.raises(DiagnosticError) as info:
        load_ruleset("x" * 10_000)
    (diag,) = info.value.diagnostics
    assert diag.code == "TS114"
    assert len(diag.message) < 200


def test_the_bundled_rulesets_have_no_warnings() -> None:
    from tressette_dsl.loader import bundled_rulesets  # noqa: PLC0415

    for path in bundled_rulesets():
        found, _ = validate_file(path)
        assert found == [], path
