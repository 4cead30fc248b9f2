"""Chance, confined: every random choice derives from (seed, deal number) only.

A local `random.Random` seeded with a string is stable across runs and Python versions
(seed version 2 hashes the string with SHA-512); the global `random` is never touched.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence


def rng_for(seed: int, deal_no: int, purpose: str = "shuffle") -> random.Random:
    return random.Random(f"tressette-dsl:{seed}:{deal_no}:{purpose}")


def shuffled(cards: Sequence[int], seed: int, deal_no: int) -> tuple[int, ...]:
    """The deck order of a deal, top card first: `random.Random.shuffle`'s swaps from the
    deal's generator, each draw written out over its `getrandbits` (`_shuffle`)."""
    order = list(cards)
    rng = rng_for(seed, deal_no)
    if _EXACT:
        _shuffle(rng.getrandbits, order)
    else:  # a Python whose library draws otherwise: its own method, whatever it does
        rng.shuffle(order)
    return tuple(order)


def _shuffle(getrandbits: Callable[[int], int], x: list[int]) -> None:
    """What `Random.shuffle(x)` does - for i from the last index down to 1, swap x[i]
    with x[j], j drawn below i + 1 by rejection over `getrandbits(bit length)` - without
    its two method calls per card (half a deal's shuffle time)."""
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _agrees() -> bool:
    """Does `_shuffle` give the library's order on this interpreter (checked once, at
    import: a difference makes `shuffled` use the library, never a silent change)?"""
    for size in (1, 2, 40, 52, 97):
        a, b = random.Random(f"shuffle-check:{size}"), random.Random(f"shuffle-check:{size}")
        xs, ys = list(range(size)), list(range(size))
        a.shuffle(xs)
        _shuffle(b.getrandbits, ys)
        if xs != ys or a.random() != b.random():
            return False
    return True


_EXACT = _agrees()


def first_dealer(seed: int, seats: int) -> int:
    return rng_for(seed, 0, "first_dealer").randrange(seats)
