"""The scenario format: located load errors, located failures, pending, CLI exit codes."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from tressette_dsl.cli import check
from tressette_dsl.diagnostics import DiagnosticError
from tressette_dsl.scenarios import checks, load_text, run_scenario
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


# -- values of the wrong type: TS603 at the value (or the part of it) at fault ----------------

WRONG_TYPED = [  # (key, value, the part of the value the error points at)
    *[("to_act", v, v) for v in ("5", "{South: 1}", "[South]")],
    *[(k, v, b) for k in ("legal", "legal_includes", "legal_excludes")
      for v, b in (("5", "5"), ("{play KS: 1}", "{play KS: 1}"), ("[play KS, 5]", "5"),
                   ("[{a: 1}]", "{a: 1}"))],
    *[("plays", v, b) for v, b in (("5", "5"), ("{KS: 1}", "{KS: 1}"), ("[KS, 7]", "7"))],
    *[("trick_winner", v, v) for v in ("5", "[East]", "{East: 1}")],
    *[("trick_points", v, v) for v in ("[1]", "{a: 1}", "true")],
    *[("tricks", v, b) for v, b in (("5", "5"), ("[East]", "[East]"), ("East", "East"),
                                    ("{East: two}", "two"), ("{East: [1]}", "[1]"))],
    *[("deal_over", v, v) for v in ("5", '"true"', "[true]", "{a: 1}")],
    *[("deal_points", v, b) for v, b in (("5", "5"), ("[NS]", "[NS]"), ("{NS: [7]}", "[7]"))],
    *[("raw_points", v, b) for v, b in (("NS", "NS"), ("{NS: {a: 1}}", "{a: 1}"))],
    *[("declared", v, b) for v, b in (("5", "5"), ('{NS: "3"}', '"3"'), ("[NS]", "[NS]"))],
    *[("declarations", v, b) for v, b in (("5", "5"), ("{East: x}", "{East: x}"), ("[7]", "7"))],
    *[("totals", v, b) for v, b in (("[NS]", "[NS]"), ("5", "5"), ("{NS: x}", "x"))],
    *[("running", v, b) for v, b in (("NS 3", "NS 3"), ("{NS: [1]}", "[1]"))],
    *[("match_over", v, v) for v in ('"false"', "1", "[true]")],
    *[("match_winner", v, b) for v, b in (("5", "5"), ("{NS: 1}", "{NS: 1}"), ("[7]", "7"))],
    *[("games", v, v) for v in ("two", "[1]", "{a: 1}")],
    *[("deals_counted", v, v) for v in ("one", "{a: 1}", "[1]")],
    *[("contract", v, v) for v in ("5", "[solo]", "{solo: 1}")],
    *[("declarer", v, v) for v in ("5", "{South: 1}", "[South]")],
    *[("payoffs", v, b) for v, b in (("5", "5"), ("[South]", "[South]"), ("{South: x}", "x"))],
    *[("balances", v, b) for v, b in (("[1]", "[1]"), ('{South: "1"}', '"1"'))],
    *[("events", v, b) for v, b in (("5", "5"), ("[Dealt, 5]", "5"), ("[[Dealt]]", "[Dealt]"))],
    *[("no_events", v, b) for v, b in (("5", "5"), ("[true]", "true"))],
    *[("hand", v, b) for v, b in (("{South: 5}", "5"), ("5", "5"), ("[KS]", "[KS]"),
                                  ("KS", "KS"), ("{South: {a: KS}}", "{a: KS}"),
                                  ("{South: [KS, 5]}", "[KS, 5]"))],
    *[("hand_size", v, b) for v, b in (("[10]", "[10]"), ("{South: ten}", "ten"),
                                       ("{South: [1]}", "[1]"), ("7", "7"))],
    *[("view", v, b) for v, b in (("5", "5"), ("[East]", "[East]"), ("{East: 5}", "5"),
                                  ("{East: {sees: 5}}", "5"), ("East", "East"))],
]  # fmt: skip


def test_every_expectation_key_is_tried_with_wrong_types() -> None:
    assert {key for key, _, _ in WRONG_TYPED} == set(EXPECTATION_KEYS)


@pytest.mark.parametrize(("key", "value", "bad"), WRONG_TYPED)
def test_a_wrong_typed_expectation_is_a_located_shape_error(key: str, value: str, bad: str) -> None:
    line = f"      {key}: {value}"
    with pytest.raises(DiagnosticError) as info:
        load_text(DEAL + "script:\n  - expect:\n" + line + "\n", "s.yaml")
    (diag,) = info.value.diagnostics
    assert (diag.code, diag.span.line, diag.span.col) == ("TS603", 10, line.rindex(bad) + 1)
    assert "expected" in diag.message or "must be" in diag.message


def test_a_wrong_typed_winner_under_a_trick_is_located() -> None:
    text = DEAL + "script:\n  - trick: {South: KS, East: 3S, North: AS, West: 5D}\n    winner: 5\n"
    assert _problems(text) == [("TS603", 10, 13)]


@pytest.mark.parametrize("step", ["trick: [KS]", "trick: KS", "round: [done, done]"])
def test_a_trick_that_is_not_a_mapping_says_so(step: str) -> None:
    with pytest.raises(DiagnosticError) as info:
        load_text(DEAL + f"script:\n  - {step}\n", "s.yaml")
    (diag,) = info.value.diagnostics
    assert (diag.code, diag.span.line, diag.span.col) == ("TS603", 9, step.index(":") + 7)
    assert "is a mapping of seat:" in diag.message
    assert "empty step" not in diag.message


def test_a_check_that_cannot_read_its_value_is_reported_at_its_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The last resort, if the loader let a value through that a check cannot handle."""

    def broken(game: object, value: object) -> None:
        raise TypeError("'int' object is not iterable")

    monkeypatch.setitem(checks.CHECKS, "hand", (checks.CHECKS["hand"][0], broken))
    text = DEAL + "script:\n  - note: first\n  - expect:\n      hand: {South: []}\n"
    result = run_scenario(load_text(text, "s.yaml").scenarios[0])
    (diag,) = result.diagnostics
    assert (diag.code, diag.span.line, diag.span.col) == ("TS603", 11, 13)
    assert "hand: this value cannot be checked (TypeError" in diag.message
    assert result.status == "error"
