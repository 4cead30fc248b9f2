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


def test_a_throw_away_has_its_own_key_and_falls_back_to_its_positions() -> None:
    rules = load_ruleset("tressette")
    assert heuristic_eval.position_key(rules, 1, 0, 10, off_suit=True) == "pos1-off/0"
    assert heuristic_eval.position_key(rules, 0, 0, 10, off_suit=True) == "lead/0"
    assert heuristic_eval.position_key(rules, 2, 9, 1, stages=5) == "pos2/4"
    assert heuristic_eval.position_key(rules, 2, 3, 7, stages=5) == "pos2/1"


def test_the_table_says_its_stages_and_its_throw_away_weights(table_reset: None) -> None:
    rules = load_ruleset("tressette")
    plain, off = [1.0] * len(FEATURES), [2.0] * len(FEATURES)
    table = {
        "features": list(FEATURES),
        "shape": heuristic_eval.shape_of(rules, False),
        "margin": 0.0,
        "stages": 2,
        "positions": {"pos1/0": plain, "pos1/1": plain, "pos1-off/1": off},
    }
    heuristic_eval.use_table(table)
    assert heuristic_eval.card_weights(rules, 1, 4, 6) == plain  # stage 4 * 2 // 10 = 0
    assert heuristic_eval.card_weights(rules, 1, 4, 6, off_suit=True) == plain  # no pos1-off/0
    assert heuristic_eval.card_weights(rules, 1, 5, 5, off_suit=True) == off
    assert heuristic_eval.card_weights(rules, 1, 5, 5) == plain


def test_the_heuristic_asks_the_throw_away_weights_only_when_it_cannot_follow(
    table_reset: None,
) -> None:
    rules = load_ruleset("tressette")
    value = [0.0] * len(FEATURES)
    value[FEATURES.index("value")] = 1.0  # a follower plays its richest card...
    cheap = [0.0] * len(FEATURES)
    cheap[FEATURES.index("value")] = -1.0  # ...but throws away its poorest
    keys = [f"pos{p}/{s}" for p in (1, 2) for s in range(3)]
    heuristic_eval.use_table(
        {
            "features": list(FEATURES),
            "shape": heuristic_eval.shape_of(rules, False),
            "margin": 0.0,
            "positions": {
                **dict.fromkeys(keys, value),
                **{k.replace("/", "-off/"): cheap for k in keys},
            },
        }
    )
    follows = throws = 0
    for view, cards, _rule in _positions(3):
        v = view  # type: ignore[assignment]
        if not v.obs.trick or len(v.obs.trick) == rules.players.count - 1:
            continue
        points = sorted({v.value(c) for c in cards})
        if len(points) < 2:
            continue
        led = v.suit(v.obs.trick[0][1])
        got = v.value(v.card_choice(cards))
        if any(v.suit(c) == led for c in cards):
            assert got == points[-1]
            follows += 1
        else:
            assert got == points[0]
            throws += 1
    assert follows > 0 and throws > 0


def test_a_key_of_products_scores_the_pairs_of_the_table(table_reset: None) -> None:
    rules = load_ruleset("tressette")
    n = len(FEATURES)
    lead = [0.0] * (n + 1)
    lead[n] = 1.0  # the one product: points times master
    table = {
        "features": list(FEATURES),
        "shape": heuristic_eval.shape_of(rules, False),
        "margin": 0.0,
        "pairs": [["value", "master"]],
        "positions": {f"lead/{s}": lead for s in range(3)},
    }
    heuristic_eval.use_table(table)
    assert heuristic_eval.product_pairs() == [(FEATURES.index("value"), FEATURES.index("master"))]
    assert heuristic_eval.with_products([1.0, 2.0, 3.0], [(1, 2), (0, 2)]) == [
        1.0,
        2.0,
        3.0,
        6.0,
        3.0,
    ]
    leads = 0
    for view, cards, rule in _positions(3):
        v = view  # type: ignore[assignment]
        if v.obs.trick:
            continue
        rows = card_features(v, cards, rule)
        col_v, col_m = FEATURES.index("value"), FEATURES.index("master")
        best = max(row[col_v] * row[col_m] for row in rows)
        got = rows[cards.index(v.card_choice(cards))]
        if best > 0:  # a master with points is led: its product is the only score
            assert got[col_v] * got[col_m] == best
            leads += 1
        else:  # every score is 0: the rules' card stands (not clearly beaten)
            assert v.card_choice(cards) == rule
    assert leads > 0
    with pytest.raises(ValueError, match="FEATURES"):  # products need the columns they name
        heuristic_eval.use_table({**table, "features": list(FEATURES[:28])})
