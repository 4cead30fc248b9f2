"""The endgame solver (agents/endgame.py) against brute force through the interpreter.

Positions come from seeded deals played by `heuristic-v1` (which never calls the solver):
every decision whose observation pins down every card (`endgame_view.position`) is a test
position. There the solver's value must be the minimax of the deal's margin over every line
of play the interpreter allows (`legal_actions` / `apply` to the end of the deal, scored by
the engine), its move must reach that value, the position must be the true one, and the
decision must not change when the hidden cards of a scrambled state are dealt again
(determinize). A budget too small for the position gives no answer, and the heuristic then
plays its own card.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from tressette_dsl.agents import choose, make_agent
from tressette_dsl.agents.endgame import MAX_CARDS, endgame_card, solve
from tressette_dsl.agents.endgame_score import MATCH_WIN
from tressette_dsl.agents.endgame_view import position
from tressette_dsl.engine import (
    apply,
    deal_over,
    determinize,
    legal_actions,
    new_game,
    observe,
    result,
)
from tressette_dsl.engine.actions import Play
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.table import sides
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


def _positions(
    rules: Ruleset, seeds: range, max_cards: int, min_cards: int = 2
) -> Iterator[GameState]:
    """States of seeded deals (heuristic-v1 in every seat) where the seat to act plays a
    card with a choice, `min_cards`..`max_cards` cards still in the hands, and its
    observation determines every card."""
    bot = make_agent("heuristic-v1")
    for seed in seeds:
        state = new_game(rules, seed)
        rng = random.Random(seed)
        while state.to_act is not None and not (deal_over(state) and state.tricks):
            legal = legal_actions(rules, state)
            left = sum(h.bit_count() for h in state.cards.hands)
            plays = _plays(rules, state)
            if (
                len(plays) > 1
                and min_cards <= left <= max_cards
                and position(rules, observe(rules, state, state.to_act)) is not None
            ):
                yield state
            state, _ = apply(rules, state, choose(bot, rules, state, legal, rng))


def _plays(rules: Ruleset, state: GameState) -> list[Play]:
    if state.sub != "play":
        return []
    return [a for a in legal_actions(rules, state) if isinstance(a, Play) and not a.signals]


def _brute(rules: Ruleset, state: GameState, seat: int) -> int:
    """The minimax, over every line of plain card plays, of the deal's margin for `seat`'s
    side (the solver's scale: per-seat gains summed, times the other side's size)."""
    deal_sides = sides(rules, state)
    mine = next(s for s in deal_sides if seat in s)
    theirs = next(s for s in deal_sides if seat not in s)
    before = result(rules, state).seat_totals

    def value(s: GameState) -> int:
        if deal_over(s):
            after = result(rules, s).seat_totals
            gain = [a - b for a, b in zip(after, before, strict=True)]
            v = sum(gain[x] for x in mine) * len(theirs) - sum(gain[x] for x in theirs) * len(mine)
            if rules.match.winner == "lowest":
                v = -v
            outcome = s.match.outcome
            if outcome is not None and outcome.reason == "big_win":
                won = any(x in mine for x in range(s.n) if _slot_won(rules, outcome.winners, x))
                v += MATCH_WIN if won else -MATCH_WIN
            return v
        assert s.to_act is not None
        got = [value(apply(rules, s, a)[0]) for a in _plays(rules, s)]
        return max(got) if s.to_act in mine else min(got)

    return value(state)


def _slot_won(rules: Ruleset, winners: tuple[int, ...], seat: int) -> bool:
    slot = rules.sides.side_of[seat] if rules.sides.mode == "teams" else seat
    return slot in winners


def _check(rules: Ruleset, state: GameState) -> None:
    seat = state.to_act
    assert seat is not None
    obs = observe(rules, state, seat)
    pos = position(rules, obs)
    assert pos is not None and pos.hands == state.cards.hands  # the one world: the true one
    plays = _plays(rules, state)
    cards = [p.card for p in plays]
    after = {p.card: _brute(rules, apply(rules, state, p)[0], seat) for p in plays}
    best = max(after.values())
    exact = solve(rules, obs, cards, exhaustive=True)
    assert exact is not None
    assert exact[1] == best  # the value: the margin brute force finds
    assert after[exact[0]] == best
    fast = solve(rules, obs, cards, cards[-1])
    assert fast is not None
    assert after[fast[0]] == best  # the move of the default search reaches it too
    if after[cards[-1]] == best:  # the preferred card is kept when its value is the best
        kept = solve(rules, obs, cards, cards[-1], exhaustive=True)
        assert kept is not None and kept[0] == cards[-1]


def test_tressette_in_due_end_positions_equal_brute_force() -> None:
    rules = load_ruleset("tressette-in-due")
    checked = 0
    for state in _positions(rules, range(1, 4), max_cards=8):
        _check(rules, state)
        checked += 1
    assert checked >= 12


@pytest.mark.parametrize(
    ("ruleset", "deals", "least"),
    [
        ("tressette", 25, 5),
        ("calabresella", 25, 5),
        ("spizzichino", 12, 5),
        ("traversone-coppie", 12, 2),  # points are penalties, a big win rescores
    ],
)
def test_last_two_tricks_with_more_seats_equal_brute_force(
    ruleset: str, deals: int, least: int
) -> None:
    # (briscola-chiamata, without follow-suit, is determined only when one card is left
    # to play: never a choice)
    rules = load_ruleset(ruleset)
    n = rules.players.count
    checked = multi = 0
    for state in _positions(rules, range(1, deals), max_cards=2 * n):
        _check(rules, state)
        checked += 1
        multi += sum(h.bit_count() for h in state.cards.hands) > n
    assert checked >= least
    assert multi >= 1  # a position with two tricks to play


def test_three_sides_are_not_solved() -> None:
    rules = load_ruleset("tressette-a-tre")  # three players each for himself
    state = next(_positions(rules, range(1, 12), max_cards=2 * rules.players.count))
    seat = state.to_act
    assert seat is not None
    cards = [p.card for p in _plays(rules, state)]
    assert solve(rules, observe(rules, state, seat), cards) is None  # no two-side minimax


def test_budget_out_gives_no_answer_and_the_heuristic_card() -> None:
    rules = load_ruleset("tressette-in-due")
    state = next(_positions(rules, range(1, 3), max_cards=MAX_CARDS, min_cards=MAX_CARDS - 1))
    seat = state.to_act
    assert seat is not None
    obs = observe(rules, state, seat)
    cards = [p.card for p in _plays(rules, state)]
    assert solve(rules, obs, cards, budget=5) is None
    assert endgame_card(rules, obs, cards, cards[0], budget=5) == cards[0]
    assert solve(rules, obs, cards, budget=10**7) is not None  # the budget, nothing else


def test_a_position_larger_than_max_cards_is_not_tried() -> None:
    rules = load_ruleset("tressette-in-due")
    state = next(_positions(rules, range(1, 3), max_cards=20, min_cards=MAX_CARDS + 1))
    seat = state.to_act
    assert seat is not None
    obs = observe(rules, state, seat)
    assert position(rules, obs) is not None  # determined, but too large to try
    assert solve(rules, obs, [p.card for p in _plays(rules, state)], budget=10**7) is None


def test_undetermined_observation_gives_no_answer() -> None:
    rules = load_ruleset("tressette-in-due")
    state = new_game(rules, 1)
    seat = state.to_act
    assert seat is not None
    obs = observe(rules, state, seat)
    assert position(rules, obs) is None  # the stock is still out
    cards = [p.card for p in _plays(rules, state)]
    assert solve(rules, obs, cards) is None


def test_a_contradicting_observation_is_not_solved() -> None:
    rules = load_ruleset("tressette-in-due")
    state = next(_positions(rules, range(1, 3), max_cards=8))
    seat = state.to_act
    assert seat is not None
    obs = observe(rules, state, seat)
    other = 1 - seat
    sizes = list(obs.hand_sizes)
    sizes[other] += 1  # a hidden slot more than the unseen cards: not the one world
    assert position(rules, dataclasses.replace(obs, hand_sizes=tuple(sizes))) is None


@pytest.mark.parametrize("ruleset", ["tressette-in-due", "tressette", "calabresella"])
def test_scrambled_hidden_cards_change_no_endgame_decision(ruleset: str) -> None:
    """The heuristic (with its solver) decides the same on a state whose hidden cards were
    dealt again consistently with the seat's knowledge, at every determined position
    (test_no_peeking scrambles the undetermined ones)."""
    rules = load_ruleset(ruleset)
    bot = make_agent("heuristic")
    compared = 0
    n = rules.players.count
    for state in _positions(rules, range(1, 12), max_cards=4 * n, min_cards=1):
        seat = state.to_act
        assert seat is not None
        legal = legal_actions(rules, state)
        real = choose(bot, rules, state, legal, random.Random(7))
        for k in range(2):
            scrambled = determinize(rules, state, seat, random.Random(k))
            assert observe(rules, scrambled, seat) == observe(rules, state, seat)
            fake = choose(bot, rules, scrambled, legal, random.Random(7))
            assert str(fake) == str(real)
            compared += 1
    assert compared >= 8
