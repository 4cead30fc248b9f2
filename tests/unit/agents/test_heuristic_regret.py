"""bench/heuristic_regret.py and bench/heuristic_fit.py: the regret table's shape, and a
fit that recovers the weights a synthetic table was made with."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[3] / "bench"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_regret_table_splits_every_decision_by_position_and_trick(tmp_path: Path) -> None:
    dump = tmp_path / "decisions.jsonl"
    with dump.open("w", encoding="utf-8") as out:
        report = _load("heuristic_regret").run("tressette", 2, 7000, 2, dump=out)
    kinds = report["kinds"]
    total = kinds["all"]["decisions"]
    assert total == report["decisions"] > 0
    assert sum(v["decisions"] for k, v in kinds.items() if k.startswith("pos")) == total
    assert sum(v["decisions"] for k, v in kinds.items() if k.startswith("trick")) == total
    lines = [json.loads(line) for line in dump.read_text().splitlines()]
    assert len(lines) == total
    for line in lines:  # the chosen card is among those valued, none valued above the best
        assert line["chosen"] in line["values"]
        assert len(line["values"]) > 1
    assert all(v["regret_win"] >= 0 and v["regret_margin"] >= 0 for v in kinds.values())


def test_the_fit_recovers_the_weights_of_a_synthetic_table() -> None:
    np = pytest.importorskip("numpy")
    fit = _load("heuristic_fit")
    rng = np.random.default_rng(1)
    n = len(fit.FEATURES)
    truth = rng.normal(size=n)
    decisions = []
    for _ in range(400):
        rows = rng.normal(size=(4, n))
        decisions.append(
            {
                "position": 0,
                "played": 0,
                "in_hand": 10,
                "features": rows.tolist(),
                "win": (rows @ truth).tolist(),
                "margin": [0.0] * 4,
            }
        )
    weights = fit.fit("tressette", decisions, ridge=0.0, margin_weight=0.0)["lead/0"]
    assert np.allclose(weights, truth, atol=1e-4)
    # the values are the fitted scores' own: its choice never loses to the rules' there
    agreement = fit.agreement("tressette", decisions, {"lead/0": weights})["lead/0"]
    assert agreement["regret_fitted"] == pytest.approx(0.0, abs=1e-9)
    assert agreement["regret_rules"] > 0
