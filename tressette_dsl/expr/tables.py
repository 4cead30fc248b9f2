"""Per-deck lookup tables behind the built-ins, built once per `StaticContext`.

Card-level facts become tuples indexed by card (with one extra entry at the end, so that
the "no card" value -1 indexes a neutral default), and strength questions become masks
per strength level, so that ``highest(hand)`` is a handful of ANDs, not a sort.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from tressette_dsl.expr.context import StaticContext


class Tables:
    """Everything the built-ins and filters look up; index -1 means "no card"."""

    def __init__(self, ctx: StaticContext) -> None:
        self.ctx = ctx
        cards = range(ctx.n_cards)
        self.suit_of = (*(ctx.suit_of(i) for i in cards), -1)
        self.rank_of = (*(ctx.rank_of(i) for i in cards), -1)
        self.strength_of = (*(ctx.strength[ctx.rank_of(i)] for i in cards), -1)
        self.value_of = (*(ctx.values[ctx.rank_of(i)] for i in cards), 0)
        self.suit_mask = (*ctx.suit_mask, 0)
        self.rank_mask = (*ctx.rank_mask, 0)
        levels = sorted(set(ctx.strength), reverse=True)
        self.levels_desc = tuple(
            sum(ctx.rank_mask[r] for r, s in enumerate(ctx.strength) if s == lvl) for lvl in levels
        )
        self.levels_asc = self.levels_desc[::-1]
        self.points_by_byte = tuple(
            _byte_sums(self.value_of[base : min(base + 8, ctx.n_cards)])
            for base in range(0, ctx.n_cards, 8)
        )
        self.rivals = tuple(
            sum(
                1 << j
                for j in cards
                if j != i
                and self.suit_of[j] == self.suit_of[i]
                and self.strength_of[j] >= self.strength_of[i]
            )
            for i in cards
        )

    def highest(self, m: int) -> int:
        """Strongest card; among equals, the first in deck order. -1 for no cards."""
        for lvl in self.levels_desc:
            x = m & lvl
            if x:
                return (x & -x).bit_length() - 1
        return -1

    def lowest(self, m: int) -> int:
        for lvl in self.levels_asc:
            x = m & lvl
            if x:
                return (x & -x).bit_length() - 1
        return -1

    def top(self, m: int, n: Any = 1) -> int:
        k, out = math.floor(n), 0
        for lvl in self.levels_desc:
            x = m & lvl
            while x and k > 0:
                low = x & -x
                out |= low
                x ^= low
                k -= 1
            if k <= 0:
                break
        return out

    def stronger(self, a: int, b: int) -> bool:
        return (
            a >= 0
            and b >= 0
            and self.suit_of[a] == self.suit_of[b]
            and self.strength_of[a] > self.strength_of[b]
        )

    def beats_all(self, a: int, m: int) -> bool:
        return a >= 0 and not (m & self.rivals[a])


def _byte_sums(values: tuple[Any, ...]) -> tuple[Any, ...]:
    """Per byte 0..255, the sum of ``values[b]`` over its set bits b (a bit past the end of
    `values` adds nothing). Each entry is a smaller one plus its lowest bit's value: 255
    additions per chunk of eight cards where summing each byte's bits takes eight times
    as many, a share of every ruleset's load (`tressette validate` included)."""
    sums: list[Any] = [0] * 256
    for byte in range(1, 256):
        low = byte & -byte
        bit = low.bit_length() - 1
        sums[byte] = sums[byte ^ low] + (values[bit] if bit < len(values) else 0)
    return tuple(sums)


@lru_cache(maxsize=16)
def tables(ctx: StaticContext) -> Tables:
    return Tables(ctx)
