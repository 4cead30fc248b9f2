"""The generic assignment of cards to groups under capacities (engine/assignment.py)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tressette_dsl.engine.assignment import feasible, max_flow, sequential


def _brute_force(allowed: list[int], caps: list[int]) -> int:
    """The most cards that can be placed, by trying every placement (tiny inputs only)."""
    best = 0
    groups = range(len(caps))
    for choice in itertools.product([-1, *groups], repeat=len(allowed)):
        used = Counter(g for g in choice if g >= 0)
        if all(g < 0 or allowed[i] >> g & 1 for i, g in enumerate(choice)) and all(
            used[g] <= caps[g] for g in groups
        ):
            best = max(best, sum(1 for g in choice if g >= 0))
    return best


def test_unconstrained_cards_count_only_capacities() -> None:
    assert max_flow(Counter({0b111: 5}), [2, 2, 2]) == 5
    assert max_flow(Counter({0b111: 7}), [2, 2, 2]) == 6


def test_a_card_allowed_nowhere_with_room_cannot_be_placed() -> None:
    # two cards only group 0 may take, and group 0 has room for one
    assert not feasible([0b01, 0b01], [1, 5])
    assert feasible([0b01, 0b10], [1, 1])


def test_augmenting_path_moves_an_earlier_card() -> None:
    # the flexible card must go to group 1 so that the fixed one fits group 0
    assert feasible([0b11, 0b01], [1, 1])
    assert max_flow(Counter({0b11: 1, 0b01: 1}), [1, 1]) == 2


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 0b111), min_size=0, max_size=5),
    st.lists(st.integers(0, 2), min_size=3, max_size=3),
)
def test_max_flow_matches_brute_force(allowed: list[int], caps: list[int]) -> None:
    assert max_flow(Counter(allowed), caps) == _brute_force(allowed, caps)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(1, 0b1111), min_size=1, max_size=8),
    st.lists(st.integers(0, 3), min_size=4, max_size=4),
    st.integers(0, 2**32),
)
def test_sequential_places_every_card_when_feasible(
    allowed: list[int], caps: list[int], seed: int
) -> None:
    assume(feasible(allowed, caps))
    out = sequential(allowed, caps, random.Random(seed))
    assert all(allowed[i] >> g & 1 for i, g in enumerate(out))
    used = Counter(out)
    assert all(used[g] <= caps[g] for g in range(len(caps)))


def test_sequential_draws_different_placements() -> None:
    allowed, caps = [0b11] * 4, [2, 2]
    seen = {tuple(sequential(allowed, caps, random.Random(k))) for k in range(30)}
    assert len(seen) > 1
