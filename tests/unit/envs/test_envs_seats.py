"""The PettingZoo environment at a seat count chosen per game, and through eliminations:
the seats that leave are terminated and removed, the others keep their names (the seats
they began in), and the spaces never change size."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo", reason="the 'rl' extra (pettingzoo) is not installed")
np = pytest.importorskip("numpy", reason="the 'rl' extra (numpy) is not installed")

from pettingzoo.test import api_test  # noqa: E402

from tressette_dsl.engine import (  # noqa: E402
    apply,
    determinize,
    is_over,
    legal_actions,
    new_game,
    observe,
    result,
)
from tressette_dsl.engine.seating import seat_now, seats_in  # noqa: E402
from tressette_dsl.envs import env, raw_env  # noqa: E402
from tressette_dsl.envs.catalogue import Catalogue  # noqa: E402
from tressette_dsl.envs.encoding import Encoder  # noqa: E402
from tressette_dsl.loader import load_ruleset  # noqa: E402


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("seats", [2, 3, 8])
def test_pettingzoo_api_at_each_end_of_the_range(seats: int) -> None:
    api_test(env(ruleset="traversone", seats=seats), num_cycles=200)


def test_the_seat_count_defaults_to_the_rulesets_and_is_checked() -> None:
    assert len(raw_env(ruleset="traversone").possible_agents) == 4
    assert len(raw_env(ruleset="traversone", seats=7).possible_agents) == 7
    with pytest.raises(ValueError, match="2 to 8"):
        raw_env(ruleset="traversone", seats=9)
    with pytest.raises(ValueError, match="exactly 4"):
        raw_env(ruleset="tressette", seats=3)


def _play_out(seats: int, seed: int) -> tuple[list[str], dict[str, float], object]:
    """A random match through the wrapped env, checking each step's invariants."""
    e = env(ruleset="traversone", seats=seats)
    e.reset(seed=seed)
    raw = e.unwrapped
    size = raw.encoder.size
    assert size == Encoder(raw.rules).size
    rng = np.random.default_rng(seed)
    order: list[str] = []
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        assert obs["observation"].shape == (size,)
        assert obs["action_mask"].shape == (len(raw.catalogue),)
        if terminated or truncated:
            assert not obs["action_mask"].any()
            order.append(agent)
            final[agent] = reward
            e.step(None)
            assert agent not in e.agents
            continue
        state = raw.state
        seat = seat_now(state, raw.agent_seat[agent])
        assert seat == state.to_act  # the agent named by its first seat is the seat to act
        hand = obs["observation"][: raw.encoder.c]
        assert int(hand.sum()) == len(observe(raw.rules, state, seat).hand)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return order, final, raw.state


@pytest.mark.parametrize("seats", range(2, 9))
def test_eliminated_agents_leave_and_the_others_keep_their_names(seats: int) -> None:
    order, final, state = _play_out(seats, seed=seats)
    assert sorted(order) == [f"player_{i}" for i in range(seats)]
    winners = result(load_ruleset("traversone"), state).winner_seats
    assert winners
    for agent, reward in final.items():
        assert reward == (1.0 if int(agent.removeprefix("player_")) in winners else -1.0)
    if seats > 2:  # a table of more than two shrinks before it ends
        assert len(seats_in(state)) < seats
        # the seats eliminated before the last deal finished before those still in
        still = {f"player_{i}" for i in seats_in(state)}
        assert set(order[-len(still) :]) == still


def test_a_seat_that_left_keeps_its_position_in_the_encoding() -> None:
    """After an elimination the blocks stay by first seat: the seat gone is all zeros,
    the totals of the others sit at their positions relative to the observer."""
    e = raw_env(ruleset="traversone", seats=5)
    e.reset(seed=4)
    rng = random.Random(4)
    while len(seats_in(e.state)) == 5:
        e.step(e.catalogue.index_of(str(rng.choice(list(e._legal.values())))))
    state = e.state
    still = seats_in(state)
    gone = sorted(set(range(5)) - set(still))
    where = {b.name: b for b in e.encoder.blocks}
    total = where["total"]
    for agent in e.agents:
        first = e.agent_seat[agent]
        if first in gone:
            continue
        vector = e.observe(agent)["observation"]
        row = vector[total.start : total.stop]
        for i, seat in enumerate(still):
            expected = state.totals[i] / e.encoder.scale
            assert row[(seat - first) % 5] == pytest.approx(expected)
        for seat in gone:
            rel = (seat - first) % 5
            assert row[rel] == 0.0
            hand_size = where["hand_size"]
            assert vector[hand_size.start + rel] == 0.0


@pytest.mark.parametrize("seats", [3, 6])
def test_after_an_elimination_the_encoding_sees_only_the_observation(seats: int) -> None:
    rules = load_ruleset("traversone").for_seats(seats)
    enc = Encoder(rules)
    state, rng = new_game(rules, seed=21, seats=seats), random.Random(21)
    checked = 0
    while not is_over(state) and checked < 40:
        if len(seats_in(state)) < seats:
            seat = state.to_act
            other = determinize(rules, state, seat, random.Random(rng.random()))
            a = enc.encode(observe(rules, state, seat), seats_in(state))
            b = enc.encode(observe(rules, other, seat), seats_in(other))
            assert np.array_equal(a, b)
            checked += 1
        state, _ = apply(rules, state, rng.choice(legal_actions(rules, state)))
    assert checked


@pytest.mark.parametrize("seats", range(2, 9))
def test_every_legal_action_at_every_table_is_in_the_action_space(seats: int) -> None:
    rules = load_ruleset("traversone").for_seats(seats)
    catalogue = Catalogue(rules)
    state, rng = new_game(rules, seed=seats, seats=seats), random.Random(seats)
    while not is_over(state):
        legal = legal_actions(rules, state)
        for action in legal:
            catalogue.index_of(str(action))
        state, _ = apply(rules, state, rng.choice(legal))
