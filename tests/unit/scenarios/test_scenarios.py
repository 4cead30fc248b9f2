"""The scenario format: located load errors, located failures, pending, CLI exit codes."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from tressette_dsl.cli import check
from tressette_dsl.diagnostics import DiagnosticError
from tressette_dsl.scenarios import load_text, run_scenario
from tressette_dsl.scenarios.checks import CHECKS
from tressette_dsl.scenarios.expect_keys import EXPECTATION_KEYS

DEAL = """\
ruleset: tressette
dealer: West
hands:
  South: KS JS 7S 6S 2S 7C 6C 5C 4C 4B
  East:  3S QS 5S 4S KC QC JC JB 7B 6B
  North: AS 3C 2C AC 3B 2B AB KB 6D 4D
  West:  3D 2D AD KD QD JD 7D 5D QB 5B
"""


def _problems(text: str) -> list[tuple[str, int, int]]:
    with pytest.raises(DiagnosticError) as info:
        load_text(text, "s.yaml")
    return [(d.code, d.span.line, d.span.col) for d in info.value.diagnostics]


def test_every_expectation_key_has_a_check() -> None:
    assert set(CHECKS) == set(EXPECTATION_KEYS)


def test_unknown_key_is_located_with_a_suggestion() -> None:
    assert _problems(DEAL + "scirpt: []\n") == [("TS602", 8, 1)]


def test_unknown_expectation_is_located() -> None:
    assert _problems(DEAL + "script:\n  - expect: {trick_winer: East}\n") == [("TS602", 9, 14)]


def test_two_seats_in_one_step() -> None:
    assert _problems(DEAL + "script:\n  - {South: play KS, East: play 3S}\n")[0][0] == "TS603"


def test_a_failed_expectation_says_expected_and_got_at_its_line() -> None:
    text = (
        DEAL + "script:\n  - trick: {South: KS, East: 3S, North: AS, West: 5D}\n    winner: South\n"
    )
    result = run_scenario(load_text(text, "s.yaml").scenarios[0])
    assert result.status == "failed"
    (diag,) = result.diagnostics
    assert (diag.code, diag.span.line) == ("TS632", 10)
    assert diag.message == "expected trick winner South, got East"


def test_out_of_turn_and_unparsable_actions() -> None:
    out_of_turn = run_scenario(
        load_text(DEAL + "script:\n  - East: play 3S\n", "s.yaml").scenarios[0]
    )
    assert out_of_turn.diagnostics[0].code == "TS621"
    bad = run_scenario(load_text(DEAL + "script:\n  - South: plya KS\n", "s.yaml").scenarios[0])
    assert (bad.status, bad.diagnostics[0].code) == ("error", "TS607")


def test_pending_is_never_passed() -> None:
    text = DEAL + "pending: not yet\nscript:\n  - South: play KS\n"
    assert run_scenario(load_text(text, "s.yaml").scenarios[0]).status == "pending"


def _run_cli(*paths: str) -> int:
    parser = argparse.ArgumentParser()
    check.add_arguments(parser)
    return check.run(parser.parse_args(list(paths)))


def test_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(DEAL + "script:\n  - South: play KS\n  - expect: {to_act: East}\n")
    assert _run_cli(str(good)) == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text(DEAL + "script:\n  - South: play KS\n  - expect: {to_act: North}\n")
    assert _run_cli(str(bad)) == 1
    assert "bad.yaml:10:" in capsys.readouterr().out
    assert _run_cli(str(tmp_path / "missing.yaml")) == 2
