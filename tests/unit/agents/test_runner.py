"""`play_match` summaries carry what each scored deal added to the totals."""

from __future__ import annotations

from tressette_dsl.agents.runner import safe_match
from tressette_dsl.loader import load_ruleset


def test_summary_keeps_the_balance_changes_of_every_scored_deal() -> None:
    rules = load_ruleset("calabresella")
    summary = safe_match(rules, 3, ["heuristic"] * 3)
    assert summary.error is None
    assert len(summary.deal_deltas) >= 9  # a session of nine counted deals
    numbers = [deal_no for deal_no, _ in summary.deal_deltas]
    assert numbers == sorted(set(numbers))
    # the changes add up to the final totals, seat by seat
    finals = [sum(d[seat] for _, d in summary.deal_deltas) for seat in range(3)]
    assert finals == list(summary.totals.values())
    assert all(sum(d) == 0 for _, d in summary.deal_deltas)


def test_point_games_record_their_deals_too() -> None:
    summary = safe_match(load_ruleset("tressette"), 1, ["random"] * 4)
    assert summary.error is None
    assert summary.deal_deltas and all(len(d) == 2 for _, d in summary.deal_deltas)
