"""Card sets as int bitmasks (bit i = card i): the one helper every layer shares.

It sits below the model and the expression language so that both can use it without
importing each other.
"""

from __future__ import annotations

# Per byte position k and byte value b: the indices 8k + i of the bits set in b. A hand is
# read a byte at a time (5 steps for a 40-card deck instead of one per card): the engine
# lists a hand's cards on every decision.
_BYTES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)) for k in range(16)
)


def iter_bits(mask: int) -> list[int]:
    """The indices of the set bits, lowest first.

    >>> iter_bits(0b10110)
    [1, 2, 4]
    """
    if 0 <= mask < 1 << 128:  # every deck of the language: by the byte table
        out: list[int] = []
        k = 0
        while mask:
            out += _BYTES[k][mask & 255]
            mask >>= 8
            k += 1
        return out
    return _iter_bits_slow(mask)


def _iter_bits_slow(mask: int) -> list[int]:
    """`iter_bits` one bit at a time (a mask past the byte table)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
