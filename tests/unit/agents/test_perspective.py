"""The sampling and search bots value the outcome for the person they play
(`agents.perspective`), who may hold another place once a playout reaches the next deal,
and for the dummy's owner when they decide for the dummy."""

from __future__ import annotations

import random

from tressette_dsl.agents import perspective
from tressette_dsl.agents.runner import play_match
from tressette_dsl.agents.sampling import SamplingAgent
from tressette_dsl.agents.search import SearchAgent
from tressette_dsl.engine import (
    apply,
    deal_over,
    legal_actions,
    new_game,
    person_at,
    result,
)
from tressette_dsl.engine.occupancy import dummy_of
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


def _to_deal_end(rules: Ruleset, state: GameState, rng: random.Random) -> GameState:
    while not deal_over(state):
        legal = legal_actions(rules, state)
        state, _events = apply(rules, state, legal[rng.randrange(len(legal))])
    return state


def test_the_dummys_decision_is_valued_for_its_owner() -> None:
    rules = load_ruleset("tressette-col-morto")
    state = new_game(rules, 1)
    found = dummy_of(rules, state)
    assert found is not None
    dummy, owner = found
    assert perspective.person_deciding(rules, state, dummy) == person_at(rules, state, owner)
    for seat in set(range(4)) - {dummy}:
        assert perspective.person_deciding(rules, state, seat) == person_at(rules, state, seat)


def test_gains_are_the_peoples_although_they_changed_places() -> None:
    rules = load_ruleset("tressette-col-morto")
    rng = random.Random(3)
    state = new_game(rules, 3)
    before = perspective.totals(rules, state)
    end = _to_deal_end(rules, state, rng)
    record = result(rules, end).deals[-1]
    assert perspective.gains(rules, before, end) == list(record.deltas)
    # the places changed hands: a value read per seat at the end would be someone else's
    moved = [x for x in range(4) if person_at(rules, end, x) != person_at(rules, state, x)]
    assert moved
    seat = moved[0]
    me = perspective.person_deciding(rules, state, seat)
    value = SamplingAgent._value(rules, before, result(rules, end), me)
    gains = list(record.deltas)
    assert value == gains[me] - sum(gains) / len(gains)


def test_without_people_the_values_are_the_seats() -> None:
    rules = load_ruleset("tressette")
    rng = random.Random(2)
    state = new_game(rules, 2)
    before = perspective.totals(rules, state)
    assert before == result(rules, state).seat_totals
    end = _to_deal_end(rules, state, rng)
    after = result(rules, end).seat_totals
    expected = [a - b for a, b in zip(after, before, strict=True)]
    assert perspective.gains(rules, before, end) == expected
    assert [perspective.person_deciding(rules, state, x) for x in range(4)] == [0, 1, 2, 3]


def test_search_and_sampling_bots_play_people_rulesets_to_the_end() -> None:
    for ruleset in ("tressette-col-morto", "calabresella-a-quattro"):
        rules = load_ruleset(ruleset)
        agents = [SearchAgent(iters=8), SamplingAgent(budget=4), SearchAgent(iters=8)]
        _state, summary = play_match(rules, 6, agents, max_deals=40)
        assert summary.over and summary.winner_people
