"""`phases.<deal>.misdeal.dealer`: who deals again after an annulled deal."""

from __future__ import annotations

from pathlib import Path

import pytest

from tressette_dsl.describe import describe
from tressette_dsl.engine import apply, legal_actions, new_game
from tressette_dsl.engine.actions import Annul
from tressette_dsl.loader import collect, load_ruleset

POOR = ["4C", "5C", "6C", "7C", "4D", "5D", "6D", "7D", "4S", "5S"]


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def overlay(dealer: str | None) -> Path:
    line = "" if dealer is None else f"      dealer: {dealer}\n"
    path = Path(f"misdeal-{dealer}.yaml")
    path.write_text(
        f"id: misdeal-{dealer or 'default'}\nextends: tressette\nphases:\n  deal:\n"
        f'    misdeal:\n      condition: "hand_units < 3"\n{line}',
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(("dealer", "expected"), [(None, 3), ("same", 3), ("next", 0)])
def test_who_deals_again(dealer: str | None, expected: int) -> None:
    rules = load_ruleset(overlay(dealer))
    state = new_game(rules, seed=4, dealer=3, hands={0: POOR})
    assert Annul() in legal_actions(rules, state)
    after, events = apply(rules, state, Annul())
    dealt = [e for e in events if type(e).__name__ == "Dealt"]
    assert [e.dealer for e in dealt] == [expected]
    assert after.match.deals[-1].counted is False


def test_a_word_that_is_not_an_option_is_located() -> None:
    path = overlay("left")
    (diag,) = [d for d in collect(path)[2] if d.code == "TS204"]
    assert diag.span.line == 7


def test_describe_says_when_the_deal_passes_on() -> None:
    assert "the next dealer deals" in describe(load_ruleset(overlay("next")))
    assert "the next dealer deals" not in describe(load_ruleset(overlay("same")))
