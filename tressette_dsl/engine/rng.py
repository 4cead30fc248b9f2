"""Chance, confined: every random choice derives from (seed, deal number) only.

A local `random.Random` seeded with a string is stable across runs and Python versions
(seed version 2 hashes the string with SHA-512); the global `random` is never touched.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


def rng_for(seed: int, deal_no: int, purpose: str = "shuffle") -> random.Random:
    return random.Random(f"tressette-dsl:{seed}:{deal_no}:{purpose}")


def shuffled(cards: Sequence[int], seed: int, deal_no: int) -> tuple[int, ...]:
    """The deck order of a deal, top card first."""
    order = list(cards)
    rng_for(seed, deal_no).shuffle(order)
    return tuple(order)


def first_dealer(seed: int, seats: int) -> int:
    return rng_for(seed, 0, "first_dealer").randrange(seats)
