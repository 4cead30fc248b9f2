"""The random policy the differential tests hand to both engines, shared by their files."""

from __future__ import annotations

import random


class Recorder:
    """A random policy that writes down (seat, number of choices) of every decision; each
    seat draws from its own source, seeded from `prefix`, the seed and the seat (a test
    file names its own `prefix`, so its games are its own)."""

    prefix = "differential"

    def __init__(self, seed: int, seats: int) -> None:
        self.rngs = [random.Random(f"{self.prefix}:{seed}:{s}") for s in range(seats)]
        self.seen: list[tuple[int, int]] = []

    def __call__(self, seat: int, n: int) -> int:
        self.seen.append((seat, n))
        return self.rngs[seat].randrange(n)
