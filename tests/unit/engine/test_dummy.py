"""A seat without a player (`seating.dummy`) and people who move round the seats
(`seating.people`): who decides for the dummy, who sees it and when, and whose total a
deal's points go to."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from engine_support import Play, bundled

from tressette_dsl.agents.random_agent import RandomAgent
from tressette_dsl.agents.runner import play_match
from tressette_dsl.engine import (
    events_for,
    legal_actions,
    new_game,
    observe,
    result,
    start,
    to_act,
)
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.errors import RuleEvaluationError
from tressette_dsl.engine.events import DummyExposed, HandShown
from tressette_dsl.engine.observe import Observation
from tressette_dsl.engine.occupancy import person_seats
from tressette_dsl.rules.model import Ruleset

LEFT, DEALER, RIGHT, DUMMY = 0, 1, 2, 3
HANDS = {
    RIGHT: ["3D", "KD", "QD", "4C", "5C", "6C", "7C", "JC", "4S", "5S"],
    DUMMY: ["2D", "AD", "3C", "KC", "QC", "6S", "7S", "JS", "4B", "5B"],
    LEFT: ["3S", "2S", "KS", "QS", "AB", "7B", "JB", "4D", "5D", "6D"],
    DEALER: ["AS", "2C", "AC", "2B", "3B", "KB", "QB", "6B", "7D", "JD"],
}


def morto() -> Ruleset:
    return bundled("tressette-col-morto")


def test_the_owner_decides_for_the_dummy_from_its_own_cards() -> None:
    rules = morto()
    g = Play(rules, new_game(rules, 1, dealer=DEALER, hands=HANDS))
    g("play 3D")
    assert g.state.cursor.to_act == DUMMY
    assert to_act(g.state) == DUMMY  # without the rules: the seat asked, as before
    assert to_act(g.state, rules) == DEALER  # with them: the seat that decides
    legal = [str(a) for a in legal_actions(rules, g.state)]
    assert {a.split()[1] for a in legal if a.startswith("play ")} == {"2D", "AD"}
    assert set(observe(rules, g.state, DEALER).legal) == set(legal)
    assert observe(rules, g.state, DUMMY).legal == observe(rules, g.state, DEALER).legal
    assert observe(rules, g.state, LEFT).legal == ()
    assert observe(rules, g.state, RIGHT).legal == ()


def test_events_show_the_dummy_to_its_owner_at_the_deal_and_to_all_after_the_lead() -> None:
    rules = morto()
    state, events = start(rules, 1, dealer=DEALER, hands=HANDS)
    dealt = events[0]
    # the Dealt event shows each seat its own hand only; HandShown the shared ones
    assert events_for(rules, [dealt], DEALER)[0]["hands"][DUMMY] == [None] * 10
    shown = [e for e in events if isinstance(e, HandShown)]
    assert {(e.seat, e.to) for e in shown} == {(DUMMY, DEALER), (DEALER, DUMMY)}
    to_owner = next(e for e in shown if e.to == DEALER)
    assert sorted(events_for(rules, [to_owner], DEALER)[0]["cards"]) == sorted(HANDS[DUMMY])
    assert sorted(events_for(rules, [to_owner], DUMMY)[0]["cards"]) == sorted(HANDS[DUMMY])
    assert events_for(rules, [to_owner], LEFT)[0]["cards"] == [None] * 10
    assert events_for(rules, [to_owner], None)[0]["cards"] == [None] * 10
    g = Play(rules, state)
    g("play 3D")
    (exposed,) = g.of(DummyExposed)
    assert exposed.seat == DUMMY and sorted(exposed.cards) == sorted(HANDS[DUMMY])
    assert events_for(rules, [exposed], LEFT)[0]["cards"] == list(exposed.cards)


def test_a_dummy_dealt_face_up_is_seen_by_all_from_the_deal(overlay) -> None:
    rules = overlay(
        """
        id: morto-face-up
        extends: tressette-col-morto
        seating: {dummy: {exposed: dealt}}
        """
    )
    state, events = start(rules, 1, dealer=DEALER, hands=HANDS)
    assert any(isinstance(e, DummyExposed) for e in events)
    for seat in (LEFT, RIGHT):
        assert sorted(observe(rules, state, seat).known[DUMMY]) == sorted(HANDS[DUMMY])
        assert observe(rules, state, seat).known[DEALER] == ()
    (exposed,) = [e for e in events if isinstance(e, DummyExposed)]
    assert sorted(events_for(rules, [exposed], LEFT)[0]["cards"]) == sorted(HANDS[DUMMY])


def test_a_dummy_exposed_at_the_end_of_play_stays_hidden_from_the_defenders(overlay) -> None:
    rules = overlay(
        """
        id: morto-hidden
        extends: tressette-col-morto
        seating: {dummy: {exposed: end_of_play}}
        """
    )
    g = Play(rules, new_game(rules, 1, dealer=DEALER, hands=HANDS))
    g("play 3D", "play AD", "play 4D", "play 7D").done_all()
    assert not g.of(DummyExposed)
    left = observe(rules, g.state, LEFT)
    assert left.known[DUMMY] == ()
    assert "KC" not in str(left.to_dict())
    assert sorted(observe(rules, g.state, DEALER).known[DUMMY]) == sorted(
        set(HANDS[DUMMY]) - {"AD"}
    )


def test_people_take_the_seats_in_turn_and_score_their_side() -> None:
    rules = morto()
    state = new_game(rules, 3, dealer=DEALER)
    assert person_seats(rules, state) == (DEALER, RIGHT, LEFT)  # Anna deals first
    next_deal = state.replace(deal_no=2)
    assert person_seats(rules, next_deal) == (LEFT, DEALER, RIGHT)  # then Bruno, her right
    assert person_seats(rules, state.replace(deal_no=3)) == (RIGHT, LEFT, DEALER)


def test_a_people_formula_that_leaves_a_player_without_a_seat_is_refused(overlay) -> None:
    rules = overlay(
        """
        id: morto-bad-seats
        extends: tressette-col-morto
        seating: {people: {seat: "1"}}
        """
    )
    state = new_game(rules, 1, dealer=DEALER)
    with pytest.raises(RuleEvaluationError, match=r"seating\.people\.seat"):
        person_seats(rules, state)


class Recorder:
    """A random agent that remembers which seats' observations it was asked with."""

    name = "recorder"

    def __init__(self) -> None:
        self.inner = RandomAgent()
        self.asked: set[int] = set()

    def act(
        self, rules: Ruleset, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        self.asked.add(observation.seat)
        return self.inner.act(rules, observation, legal, rng)


def test_the_dummys_own_agent_is_never_asked_and_a_match_ends_with_a_person() -> None:
    rules = morto()
    agents = [Recorder() for _ in range(4)]
    state, summary = play_match(rules, 5, agents)
    assert summary.over
    assert agents[DUMMY].asked == set()
    assert DUMMY in agents[DEALER].asked  # the dealer chose the dummy's cards
    res = result(rules, state)
    assert set(res.totals) == {"Anna", "Bruno", "Carla"}
    assert res.winners and set(res.winners) <= {"Anna", "Bruno", "Carla"}
    for record in res.deals:
        if record.reason == "scored":
            # each person is credited with the points of the side he sat on: the dealer's
            # side (the dealer alone, his dummy having no person) and twice the defenders'
            dealer_side = rules.sides.side_of[DEALER]
            defenders = record.points[1 - dealer_side]
            expected = [record.points[dealer_side], defenders, defenders]
            assert sorted(record.deltas) == sorted(expected)


def test_a_dealer_dealt_out_moves_round_and_is_paid_as_a_defender() -> None:
    rules = bundled("calabresella-a-quattro")
    state = new_game(rules, 2, dealer=2)
    # Anna, the real dealer, sits out; her right speaks first from the 3-player dealer's right
    assert person_seats(rules, state) == (-1, 0, 1, 2)
    later = state.replace(deal_no=2, dealer=0)
    assert person_seats(rules, later) == (0, -1, 1, 2)  # Bruno deals; Anna on his left
    _state, summary = play_match(rules, 4, [RandomAgent() for _ in range(3)])
    assert summary.over and summary.deal_deltas
    for _deal, deltas in summary.deal_deltas:
        assert len(deltas) == 4 and sum(deltas) == 0  # the sitter pays like a defender
        assert max(deltas.count(d) for d in deltas) >= 3  # three defenders paid alike
