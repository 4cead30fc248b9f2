"""One run reports every problem: later stages still look past the first errors.

A new user's house rule often has several unrelated mistakes: a wrong word, a misspelt
name in an expression, a rank left out of the order. They must all come out of one
``tressette validate`` run, located, and without echoes of each other.
"""

from __future__ import annotations

from pathlib import Path

from tressette_dsl.loader import validate_file

MANY_MISTAKES = """\
id: my-house
extends: tressette
match:
  target: 31
  tie: replay
declarations:
  napoletana:
    points: three
  tris:
    pattern: "3 of {3, 2, As} same rank"
declaring:
  window: "trik_no == 1"
signals:
  busso:
    truth: "count(hand[suit == led_suit]) >= 1 and"
phases:
  play:
    follow_suit: yes
    first_lead: "nxt(dealer)"
deck:
  order: "3 > 2 > A > K > Q > J > 7 > 6 > 5"
"""


def _problems(tmp_path: Path, text: str) -> list[tuple[int, int, str]]:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    problems, _compiled = validate_file(path)
    return sorted((d.span.line, d.span.col, d.code) for d in problems)


def test_schema_semantic_and_expression_problems_in_one_run(tmp_path: Path) -> None:
    assert _problems(tmp_path, MANY_MISTAKES) == [
        (5, 8, "TS204"),  # tie: replay
        (8, 13, "TS201"),  # points: three
        (10, 27, "TS310"),  # rank 'As' inside the pattern
        (12, 12, "TS302"),  # trik_no
        (15, 51, "TS301"),  # dangling 'and'
        (18, 18, "TS103"),  # yes
        (19, 18, "TS304"),  # nxt()
        (21, 44, "TS307"),  # the order leaves out 4
    ]


def test_a_foundation_set_aside_without_a_base_stops_the_second_look(tmp_path: Path) -> None:
    """players.count 'two' has no inherited value: measuring the deal against a default
    player count would report a deck-size problem that is only an echo."""
    text = """\
id: mini
players: {count: two}
sides: {mode: individual}
deck:
  suits: {C: {name: coppe}, D: {name: denari}}
  ranks: "A 2 3"
  order: "3 > 2 > A"
flow: [deal, play, score]
phases:
  deal: {kind: deal, packets: "3"}
  play: {kind: tricks, follow_suit: "true"}
  score: {kind: score}
match: {end: "deals_counted >= 1"}
"""
    assert _problems(tmp_path, text) == [(2, 18, "TS201")]


def test_a_badly_named_entry_is_not_reported_as_missing(tmp_path: Path) -> None:
    text = """\
id: mini
players: {count: 2}
sides: {mode: individual}
deck:
  suits: {C: {name: coppe}, D: {name: denari}}
  ranks: "A 2 3"
  order: "3 > 2 > A"
flow: [deal, play, Score]
phases:
  deal: {kind: deal, packets: "3"}
  play: {kind: tricks, follow_suit: "true"}
  Score: {kind: score}
match: {end: "deals_counted >= 1"}
"""
    assert [code for _l, _c, code in _problems(tmp_path, text)] == ["TS209"]
