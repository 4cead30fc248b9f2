"""The declaration table's memo of a seat's later options equals `declare.offered` afresh.

The memo is keyed by what the seat declared (as a set), the relevant cards of its basis
and of the cards an option must contain; every option list it returns must be the one the
engine's own rule gives for the actual basis and cards, whichever entry answered.
"""

from __future__ import annotations

import random

import pytest

from tressette_dsl.compiled.decltable import DeclTable
from tressette_dsl.engine.declare import _instances, offered
from tressette_dsl.loader import load_ruleset


@pytest.mark.parametrize("name", ["spizzichino-accusi-on-draw", "tressette", "nonna"])
def test_memoised_options_are_the_engine_options(name: str) -> None:
    rules = load_ruleset(name)
    table = DeclTable(rules)
    if table.relevant is None or not rules.declarations:
        pytest.skip("no memo for this ruleset's patterns")
    rng = random.Random(name)
    cards = sorted(rules.deck.cards)
    asked = 0
    for _ in range(600):
        basis = 0
        for c in rng.sample(cards, 10):
            basis |= 1 << c
        fresh = table.options([], basis)
        made = [(d.id, cards_) for d, _text, cards_ in fresh[: rng.randrange(3)]]
        only_with = 0
        if rng.random() < 0.5:
            for c in rng.sample(cards, 2):
                only_with |= 1 << c
            basis |= only_with
        got = table.options(made, basis, only_with)
        want = offered(rules, table._match(basis), made, only_with)
        assert got == want
        asked += bool(made or only_with)
    assert asked > 100  # the memo's keys were exercised, not only the fresh path
    assert table.made  # and it kept entries


@pytest.mark.parametrize(
    "name", ["spizzichino-accusi-on-draw", "tressette", "nonna", "tressette-a-tre", "spizzichino"]
)
def test_instances_by_group_are_the_engine_matches(name: str) -> None:
    """`_match` builds a basis's instances from per-group tables: the same lists, in the
    same order, as the engine's matcher on the whole basis (`declare._instances`)."""
    rules = load_ruleset(name)
    table = DeclTable(rules)
    if not rules.declarations:
        pytest.skip("no declarations")
    assert table.by_group is not None  # the bundled patterns' groups are disjoint
    rng = random.Random(f"groups:{name}")
    cards = sorted(rules.deck.cards)
    for _ in range(400):
        basis = 0
        for c in rng.sample(cards, rng.randrange(len(cards) + 1)):
            basis |= 1 << c
        want = {d.id: _instances(rules, d, basis) for d in rules.declarations}
        assert table._match(basis) == want
        assert table.found(basis) == want  # through the memo of relevant cards too


@pytest.mark.parametrize("name", ["tressette", "nonna", "spizzichino"])
def test_fresh_options_of_every_relevant_holding_are_the_engines(name: str) -> None:
    """A seat yet to declare: its options, kept by holding and by the instances found
    (`_fresh_options`), are `offered` on the engine's matches for every holding of the
    relevant cards."""
    rules = load_ruleset(name)
    table = DeclTable(rules)
    relevant = table.relevant
    if relevant is None or not rules.declarations or relevant.bit_count() > 14:
        pytest.skip("no memo of relevant holdings for this ruleset")
    key = relevant
    while True:
        want = offered(rules, {d.id: _instances(rules, d, key) for d in rules.declarations}, [])
        assert table.options([], key) == want
        if not key:
            break
        key = (key - 1) & relevant
    assert len(table.by_found) < len(table.fresh)  # holdings share their instances' lists
