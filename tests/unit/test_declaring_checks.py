"""TS474: `declaring: {at: own_turn, mandatory: true}` is refused, located, with what to
write instead; the alternatives it names load and declare."""

from __future__ import annotations

from pathlib import Path

import pytest

from tressette_dsl.diagnostics import DiagnosticError
from tressette_dsl.engine import new_game
from tressette_dsl.loader import collect, load_ruleset


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_own_turn_and_mandatory_is_refused_at_mandatory() -> None:
    Path("must.yaml").write_text(
        "id: must\nextends: tressette-in-due\ndeclaring:\n  mandatory: true\n", encoding="utf-8"
    )
    (diag,) = [d for d in collect("must.yaml")[2] if d.code == "TS474"]
    assert (diag.span.file, diag.span.line, diag.span.col) == ("must.yaml", 4, 14)
    assert "before_first_trick" in (diag.hint or "")
    with pytest.raises(DiagnosticError):
        load_ruleset("must.yaml")


def test_the_same_timing_set_in_the_overlay_is_refused_too() -> None:
    Path("nonna-must.yaml").write_text(
        "id: nonna-must\nextends: house-nonna\ndeclaring:\n  mandatory: true\n", encoding="utf-8"
    )
    assert "TS474" in [d.code for d in collect("nonna-must.yaml")[2]]


def test_the_alternatives_load_and_declare_by_themselves() -> None:
    Path("before.yaml").write_text(
        "id: before\nextends: tressette-in-due\ndeclaring:\n"
        "  at: before_first_trick\n  mandatory: true\n",
        encoding="utf-8",
    )
    rules = load_ruleset("before.yaml")
    hands = {0: ["AC", "2C", "3C", "4D", "5D", "6D", "7D", "4S", "5S", "6S"]}
    state = new_game(rules, seed=1, dealer=1, hands=hands)
    assert [(r.seat, r.decl) for r in state.play.declarations] == [(0, "napoletana")]
    assert load_ruleset("tressette-in-due").declaring.mandatory is False
