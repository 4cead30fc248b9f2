"""`validate --deep`: random deals played through the engine, problems at their rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from tressette_dsl.cli import main
from tressette_dsl.lint import deep_check
from tressette_dsl.loader import load_document, load_ruleset


def _deep(tmp_path: Path, text: str, deals: int = 60) -> list[tuple[str, str, int]]:
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    rules = load_ruleset(path)
    _doc, smap = load_document(path)
    report = deep_check(rules, smap, deals=deals)
    return [(d.code, Path(d.span.file).name, d.span.line) for d in report.problems]


@pytest.mark.parametrize("ruleset", ["tressette", "calabresella", "briscola-chiamata"])
def test_bundled_rulesets_play_without_problems(ruleset: str) -> None:
    report = deep_check(load_ruleset(ruleset), deals=40)
    assert report.problems == []
    assert report.deals == 40


def test_a_discard_that_leaves_a_hand_short_is_a_dead_end(tmp_path: Path) -> None:
    found = _deep(tmp_path, "id: x\nextends: calabresella\nphases:\n  discard:\n    count: 5\n")
    assert [(code, name) for code, name, _line in found] == [("TS441", "calabresella.yaml")]


def test_a_match_that_never_ends(tmp_path: Path) -> None:
    text = 'id: x\nextends: calabresella\nmatch:\n  end: "deals_counted < 0"\n'
    assert _deep(tmp_path, text, deals=250) == [("TS442", "r.yaml", 4)]


def test_cards_that_are_lost(tmp_path: Path) -> None:
    text = (
        "id: x\nextends: tressette-a-tre\ndeck:\n  exclude: null\nphases:\n  deal:\n"
        '    packets: "4 4 4 monte:4"\nscoring:\n  leftover_to: declarer\n'
    )
    assert _deep(tmp_path, text) == [("TS443", "r.yaml", 9)]


def test_a_rule_that_fails_while_playing(tmp_path: Path) -> None:
    text = 'id: x\nextends: calabresella\nscoring:\n  deal_points: "units / 3"\n'
    assert _deep(tmp_path, text) == [("TS444", "r.yaml", 4)]


def test_the_run_is_bounded_in_time() -> None:
    report = deep_check(load_ruleset("tressette"), deals=10_000, seconds=0.2)
    assert not report.complete
    assert report.seconds < 5


def test_cli_deep_and_its_usage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.yaml"
    path.write_text('id: x\nextends: calabresella\nscoring:\n  deal_points: "units / 3"\n')
    assert main(["validate", str(path)]) == 0  # statically valid
    assert main(["validate", "--deep", "--deals", "20", str(path)]) == 1
    assert "error[TS444]" in capsys.readouterr().out
    assert main(["validate", "--deals", "20", str(path)]) == 2
    assert main(["validate", "--deep", "--deals", "0", str(path)]) == 2
