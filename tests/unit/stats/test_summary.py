"""Summaries, comparisons and exports of real simulations, checked against the raw data."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

from tressette_dsl.agents.runner import MatchSummary, safe_match
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.stats import compare, samples_of, summarise
from tressette_dsl.stats.export import CSV_FIELDS, to_csv, to_json
from tressette_dsl.stats.text import comparison_lines, summary_lines


def _play(rules: Ruleset, kinds: list[str], seeds: range) -> list[MatchSummary]:
    return [safe_match(rules, seed, kinds) for seed in seeds]


@pytest.fixture(scope="module")
def calabresella() -> tuple[Ruleset, list[str], list[MatchSummary]]:
    rules = load_ruleset("calabresella")
    kinds = ["heuristic", "random", "random"]
    return rules, kinds, _play(rules, kinds, range(1, 9))


def test_win_rates_count_the_winners(
    calabresella: tuple[Ruleset, list[str], list[MatchSummary]],
) -> None:
    rules, kinds, summaries = calabresella
    s = summarise(samples_of(rules, kinds, summaries))
    assert s.finished == 8 and not s.wins_by_side
    for seat, name in enumerate(rules.players.names):
        won = sum(seat in m.winner_seats for m in summaries)
        assert s.wins_by_seat[name].count == won
        assert s.wins_by_seat[name].low <= s.wins_by_seat[name].rate <= s.wins_by_seat[name].high
    # the heuristic bot sits alone in seat 0; the random ones share two seats
    assert s.wins_by_agent["heuristic"].n == 8
    assert s.wins_by_agent["random"].n == 16


def test_contract_rates_come_from_the_deal_records(
    calabresella: tuple[Ruleset, list[str], list[MatchSummary]],
) -> None:
    rules, kinds, summaries = calabresella
    s = summarise(samples_of(rules, kinds, summaries))
    records = [r for m in summaries for r in m.records if r.reason in ("scored", "all_pass")]
    assert s.contracts, "calabresella has contracts"
    for name, c in s.contracts.items():
        assert c.bids.count == sum(1 for r in records if r.contract == name)
        assert c.bids.n == len(records)
        made = [r for r in records if r.contract == name and r.reason == "scored"]
        assert c.success.count == sum(1 for r in made if r.success)
    assert s.passed_out is not None
    assert s.passed_out.count == sum(1 for r in records if r.reason == "all_pass")
    points = [r.deltas[0] for m in summaries for r in m.records if r.reason == "scored"]
    assert s.points_by_seat["South"].exact == Fraction(sum(points), len(points))
    dist = dict(s.deal_scores["South"].counts)
    assert sum(dist.values()) == len(points)


def test_team_games_report_sides_and_big_wins() -> None:
    rules = load_ruleset("tressette")
    kinds = ["heuristic"] * 4
    summaries = _play(rules, kinds, range(1, 5))
    s = summarise(samples_of(rules, kinds, summaries))
    assert set(s.wins_by_side) == {"NS", "EW"}
    assert s.wins_by_side["NS"].count + s.wins_by_side["EW"].count >= 4
    assert set(s.big_wins) == {b.id for b in rules.scoring.big_wins}
    assert s.contracts == {} and s.passed_out is None
    assert s.match_length.exact == Fraction(sum(m.deals for m in summaries), 4)
    lines = summary_lines(s)
    assert any(line.startswith("  win rate by side:   NS ") for line in lines)


def test_a_ruleset_against_itself_shows_no_difference() -> None:
    rules = load_ruleset("tressette-in-due")
    kinds = ["heuristic", "random"]
    summaries = _play(rules, kinds, range(3, 9))
    a = samples_of(rules, kinds, summaries)
    c = compare(a, a)
    assert c.paired_games == 6
    for d in c.wins_by_seat.values():
        assert d.diff == 0 and not d.excludes_zero
    assert not c.changes_who_wins()
    assert comparison_lines(c)[-1].startswith("verdict: no change in who wins")


def test_compare_finds_a_shift_between_two_rulesets() -> None:
    base = load_ruleset("tressette")
    longer = load_ruleset("tressette-41")
    kinds = ["heuristic"] * 4
    sa = samples_of(base, kinds, _play(base, kinds, range(1, 7)))
    sb = samples_of(longer, kinds, _play(longer, kinds, range(1, 7)))
    c = compare(sa, sb)
    assert c.match_length is not None
    assert c.match_length.diff == pytest.approx((sum(sb.deals) - sum(sa.deals)) / 6)
    assert c.wins_by_side.keys() == {"NS", "EW"}


def test_exports_hold_the_same_numbers(
    calabresella: tuple[Ruleset, list[str], list[MatchSummary]],
) -> None:
    rules, kinds, summaries = calabresella
    sam = samples_of(rules, kinds, summaries)
    s = summarise(sam)
    doc = json.loads(to_json(s, s, compare(sam, sam)))
    assert doc["summary"]["wins"]["by_seat"]["South"]["count"] == s.wins_by_seat["South"].count
    assert doc["compare"]["difference"]["changes_who_wins"] is False
    rows = list(csv.DictReader(io.StringIO(to_csv(s))))
    assert tuple(rows[0]) == CSV_FIELDS
    south = next(r for r in rows if r["section"] == "wins" and r["label"] == "South")
    assert float(south["value"]) == pytest.approx(s.wins_by_seat["South"].rate)
    assert int(south["n"]) == 8
