"""Zones kept by index, read through the names of before: the compatibility paths.

`state.stock`, `state.monte`, `state.monte_shown` read the zones by id; `replace` routes
them; a Dealt event and a FixedDeal of an old log decode to today's records; a flat state
dict (format 2, before the parts) decodes, one of format 1 (before zones were data) with
its ruleset, and without one is refused naming the format.
"""

from __future__ import annotations

import pytest
from engine_support import bundled

from tressette_dsl.engine import apply, legal_actions, new_game
from tressette_dsl.engine.codec import decode, encode
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


# The flat fields of GameState before it was split into parts (format 2; format 1 had
# stock, monte and monte_shown instead of zone_ids, zones and shown).
FLAT = (
    "seed",
    "n",
    "deal_no",
    "deals_counted",
    "dealer",
    "phase",
    "sub",
    "step",
    "to_act",
    "pending",
    "hands",
    "zone_ids",
    "zones",
    "won",
    "trick",
    "public",
    "discarded",
    "shown",
    "reveals",
    "trick_no",
    "leader",
    "must_follow",
    "trump",
    "last_winner",
    "tricks_won",
    "tricks",
    "played",
    "window_open",
    "window_played",
    "declarations",
    "announced",
    "revealed_announce",
    "drawn",
    "signals",
    "auction",
    "passed",
    "declarer",
    "contract",
    "bid",
    "bid_level",
    "bid_rank",
    "bid_points",
    "called_card",
    "call_supplier",
    "partner",
    "partner_revealed",
    "taken",
    "totals",
    "deals",
    "deal_ended",
    "over",
    "outcome",
    "fixed",
)


def _flat(state: GameState, *, version: int) -> dict[str, object]:
    out: dict[str, object] = {"type": "GameState"}
    out.update((name, encode(getattr(state, name))) for name in FLAT)
    if version == 1:
        for name in ("zone_ids", "zones", "shown"):
            del out[name]
        out.update(stock=list(state.stock), monte=list(state.monte), monte_shown=False)
    else:
        out["format"] = 2
    return out


def test_flat_states_of_before_the_split_decode() -> None:
    rules = bundled("calabresella")
    state = new_game(rules, 3)
    data = state.to_dict()
    assert data["format"] == 3 and "cursor" in data and "hands" not in data
    # the phase's own record is empty here (bid level 0): a flat state decodes it as None,
    # which the auction reads the same
    assert state.local is not None and state.bid_level == 0
    state = state.with_parts(local=None)
    assert GameState.from_dict(_flat(state, version=2)) == state
    old = _flat(state, version=1)
    with pytest.raises(ValueError, match="format 1"):
        GameState.from_dict(old)
    assert GameState.from_dict(old, rules) == state
    with pytest.raises(ValueError, match="format 9"):
        GameState.from_dict({**data, "format": 9})


def test_a_flat_state_keeps_its_phase_record() -> None:
    rules = bundled("calabresella")
    state = new_game(rules, 3)
    bid = next(a for a in legal_actions(rules, state) if str(a) != "pass")
    state, _events = apply(rules, state, bid)
    assert state.bid_level > 0
    assert GameState.from_dict(_flat(state, version=2)) == state


def test_from_flat_builds_a_state_by_its_flat_names() -> None:
    state = GameState.from_flat(seed=1, n=2, dealer=1, totals=(3, 4), to_act=0, hands=(5, 6))
    assert (state.dealer, state.totals, state.to_act, state.hands) == (1, (3, 4), 0, (5, 6))
    assert state.cursor.to_act == 0 and state.match.totals == (3, 4)
