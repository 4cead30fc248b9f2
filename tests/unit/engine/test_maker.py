"""`maker` builds the very records the dataclass would; `iter_bits` by bytes lists the same
bits as one bit at a time (session 5's exact shortcuts of the step path)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

from tressette_dsl.cardsets import _iter_bits_slow, iter_bits
from tressette_dsl.engine.events import CardPlayed, Dealt, TrickWon
from tressette_dsl.engine.maker import maker
from tressette_dsl.engine.phases.trick_features.base import TricksLocal
from tressette_dsl.engine.state import TrickRecord


@pytest.mark.parametrize(
    ("cls", "fields"),
    [
        (CardPlayed, (2, "3D", 4)),
        (TrickWon, (1, 3, ("3D", "AD"), 6)),
        (TrickRecord, (5, 1, ((1, 4), (2, 9)), 2, False)),
        (TricksLocal, (True, (0, 8, 0, 0))),
    ],
)
def test_maker_builds_what_the_dataclass_builds(cls: type, fields: tuple[object, ...]) -> None:
    made, built = maker(cls)(*fields), cls(*fields)
    assert type(made) is cls
    assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
    assert pickle.loads(pickle.dumps(made)) == built
    assert copy.deepcopy(made) == built
    first = dataclasses.fields(cls)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, first, fields[0])  # still frozen


def test_maker_refuses_a_record_with_post_init() -> None:
    with pytest.raises(TypeError, match="__post_init__"):
        maker(Dealt)


def test_iter_bits_by_bytes_lists_every_bit() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        mask = rng.getrandbits(rng.choice([1, 7, 8, 9, 40, 52, 64, 127, 128, 129, 300]))
        assert (
            iter_bits(mask)
            == _iter_bits_slow(mask)
            == [i for i in range(mask.bit_length()) if mask >> i & 1]
        )
    assert iter_bits(0) == []


def test_maker_by_keywords_takes_every_field_by_its_name() -> None:
    from tressette_dsl.engine.state import Cards  # noqa: PLC0415 - the one test of it

    make = maker(Cards, keywords=True)
    fields = {"hands": (1, 2), "zone_ids": ("stock",), "zones": ((3,),), "won": (0, 4)}
    made = make(**fields, trick=((0, 5),), played=(8, 0))
    assert made == Cards(**fields, trick=((0, 5),), played=(8, 0))
    with pytest.raises(TypeError):
        make((1, 2), ("stock",), ((3,),), (0, 4), (), (0, 0))  # type: ignore[misc]
    with pytest.raises(TypeError):
        make(**fields, trick=())  # every field: `played` is missing
