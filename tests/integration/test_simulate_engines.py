"""`simulate` with random bots gives the same summary on the interpreter and the kernel.

Same seeds, same agents: every field of every match summary but the time it took must be
equal, whatever the engine and whatever `--jobs`; and `--engine auto` picks the kernel
only when the agents and the ruleset allow it.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tressette_dsl.agents.runner import MatchSummary
from tressette_dsl.cli import main
from tressette_dsl.cli.simulate import simulate
from tressette_dsl.compiled.matches import engine_for
from tressette_dsl.loader import load_ruleset, playable_rulesets

# Every bundled ruleset runs on the kernel with random bots; the interpreter's fallback is
# tested on a house overlay the kernel does not cover (`match.check: immediately`).
BUNDLED = [p.stem for p in playable_rulesets()]
UNCOVERED_HOUSE = "id: house-check-at-once\nextends: tressette\nmatch: {check: immediately}\n"


def _timeless(summaries: list[MatchSummary]) -> list[MatchSummary]:
    return [dataclasses.replace(s, seconds=0.0) for s in summaries]


@pytest.mark.parametrize("name", BUNDLED)
def test_same_summaries_on_both_engines(name: str) -> None:
    rules = load_ruleset(name)
    kinds = ["random"] * rules.players.count
    assert engine_for(rules, kinds, "auto") == ("compiled", None)
    seeds = range(1, 7)
    want = simulate(rules, name, seeds, kinds, engine="interpreted")
    got = simulate(rules, name, seeds, kinds, engine="compiled")
    assert _timeless(got) == _timeless(want)
    assert all(s.error is None for s in got)


def test_uncovered_ruleset_runs_interpreted(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(UNCOVERED_HOUSE, encoding="utf-8")
    rules = load_ruleset(path)
    kinds = ["random"] * rules.players.count
    engine, why = engine_for(rules, kinds, "auto")
    assert engine == "interpreted" and why and "match.check: immediately" in why
    seeds = range(1, 4)
    want = simulate(rules, "house", seeds, kinds, engine="interpreted")
    got = simulate(rules, "house", seeds, kinds, engine="compiled")
    assert _timeless(got) == _timeless(want)
    assert all(s.error is None and s.over for s in got)


def test_same_summary_with_several_jobs() -> None:
    rules = load_ruleset("tressette")
    kinds = ["random"] * 4
    want = simulate(rules, "tressette", range(1, 9), kinds, engine="interpreted")
    got = simulate(rules, "tressette", range(1, 9), kinds, jobs=2, engine="compiled")
    assert _timeless(got) == _timeless(want)


def test_heuristic_bots_stay_on_the_interpreter() -> None:
    rules = load_ruleset("tressette")
    engine, note = engine_for(rules, ["random", "heuristic"] * 2, "auto")
    assert engine == "interpreted"
    assert note is not None and "heuristic" in note


def test_cli_prints_the_same_summary(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for engine in ("interpreted", "compiled"):
        args = ["simulate", "calabresella", "--agents", "random", "--games", "4"]
        code = main([*args, "--engine", engine, "--verbose"])
        assert code == 0
        captured = capsys.readouterr()
        assert f"engine: {engine}" in captured.err
        outputs.append([line for line in captured.out.splitlines() if not line.startswith("time")])
    assert outputs[0] == outputs[1]
