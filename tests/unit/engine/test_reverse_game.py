"""The reverse game's language (issue 12): a seat count chosen per game with its table
(`players.count` as a range, `by_seats`), laid cards, residual scoring, big wins that
rescore, elimination with the table reseated - played on `traversone` at every count."""

from __future__ import annotations

import dataclasses
import json
import pickle
import random

import pytest

from tressette_dsl.engine import (
    ArgumentValueError,
    apply,
    determinize,
    is_over,
    legal_actions,
    new_game,
    observe,
    parse_action,
    result,
    scoring,
    to_act,
)
from tressette_dsl.engine import match as match_rules
from tressette_dsl.engine.seating import original_seat, rules_for
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import Step
from tressette_dsl.loader import load_ruleset

RULES = load_ruleset("traversone")
HANDS = {2: 10, 3: 13, 4: 10, 5: 8, 6: 6, 7: 5, 8: 5}  # digest A.2
REMOVED = {3: {"4B"}, 6: {"4C", "4D", "4S", "4B"}, 7: {"4C", "4D", "4S", "4B", "5B"}}


def play_random(seats: int, seed: int, check: bool = True) -> tuple[GameState, list[str]]:
    """A whole match of random legal moves; with `check`, the invariants at every step."""
    state = new_game(RULES, seed, seats=seats)
    rng = random.Random(seed)
    actions: list[str] = []
    while not is_over(state):
        rules = rules_for(RULES, state)
        if check:
            _invariants(rules, state)
        action = rng.choice(legal_actions(RULES, state))
        actions.append(str(action))
        state, _events = apply(RULES, state, action)
    return state, actions


def _invariants(rules, state: GameState) -> None:
    # every card in exactly one place
    places = [*state.hands, *state.won, *(1 << c for _s, c in state.trick)]
    masks = [*places, *(sum(1 << c for c in z) for z in state.zones)]
    total = 0
    for mask in masks:
        assert total & mask == 0
        total |= mask
    assert total == rules.deck.full_mask
    # no hidden card leaks: a seat sees its own hand and the public zones only
    seat = to_act(state)
    view = observe(RULES, state, seat)
    others = 0
    for i, hand in enumerate(state.hands):
        if i != seat:
            others |= hand
    shown = {c for z in view.zones for c in (z["cards"] or ())}
    assert not {rules.deck.text(c) for c in rules.deck.cards if others >> c & 1} & shown


@pytest.mark.parametrize("seats", range(2, 9))
def test_every_count_plays_to_the_end_with_its_table(seats: int) -> None:
    rules = RULES.for_seats(seats)
    assert rules.players.count == seats
    state = new_game(RULES, 11, seats=seats)
    assert state.n == seats
    assert all(bin(h).count("1") == HANDS[seats] for h in state.hands)
    removed = {z["id"]: z["cards"] for z in observe(RULES, state, 0).zones}.get("removed")
    assert set(removed or ()) == REMOVED.get(seats, set())
    for seed in (1, 2):
        final, _ = play_random(seats, seed)
        res = result(RULES, final)
        assert res.over and res.winners
        assert len(res.totals) == seats


@pytest.mark.parametrize("seats", range(2, 9))
def test_each_deal_distributes_eleven_or_the_cappotto_reversal(seats: int) -> None:
    final, _ = play_random(seats, 5, check=False)
    for record in final.deals:
        if record.reason != "scored":
            continue
        if record.big_win == "cappotto":
            assert sorted(record.points)[0] == 0
            assert sum(record.points) == 11 * (len(record.points) - 1)
        else:
            assert sum(record.points) == 11  # floored per player, the rest to the last trick


@pytest.mark.parametrize("seats", [2, 5, 8])
def test_a_match_replays_and_round_trips(seats: int) -> None:
    final, actions = play_random(seats, 3, check=False)
    state = new_game(RULES, 3, seats=seats)
    for text in actions:
        state, _ = apply(RULES, state, parse_action(RULES, state, text))
    assert state == final
    again = GameState.from_dict(json.loads(json.dumps(final.to_dict())))
    assert again == final
    assert pickle.loads(pickle.dumps(final)) == final


