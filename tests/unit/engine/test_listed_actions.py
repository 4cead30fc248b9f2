"""`apply` of an action `legal_actions` just offered skips the checks, which only makes
sense if the result is the same as through the checks: an equal action that is another
object, the same action after an unrelated `legal_actions`, and illegal actions on a state
whose legal set is remembered must behave exactly as before."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tressette_dsl.engine import IllegalActionError, apply, legal_actions, new_game
from tressette_dsl.engine.actions import Play
from tressette_dsl.loader import load_ruleset


def _copy(action: object) -> object:
    """An equal action that is a different object (so not found by identity)."""
    assert dataclasses.is_dataclass(action)
    return dataclasses.replace(action)  # type: ignore[type-var]


def test_an_equal_action_gives_the_same_state_and_events() -> None:
    rules = load_ruleset("tressette")
    rng = random.Random(3)
    state = new_game(rules, 11)
    for step in range(200):
        legal = legal_actions(rules, state)
        if not legal:  # a claim ended the match: another one
            state = new_game(rules, 100 + step)
            continue
        action = legal[rng.randrange(len(legal))]
        other = _copy(action)
        assert other == action and other is not action
        listed = apply(rules, state, action)
        legal_actions(rules, new_game(rules, 5))  # forget `state`'s set
        checked = apply(rules, state, other)
        assert listed == checked
        state = listed[0]


def test_an_action_not_offered_is_still_refused_on_a_remembered_state() -> None:
    rules = load_ruleset("tressette")
    state = new_game(rules, 2)
    legal = legal_actions(rules, state)
    seat = state.cursor.to_act
    assert seat is not None
    held = {a.card for a in legal if isinstance(a, Play)}
    other_card = next(t for t in rules.deck.card_text if t not in held)
    with pytest.raises(IllegalActionError):
        apply(rules, state, Play(other_card))
    assert legal_actions(rules, state) is legal  # asked again: the same tuple


def test_an_offered_object_is_checked_again_on_another_state() -> None:
    """The card just played, as the very object offered before, is refused to the next
    seat (which does not hold it), whether or not the next state's set was asked."""
    rules = load_ruleset("tressette")
    state = new_game(rules, 8)
    played = next(a for a in legal_actions(rules, state) if isinstance(a, Play))
    later, _events = apply(rules, state, played)
    assert later.cursor.to_act is not None and later.cursor.sub == "play"
    with pytest.raises(IllegalActionError):
        apply(rules, later, played)
    legal_actions(rules, later)
    with pytest.raises(IllegalActionError):
        apply(rules, later, played)
