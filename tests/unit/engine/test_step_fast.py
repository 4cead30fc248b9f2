"""The fast step API keeps the reference behaviour (issue 8, item 4).

* `apply(..., events=False)` reaches the very same states as `apply` and returns no events;
* `observe` is lazy: each field, read late (after the game moved on) or in any order,
  equals what an eager observation of that state holds;
* the remembered running points are the points worked out afresh;
* `play_match` counts the same deals without events as with them.
"""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from tressette_dsl.agents import make_agent
from tressette_dsl.agents.runner import play_match
from tressette_dsl.engine import apply, is_over, legal_actions, new_game, observe
from tressette_dsl.engine.actions import Play
from tressette_dsl.engine.observe import Observation
from tressette_dsl.engine.scoring import (
    _NOW_NAMES,
    _running_points,
    _running_points_general,
    running_points,
)
from tressette_dsl.engine.seating import rules_for
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset

RULESETS = ["tressette", "briscola-chiamata", "calabresella", "tressette-col-morto", "traversone"]


def _random_game(rules: Ruleset, seed: int, limit: int = 400) -> list[GameState]:
    rng = random.Random(seed)
    state = new_game(rules, seed)
    states = [state]
    while not is_over(state) and len(states) < limit:
        legal = legal_actions(rules, state)
        state, _events = apply(rules, state, legal[rng.randrange(len(legal))])
        states.append(state)
    return states


@pytest.mark.parametrize("ruleset", RULESETS)
def test_apply_without_events_reaches_the_same_states(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    for seed in range(3):
        rng = random.Random(seed)
        logged = quiet = new_game(rules, seed)
        steps = 0
        while not is_over(logged) and steps < 400:
            legal = legal_actions(rules, logged)
            index = rng.randrange(len(legal))
            logged, events = apply(rules, logged, legal[index])
            quiet, none = apply(rules, quiet, legal_actions(rules, quiet)[index], events=False)
            assert quiet == logged
            assert none == ()
            assert events or not isinstance(legal[index], Play)  # a card play is told
            steps += 1


def _eager(obs: Observation) -> dict[str, object]:
    return {f.name: getattr(obs, f.name) for f in dataclasses.fields(Observation)}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_lazy_observation_fields_read_late_equal_fresh_ones(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    states = _random_game(rules, 5)
    early = [(s, observe(rules, s, seat)) for s in states[::7] for seat in range(s.n)]
    for state, obs in early:  # read after the game went on: the value of its own state
        fresh = observe(rules, state, obs.seat)
        names = [f.name for f in dataclasses.fields(Observation)]
        for name in reversed(names):  # another order than the fresh one's
            assert getattr(obs, name) == getattr(fresh, name), name
        assert obs == fresh and obs.to_dict() == fresh.to_dict()
        assert _eager(obs) == _eager(fresh)
        assert pickle.loads(pickle.dumps(obs)) == obs
        if obs.seat == state.cursor.to_act and not state.match.over:
            assert obs.legal == tuple(str(a) for a in legal_actions(rules, state))


def test_an_observation_is_still_frozen_and_an_observation() -> None:
    rules = load_ruleset("tressette")
    obs = observe(rules, new_game(rules, 1), 0)
    assert isinstance(obs, Observation)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.hand = ()  # type: ignore[misc]
    assert repr(obs).startswith("Observation(seat=0, ")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_remembered_running_points_are_the_points_worked_out(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    for state in _random_game(rules, 2):
        seated = rules_for(rules, state)  # the seats of this game (a seat table)
        if state.cards.hands and rules.payoff is None:
            assert running_points(seated, state) == _running_points(seated, state)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_running_points_without_big_win_facts_are_the_general_ones(ruleset: str) -> None:
    """The mid-deal shortcut (`_side_points_now`) gives what every side fact gives,
    values and types, on every state of a random game."""
    rules = load_ruleset(ruleset)
    assert rules.scoring.deal_points.names <= _NOW_NAMES  # the shortcut is the one taken
    asked = 0
    for state in _random_game(rules, 3):
        seated = rules_for(rules, state)
        if state.cards.hands and rules.payoff is None:
            quick, general = _running_points(seated, state), _running_points_general(seated, state)
            assert quick == general
            assert [type(x) for x in quick] == [type(x) for x in general]
            asked += 1
    if rules.payoff is None:
        assert asked


@pytest.mark.parametrize("ruleset", ["tressette", "briscola-chiamata", "tressette-in-due"])
def test_play_match_counts_the_same_deals_without_events(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    kinds = ["heuristic", "random"] * rules.players.count
    dealt: list[int] = []

    def on_step(seat: int, action: object, events: object, state: GameState) -> None:
        dealt.append(sum(type(e).__name__ == "Dealt" for e in events))  # type: ignore[attr-defined]

    agents = [make_agent(k) for k in kinds[: rules.players.count]]
    _s, quiet = play_match(rules, 11, agents)
    agents = [make_agent(k) for k in kinds[: rules.players.count]]
    final, logged = play_match(rules, 11, agents, on_step=on_step)
    assert dataclasses.replace(quiet, seconds=0) == dataclasses.replace(logged, seconds=0)
    assert final.match.deal_no == 1 + sum(dealt)  # what the runner counts without events
