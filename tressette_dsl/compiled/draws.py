"""The random draws of a playout, made with fewer Python calls and bit for bit the same.

`random.Random.randrange(n)` is three Python calls (argument checks, `_randbelow`, the
rejection loop over `getrandbits`); `shuffle` is one `_randbelow` call per card; and
the engine seeds a new `random.Random` with a string for every deal (`engine.rng`).
A playout makes one draw per decision and one shuffle per deal, so these calls are a
large part of its time. Here the same computations are written out over the generator's
own `getrandbits`, and the per-deal generator is one object re-seeded (`seed` is what
the constructor calls) and shuffled by straight-line code, one line a swap
(`unrolled_shuffle`). The results are the same numbers from the same generator state:
that is checked once at import against the library's own methods on this interpreter,
and if the check fails (a Python whose `random` draws differently) the library's
methods are used instead, so a difference can never pass silently.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, Sequence
from hashlib import sha512
from typing import Any

from tressette_dsl.engine import rng as engine_rng

Draw = Callable[[int], int]


class _Randrange:
    """`rng.randrange(n)` for an int n >= 1, as CPython's `_randbelow_with_getrandbits`,
    keeping the generator's `getrandbits` (the kernel's loop makes the same draw inline)."""

    __slots__ = ("getrandbits",)

    def __init__(self, rng: random.Random) -> None:
        self.getrandbits = rng.getrandbits

    def __call__(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"empty range for randrange({n})")
        getrandbits = self.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r


def _fast_randrange(rng: random.Random) -> Draw:
    return _Randrange(rng)


def getrandbits_of(draw: Callable[[int], int]) -> Callable[[int], int] | None:
    """The generator's `getrandbits` behind a draw of `randrange_of` (or of a chooser that
    says it draws with one: a `bits_of` method), or None (another policy, or the
    library's own method): with it, a draw of n choices is
    ``r = getrandbits(n.bit_length())`` repeated while ``r >= n``, as `draw` does."""
    kind = draw.__class__
    if kind is _Randrange:
        return draw.getrandbits  # type: ignore[attr-defined, no-any-return]
    bits_of = getattr(kind, "bits_of", None)
    return bits_of(draw) if bits_of is not None else None


def _fast_shuffle(rng: random.Random, x: list[int]) -> None:
    """`rng.shuffle(x)`: the same swaps, each `_randbelow(i + 1)` written out."""
    getrandbits = rng.getrandbits
    for i, n, k in _steps(len(x)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """(i, i + 1, its bit length) for i from size - 1 down to 1, computed once a size."""
    found = _STEPS.get(size)
    if found is None:
        found = _STEPS[size] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1)
        )
    return found


Shuffler = Callable[[Callable[[int], int], list[int]], None]
_UNROLLED: dict[int, Shuffler] = {}


def unrolled_shuffle(size: int) -> Shuffler:
    """`_fast_shuffle` for lists of `size` items as straight-line code, one swap per
    line with its bound and bit length as constants (``shuffle(getrandbits, x)``): no
    loop, no tuple of steps to unpack - about half the time of the loop for a deck.
    The source is made of ints alone (never ruleset text); one function a size."""
    found = _UNROLLED.get(size)
    if found is None:
        lines = [f"def shuffle_{size}(g, x):"]
        for i, n, k in _steps(size):
            lines.append(f"    j = g({k})")
            lines.append(f"    while j >= {n}:")
            lines.append(f"        j = g({k})")
            lines.append(f"    x[{i}], x[j] = x[j], x[{i}]")
        if size < 2:
            lines.append("    return None")
        namespace: dict[str, Any] = {}
        exec(compile("\n".join(lines) + "\n", f"<shuffle {size}>", "exec"), namespace)
        made: Shuffler = namespace[f"shuffle_{size}"]
        found = _UNROLLED[size] = made
    return found


# `Random.seed` ends by calling the C generator's own `seed` with an int: for a text (seed
# version 2) the int of the text's bytes followed by their SHA-512 digest
_C_SEED = _random.Random.seed


def _seed_text(rng: random.Random, text: str) -> None:
    """`rng.seed(text)`: the same int handed to the same C `seed`, without the library
    method's Python frame and type checks (a deal re-seeds once; `_agrees` checks it)."""
    b = text.encode()
    _C_SEED(rng, int.from_bytes(b + sha512(b).digest(), "big"))


def _agrees() -> bool:
    """Do the written-out draws give the library's numbers on this interpreter?"""
    a, b = random.Random("draws-check"), random.Random()
    _seed_text(b, "draws-check")
    if a.getstate()[1] != b.getstate()[1]:
        return False
    draw = _fast_randrange(b)
    if any(a.randrange(n) != draw(n) for n in (*range(1, 80), 1000, 4097) for _ in range(3)):
        return False
    xs, ys = list(range(52)), list(range(52))
    a.shuffle(xs)
    _fast_shuffle(b, ys)
    if xs != ys or a.random() != b.random():
        return False
    for size in (0, 1, 2, 3, 32, 40, 52, 97):
        text = f"tressette-dsl:draws-check:{size}:shuffle"
        a, b = random.Random(text), random.Random(text)
        xs, ys = list(range(size)), list(range(size))
        a.shuffle(xs)
        unrolled_shuffle(size)(b.getrandbits, ys)
        if xs != ys or a.getstate() != b.getstate():
            return False
    c = random.Random()
    for seed in (*range(12), 10**12 + 7, -3):
        for n in range(1, 9):
            if _first_dealer(c, seed, n) != engine_rng.first_dealer(seed, n):
                return False
    return True


def _first_dealer(rng: random.Random, seed: int, n: int) -> int:
    """`engine.rng.first_dealer` on `rng` re-seeded: its string seed, then `randrange(n)`
    written out over `getrandbits` (no generator made a match)."""
    _seed_text(rng, f"tressette-dsl:{seed}:0:first_dealer")
    return _Randrange(rng)(n)


_EXACT = _agrees()


def randrange_of(rng: random.Random) -> Draw:
    """The cheapest exact `rng.randrange` (one argument): written out for a plain
    `random.Random`, the bound method for a subclass or when the check failed."""
    if _EXACT and type(rng) is random.Random:
        return _fast_randrange(rng)
    return rng.randrange


_DEAL_RNG = random.Random()
# deck orders already shuffled, by (deck, seed, deal number): a search bot's playouts
# from one state all shuffle the same next deals, and seeding the generator from a
# string is most of a shuffle's cost. Bounded: cleared when full.
_ORDERS: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}
_ORDERS_LIMIT = 4096


