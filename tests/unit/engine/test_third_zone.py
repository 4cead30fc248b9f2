"""A third zone needs YAML only: third_zone/three-zones.yaml declares `out` (two cards set
aside face up, out of play) and `buried` (two face down, taken with the last trick).

Random bots play it to the end: every card is in exactly one place at every step, every
seat's view names the set-aside cards and never the buried ones, the deal's units add up
to the deck's less the cards out of play, plus the last trick; the scenario file checks
what each seat sees of each zone; new_game and the Dealt event take the zones by id.
"""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest

from tressette_dsl.engine import apply, is_over, legal_actions, new_game, observe, start
from tressette_dsl.engine.codec import decode
from tressette_dsl.engine.determinize import determinize
from tressette_dsl.engine.events import DealScored, Dealt
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.scenarios import RulesetCache, load_file, run_scenario

HERE = Path(__file__).resolve().parent / "third_zone"


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_ruleset(str(HERE / "three-zones.yaml"))


def _places(s: GameState) -> list[int]:
    return [*s.hands, *s.won, *(sum(1 << c for c in z) for z in s.zones)] + [
        1 << c for _x, c in s.trick
    ]


def _check_cards(rules: Ruleset, s: GameState) -> None:
    seen = 0
    for mask in _places(s):
        assert not seen & mask, "a card is in two places"
        seen |= mask
    assert seen == rules.deck.full_mask


def _check_views(rules: Ruleset, s: GameState) -> None:
    out = tuple(rules.deck.card_text[c] for c in sorted(s.zone("out")))
    for seat in range(s.n):
        zones = {z["id"]: z for z in observe(rules, s, seat).zones}
        assert zones["out"]["cards"] == out and zones["out"]["size"] == len(out)
        assert zones["buried"]["cards"] is None
        assert zones["buried"]["size"] == len(s.zone("buried"))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_to_the_end(rules: Ruleset, seed: int) -> None:
    choices = random.Random(seed)
    state, events = start(rules, seed)
    out_units = 0
    deals = 0
    steps = 0
    while not is_over(state):
        for event in events:
            if isinstance(event, Dealt):
                assert len(event.zone("out")) == 2 and len(event.zone("buried")) == 2
                out_units = rules.deck.units(
                    sum(1 << rules.deck.by_text[c] for c in event.zone("out"))
                )
            if isinstance(event, DealScored):
                deals += 1
                units = rules.deck.units(rules.deck.full_mask) - out_units
                assert sum(state.deals[-1].units) == units + rules.scoring.last_trick
        _check_cards(rules, state)
        if steps % 5 == 0:
            _check_views(rules, state)
            assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
            assert pickle.loads(pickle.dumps(state)) == state
            det = determinize(rules, state, state.to_act or 0, random.Random(steps))
            assert det.zone("out") == state.zone("out")  # face up: kept
            assert len(det.zone("buried")) == len(state.zone("buried"))
            _check_cards(rules, det)
        legal = [a for a in legal_actions(rules, state) if str(a) != "claim"]
        state, events = apply(rules, state, legal[choices.randrange(len(legal))])
        steps += 1
    assert deals >= 1


def test_the_scenario_file_checks_each_seats_view() -> None:
    sfile = load_file(HERE / "views.yaml")
    cache = RulesetCache()
    for scenario in sfile.scenarios:
        result = run_scenario(scenario, cache)
        assert result.status == "passed", result


def test_new_game_takes_each_zone_by_its_id(rules: Ruleset) -> None:
    state = new_game(rules, 7, out=["KC", "KD"], buried=["KS", "KB"])
    by_text = rules.deck.by_text
    assert sorted(state.zone("out")) == sorted((by_text["KC"], by_text["KD"]))
    assert state.zone("buried") == (by_text["KS"], by_text["KB"])
    assert state.stock == () and state.monte == ()  # the old names, for a ruleset without


def test_an_unknown_zone_names_the_declared_ones(rules: Ruleset) -> None:
    with pytest.raises(
        ValueError, match=r"monte is given.*deals no monte \(its zones: out, buried\)"
    ):
        new_game(rules, 7, monte=["KC"])


def test_dealt_writes_each_zone_under_its_id(rules: Ruleset) -> None:
    _state, events = start(rules, 7, out=["KC", "KD"], buried=["KS", "KB"])
    dealt = next(e for e in events if isinstance(e, Dealt))
    plain = dealt.to_dict()
    assert plain["buried"] == ["KS", "KB"] and sorted(plain["out"]) == ["KC", "KD"]
    assert "zones" not in plain
    assert decode(json.loads(json.dumps(plain))) == dealt
