"""A rule that yields nonsense while playing stops with a located error, never a wrong game.

`first_lead: "holder(AD)"` while that card lies in the stock names no seat; a deal-points formula
that forgets `floor` gives a fraction. Both used to be forced into an int silently (the seat
taken modulo the player count, the fraction truncated)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tressette_dsl.engine import apply, is_over, legal_actions, new_game
from tressette_dsl.engine.errors import RuleEvaluationError
from tressette_dsl.loader import load_ruleset


def _house(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(f"id: house-case\nextends: tressette\n{body}\n", encoding="utf-8")
    return path


def test_a_seat_expression_that_names_no_seat_is_located(tmp_path: Path) -> None:
    # `declarer` without an auction is refused at load (TS434); a card in the stock is not.
    path = _house(tmp_path, 'phases:\n  play:\n    first_lead: "holder(AD)"')
    path.write_text(path.read_text().replace("tressette\n", "tressette-in-due\n", 1))
    rules = load_ruleset(path)
    with pytest.raises(RuleEvaluationError) as err:
        new_game(rules, 1)
    diag = err.value.diagnostic
    assert (diag.span.line, diag.span.col) == (5, 17)
    assert "names no seat" in diag.message and "phases.play.first_lead" in diag.message


def test_deal_points_must_be_whole_numbers(tmp_path: Path) -> None:
    rules = load_ruleset(_house(tmp_path, 'scoring:\n  deal_points: "units / 3"'))
    state = new_game(rules, 2)
    pick = random.Random(2)
    with pytest.raises(RuleEvaluationError) as err:
        while not is_over(state):
            legal = [a for a in legal_actions(rules, state) if str(a) != "claim"]
            state, _ = apply(rules, state, legal[pick.randrange(len(legal))])
    assert "not a whole number; round it with floor(...)" in err.value.diagnostic.message
