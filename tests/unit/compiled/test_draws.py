"""The written-out draws give the library's numbers, so playouts keep their exact draws."""

from __future__ import annotations

import random

import pytest

from tressette_dsl.compiled import draws
from tressette_dsl.engine import rng as engine_rng


def test_randrange_matches_the_library_draw_for_draw() -> None:
    a, b = random.Random(12345), random.Random(12345)
    draw = draws.randrange_of(b)
    sizes = [1 + (i * 7) % 61 for i in range(2000)]
    assert [draw(n) for n in sizes] == [a.randrange(n) for n in sizes]
    assert a.getstate() == b.getstate()


def test_randrange_rejects_an_empty_range() -> None:
    with pytest.raises(ValueError):
        draws.randrange_of(random.Random(1))(0)


def test_a_subclass_keeps_its_own_method() -> None:
    class Loaded(random.Random):
        def randrange(self, *args: object, **kwargs: object) -> int:
            return 0

    rng = Loaded(3)
    assert draws.randrange_of(rng)(10) == 0


@pytest.mark.parametrize("seed", [0, 1, 7, 2026])
def test_the_deal_shuffle_is_the_engine_shuffle(seed: int) -> None:
    cards = list(range(40))
    for deal_no in range(1, 30):
        assert draws.shuffled(cards, seed, deal_no) == engine_rng.shuffled(cards, seed, deal_no)


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 32, 40, 52, 97])
def test_the_unrolled_shuffle_is_the_library_shuffle(size: int) -> None:
    for seed in range(20):
        a, b = random.Random(f"unrolled:{seed}"), random.Random(f"unrolled:{seed}")
        xs, ys = list(range(size)), list(range(size))
        a.shuffle(xs)
        draws.unrolled_shuffle(size)(b.getrandbits, ys)
        assert ys == xs
        assert b.getstate() == a.getstate()  # the same draws, no more, no fewer


def test_one_unrolled_shuffle_per_size() -> None:
    assert draws.unrolled_shuffle(40) is draws.unrolled_shuffle(40)


def test_first_dealer_is_the_engines() -> None:
    """The kernel's first dealer (the deal generator re-seeded, the draw written out)."""
    assert draws._EXACT
    for seed in (*range(200), 2**40 + 3, -17):
        for n in (2, 3, 4, 5, 6, 8):
            assert draws.first_dealer(seed, n) == engine_rng.first_dealer(seed, n)


def test_a_decks_shuffles_are_the_engines_and_kept() -> None:
    """`Shuffles.order`: the engine's deck order of each deal, the same tuple when asked
    again, and the re-seeding leaves the generator as `Random(text)` would."""
    deck = list(range(3, 43))
    shuffles = draws.Shuffles(deck)
    for seed in range(40):
        for deal_no in (1, 2, 7):
            got = shuffles.order(seed, deal_no)
            assert got == engine_rng.shuffled(deck, seed, deal_no)
            assert shuffles.order(seed, deal_no) is got
    text = "tressette-dsl:5:1:shuffle"
    mine = random.Random()
    draws._seed_text(mine, text)
    assert mine.getstate() == random.Random(text).getstate()
