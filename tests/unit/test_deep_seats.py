"""`validate --deep` on a ruleset whose seat count is chosen per game: every allowed count
is played, and a problem that only one count shows says which."""

from __future__ import annotations

from pathlib import Path

import pytest

from tressette_dsl.lint import deep_check
from tressette_dsl.loader import load_document, load_ruleset


def _check(tmp_path: Path, text: str, deals: int = 70) -> list[tuple[str, int, str]]:
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    _doc, smap = load_document(path)
    report = deep_check(load_ruleset(path), smap, deals=deals)
    return [(d.code, d.span.line, d.message) for d in report.problems]


@pytest.mark.parametrize("ruleset", ["traversone", "traversone-coppie"])
def test_the_reverse_games_play_at_every_count_without_problems(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    report = deep_check(rules, deals=35)
    assert report.problems == []
    table = rules.seat_table
    expected = tuple(range(table.low, table.high + 1)) if table else (rules.players.count,)
    assert report.counts == expected
    assert report.deals >= 35


def test_every_count_gets_a_share_of_the_deals() -> None:
    report = deep_check(load_ruleset("traversone"), deals=7)
    assert report.counts == (2, 3, 4, 5, 6, 7, 8)
    assert report.deals >= 7  # one deal at least at each count


@pytest.mark.parametrize("count", ["2", "5", "8"])
def test_a_problem_of_one_count_names_it(tmp_path: Path, count: str) -> None:
    text = (
        "id: x\nextends: traversone\nby_seats:\n"
        f'  "{count}":\n    scoring:\n      deal_points: "units / 3"\n'
    )
    found = _check(tmp_path, text)
    assert len(found) == 1
    code, line, message = found[0]
    assert (code, line) == ("TS444", 6)
    assert message.endswith(f"(with {count} seats)")


def test_a_ruleset_of_one_count_says_no_count() -> None:
    report = deep_check(load_ruleset("tressette"), deals=10)
    assert report.counts == (4,)
    assert report.problems == []
