"""The heuristic's fitted card evaluator: where its table applies, what its rows say, and
that the weights decide the card only where they are clearly better than the rules."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.unit.agents.heuristic_views import card_positions
from tressette_dsl.agents import heuristic_eval
from tressette_dsl.agents.heuristic_features import FEATURES, card_features
from tressette_dsl.loader import load_ruleset


@pytest.fixture
def table_reset() -> Iterator[None]:
    yield
    heuristic_eval.use_table(None)


def test_the_committed_table_applies_only_to_the_shape_it_was_fitted_on() -> None:
    assert heuristic_eval.card_weights(load_ruleset("tressette"), 0, 0, 10) is not None
    for other in ("tressette-in-due", "calabresella", "briscola-chiamata"):
        rules = load_ruleset(other)
        assert all(heuristic_eval.card_weights(rules, p, 0, 10) is None for p in range(5))


def test_the_last_seat_keeps_the_rules() -> None:
    rules = load_ruleset("tressette")
    assert heuristic_eval.position_key(rules, 3, 4, 6) == "last/1"
    assert heuristic_eval.card_weights(rules, 3, 4, 6) is None


_positions = card_positions  # the heuristic's card decisions in played deals


def test_a_row_per_card_and_the_rules_card_marked() -> None:
    seen = 0
    for view, cards, rule in _positions(2):
        rows = card_features(view, cards, rule)  # type: ignore[arg-type]
        assert len(rows) == len(cards)
        assert all(len(row) == len(FEATURES) for row in rows)
        assert [row[0] for row in rows] == [1.0 if c == rule else 0.0 for c in cards]
        seen += 1
    assert seen > 20


def test_weights_decide_only_past_the_margin(table_reset: None) -> None:
    rules = load_ruleset("tressette")
    shape = heuristic_eval.shape_of(rules, False)
    keys = [f"{w}/{s}" for w in ("lead", "pos1", "pos2", "last") for s in range(3)]
    value = [0.0] * len(FEATURES)
    value[FEATURES.index("value")] = 1.0  # every position: the card with the most points

    def table(margin: float) -> dict[str, object]:
        return {
            "features": list(FEATURES),
            "shape": shape,
            "margin": margin,
            "positions": dict.fromkeys(keys, value),
        }

    changed = 0
    for view, cards, rule in _positions(2):
        v = view  # type: ignore[assignment]
        heuristic_eval.use_table(table(0.0))
        richest = max(v.value(c) for c in cards) / rules.deck.unit
        got = v.card_choice(cards)
        assert v.value(got) / rules.deck.unit == richest or got == rule
        if v.value(rule) / rules.deck.unit < richest:
            assert got != rule
            changed += 1
        heuristic_eval.use_table(table(100.0))  # never clearly better: the rules stand
        assert v.card_choice(cards) == rule
    assert changed > 0
