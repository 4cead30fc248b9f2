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


# --- hints that agree with the language --------------------------------------------------


def _one(tmp_path: Path, text: str) -> Diagnostic:
    found = [d for d in problems(tmp_path, text) if d.severity is Severity.ERROR]
    assert len(found) == 1, found
    return found[0]


def test_a_decimal_last_trick_is_told_the_units_and_the_hint_works(tmp_path: Path) -> None:
    diag = _one(tmp_path, "id: mine\nextends: tressette\nscoring:\n  last_trick: 1.333\n")
    assert diag.code == "TS103"
    assert "1.333 points is 4" in (diag.hint or "")
    assert "string" not in (diag.hint or "")
    assert (
        errors(problems(tmp_path, "id: mine\nextends: tressette\nscoring:\n  last_trick: 4\n"))
        == []
    )


def test_a_fraction_string_for_an_integer_key(tmp_path: Path) -> None:
    diag = _one(tmp_path, 'id: mine\nextends: tressette\nscoring:\n  last_trick: "4/3"\n')
    assert diag.code == "TS201"
    assert "4/3 points would be 4" in (diag.hint or "")


@pytest.mark.parametrize("value", ["J=0.333", "J=1/3"])
def test_fractional_card_values_are_told_to_count_units(tmp_path: Path, value: str) -> None:
    text = f'id: mine\nextends: tressette\ndeck:\n  values: "A=3, 3 2 K Q=1, {value}"\n'
    diag = _one(tmp_path, text)
    assert diag.code == "TS308"
    assert "a card worth a third is 1 (J=1)" in (diag.hint or "")
    fixed = 'id: mine\nextends: tressette\ndeck:\n  values: "A=3, 3 2 K Q J=1"\n'
    assert errors(problems(tmp_path, fixed)) == []


def test_a_look_alike_letter_in_a_key_is_named(tmp_path: Path) -> None:
    diag = _one(tmp_path, "id: mine\nextends: tressette\nm\u0430tch:\n  target: 31\n")
    assert diag.code == "TS203"
    assert "U+0430 CYRILLIC SMALL LETTER A" in (diag.hint or "")
    assert "did you mean 'match'?" in (diag.hint or "")


@pytest.mark.parametrize(
    ("expression", "words", "fixed"),
    [
        ("suit(3♦) == D", "'3D' if '♦' is the suit D", "suit(3D) == D"),
        ("m\u0430x(totals) >= 21", "CYRILLIC SMALL LETTER A", "max(totals) >= 21"),
    ],
)
def test_expression_characters_with_a_hint(
    tmp_path: Path, expression: str, words: str, fixed: str
) -> None:
    template = 'id: mine\nextends: tressette\nclaims:\n  allowed: "{}"\n'
    if "totals" in expression:
        template = 'id: mine\nextends: tressette\nmatch:\n  end: "{}"\n'
    diag = _one(tmp_path, template.format(expression))
    assert diag.code == "TS301"
    assert words in (diag.hint or "")
    assert errors(problems(tmp_path, template.format(fixed))) == []


def test_ordering_seats_and_lists_has_hints(tmp_path: Path) -> None:
    seat = (
        'id: mine\nextends: tressette\nphases:\n  play:\n    first_lead: "0 if dealer < 2 else 1"\n'
    )
    assert "no order" in (_one(tmp_path, seat).hint or "")
    totals = 'id: mine\nextends: tressette\nmatch:\n  end: "totals >= target"\n'
    diag = _one(tmp_path, totals)
    assert "max(totals) >= target" in (diag.hint or "")
    assert errors(problems(tmp_path, totals.replace("totals >=", "max(totals) >="))) == []


def test_describe_states_the_deal_total_the_scoring_is_checked_against(tmp_path: Path) -> None:
    from tressette_dsl.describe import describe  # noqa: PLC0415

    text = describe(load_ruleset("calabresella"))
    assert "One deal is worth 35 units in all" in text
    path = tmp_path / "r.yaml"
    path.write_text('id: mine\nextends: calabresella\ndeck:\n  values: "A=3, 2 K Q J=1"\n')
    assert "One deal is worth 31 units in all" in describe(load_ruleset(path))
