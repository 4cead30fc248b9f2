"""The builder: every expression compiled once against its slot's scope; problems located."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from tressette_dsl.diagnostics import DiagnosticError
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.table import deal_env
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules import scopes
from tressette_dsl.rules.model import NO_CONST, TricksPhase

DOCS = Path(__file__).resolve().parents[3] / "docs" / "language.md"


def load(tmp_path: Path, text: str):
    path = tmp_path / "r.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return load_ruleset(path)


def problems(tmp_path: Path, text: str) -> list:
    with pytest.raises(DiagnosticError) as err:
        load(tmp_path, text)
    return list(err.value.diagnostics)


def test_bundled_tressette_compiles_every_slot() -> None:
    rules = load_ruleset("tressette")
    play = next(p for p in rules.flow if isinstance(p, TricksPhase))
    assert play.follow_suit.const is True  # "true" folded once, not evaluated per trick
    assert play.follow_suit.rule == "phases.play.follow_suit"
    assert play.follow_suit.span.file.endswith("tressette.yaml")
    assert play.first_lead.const is NO_CONST and play.first_lead.names == {"dealer"}
    assert [d.id for d in rules.declarations] == ["napoletana", "tris", "poker"]
    assert [b.id for b in rules.scoring.big_wins] == [
        "cappottone",
        "stramazzone",
        "cappotto",
        "stramazzo",
    ]


def test_unknown_name_is_refused_where_it_is_written(tmp_path: Path) -> None:
    """`stock_size` is not a name of `match.end`: refused at load, located in the string."""
    found = problems(
        tmp_path,
        """
        id: t
        extends: tressette
        match: {end: "max(totals) >= target and stock_size == 0"}
    """,
    )
    assert len(found) == 1
    diag = found[0]
    assert diag.code.startswith("TS3") and "stock_size" in diag.message
    assert (diag.span.line, diag.span.col) == (4, 41)


def test_wrong_type_for_the_slot(tmp_path: Path) -> None:
    found = problems(
        tmp_path,
        """
        id: t
        extends: tressette
        phases:
          play: {follow_suit: "trick_no"}
    """,
    )
    assert [d.code for d in found] == ["TS303"]


def test_trump_must_be_a_suit(tmp_path: Path) -> None:
    found = problems(
        tmp_path,
        """
        id: t
        extends: tressette
        phases:
          play: {trump: "trick_no"}
    """,
    )
    assert [d.code for d in found] == ["TS430"]
    assert "must be a SUIT" in found[0].message


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    found = problems(
        tmp_path,
        """
        id: t
        extends: tressette
        phases:
          play: {follow_suit: "nonsense_a", first_lead: "nonsense_b"}
        scoring: {deal_points: "nonsense_c"}
    """,
    )
    assert len(found) == 3
    assert [d.span.line for d in found] == sorted(d.span.line for d in found)


def test_claims_need_fixed_sides(tmp_path: Path) -> None:
    found = problems(
        tmp_path,
        """
        id: t
        extends: calabresella
        claims: {allowed: "true"}
    """,
    )
    assert "TS432" in [d.code for d in found]


def test_deck_exclude_removes_cards(tmp_path: Path) -> None:
    rules = load_ruleset("tressette-a-tre")
    assert rules.deck.size == 39 and "4B" not in rules.deck.by_text


def test_defaults_fill_absent_keys(tmp_path: Path) -> None:
    rules = load(
        tmp_path,
        """
        id: t
        extends: tressette-cards
        players: {count: 2}
        sides: {mode: individual}
        flow: [deal, play, score]
        phases:
          deal: {kind: deal, packets: "5 5 stock:rest"}
          play: {kind: tricks}
          score: {kind: score}
        match: {target: 11}
    """,
    )
    play = rules.flow[1]
    assert isinstance(play, TricksPhase)
    assert play.first_lead.text == "next(dealer)" and play.follow_suit.text == "true"
    assert rules.scoring.deal_points.text == "floor(units / 3) + declared"
    assert rules.match.end.text == "max(totals) >= target" and rules.match.reason == "target"


def test_engine_env_matches_the_common_scope() -> None:
    rules = load_ruleset("tressette")
    env = deal_env(rules, GameState(seed=1, n=4))
    assert set(env) == set(scopes.DEAL)


def test_every_scope_name_is_documented() -> None:
    """docs/language.md lists every name of every slot (the contract for ruleset authors)."""
    text = DOCS.read_text(encoding="utf-8")
    documented = set(re.findall(r"`([a-z_]+)(?:\(card\))?`", text))
    names = {name for _slot, (_start, scope) in scopes.SLOTS.items() for name in scope}
    assert names - documented == set()
