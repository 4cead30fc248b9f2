"""The kernel's tabulated declarations follow `declare.options` on the rule that the same
cards never count twice (digest 9.39): with ADAM's form (no `superseded_by`), a seat that
declared three aces is not offered the four, nor the other way round. Before the tables
applied that rule, several of 2,000 deals of this overlay differed (seed 9 first)."""

from __future__ import annotations

from pathlib import Path

from tests.integration.test_compiled_differential import compare
from tressette_dsl.loader import load_ruleset

ADAM = Path(__file__).parents[1] / "conformance" / "accusi" / "rulesets" / "adam-three-of-four.yaml"


def test_adam_four_of_a_kind_plays_the_same_compiled() -> None:
    rules = load_ruleset(ADAM)
    assert rules.declarations and not any(d.superseded_by for d in rules.declarations)
    assert compare(rules, 600, range(1, 1000)) > 0
