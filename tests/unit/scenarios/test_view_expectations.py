"""The `view` expectation (what one seat may know) and `running` (the score as it stands)."""

from __future__ import annotations

import pytest

from tressette_dsl.diagnostics import DiagnosticError
from tressette_dsl.scenarios import load_text, run_scenario
from tressette_dsl.scenarios.runner import Result

CHIAMO = """\
ruleset: calabresella
dealer: West
hands:
  South: AD 2D 3D KD QD JD 7D 6D 4C AS AB 7S
  East:  AC 2C 3C KC QC JC 7C 6C 5C 2B 3B KB
  West:  2S 3S KS QS JS 4S QB JB 7B 6B 5B 4B
monte: 5D 4D 6S 5S
script:
  - round: {South: bid chiamo, East: pass, West: pass}
  - South: call AC
"""  # 10 lines: expectations start at line 11

CHIAMATA = """\
ruleset: tressette-chiamata
dealer: West
hands:
  South:      3C 2C AC KC QC JC 7C 4D
  East:       3D 2D AD KD QD JD 7D 6D
  North-East: 3S 2S AS KS QS JS 7S 6S
  North-West: 3B 2B AB KB QB JB 7B 6B
  West:       6C 5C 4C 5D 5S 4S 5B 4B
script:
  - round: {South: bid punti 8, East: pass, North-East: pass, North-West: pass, West: pass}
  - South: call AB
"""  # 11 lines

TRESSETTE = """\
ruleset: tressette
dealer: West
hands:
  South: AB 2B 3B 2C 2D 2S AD AC KS 4S
  East:  KC KD KB 3C 4C 5C 6C 7C JC QC
  North: 3D 3S AS QS JS 7S 6S 5S 4D 5D
  West:  6D 7D JD QD 4B 5B 6B 7B JB QB
script:
  - trick: {South: AD, East: KD, North: 3D, West: 6D}
  - round: {North: done, West: done}
"""  # 10 lines; NS have 5 thirds (1 point as it stands)


def _run(text: str) -> Result:
    return run_scenario(load_text(text, "s.yaml").scenarios[0])


def _located(result: Result) -> list[tuple[str, int, int, str]]:
    return [(d.code, d.span.line, d.span.col, d.message) for d in result.diagnostics]


def _at(text: str, line: int, needle: str) -> tuple[int, int]:
    """Line and column (1-based) of `needle` on line `line` of `text`."""
    return line, text.splitlines()[line - 1].index(needle) + 1


def _load_problems(text: str) -> list[tuple[str, int, int, str]]:
    with pytest.raises(DiagnosticError) as info:
        load_text(text, "s.yaml")
    return [(d.code, d.span.line, d.span.col, d.message) for d in info.value.diagnostics]


# -- passing ------------------------------------------------------------------------------


def test_a_view_that_holds_passes() -> None:
    result = _run(
        CHIAMO
        + "  - expect:\n"
        + "      view:\n"
        + "        all: {sees: [AC, 5D, 4D, 6S, 5S], monte: hidden, stock: hidden}\n"
        + "        East: {hand_of: {South: AC 5D 4D 6S 5S, West: []}, not_sees: [2S]}\n"
        + "        West: {hand_of: {South: [AC, 5D, 4D, 6S, 5S], East: []}, partner: unknown}\n"
    )
    assert (result.status, result.diagnostics, result.checked) == ("passed", (), 1)


def test_the_secret_partner_knows_himself_only() -> None:
    result = _run(
        CHIAMATA
        + "  - expect:\n"
        + "      view:\n"
        + "        North-West: {partner: North-West}\n"
        + "        South: {partner: unknown, not_sees: [AB], hand_of: {North-West: []}}\n"
    )
    assert result.status == "passed", _located(result)


def test_running_score_counts_a_declaration_at_once() -> None:
    result = _run(
        TRESSETTE
        + "  - expect: {running: {NS: 1, EW: 0}}\n"
        + "  - South: declare tris A-S\n"
        + "  - expect: {running: {NS: 4, South: 4, EW: 0}, totals: {NS: 0}}\n"
    )
    assert result.status == "passed", _located(result)


# -- failing, located ----------------------------------------------------------------------


def test_not_sees_fails_at_the_card_and_says_where_the_view_names_it() -> None:
    text = CHIAMO + "  - expect:\n      view:\n        West: {not_sees: [2B, AC, 5D]}\n"
    result = _run(text)
    assert result.status == "failed"
    assert _located(result) == [
        (
            "TS639", *_at(text, 13, "AC"),
            "expected West not to see AC, but the view names it in 'known' (South's hand), "
            "'reveals'",
        ),
        (
            "TS639", *_at(text, 13, "5D"),
            "expected West not to see 5D, but the view names it in 'known' (South's hand), "
            "'reveals'",
        ),
    ]  # fmt: skip


def test_cards_in_one_text_are_located_one_by_one() -> None:
    text = CHIAMO + "  - expect:\n      view:\n        West:\n          sees: 2S AC 2B\n"
    assert _located(_run(text)) == [
        ("TS639", *_at(text, 14, "2B"), "expected West to see 2B, but its view does not name it"),
    ]


def test_all_checks_every_seat_and_names_the_one_that_fails() -> None:
    result = _run(CHIAMO + "  - expect:\n      view:\n        all: {not_sees: [2B]}\n")
    assert [(code, line, msg) for code, line, _, msg in _located(result)] == [
        ("TS639", 13, "expected East not to see 2B, but the view names it in 'hand', "
         "'known' (East's hand)"),
    ]  # fmt: skip


