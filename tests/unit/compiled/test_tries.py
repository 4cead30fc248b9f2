"""`compiled.tries`: a sampling bot's tries of one world equal its `playout_result`s.

`Tries` loads a world into a kernel once and plays each try on a copy, scoring the end of
the deal to seat totals and winners without the deal's record. Each try must give what
`playout_result` gives from the same world, the same first choice and the same random
state - the seat totals and, once the match is over, the winner seats - and leave the
random source where `playout_result` leaves it (the next try draws on from there), on
every ruleset and moment it accepts; where it declines, the bot plays `playout_result`.
"""

from __future__ import annotations

import random

import pytest

from tressette_dsl.compiled import playout_result
from tressette_dsl.compiled.steps import no_claims
from tressette_dsl.compiled.tries import Tries
from tressette_dsl.engine import apply, new_game
from tressette_dsl.engine.game import legal_actions
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset, playable_rulesets
from tressette_dsl.rules.model import Ruleset

NAMES = sorted(p.stem for p in playable_rulesets())


@pytest.mark.parametrize("name", NAMES)
def test_each_try_is_the_playout_result_of_the_world(name: str) -> None:
    rules = load_ruleset(name)
    for i, state in enumerate(_play_states(rules, 11, 8)):
        mine, ref = random.Random(i), random.Random(i)
        tries = Tries.of(rules, state, mine, max_actions=5000)
        if tries is None:
            continue
        for first in range(min(3, len(no_claims(legal_actions(rules, state))))):
            seat_totals, won = tries.play(first)
            res = playout_result(rules, state, ref, first=first, max_actions=5000)
            assert seat_totals == res.seat_totals, f"{name}: state {i}, first {first}"
            assert won == (res.winner_seats if res.over else frozenset())
            assert mine.getstate() == ref.getstate(), f"{name}: state {i}: draws differ"


def test_tries_cover_the_plain_trick_games() -> None:
    """The card plays of `tressette` are tried on the kernel (not handed back)."""
    rules = load_ruleset("tressette")
    states = _play_states(rules, 3, 6)
    assert all(Tries.of(rules, s, random.Random(1)) is not None for s in states)


def test_a_first_choice_out_of_range_is_refused() -> None:
    rules = load_ruleset("tressette")
    state = _play_states(rules, 5, 1)[0]
    tries = Tries.of(rules, state, random.Random(2))
    assert tries is not None
    with pytest.raises(ValueError, match="first choice"):
        tries.play(len(legal_actions(rules, state)) + 40)


def _play_states(rules: Ruleset, seed: int, count: int) -> list[GameState]:
    """States of one random match where a seat is to play a card with a choice."""
    rng = random.Random(seed)
    state = new_game(rules, seed)
    found: list[GameState] = []
    steps = 0
    while len(found) < count and not state.over and steps < 5000:
        legal = no_claims(legal_actions(rules, state))
        if state.sub == "play" and len(legal) > 1 and steps % 3 == 0:
            found.append(state)
        state, _events = apply(rules, state, legal[rng.randrange(len(legal))])
        steps += 1
    return found
