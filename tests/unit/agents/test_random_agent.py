"""The random bot: uniform over the legal actions, its own random source only."""

from __future__ import annotations

import random
from collections import Counter

from tressette_dsl.agents import RandomAgent
from tressette_dsl.agents.base import seat_rng


def test_uses_only_the_rng_it_is_given() -> None:
    legal = ["a", "b", "c", "d"]
    first = [RandomAgent().act(None, None, legal, random.Random(5)) for _ in range(3)]
    random.seed(99)
    again = [RandomAgent().act(None, None, legal, random.Random(5)) for _ in range(3)]
    assert first == again


def test_roughly_uniform() -> None:
    rng = random.Random(1)
    counts = Counter(RandomAgent().act(None, None, ["a", "b", "c"], rng) for _ in range(3000))
    assert all(900 < n < 1100 for n in counts.values())


def test_does_not_claim_unless_told_to() -> None:
    rng = random.Random(2)
    picks = {RandomAgent().act(None, None, ["play 4D", "claim"], rng) for _ in range(200)}
    assert picks == {"play 4D"}
    assert RandomAgent().act(None, None, ["claim"], rng) == "claim"
    picks = {
        RandomAgent(claims=True).act(None, None, ["play 4D", "claim"], rng) for _ in range(200)
    }
    assert picks == {"play 4D", "claim"}


def test_own_seeded_source_without_rng() -> None:
    legal = list(range(10))
    assert [RandomAgent(seed=3).act(None, None, legal) for _ in range(2)] == [
        RandomAgent(seed=3).act(None, None, legal)
    ] * 2


def test_seat_rng_is_stable() -> None:
    assert seat_rng(1, 2).random() == seat_rng(1, 2).random()
    assert seat_rng(1, 2).random() != seat_rng(1, 3).random()
