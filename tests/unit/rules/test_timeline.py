"""TS434: names read before any phase of `flow` gives them a value are refused at load."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tressette_dsl.diagnostics import DiagnosticError
from tressette_dsl.loader import load_ruleset


def load(tmp_path: Path, text: str):
    path = tmp_path / "r.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return load_ruleset(path)


def problems(tmp_path: Path, text: str) -> list:
    with pytest.raises(DiagnosticError) as err:
        load(tmp_path, text)
    return [d for d in err.value.diagnostics if d.code == "TS434"]


def test_declarer_without_an_auction_is_refused_at_the_name(tmp_path: Path) -> None:
    found = problems(
        tmp_path,
        """
        id: t
        extends: tressette
        phases: {play: {first_lead: "next(declarer)"}}
    """,
    )
    assert len(found) == 1
    diag = found[0]
    assert "'declarer' has no value here" in diag.message
    assert "no auction phase comes before 'play' in flow" in diag.message
    assert diag.hint
    assert (diag.span.line, diag.span.col) == (4, 35)  # the name, not the string's start


def test_use_before_the_auction_in_flow_is_refused(tmp_path: Path) -> None:
    found = problems(
        tmp_path,
        """
        id: t
        extends: calabresella
        phases: {auction: {when: "bid == ''"}}
    """,
    )
    assert [d.message for d in found] == [
        "'bid' has no value here: no auction phase comes before 'auction' in flow"
    ]


def test_called_card_before_the_call_is_refused(tmp_path: Path) -> None:
    found = problems(
        tmp_path,
        """
        id: t
        extends: briscola-chiamata
        flow: [deal, auction, play, call, score]
    """,
    )
    assert found and all("no call phase comes before 'play'" in d.message for d in found)


def test_names_after_their_phase_and_in_scoring_are_fine(tmp_path: Path) -> None:
    rules = load(
        tmp_path,
        """
        id: t
        extends: calabresella
        phases:
          play: {first_lead: "declarer if contract in {'solissimo'} else next(dealer)"}
          deal: {next_dealer: "next(declarer)"}
    """,
    )
    assert rules.flow


def test_a_quoted_name_is_not_a_use(tmp_path: Path) -> None:
    rules = load(
        tmp_path,
        """
        id: t
        extends: tressette
        phases: {play: {when: "'declarer' != ''"}}
    """,
    )
    assert rules.flow


def test_scoring_without_the_phase_at_all_is_refused(tmp_path: Path) -> None:
    found = problems(
        tmp_path,
        """
        id: t
        extends: tressette
        phases: {deal: {next_dealer: "declarer"}}
    """,
    )
    assert [d.message for d in found] == [
        "'declarer' has no value here: the flow has no auction phase"
    ]
