"""Zones kept by index, read through the names of before: the compatibility paths.

`state.stock`, `state.monte`, `state.monte_shown` read the zones by id; `replace` routes
them; a Dealt event and a FixedDeal of an old log decode to today's records; a state dict
of format 1 decodes with its ruleset, and without one is refused naming the format.
"""

from __future__ import annotations

import pytest
from engine_support import bundled

from tressette_dsl.engine import new_game
from tressette_dsl.engine.codec import decode
from tressette_dsl.engine.events import Dealt
from tressette_dsl.engine.state import FixedDeal, GameState


def test_replace_routes_the_old_zone_names() -> None:
    rules = bundled("calabresella")
    state = new_game(rules, 3)
    i = rules.zone_index("monte")
    moved = state.replace(monte=(1, 2), monte_shown=True, stock=())
    assert moved.zones[i] == (1, 2) and moved.shown[i] and moved.monte_shown
    assert moved.monte == (1, 2) and moved.stock == ()
    with pytest.raises(TypeError, match="no field or zone 'stock'"):
        state.replace(stock=(5,))


def test_an_old_dealt_event_decodes_to_todays() -> None:
    old = {"type": "Dealt", "deal_no": 1, "dealer": 0, "hands": [["AC"]], "stock": [],
           "monte": ["3D", "2D"]}  # fmt: skip
    event = decode(old)
    assert event == Dealt(1, 0, (("AC",),), (("monte", ("3D", "2D")),))
    assert event.zone("monte") == ("3D", "2D") and event.zone("stock") == ()


def test_an_old_fixed_deal_decodes() -> None:
    old = {"type": "FixedDeal", "deck": None, "hands": None, "stock": None, "monte": [1, 2]}
    assert decode(old) == FixedDeal(deck=None, hands=None, zones=(("monte", (1, 2)),))


def test_a_format_1_state_needs_its_ruleset() -> None:
    rules = bundled("calabresella")
    state = new_game(rules, 3)
    data = state.to_dict()
    assert data["format"] == 2
    old = {k: v for k, v in data.items() if k not in ("format", "zone_ids", "zones", "shown")}
    old.update(stock=[], monte=list(state.monte), monte_shown=False)
    with pytest.raises(ValueError, match="format 1"):
        GameState.from_dict(old)
    assert GameState.from_dict(old, rules) == state
    with pytest.raises(ValueError, match="format 9"):
        GameState.from_dict({**data, "format": 9})
