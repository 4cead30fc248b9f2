"""Card sets as int bitmasks (bit i = card i): the one helper every layer shares.

It sits below the model and the expression language so that both can use it without
importing each other.
"""

from __future__ import annotations

# Per byte position k and byte value b: the indices 8k + i of the bits set in b. A hand is
# read a byte at a time (5 steps for a 40-card deck instead of one per card): the engine
# lists a hand's cards on every decision. A mask of a few bits (one suit of a hand, one
# card) is cheaper one bit at a time, as the bytes below its first bit would be read too.
_BYTES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)) for k in range(16)
)


def iter_bits(mask: int) -> list[int]:
    """The indices of the set bits, lowest first.

    >>> iter_bits(0b10110)
    [1, 2, 4]
    """
    out: list[int] = []
    if mask.bit_count() > _SPARSE and 0 <= mask < 1 << 128:  # a hand: by the byte table
        k = 0
        while mask:
            out += _BYTES[k][mask & 255]
            mask >>= 8
            k += 1
        return out
    while mask:  # a few bits (or past the table): one at a time, as `_iter_bits_slow`
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_SPARSE = 4  # at most this many bits: one at a time (measured: cachegrind, both ways)


def nth_bit(mask: int, i: int) -> int:
    """The index of the `i`-th set bit of `mask`, lowest first (`iter_bits(mask)[i]`
    without the list: a choice drawn among a hand's cards reads one).

    >>> nth_bit(0b10110, 1)
    2
    """
    for _ in range(i):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _iter_bits_slow(mask: int) -> list[int]:
    """`iter_bits` one bit at a time, for every mask (the reference the tests compare
    the byte table with)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
