"""checks.py: references, ranks, deals, zones, seats and teams (TS4xx), located exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, Span
from tressette_dsl.loader import bundled_rulesets, collect, load_document, load_ruleset
from tressette_dsl.loader.checks import CHECKS, CODES

MINI = """\
id: mini
players: {count: 2}
sides: {mode: individual}
deck:
  suits: {C: {name: coppe}, D: {name: denari}}
  ranks: "A 2 3"
  order: "3 > 2 > A"
  values: "A=3, 2 3=1"
flow: [deal, play, score]
phases:
  deal: {kind: deal, packets: "3"}
  play: {kind: tricks, follow_suit: "true"}
  score: {kind: score}
match: {end: "deals_counted >= 1"}
"""

CONTRACT = """\
id: con
extends: calabresella
phases:
  auction:
    bids:
      chiamo: {level: 1, contract: chiamo}
      solo: {level: 2, contract: sollo}
  aggravate:
    options: [dividete, scegliette]
"""


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def problems(text: str, name: str = "r.yaml") -> list[Diagnostic]:
    Path(name).write_text(text, encoding="utf-8")
    try:
        return sorted(collect(name)[2], key=Diagnostic.sort_key)
    except DiagnosticError as err:
        return list(err.diagnostics)


def _line_of(name: str, text: str) -> int:
    path = next(p for p in bundled_rulesets() if p.name == name)
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def check(text: str, *expected: tuple[int, int, str]) -> list[Diagnostic]:
    found = problems(text)
    assert [(d.span.line, d.span.col, d.code) for d in found] == list(expected)
    return found


def test_every_check_code_is_documented():
    text = (Path(__file__).parents[2] / "docs" / "errors.md").read_text(encoding="utf-8")
    for code in CODES:
        assert f"## {code}" in text, code
    assert len(CHECKS) >= 10


def test_ts401_flow_names_an_undefined_phase():
    (diag,) = check(
        MINI.replace("[deal, play, score]", "[deal, plya, score]"),
        (9, 14, "TS401"),
        (12, 3, "TS402"),
    )[:1]
    assert diag.message == "flow: phase 'plya' is not defined"
    assert diag.hint == "did you mean 'play'?"


def test_ts402_a_phase_flow_never_runs():
    text = MINI.replace("  score: {kind: score}", "  score: {kind: score}\n  extra: {kind: score}")
    (diag,) = check(text, (14, 3, "TS402"))
    assert diag.message == "phase 'extra' is defined but flow never runs it"


def test_ts402_not_required_of_an_abstract_base():
    assert problems("id: base\nabstract: true\nphases:\n  extra: {kind: score}\n") == []


def test_ts403_superseded_by_an_undefined_declaration():
    text = "id: r\nextends: tressette\ndeclarations:\n  poker: ~\n"
    (diag,) = check(text, (_line_of("tressette.yaml", "superseded_by: [poker]"), 21, "TS403"))
    assert diag.span.file.endswith("tressette.yaml")
    assert diag.message == "declaration 'poker' is not defined"
    assert diag.notes == (("inherited by this file (extends: tressette)", Span("r.yaml", 2, 10)),)


def test_ts404_undefined_contracts_in_bids_and_options():
    found = check(CONTRACT, (7, 34, "TS404"), (9, 25, "TS404"))
    assert [d.hint for d in found] == ["did you mean 'solo'?", "did you mean 'scegliete'?"]


def test_ts406_ranks_must_be_single_distinct_characters():
    text = MINI.replace('ranks: "A 2 3"', 'ranks: "A 2 3 10 2"')
    found = check(text, (6, 17, "TS406"), (6, 20, "TS406"))
    assert found[0].message == "deck.ranks: '10' is not a rank id (one character each)"
    assert found[1].message == "deck.ranks: rank '2' is listed twice"


def test_ts406_rank_names_and_bid_ranks_of_no_rank():
    text = MINI.replace('ranks: "A 2 3"', 'ranks: "A 2 3"\n  rank_names: {A: Asso, K: Re}')
    check(text, (7, 25, "TS406"))
    text = "id: r\nextends: calabresella\nphases:\n  auction:\n    bids:\n      solo: {rank: Z}\n"
    (diag,) = check(text, (6, 20, "TS406"))
    assert diag.message == "bid 'solo': 'Z' is not a rank of the deck"


def test_rank_order_problems_are_located_inside_the_string():
    found = check(
        MINI.replace('"3 > 2 > A"', '"3 > 2 > Z > 2"'),
        (7, 19, "TS307"),
        (7, 23, "TS307"),
        (7, 24, "TS307"),
    )
    assert [d.message for d in found] == [
        "unknown rank 'Z'",
        "rank '2' is listed twice",
        "the order leaves out A",
    ]


def test_rank_order_in_a_literal_block():
    text = MINI.replace('order: "3 > 2 > A"', "order: |\n    3 > 2\n    > X")
    (diag, *_) = check(text, (9, 7, "TS307"), (9, 8, "TS307"))
    assert diag.message == "unknown rank 'X'"


def test_card_values_problems_are_located():
    (diag,) = check(MINI.replace('"A=3, 2 3=1"', '"A=3, 2 3 K=1"'), (8, 21, "TS308"))
    assert diag.message == "unknown rank 'K'"


def test_packets_syntax_and_zones():
    check(MINI.replace('packets: "3"', 'packets: "3 tallon:2"'), (11, 34, "TS309"))


def test_ts407_deck_size_shows_the_arithmetic():
    (diag,) = check(MINI.replace('packets: "3"', 'packets: "2 2"'), (11, 31, "TS407"))
    assert diag.message == (
        "phases.deal.packets: 2 players × (2 + 2) = 8 cards, "
        "but the deck has 2 suits × 3 ranks = 6 cards"
    )


def test_ts407_zones_and_rest():
    assert problems(MINI.replace('packets: "3"', 'packets: "2 stock:rest"')) == []
    assert problems(MINI.replace('packets: "3"', 'packets: "1 1 stock:2"')) == []
    (diag,) = check(MINI.replace('packets: "3"', 'packets: "3 stock:1"'), (11, 31, "TS407"))
    assert diag.message.startswith("phases.deal.packets: 2 players × 3 + stock 1 = 7 cards, but")
    (diag,) = check(MINI.replace('packets: "3"', 'packets: "2 3 stock:rest"'), (11, 31, "TS407"))
    assert "= 10 cards before the rest" in diag.message


def test_ts407_rest_to_the_hands_must_divide():
    (diag,) = check(MINI.replace('packets: "3"', 'packets: "stock:1 rest"'), (11, 40, "TS407"))
    assert diag.message == "phases.deal.packets: the rest (5 cards) does not divide among 2 players"


def test_ts407_excluded_cards_are_counted():
    text = MINI.replace('values: "A=3, 2 3=1"', 'values: "A=3, 2 3=1"\n  exclude: "AC AD"')
    text = text.replace('packets: "3"', 'packets: "2"')
    assert problems(text) == []


def test_ts408_teams_must_partition_the_seats():
    text = "id: r\nextends: tressette\nsides:\n  teams:\n    NS: [0, 1]\n    EW: [1]\n"
    found = check(text, (4, 3, "TS408"), (6, 10, "TS408"))
    assert found[0].message == "sides.teams: seats 2, 3 are in no team"
    assert found[1].message == "seat 1 is in team NS and in team EW"


def test_ts409_seats_and_names_fit_the_player_count():
    text = MINI.replace("mode: individual}", "mode: teams, teams: {A: [0], B: [1, 5]}}")
    text = text.replace("{kind: deal,", "{kind: deal, first_dealer: 3,")
    found = check(text, (3, 45, "TS409"), (11, 36, "TS409"))
    assert found[1].message == "there is no seat 3: players.count is 2 (seats 0 to 1)"
    (diag,) = check(MINI.replace("count: 2}", "count: 2, names: [a, b, c]}"), (2, 28, "TS409"))
    assert diag.message == "players.names has 3 names for 2 players"


def test_ts410_a_zone_no_phase_creates():
    text = MINI.replace("[deal, play, score]", "[deal, show, play, score]")
    text = text.replace(
        "  score: {kind: score}", "  score: {kind: score}\n  show: {kind: reveal, zone: monte}"
    )
    (diag,) = check(text, (14, 30, "TS410"))
    assert diag.message == "phases.show.zone: no phase creates the zone 'monte'"
    assert problems(text.replace('packets: "3"', 'packets: "2 monte:2"')) == []


def test_ts411_big_wins_must_fit_the_effect():
    text = "id: r\nextends: tressette\nscoring:\n  big_wins:\n    cappotto: {multiplier: 2}\n"
    (diag, *_) = check(text, (5, 16, "TS411"))
    assert (
        diag.message
        == "big win 'cappotto': multiplier has no effect with big_win_effect: win_match"
    )
    text = "id: r\nextends: calabresella\nscoring:\n  big_wins:\n    cappotto: {multiplier: ~}\n"
    (diag,) = check(text, (5, 5, "TS411"))
    assert diag.message == "big win 'cappotto' needs multiplier (big_win_effect is multiply)"
    text = MINI + 'scoring:\n  big_wins:\n    a: {condition: "true", games: 2}\n'
    text += '    b: {condition: "true", multiplier: 2}\n'
    (diag,) = check(text, (17, 28, "TS411"))
    assert diag.message == "big win 'a': games has no effect with big_win_effect: multiply"


def test_ts412_teams_and_mode_must_agree():
    check(MINI.replace("mode: individual", "mode: teams"), (3, 15, "TS412"))
    check(
        MINI.replace("mode: individual}", "mode: individual, teams: {A: [0], B: [1]}}"),
        (3, 27, "TS412"),
    )


def test_ts416_an_abstract_ruleset_cannot_be_played():
    Path("base.yaml").write_text("id: base\nabstract: true\n", encoding="utf-8")
    with pytest.raises(DiagnosticError) as info:
        load_ruleset("base.yaml")
    (diag,) = info.value.diagnostics
    assert (diag.code, diag.span) == ("TS416", Span("base.yaml", 2, 11))


def test_checks_wait_for_a_sound_shape_but_not_for_unknown_keys():
    text = MINI.replace("[deal, play, score]", "[deal, plya, score]").replace(
        "count: 2", "count: 9"
    )
    assert [d.code for d in problems(text)] == ["TS205"]
    text = MINI.replace("[deal, play, score]", "[deal, plya, score]").replace(
        "2}", "2, colour: red}"
    )
    assert {d.code for d in problems(text)} >= {"TS203", "TS401"}


def test_load_document_raises_with_every_problem():
    Path("r.yaml").write_text(CONTRACT, encoding="utf-8")
    with pytest.raises(DiagnosticError) as info:
        load_document("r.yaml")
    assert [d.code for d in info.value.diagnostics] == ["TS404", "TS404"]