def test_hand_of_fails_with_missing_and_unexpected_cards() -> None:
    text = CHIAMO + "  - expect:\n      view:\n        East:\n"
    text += "          hand_of: {South: [AC, 2D]}\n"
    assert _located(_run(text)) == [
        (
            "TS639", *_at(text, 14, "[AC, 2D]"),
            "expected East to know [2D, AC] of South's hand, got [4D, 5D, 5S, 6S, AC]; "
            "missing [2D]; unexpected [4D, 5D, 5S, 6S]",
        ),
    ]  # fmt: skip


def test_partner_fails_both_ways() -> None:
    text = (
        CHIAMATA
        + "  - expect:\n"
        + "      view:\n"
        + "        North-West: {partner: unknown}\n"
        + "        South: {partner: North-West}\n"
    )
    assert _located(_run(text)) == [
        ("TS639", *_at(text, 14, "unknown"), "expected the partner unknown to North-West, "
         "but its view names North-West"),
        ("TS639", *_at(text, 15, "North-West"), "expected South to know the partner is "
         "North-West, but it is unknown"),
    ]  # fmt: skip


def test_monte_hidden_fails_when_the_seat_knows_its_own_discards() -> None:
    text = (
        CHIAMO
        + "  - South: give 4C\n"
        + "  - South: discard AS\n  - South: discard AB\n"
        + "  - South: discard 7S\n  - South: discard 6D\n"
        + "  - expect:\n      view:\n        South: {monte: hidden}\n        East: {monte: [AS]}\n"
    )
    assert _located(_run(text)) == [
        ("TS639", *_at(text, 18, "hidden"), "expected the monte hidden from South, but its "
         "view names [6D, 7S, AB, AS] (in 'discarded')"),
        ("TS639", *_at(text, 19, "[AS]"), "expected East to see [AS] of the monte, got nothing; "
         "missing [AS]"),
    ]  # fmt: skip


def test_stock_expected_shown_but_hidden() -> None:
    text = (
        "ruleset: spizzichino\n"
        "dealer: North\n"
        "hands:\n"
        "  South: 3C 2C AC KC QC JC 7C 6C 5C 3D\n"
        "  North: 4C AS 2S 3S 4S 5S 6S 7S JS QS\n"
        "stock: 2D 2B AD 4B KD 5B QD 6B JD 7B 7D JB 6D QB 5D KB KS 3B AB 4D\n"
        "script:\n"
        "  - trick: {South: 3C, North: 4C}\n"
        "  - expect: {view: {North: {stock: hidden}, South: {stock: [AD, 2D]}}}\n"
    )
    assert _located(_run(text)) == [
        (
            "TS639", *_at(text, 9, "[AD, 2D]"),
            "expected South to see [2D, AD] of the stock, got nothing; missing [2D, AD] "
            "(not in the stock: [2D])",
        ),
    ]  # fmt: skip


def test_running_score_failure_says_the_whole_score() -> None:
    text = TRESSETTE + "  - expect:\n      running: {NS: 4, EW: 0}\n"
    assert _located(_run(text)) == [
        ("TS635", *_at(text, 12, "{NS"), "expected running score: NS 4, got 1 (NS 1, EW 0)"),
    ]


# -- names the ruleset does not know, located ----------------------------------------------------


def test_unknown_seat_card_and_hidden_typo_are_located() -> None:
    text = (
        CHIAMO
        + "  - expect:\n"
        + "      view:\n"
        + "        Est: {sees: [AC]}\n"
        + "        East: {sees: [AC, 1X], monte: hiden, hand_of: {Wets: []}, partner: Nobody}\n"
    )
    result = _run(text)
    assert result.status == "error"
    assert [(code, line, col) for code, line, col, _ in _located(result)] == [
        ("TS605", *_at(text, 13, "Est")),  # the seat, at its key
        ("TS606", *_at(text, 14, "1X")),  # the card, in its list
        ("TS606", *_at(text, 14, "hiden")),
        ("TS605", *_at(text, 14, "[]")),  # hand_of's seat (at its cards)
        ("TS605", *_at(text, 14, "Nobody")),
    ]
    messages = [m for *_, m in _located(result)]
    assert "did you mean 'East'?" in messages[0] and "'all'" in messages[0]
    assert "did you mean 'hidden'?" in messages[2]


# -- malformed, at load time -------------------------------------------------------------------


def test_unknown_view_keys_are_located_with_a_suggestion() -> None:
    problems = _load_problems(CHIAMO + "  - expect:\n      view:\n        East: {see: [AC]}\n")
    assert problems == [("TS602", 13, 16, "unknown key 'see' (did you mean 'sees'?)")]
    problems = _load_problems(CHIAMO + "  - expect: {runing: {South: 0}}\n")
    assert problems == [("TS602", 11, 14, "unknown key 'runing' (did you mean 'running'?)")]


def test_malformed_view_values() -> None:
    text = (
        CHIAMO
        + "  - expect:\n"
        + "      view:\n"
        + "        East: {hand_of: [AC], monte: {a: 1}, sees: {AC: 1}, partner: [x]}\n"
        + "        West: [AC]\n"
    )
    problems = _load_problems(text)
    assert [(code, line, col) for code, line, col, _ in problems] == [
        ("TS603", *_at(text, 13, "[AC]")),
        ("TS603", *_at(text, 13, "{a: 1}")),
        ("TS603", *_at(text, 13, "{AC: 1}")),
        ("TS603", *_at(text, 13, "[x]")),
        ("TS603", *_at(text, 14, "[AC]")),
    ]
    assert problems[1][3] == "monte must be 'hidden' or a list of cards, got a mapping"
    assert _load_problems(CHIAMO + "  - expect: {view: [East]}\n")[0][0] == "TS603"
