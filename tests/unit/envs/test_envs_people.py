"""The PettingZoo environment of a ruleset whose people move round the places
(`seating.people`): the agents are the people, the one selected is the person who decides
(the dummy's owner for the dummy), and a person sitting a deal out sees nothing."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo", reason="the 'rl' extra (pettingzoo) is not installed")
np = pytest.importorskip("numpy", reason="the 'rl' extra (numpy) is not installed")

from pettingzoo.test import api_test  # noqa: E402

from tressette_dsl.engine import person_to_act, seat_of_person  # noqa: E402
from tressette_dsl.envs import env, raw_env  # noqa: E402


@pytest.mark.parametrize("ruleset", ["tressette-col-morto", "calabresella-a-quattro"])
def test_the_agents_are_the_people_and_each_plays_where_he_sits(ruleset: str) -> None:
    e = raw_env(ruleset)
    people = e.rules.players.people
    assert people is not None
    assert e.possible_agents == [f"player_{i}" for i in range(len(people.names))]
    e.reset(seed=4)
    rng = random.Random(4)
    places: dict[str, set[int | None]] = {a: set() for a in e.possible_agents}
    sat_out = 0
    for agent in e.agent_iter(max_iter=20_000):
        obs, _reward, done, cut, _info = e.last()
        if done or cut:
            e.step(None)
            continue
        person = e.agent_seat[agent]
        assert person == person_to_act(e.rules, e.state)
        places[agent].add(seat_of_person(e.rules, e.state, person))
        for other in e.agents:
            if seat_of_person(e.rules, e.state, e.agent_seat[other]) is None:
                seen = e.observe(other)
                assert not seen["observation"].any() and not seen["action_mask"].any()
                sat_out += 1
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert all(len(p) > 1 for p in places.values())  # everybody moved round the places
    assert sat_out > 0 or people.sitting_out is None


def test_the_people_env_passes_the_pettingzoo_api_test() -> None:
    api_test(env(ruleset="tressette-col-morto"), num_cycles=200)
