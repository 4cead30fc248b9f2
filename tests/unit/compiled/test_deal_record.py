"""The kernel's written-out `DealRecord` maker builds the constructor's record."""

from __future__ import annotations

import dataclasses

from tressette_dsl.compiled.dealend import _deal_record
from tressette_dsl.engine.state import DealRecord


def test_the_maker_builds_the_constructors_record() -> None:
    values = (
        3,
        1,
        True,
        "scored",
        None,
        None,
        None,
        ((0, 2), (1, 3)),
        (7, 4),
        (6, 4),
        (6, 4),
        (3, 0),
        (2, 1),
        "cappotto",
        0,
        2,
        None,
        (2, 1),
        (11, 9),
    )
    assert len(values) == len(dataclasses.fields(DealRecord))
    made, built = _deal_record(*values), DealRecord(*values)
    assert made == built
    assert hash(made) == hash(built)
    assert dataclasses.astuple(made) == dataclasses.astuple(built)