def test_elimination_reseats_the_table_and_derives_the_reduction_again() -> None:
    for seed in range(1, 40):
        state = new_game(RULES, seed, seats=6)
        rng = random.Random(seed)
        while not is_over(state) and not state.match.roster:
            state, _ = apply(RULES, state, rng.choice(legal_actions(RULES, state)))
        if is_over(state):
            continue
        left = {seat for seat, _total, _deal in state.match.left}
        assert sorted(left | set(state.match.roster)) == list(range(6))
        assert state.n == len(state.match.roster)
        rules = rules_for(RULES, state)
        assert rules.players.count == state.n
        assert rules.players.names == tuple(f"Seat {i}" for i in state.match.roster)
        removed = {z["id"]: z["cards"] for z in observe(RULES, state, 0).zones}.get("removed")
        assert set(removed or ()) == REMOVED.get(state.n, set())
        assert original_seat(state, 0) == state.match.roster[0]
        return
    pytest.fail("no seed eliminated a seat while the match went on")


def test_a_seat_count_outside_the_range_names_the_range() -> None:
    with pytest.raises(ArgumentValueError, match="2 to 8 players, not 9"):
        new_game(RULES, 1, seats=9)
    with pytest.raises(ValueError, match="exactly 4 players, not 6"):
        load_ruleset("tressette").for_seats(6)
    assert load_ruleset("tressette").for_seats(4).id == "tressette"


def test_residual_scoring_gives_the_last_trick_taker_the_rest() -> None:
    """Points floored per player; the last-trick taker scores 11 minus the others (A.4)."""
    rules = RULES.for_seats(3)
    state = new_game(rules, 4)
    text = rules.deck.by_text

    def mask(cards: str) -> int:
        return sum(1 << text[c] for c in cards.split())

    # seat 0: A + K = 4 thirds (1 point, a third left over); seat 1: A + 2 + Q = 5 thirds
    # (1 point, two thirds over); seat 2 the rest and the last trick: 32 - 9 + 3 = 26
    # thirds, 8 points alone, but it absorbs the others' fractions: 11 - 1 - 1 = 9
    won = (mask("AC KC"), mask("AD 2C QC"), rules.deck.full_mask & ~mask("AC KC AD 2C QC"))
    state = state.replace(hands=(0, 0, 0), won=won, last_winner=2, trick=())
    step = Step(rules, state)
    facts = scoring.side_facts(rules, step.state, final=True)
    assert scoring.deal_points(rules, step.state, facts) == (1, 1, 9)


def test_a_state_written_before_elimination_existed_still_reads() -> None:
    """`Match.roster`, `left` and `leaving` are additive: a state dict without them (an
    older log's) decodes to the same state, with nobody gone."""
    rules = load_ruleset("tressette")
    state = new_game(rules, 3)
    data = state.to_dict()
    for key in ("roster", "left", "leaving"):
        del data["match"][key]
    assert GameState.from_dict(data) == state


def test_a_deal_limit_with_elimination_crowns_a_seat_still_in() -> None:
    """`match.end` and `match.eliminate` together: when the last counted deal also sends
    seats away, the winner is the best of the seats still in."""
    rules = RULES.for_seats(4)
    state = new_game(rules, 2)
    # the deal just scored leaves seat 0 at the limit (out), seat 3 the highest of the rest
    end = dataclasses.replace(rules.match.end, text="true", fn=lambda env: True, const=True)
    # points as gains (winner: highest), so that the seat leaving would have won by `end`
    m = dataclasses.replace(rules.match, end=end, winner="highest")
    rules = dataclasses.replace(rules, match=m)
    step = Step(rules, state)
    assert match_rules.check_end(step, totals=(21, 18, 19, 20))
    assert step.state.match.outcome is not None
    assert step.state.match.outcome.winners == (3,)


@pytest.mark.parametrize("seats", range(2, 9))
def test_determinize_keeps_what_the_seat_knows_at_every_count(seats: int) -> None:
    """The removed cards are public: a determinized copy keeps them where they lie, and
    the seat to act sees the same table in the copy as in the real state."""
    state = new_game(RULES, 8, seats=seats)
    rng = random.Random(8)
    for _ in range(3 * seats + 1):  # into the second trick or so
        state, _ = apply(RULES, state, rng.choice(legal_actions(RULES, state)))
    seat = to_act(state)
    for k in range(5):
        copy = determinize(RULES, state, seat, random.Random(k))
        assert observe(RULES, copy, seat) == observe(RULES, state, seat)
        assert copy.zone("removed") == state.zone("removed")
