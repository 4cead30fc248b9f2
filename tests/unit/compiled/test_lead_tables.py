"""The lead's per-suit lists of the generated loop (`LEAD_0`, `LEAD_1`, ...): each holding
of a suit, once a lead from it was counted, holds exactly what the source's own
`lead_counts` gives for it - (choices, per-card choices, the choices in order) - and the
trick rules are emitted without a `bool(...)` call where the expression is a comparison
already."""

from __future__ import annotations

import ast
import random

import pytest

from tressette_dsl.compiled import compile_ruleset, playout_new_match
from tressette_dsl.compiled.codegen import _is_bool
from tressette_dsl.loader import load_ruleset, playable_rulesets

NAMES = [p.stem for p in playable_rulesets()]


@pytest.mark.parametrize("name", NAMES)
def test_every_filled_holding_is_what_lead_counts_gives(name: str) -> None:
    rules = load_ruleset(name)
    compiled = compile_ruleset(rules)
    ns = compiled.generated.namespace
    lists = sorted(key for key in ns if key.startswith("LEAD_") and key[5:].isdigit())
    if compiled.run is None or not lists or "lead_counts" not in compiled.run.__globals__:
        pytest.skip("no lead counted suit by suit in this kernel")
    if "LEAD_0[" not in compiled.source:
        pytest.skip("the lead's truths read more than the rest of the suit")
    for seed in range(1, 4):
        playout_new_match(rules, seed, random.Random(seed))
    lead_counts = compiled.run.__globals__["lead_counts"]
    filled = 0
    for key in lists:
        suit = int(key[5:])
        low = ns["SUIT_LO"][suit]
        for holding, entry in enumerate(ns[key]):
            if entry is not None:
                assert entry == lead_counts(holding << low, suit), (key, holding)
                filled += 1
    assert filled > len(lists)  # the empty holdings and more


def test_the_listing_prints_how_each_list_begins() -> None:
    compiled = compile_ruleset(load_ruleset("tressette"))
    for line in compiled.listing().splitlines():
        if line.startswith("LEAD_") and line[5].isdigit():
            built: dict[str, object] = {}
            exec(line, built)  # the listing's own expression for the list
            name = line.split(" = ")[0]
            fresh = built[name]
            assert isinstance(fresh, list)
            assert len(fresh) == len(compiled.generated.namespace[name])
            assert fresh[0] == (0, (), ()) and fresh[1:] == [None] * (len(fresh) - 1)


@pytest.mark.parametrize(
    ("src", "boolean"),
    [
        ("(trick_no == 1)", True),
        ("trick_no > 1 and trick_no < 9", True),
        ("not (trick_no & 1)", True),
        ("True", True),
        ("trick_no & 1", False),
        ("trick_no > 1 or trick_no", False),
        ("-trick_no", False),
        ("_f(trick_no)", False),
    ],
)
def test_only_comparisons_and_their_logic_count_as_bool(src: str, boolean: bool) -> None:
    assert _is_bool(ast.parse(src, mode="eval").body) is boolean


def test_no_bool_call_around_a_comparison_in_the_trick_rules() -> None:
    source = compile_ruleset(load_ruleset("tressette")).source
    assert "window_open = (trick_no == 1)" in source
    assert "bool((trick_no == 1))" not in source


def test_small_lists_are_filled_as_the_kernel_is_loaded() -> None:
    """Four suits of ten cards (4,096 holdings): every holding tabulated by the source's
    own module-level loops before any playout, and the loop reads them unchecked."""
    compiled = compile_ruleset(load_ruleset("tressette"))
    assert compiled.run is not None
    ns = compiled.run.__globals__
    lead_counts = ns["lead_counts"]
    for suit in range(4):
        entries = ns[f"LEAD_{suit}"]
        assert len(entries) == 1024 and None not in entries
        low = ns["SUIT_LO"][suit]
        for holding in (1, 5, 1023):
            assert entries[holding] == lead_counts(holding << low, suit)
    assert "for held in range(1, 1024):" in compiled.source
    assert "is None" not in compiled.source.split("def run(k, choose):")[1].split("LEAD_3")[0]
