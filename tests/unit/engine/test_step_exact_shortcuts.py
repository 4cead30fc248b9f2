"""The step API's shortcuts compute exactly what they replace (issue 8, item 4).

`rng.shuffled` writes `random.Random.shuffle`'s draws out over `getrandbits`; `set_at`
copies through a list; a bare `Play` writes its text without building a word list. Each
must give the very result of the library call or the old form, for every input the
engine makes (same seeds, same games).
"""

from __future__ import annotations

import random

import pytest

from tressette_dsl.engine import rng
from tressette_dsl.engine.actions import Play
from tressette_dsl.engine.state import set_at


def test_the_written_out_shuffle_is_the_library_shuffle() -> None:
    assert rng._EXACT
    for seed in range(200):
        for deal_no in range(4):
            for size in (32, 40, 52):
                order = list(range(size))
                rng.rng_for(seed, deal_no).shuffle(order)
                assert rng.shuffled(range(size), seed, deal_no) == tuple(order)


def test_the_shuffle_falls_back_to_the_library(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rng, "_EXACT", False)
    order = list(range(40))
    random.Random("tressette-dsl:9:2:shuffle").shuffle(order)
    assert rng.shuffled(range(40), 9, 2) == tuple(order)


@pytest.mark.parametrize("index", [0, 1, 3, 4, 6])
def test_set_at_replaces_one_item_as_the_slices_did(index: int) -> None:
    values = (10, 11, 12, 13)
    old = (*values[:index], 99, *values[index + 1 :])
    assert set_at(values, index, 99) == old


def test_a_bare_play_reads_as_before() -> None:
    assert str(Play("3D")) == "play 3D"
    assert str(Play("3D", (("busso", None), ("i_hold", 2)))) == "play 3D busso i_hold 2"
