"""`meta` through `extends`: a generated page never states a choice the rules no longer make.

Issue: `tressette describe house-nonna` printed tressette's striscio and "claims at any
moment" choices although nonna removes striscio and allows claims only on lead.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tressette_dsl.describe import describe
from tressette_dsl.loader import collect, load_ruleset
from tressette_dsl.loader.inherit_meta import changed_rules, inherited_meta


def test_nonna_keeps_only_the_choices_it_leaves_alone():
    choices = load_ruleset("house-nonna").meta.choices
    # nonna changes declaring.at/window, removes signals.striscio, sets claims.allowed
    assert "declaration_timing" not in choices
    assert "signals" not in choices
    assert "claims" not in choices
    # ... and leaves these rules of tressette as they are
    assert choices["declaration_scored"].startswith("immediately")
    assert "misdeal" in choices and "big_wins" in choices
    assert choices["house"] == "these are the house's choices, not a regional standard"
    page = describe(load_ruleset("house-nonna"))
    assert "striscio" not in page.split("Recorded choices", 1)[1]
    assert "at any moment" not in page


def test_prose_that_may_state_any_rule_is_not_inherited_by_an_overlay_that_changes_rules():
    # tressette's rules_text says "First side to 21 wins": false for the game to 31
    assert "21" in load_ruleset("tressette").meta.rules_text
    assert load_ruleset("tressette-31").meta.rules_text == ""
    # the choices tressette-31 leaves alone stay
    assert "signals" in load_ruleset("tressette-31").meta.choices


def test_an_overlay_of_meta_only_inherits_everything(tmp_path: Path):
    (tmp_path / "r.yaml").write_text(
        "id: r\nextends: tressette\nmeta:\n  title: Same game, new name\n", encoding="utf-8"
    )
    rules = load_ruleset(tmp_path / "r.yaml")
    assert rules.meta.rules_text == load_ruleset("tressette").meta.rules_text
    assert dict(rules.meta.choices) == dict(load_ruleset("tressette").meta.choices)


def test_a_plain_sentence_choice_goes_when_any_rule_changes():
    base = {"choices": {"plain": "a sentence", "tied": {"text": "t", "keys": ["match.check"]}}}
    meta = inherited_meta(base, {"match": {"target": 31}})
    assert meta["choices"] == {"tied": {"text": "t", "keys": ["match.check"]}}
    meta = inherited_meta(base, {"match": {"check": "immediately"}})
    assert meta["choices"] == {}
    # a change above the key (the whole `match` replaced or removed) drops it too
    assert inherited_meta(base, {"match": None})["choices"] == {}


def test_changed_rules_are_the_leaves_outside_meta():
    overlay = {
        "id": "x",
        "extends": "y",
        "meta": {"title": "t"},
        "signals": {"striscio": None},
        "match": {"target": 31},
        "flow": ["a", "b"],
    }
    assert sorted(changed_rules(overlay)) == [
        ("flow",),
        ("match", "target"),
        ("signals", "striscio"),
    ]


@pytest.mark.parametrize(
    ("key", "ok"),
    [
        ("phases.play.follow_suit", True),
        ("claims", True),  # a ruleset may explain why it has none
        ("signals.striscio", True),  # an id inside an id map, e.g. after its removal
        ("phases.deal.misdeal", True),  # a key of the language the phase leaves out
        ("phases.play.folow_suit", False),
        ("clams", False),
        ("meta.title", False),
    ],
)
def test_choice_keys_must_name_rules(tmp_path: Path, key: str, ok: bool):
    text = (
        "id: r\nextends: tressette\nmeta:\n  choices:\n    c:\n      text: why\n"
        f"      keys: [{key}]\n"
    )
    (tmp_path / "r.yaml").write_text(text, encoding="utf-8")
    codes = [d.code for d in collect(tmp_path / "r.yaml")[2]]
    assert ("TS420" not in codes) is ok, codes
