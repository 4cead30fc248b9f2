"""``tressette simulate``: many bot matches, a summary, the same with several processes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tressette_dsl.agents.runner import MatchSummary, safe_match
from tressette_dsl.cli import main
from tressette_dsl.cli.simulate import seat_kinds, simulate, zero_sum_violations
from tressette_dsl.loader import load_ruleset


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["simulate", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(
        capsys, "tressette", "--games", "6", "--seed", "10", "--agents", "random,heuristic"
    )
    assert code == 0, err
    assert "6 matches of tressette (seeds 10..15)" in out
    assert "agents: South=random, East=heuristic, North=random, West=heuristic" in out
    assert re.search(r"wins by side:  NS \d+ \(\d+\.\d%\), EW \d+", out)
    assert re.search(r"wins by seat:  South \d+", out)
    assert re.search(r"wins by agent: heuristic \d+", out)
    assert re.search(r"deals per match: mean \d+\.\d\d", out)
    assert "errors: 0" in out


def test_contract_ruleset_summary_has_no_fixed_sides(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "calabresella", "--games", "2", "--agents", "heuristic")
    assert code == 0
    assert "wins by side" not in out
    assert "wins by seat:  South" in out


def test_jobs_give_the_same_summary(capsys: pytest.CaptureFixture[str]) -> None:
    def strip_time(text: str) -> str:
        return "\n".join(line for line in text.splitlines() if not line.startswith("time:"))

    _, one, _ = _run(capsys, "tressette", "--games", "4", "--agents", "random")
    code, two, _ = _run(capsys, "tressette", "--games", "4", "--agents", "random", "--jobs", "2")
    assert code == 0
    assert strip_time(one) == strip_time(two)
    assert "2 jobs" in two


def test_each_match_is_reproducible_from_its_seed() -> None:
    rules = load_ruleset("tressette")
    kinds = seat_kinds("random,heuristic", 4)
    batch = simulate(rules, "tressette", range(5, 8), kinds)
    alone = safe_match(rules, 6, kinds)
    assert batch[1].seed == 6
    assert (batch[1].winners, batch[1].actions, batch[1].totals) == (
        alone.winners,
        alone.actions,
        alone.totals,
    )


def test_seat_kinds_cycle() -> None:
    assert seat_kinds("random,heuristic", 4) == ["random", "heuristic", "random", "heuristic"]
    assert seat_kinds("bot", 3) == ["heuristic"] * 3
    with pytest.raises(ValueError, match="unknown agent kind"):
        seat_kinds("genius", 4)
    with pytest.raises(ValueError, match="5 kinds given for 4 seats"):
        seat_kinds("random,random,random,random,random", 4)


def test_bad_agents_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "tressette", "--agents", "genius")
    assert code == 2
    assert "unknown agent kind 'genius'" in err


def test_errors_are_counted_with_their_seed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "calabresella", "--games", "2", "--max-deals", "1")
    assert code == 1
    assert "errors: 2" in out
    assert re.search(r"seed 1: MatchStopped: more than 1 deals", out)


# --- the zero-sum check of payoff games -------------------------------------------------------


def test_payoff_games_are_checked_to_be_zero_sum(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "calabresella", "--games", "3", "--agents", "random,heuristic")
    assert code == 0, err
    checked = re.search(r"^zero-sum: (\d+) deals checked, 0 violations$", out, re.M)
    assert checked and int(checked.group(1)) >= 27  # a session is 9 counted deals
    assert re.search(r"^deals per match: mean \d+\.\d\d", out, re.M)
    assert "errors: 0" in out


def test_point_games_print_nothing_about_zero_sum(capsys: pytest.CaptureFixture[str]) -> None:
    for ruleset in ("tressette", "tressette-in-due"):
        code, out, _ = _run(capsys, ruleset, "--games", "2")
        assert code == 0
        assert "zero-sum" not in out


def test_a_payoff_that_is_not_zero_sum_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "skewed.yaml"
    path.write_text(
        "id: t-skewed\nextends: calabresella\n"
        'payoff:\n  declarer: "3 * value if success else -2 * value"\n',
        encoding="utf-8",
    )
    code, out, _ = _run(capsys, str(path), "--games", "2", "--jobs", "2")
    assert code == 1
    found = re.search(r"^zero-sum: (\d+) deals checked, (\d+) violations?$", out, re.M)
    assert found and int(found.group(2)) > 0
    assert f"errors: {found.group(2)}" in out
    assert re.search(
        r"^  seed [12] deal \d+: not zero-sum: balance changes \[-?\d+, -?\d+, -?\d+\] "
        r"add up to 1$",
        out,
        re.M,
    )
    assert re.search(r"^deals per match: mean \d+\.\d\d", out, re.M)


def test_zero_sum_violations_name_seed_and_deal() -> None:
    good = MatchSummary(seed=7, over=True, deal_deltas=((1, (2, -1, -1)), (3, (-4, 2, 2))))
    bad = MatchSummary(seed=8, over=True, deal_deltas=((1, (2, -1, -1)), (2, (2, 1, -1))))
    failed = MatchSummary(seed=9, over=False, error="boom", deal_deltas=((1, (5, 0, 0)),))
    checked, found = zero_sum_violations([good, bad, failed])
    assert checked == 4
    assert found == ["seed 8 deal 2: not zero-sum: balance changes [2, 1, -1] add up to 2"]


def test_every_match_failing_still_reports_deals_and_errors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(capsys, "calabresella", "--games", "2", "--max-deals", "1")
    assert code == 1
    assert "deals per match: none (no match ended normally)" in out
    assert "zero-sum: 0 deals checked, 0 violations" in out
    assert "errors: 2" in out
