"""`tressette arena`'s text report, kept as a golden file at a tiny size with random bots
(random bots only, so that a better heuristic does not rewrite it; `random:claims=true`
claims like any move, which ends matches early and shows in the figures). Only the time per
decision, which the machine decides, is masked."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tressette_dsl.cli import main

HERE = Path(__file__).parent / "arena"


def _masked(text: str) -> str:
    out = []
    for line in text.splitlines():
        row = re.match(r"^\S+\s+\d+\s+[\d.]+%", line)  # an agent's row: time comes last
        out.append(re.sub(r"[\d.]+$", "T", line) if row else line)
    return "\n".join(out) + "\n"


@pytest.mark.parametrize(
    ("ruleset", "players", "deals"),
    [
        ("tressette", "random,random:seed=1,random:claims=true", 3),
        ("calabresella", "random,random:claims=true", 2),
    ],
)
def test_arena_text_report(
    ruleset: str,
    players: str,
    deals: int,
    golden: Callable[[Path, str], None],
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["arena", ruleset, "--players", players, "--deals", str(deals), "--seed", "5"])
    out = capsys.readouterr().out
    assert code == 0
    golden(HERE / f"{ruleset}.txt", _masked(out))


def test_arena_json_fields_and_same_figures_with_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "tressette-in-due", "--players", "random,heuristic", "--deals", "3"]
    assert main([*args, "--format", "json"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert main([*args, "--format", "json", "--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    for report in (one, two):
        assert report["games_per_deal"] == 2 and report["interval"] == "wilson"
        for agent in report["agents"]:
            assert set(agent) >= {"kind", "share", "ci95", "mean_margin", "seconds_per_decision"}
            lo, hi = agent["ci95"]
            assert 0 <= lo <= agent["share"] <= hi <= 1
        a, b = report["agents"]
        assert a["share"] + b["share"] == pytest.approx(1.0)
        assert a["mean_margin"] == -b["mean_margin"]
    assert [a["share"] for a in one["agents"]] == [a["share"] for a in two["agents"]]


def test_arena_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "tressette", "--players", "random"]) == 2
    assert "at least two" in capsys.readouterr().err
    assert main(["arena", "tressette", "--players", "random,genius"]) == 2
    assert "unknown agent kind 'genius'" in capsys.readouterr().err
    assert main(["arena", "tressette", "--players", "random,random"]) == 2
    assert main(["arena", "tressette", "--players", "random,bot", "--deals", "0"]) == 2
