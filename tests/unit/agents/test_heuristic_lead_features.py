"""Session 6's columns of the card evaluator (what a card may harvest or lose, read from
the unseen cards), the reading of tables fitted on fewer columns, and the fitting script's
re-featuring of stored decisions."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tests.unit.agents.heuristic_views import card_positions
from tressette_dsl.agents import heuristic_eval
from tressette_dsl.agents.heuristic_features import FEATURES, card_features
from tressette_dsl.loader import load_ruleset

BENCH = Path(__file__).resolve().parents[3] / "bench"


@pytest.fixture
def table_reset() -> Iterator[None]:
    yield
    heuristic_eval.use_table(None)


_positions = card_positions  # the heuristic's card decisions in played deals


def test_the_holding_columns_agree_with_each_other() -> None:
    col = {name: i for i, name in enumerate(FEATURES)}
    checked = 0
    for view, cards, rule in _positions(3):
        for row in card_features(view, cards, rule):
            held = row[col["mine_in_suit"]]
            assert row[col["own_above"]] + row[col["own_below"]] + 1 == held
            assert row[col["singleton"]] == (1.0 if held == 1 else 0.0)
            assert row[col["doubleton"]] == (1.0 if held == 2 else 0.0)
            assert row[col["followers"]] <= min(3, row[col["unseen_in_suit"]])
            if row[col["master"]]:  # nothing unseen beats it
                assert row[col["beater_share"]] == row[col["beater_points"]] == 0
            else:
                assert row[col["harvest"]] == 0
                assert 0 < row[col["beater_share"]] <= 1
            unseen = row[col["unseen_points"]]
            assert row[col["beater_points"]] + row[col["under_points"]] == pytest.approx(unseen)
            assert row[col["value_late"]] == pytest.approx(row[col["value"]] * row[col["late"]])
            checked += 1
        if view.obs.tricks:
            leads = {view.suit(t["plays"][0][1]) for t in view.obs.tricks}
            for card, row in zip(cards, card_features(view, cards, rule), strict=True):
                if view.suit(card) not in leads:
                    assert row[col["partner_led_suit"]] == row[col["opponent_led_suit"]] == 0
    assert checked > 50


def test_a_table_of_fewer_columns_reads_with_zeros_after(table_reset: None) -> None:
    rules = load_ruleset("tressette")
    first = 28
    weights = [0.5] * first
    table = {
        "features": list(FEATURES[:first]),
        "shape": heuristic_eval.shape_of(rules, False),
        "margin": 0.0,
        "positions": {"lead/0": weights},
    }
    heuristic_eval.use_table(table)
    got = heuristic_eval.card_weights(rules, 0, 0, 10)
    assert got == weights + [0.0] * (len(FEATURES) - first)
    with pytest.raises(ValueError, match="FEATURES"):
        heuristic_eval.use_table({**table, "features": ["value", *FEATURES[1:first]]})


def _fit_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("heuristic_fit", BENCH / "heuristic_fit.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_refeaturing_replays_the_stored_decisions(table_reset: None) -> None:
    # the fitting script needs numpy (the `rl` extra), which the `test` extra alone lacks
    pytest.importorskip("numpy")
    fit = _fit_module()
    stored = fit.generate("tressette", 7000, 1, 2)
    assert stored
    stale = [{**d, "features": [row[:5] for row in d["features"]]} for d in stored]
    again = fit.refeature("tressette", stale)
    assert [d["features"] for d in again] == [d["features"] for d in stored]
    assert [d["win"] for d in again] == [d["win"] for d in stored]
    with pytest.raises(ValueError, match="deal 7000"):
        fit.refeature("tressette", stale[1:])


def test_the_candidate_table_reads_and_the_table_arena_reports(
    table_reset: None, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = importlib.util.spec_from_file_location(
        "heuristic_table_arena", BENCH / "heuristic_table_arena.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    candidate = BENCH / "heuristic_weights_session6.json"
    assert module.main([str(candidate), "--deals", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "heuristic vs random" in out and "2 deals" in out
    rules = load_ruleset("tressette")
    weights = heuristic_eval.card_weights(rules, 0, 0, 10)  # the candidate, swapped in
    assert weights is not None and len(weights) == len(FEATURES)
    assert any(weights[28:])  # it uses the session-6 columns
