"""People and places (`engine.people`): the drivers bind agents to people, who move round
the places with `seating.people`; without it people are the seats and nothing changes."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from engine_support import bundled

from tressette_dsl.agents.arena import play_game, units_of
from tressette_dsl.agents.random_agent import RandomAgent
from tressette_dsl.agents.runner import play_match
from tressette_dsl.cli.simulate import report, seat_kinds
from tressette_dsl.engine import (
    GameState,
    new_game,
    people_count,
    people_names,
    person_at,
    person_to_act,
    person_totals,
    result,
    seat_of_person,
    to_act,
    winner_people,
)
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.observe import Observation
from tressette_dsl.engine.occupancy import dummy_of
from tressette_dsl.rules.model import Ruleset

PEOPLE = ("tressette-col-morto", "calabresella-a-quattro")


class Recorder:
    """A random agent that remembers, for each decision, the seat it observed and the deal."""

    name = "recorder"

    def __init__(self) -> None:
        self.inner = RandomAgent()
        self.seen: list[tuple[int, int, int]] = []  # (observed seat, deal_no, dealer)

    def act(
        self, rules: Ruleset, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        self.seen.append((observation.seat, observation.deal_no, observation.dealer))
        return self.inner.act(rules, observation, legal, rng)


def _at(state: GameState, deal_no: int, dealer: int) -> GameState:
    return state.replace(deal_no=deal_no, dealer=dealer)


@pytest.mark.parametrize("ruleset", PEOPLE)
def test_seat_of_person_and_person_at_are_inverse_each_deal(ruleset: str) -> None:
    rules = bundled(ruleset)
    deals: dict[int, GameState] = {}

    def keep(_seat: int, _action: Action, _events: object, state: GameState) -> None:
        deals.setdefault(state.match.deal_no, state)

    state, _summary = play_match(rules, 2, [RandomAgent()], on_step=keep)
    assert people_count(rules, state) == len(people_names(rules)) == people_count(rules)
    assert len(deals) > 2
    for s in deals.values():
        places = [seat_of_person(rules, s, p) for p in range(people_count(rules))]
        for person, seat in enumerate(places):
            if seat is not None:
                assert person_at(rules, s, seat) == person
        free = {x for x in range(s.n) if x not in places}
        found = dummy_of(rules, s)
        assert free == ({found[0]} if found else set())  # only the dummy's place is nobody's
        for seat in free:
            assert person_at(rules, s, seat) is None


def test_without_people_a_person_is_his_seat() -> None:
    rules = bundled("tressette")
    state = new_game(rules, 3)
    assert people_count(rules, state) == 4 and people_names(rules) == rules.players.names
    assert [seat_of_person(rules, state, p) for p in range(4)] == [0, 1, 2, 3]
    assert [person_at(rules, state, x) for x in range(4)] == [0, 1, 2, 3]
    assert person_to_act(rules, state) == to_act(state, rules)
    assert person_totals(rules, state) == result(rules, state).seat_totals


def test_the_dummys_owner_is_the_person_to_act_for_it() -> None:
    rules = bundled("tressette-col-morto")
    state = new_game(rules, 1, dealer=1)
    found = dummy_of(rules, state)
    assert found is not None
    dummy, owner = found
    # walk the first trick until the dummy is to act
    from tressette_dsl.engine import apply, legal_actions  # noqa: PLC0415

    while state.cursor.to_act != dummy:
        state, _ = apply(rules, state, legal_actions(rules, state)[0])
    assert person_to_act(rules, state) == person_at(rules, state, owner)
    assert person_at(rules, state, dummy) is None


@pytest.mark.parametrize("ruleset", PEOPLE)
def test_each_agent_plays_its_person_wherever_he_sits(ruleset: str) -> None:
    rules = bundled(ruleset)
    agents = [Recorder() for _ in range(people_count(rules))]
    state, summary = play_match(rules, 11, agents)
    assert summary.over
    base = new_game(rules, 11)
    moved = 0
    for person, agent in enumerate(agents):
        places = set()
        for seat, deal_no, dealer in agent.seen:
            s = _at(base, deal_no, dealer)
            mine = seat_of_person(rules, s, person)
            assert mine is not None  # a person sitting the deal out is never asked
            found = dummy_of(rules, s)
            assert seat == mine or (found is not None and found == (seat, mine))
            places.add(mine)
        moved += len(places) > 1
    assert moved == len(agents)  # every person held more than one place
    # the summary's winners are people: the result's winners by name
    names = people_names(rules)
    assert summary.winner_people == tuple(sorted(names.index(w) for w in summary.winners))
    assert set(summary.winner_people) == winner_people(rules, state)
    assert person_totals(rules, state) == tuple(result(rules, state).totals.values())


def test_simulate_reports_wins_by_person_and_kinds_per_person() -> None:
    rules = bundled("calabresella-a-quattro")
    kinds = seat_kinds("random,heuristic", people_count(rules), what="players")
    assert kinds == ["random", "heuristic", "random", "heuristic"]
    with pytest.raises(ValueError, match="5 kinds given for 4 players"):
        seat_kinds("random,random,random,random,random", 4, what="players")
    from tressette_dsl.agents.runner import safe_match  # noqa: PLC0415

    summaries = [safe_match(rules, seed, kinds) for seed in (1, 2)]
    lines = report(rules, kinds, summaries, 1.0)
    assert lines[0].endswith("agents: Anna=random, Bruno=heuristic, Carla=random, Dario=heuristic")
    wins = next(line for line in lines if line.startswith("wins by player:"))
    counted = sum(int(part.split()[1]) for part in wins.split(":", 1)[1].split(","))
    assert counted == sum(len(s.winner_people) for s in summaries)
    assert not any(line.startswith("wins by side") for line in lines)


def test_arena_units_are_people_and_margins_come_from_their_totals() -> None:
    rules = bundled("tressette-col-morto")
    assert units_of(rules) == [(0,), (1,), (2,)]
    game = play_game(rules, "heuristic", "random", 3, 1, match=True)
    assert game.a_won_match is not None and game.a_decisions > 0 and game.b_decisions > 0


def test_people_are_unchanged_for_a_ruleset_without_them() -> None:
    rules = bundled("tressette")
    assert units_of(rules) == [(0, 2), (1, 3)]
    _state, summary = play_match(rules, 5, [RandomAgent() for _ in range(4)])
    assert summary.winner_people == ()  # the winners are the seats, `winner_seats`