def shuffled(cards: Sequence[int], seed: int, deal_no: int) -> tuple[int, ...]:
    """`engine.rng.shuffled`: the deck order of a deal, top card first, from one re-seeded
    generator (the same string seed as `engine.rng.rng_for`)."""
    deck = tuple(cards)
    key = (deck, seed, deal_no)
    found = _ORDERS.get(key)
    if found is not None:
        return found
    found = _shuffle_deal(deck, seed, deal_no)
    if len(_ORDERS) >= _ORDERS_LIMIT:
        _ORDERS.clear()
    _ORDERS[key] = found
    return found


def _shuffle_deal(deck: tuple[int, ...], seed: int, deal_no: int) -> tuple[int, ...]:
    order = list(deck)
    rng = _DEAL_RNG
    text = f"tressette-dsl:{seed}:{deal_no}:shuffle"
    if _EXACT:
        _seed_text(rng, text)
        unrolled_shuffle(len(order))(rng.getrandbits, order)
    else:
        rng.seed(text)
        rng.shuffle(order)
    return tuple(order)


class Shuffles:
    """`shuffled` for one deck, with its own memo by (seed, deal number): the deck is
    not hashed with every deal (the chain's `FastEnd` deals thousands a second)."""

    __slots__ = ("deck", "memo")

    def __init__(self, cards: Sequence[int]) -> None:
        self.deck = tuple(cards)
        self.memo: dict[tuple[int, int], tuple[int, ...]] = {}

    def order(self, seed: int, deal_no: int) -> tuple[int, ...]:
        key = (seed, deal_no)
        memo = self.memo
        found = memo.get(key)
        if found is None:
            found = _shuffle_deal(self.deck, seed, deal_no)
            if len(memo) >= _ORDERS_LIMIT:
                memo.clear()
            memo[key] = found
        return found


def first_dealer(seed: int, n: int) -> int:
    """`engine.rng.first_dealer(seed, n)`, on the one re-seeded deal generator when the
    written-out draws agree with the library here (else the engine's own)."""
    if _EXACT:
        return _first_dealer(_DEAL_RNG, seed, n)
    return engine_rng.first_dealer(seed, n)


__all__ = [
    "Draw",
    "Shuffler",
    "Shuffles",
    "first_dealer",
    "getrandbits_of",
    "randrange_of",
    "shuffled",
    "unrolled_shuffle",
]
