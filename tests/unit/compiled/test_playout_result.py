"""`playout_result`: the result of a playout to the end of the deal, without its states.

The sampling bot scores each playout by `engine.result` of the state after the deal.
`playout_result` gives that result while skipping the states (the deal is scored on the
kernel's own lists and the next deal is never dealt), so it must equal
``result(rules, playout(...))`` for the same choices, first move included, on every
ruleset the kernel covers and on those it hands to the interpreter.
"""

from __future__ import annotations

import random

import pytest

from tressette_dsl.compiled import PlayoutStats, playout, playout_result
from tressette_dsl.engine import apply, new_game, result
from tressette_dsl.engine.game import legal_actions
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset, playable_rulesets
from tressette_dsl.rules.model import Ruleset

NAMES = sorted(p.stem for p in playable_rulesets())


@pytest.mark.parametrize("name", NAMES)
def test_result_equals_the_result_of_the_playout(name: str) -> None:
    rules = load_ruleset(name)
    for i, state in enumerate(_states_every(rules, 7, 6)):
        for first in (None, 0, 1):
            if first is not None and (state.to_act is None or state.over):
                continue
            if first is not None and len(legal_actions(rules, state)) <= first:
                continue
            ref = playout(rules, state, random.Random(i), first=first, engine="interpreted")
            want = result(rules, ref)
            fast = playout(rules, state, random.Random(i), first=first)
            assert fast == ref, f"{name}: state {i}, first {first}: playout differs"
            stats = PlayoutStats()
            got = playout_result(rules, state, random.Random(i), first=first, stats=stats)
            assert got == want, f"{name}: state {i}, first {first}"
            assert stats.actions > 0


def _states_every(rules: Ruleset, seed: int, count: int) -> list[GameState]:
    """Deal starts and mid-deal states of one random match, from the interpreter."""
    rng = random.Random(seed)
    state = new_game(rules, seed)
    found: list[GameState] = []
    steps = 0
    while len(found) < count and not state.over and steps < 5000:
        if steps % 7 == 0:
            found.append(state)
        legal = [a for a in legal_actions(rules, state) if str(a) != "claim"]
        state, _events = apply(rules, state, legal[rng.randrange(len(legal))])
        steps += 1
    return found


@pytest.mark.parametrize("engine", ["interpreted", "auto"])
def test_a_first_choice_out_of_range_is_refused(engine: str) -> None:
    rules = load_ruleset("tressette")
    state = new_game(rules, 5)
    rng = random.Random(1)
    while state.sub != "play" or state.trick:  # a lead: a card to play, 10 cards and signals
        legal = legal_actions(rules, state)
        state, _events = apply(rules, state, legal[rng.randrange(len(legal))])
    many = len(legal_actions(rules, state))
    with pytest.raises(ValueError, match="first choice"):
        playout(rules, state, random.Random(2), first=many + 40, engine=engine)
    with pytest.raises(ValueError, match="first choice"):
        playout_result(rules, state, random.Random(2), first=many)
