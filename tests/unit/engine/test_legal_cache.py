"""Legal actions kept per state, and `apply`'s check as a membership test (issue 8, item 4).

`legal_actions` keeps its answer on the (immutable) state: asked again, even after other
states were asked in between, it hands back the same tuple; `apply` takes an action of
that list - the object or an equal one, e.g. parsed from text - without the phase's full
check. The entry never leaks into equality, `to_dict`, pickling or copies, and a state
made from another one never answers with the other's list.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from tressette_dsl.engine import (
    IllegalActionError,
    apply,
    game,
    is_over,
    legal_actions,
    legal_cache,
    new_game,
    parse_action,
)
from tressette_dsl.engine.actions import Play
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset


def _states(name: str, seed: int, steps: int) -> list[GameState]:
    rules = load_ruleset(name)
    rng = random.Random(seed)
    state = new_game(rules, seed)
    out = [state]
    while not is_over(state) and len(out) < steps:
        legal = legal_actions(rules, state)
        state, _events = apply(rules, state, legal[rng.randrange(len(legal))], events=False)
        out.append(state)
    return out


def test_the_list_is_kept_per_state_not_only_for_the_last_one() -> None:
    rules = load_ruleset("tressette")
    states = _states("tressette", 3, 30)
    first = [legal_actions(rules, s) for s in states]
    again = [legal_actions(rules, s) for s in states]
    assert all(a is b for a, b in zip(first, again, strict=True))


def test_a_state_made_from_another_works_its_own_list_out() -> None:
    rules = load_ruleset("tressette")
    state = new_game(rules, 5)
    legal = legal_actions(rules, state)
    seat = state.to_act
    other = state.replace(to_act=(seat + 1) % state.n)  # the instance dict is copied
    theirs = legal_actions(rules, other)
    assert theirs != legal
    hand = rules.deck.texts(other.hands[other.to_act])
    assert {a.card for a in theirs if isinstance(a, Play)} == set(hand)


def test_an_equal_action_is_applied_without_the_full_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = load_ruleset("tressette")
    state = new_game(rules, 7)
    listed = legal_actions(rules, state)[-1]
    parsed = parse_action(rules, state, str(listed))
    assert parsed == listed and parsed is not listed
    expected, _events = apply(rules, state, listed, events=False)

    def no_check(*_args: object) -> None:
        raise AssertionError("the full check ran for a listed action")

    monkeypatch.setattr(game, "_check", no_check)
    got, _events = apply(rules, state, parsed, events=False)
    assert got == expected


def test_an_action_not_listed_still_gets_the_located_refusal() -> None:
    rules = load_ruleset("tressette")
    state = new_game(rules, 7)
    legal_actions(rules, state)
    seat = state.to_act
    not_held = rules.deck.texts(rules.deck.full_mask & ~state.hands[seat])[0]
    with pytest.raises(IllegalActionError, match=f"you do not hold {not_held}"):
        apply(rules, state, Play(not_held))


def test_without_codes_the_check_decides_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """A full code table (a process that met thousands of distinct actions) only makes the
    check run: the same states come out."""
    monkeypatch.setattr(legal_cache, "_CODES", {})
    monkeypatch.setattr(legal_cache, "_MAX_CODES", 0)
    rules = load_ruleset("tressette")
    state = new_game(rules, 11)
    listed = legal_actions(rules, state)[0]
    parsed = parse_action(rules, state, str(listed))
    assert not legal_cache.offered(rules, state, parsed)
    assert legal_cache.offered(rules, state, listed)  # the very object: no code needed
    assert apply(rules, state, parsed, events=False)[0] == apply(rules, state, listed)[0]


def test_the_entry_is_no_part_of_the_value() -> None:
    rules = load_ruleset("tressette")
    state = new_game(rules, 13)
    plain = state.to_dict()
    bare = pickle.loads(pickle.dumps(state))
    legal_actions(rules, state)
    assert legal_cache.KEY in state.__dict__
    assert state.to_dict() == plain
    assert state == bare and hash(state) == hash(bare)
    for twin in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
        assert legal_cache.KEY not in twin.__dict__
        assert twin == state
        assert legal_actions(rules, twin) == legal_actions(rules, state)


def test_another_ruleset_of_the_same_shape_is_not_answered_from_the_entry() -> None:
    rules = load_ruleset("tressette")
    state = new_game(rules, 17)
    legal_actions(rules, state)
    twin = load_ruleset("tressette")  # an equal model, another object
    if twin is rules:
        pytest.skip("the loader hands back the very same object")
    assert legal_cache.cached(twin, state) is None
    assert legal_actions(twin, state) == legal_actions(rules, state)
