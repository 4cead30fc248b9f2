"""``tressette simulate``: many bot matches, a summary, the same with several processes."""

from __future__ import annotations

import re

import pytest

from tressette_dsl.agents.runner import safe_match
from tressette_dsl.cli import main
from tressette_dsl.cli.simulate import seat_kinds, simulate
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
