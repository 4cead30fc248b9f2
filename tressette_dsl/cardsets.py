"""Card sets as int bitmasks (bit i = card i): the one helper every layer shares.

It sits below the model and the expression language so that both can use it without
importing each other.
"""

from __future__ import annotations


def iter_bits(mask: int) -> list[int]:
    """The indices of the set bits, lowest first.

    >>> iter_bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
