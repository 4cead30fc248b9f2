"""`tressette describe`: Markdown from the model, for every bundled ruleset."""

from __future__ import annotations

import pytest

from tressette_dsl.describe import describe, points
from tressette_dsl.loader import bundled_ids, load_document, load_ruleset, resolve_ruleset_path
from tressette_dsl.loader.inherit_meta import choice_text

PLAYABLE = sorted(i for i in bundled_ids() if i != "tressette-cards")


def _text(ruleset_id: str) -> str:
    document, _ = load_document(resolve_ruleset_path(ruleset_id))
    return describe(load_ruleset(ruleset_id), document.get("meta"))


@pytest.mark.parametrize("ruleset_id", PLAYABLE)
def test_every_ruleset_is_described(ruleset_id: str) -> None:
    rules = load_ruleset(ruleset_id)
    text = _text(ruleset_id)
    assert text.startswith(f"# {rules.title}")
    for heading in (
        "## Players and sides",
        "## Cards",
        "## The deal, phase by phase",
        "## Scoring",
        "## End of the match",
        "## Sources and choices",
    ):
        assert heading in text
    assert "Rank order in every suit, strongest first: **" in text
    if rules.match.target is not None:
        assert f"Target: **{rules.match.target}** points" in text


def test_tressette_key_facts() -> None:
    text = _text("tressette")
    assert "**3 > 2 > A > K > Q > J > 7 > 6 > 5 > 4**" in text
    assert "A = 1; 3, 2, K, Q, J = ⅓" in text
    assert "Target: **21** points" in text
    assert "| napoletana |" in text and "| busso |" in text
    assert "seed 003" in text


def test_variants_show_their_differences() -> None:
    assert "**3 > 2 > A > K > J > Q > 7 > 6 > 5 > 4**" in _text("tressette-jq-swap")
    american = _text("tresette-american")
    assert "**clockwise**" in american and "Target: **31** points" in american
    calabresella = _text("calabresella")
    assert "## Contracts" in calabresella and "## Payoffs" in calabresella
    assert "3 players" in calabresella


def test_points_are_fractions_of_the_unit() -> None:
    assert points(5, 3) == "1⅔"
    assert points(22, 3) == "7⅓"
    assert points(6, 3) == "2"


@pytest.mark.parametrize("ruleset_id", PLAYABLE)
def test_meta_comes_from_the_model(ruleset_id: str) -> None:
    """``describe(rules)`` reads the sources and choices from ``Ruleset.meta``: the same text
    as from the document's ``meta``."""
    rules = load_ruleset(ruleset_id)
    document, _ = load_document(resolve_ruleset_path(ruleset_id))
    assert describe(rules) == _text(ruleset_id)
    meta = document.get("meta") or {}
    assert rules.meta.to_dict() == meta
    assert rules.meta.title == meta.get("title", "")
    assert [s.ref for s in rules.meta.sources] == [s["ref"] for s in meta.get("sources", [])]
    # a choice is a sentence, or the sentence with the rules it explains ({text, keys})
    assert dict(rules.meta.choices) == {
        name: choice_text(value) for name, value in meta.get("choices", {}).items()
    }
