"""Coverage by name: what the kernel does not translate falls back to the interpreter."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tressette_dsl.compiled import compile_ruleset, playout
from tressette_dsl.engine import new_game
from tressette_dsl.loader import load_ruleset


def _overlay(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(f"id: house-case\nextends: tressette\n{body}\n", encoding="utf-8")
    return path


def test_unseen_in_a_signal_truth_is_named(tmp_path: Path) -> None:
    rules = load_ruleset(
        _overlay(tmp_path, 'signals: {volo: {truth: "count(unseen[suit == led_suit]) == 0"}}')
    )
    coverage = compile_ruleset(rules).coverage
    assert not coverage.covers
    assert any("unseen" in item for item in coverage.uncovered)
    assert "unseen" in coverage.note()


def test_a_card_by_card_filter_is_named(tmp_path: Path) -> None:
    truth = "count(hand[strength > count(hand)]) >= 1"
    rules = load_ruleset(_overlay(tmp_path, f'signals: {{busso: {{truth: "{truth}"}}}}'))
    coverage = compile_ruleset(rules).coverage
    assert coverage.uncovered == (f"a filter condition tested card by card in {truth!r}",)


def test_uncovered_rules_play_on_the_interpreter(tmp_path: Path) -> None:
    rules = load_ruleset(_overlay(tmp_path, "match: {check: immediately}"))
    assert compile_ruleset(rules).coverage.uncovered == ("match.check: immediately",)
    state = new_game(rules, 4)
    auto = playout(rules, state, random.Random(2), until="match")
    reference = playout(rules, state, random.Random(2), until="match", engine="interpreted")
    assert auto == reference and auto.over
    with pytest.raises(ValueError, match=r"match\.check: immediately"):
        playout(rules, state, random.Random(2), engine="compiled")


def test_the_cache_is_keyed_by_the_document() -> None:
    first = compile_ruleset(load_ruleset("tressette"))
    assert compile_ruleset(load_ruleset("tressette")) is first
    assert compile_ruleset(load_ruleset("tressette-31")) is not first


def test_a_custom_policy_is_called_with_the_number_of_choices() -> None:
    rules = load_ruleset("tressette")
    seen: list[tuple[int, int]] = []

    def first_choice(seat: int, n: int) -> int:
        seen.append((seat, n))
        return 0

    end = playout(rules, new_game(rules, 9), policy=first_choice)
    assert (end.deal_ended or end.over) and end.deals[-1].counted
    assert all(n >= 1 for _seat, n in seen) and len(seen) >= 40
