"""The heuristic bot's choice on a hand-made observation: shared by its rule-of-thumb tests.

South's observation of a fresh game with the fields a test names replaced (hand, trick,
tricks...), the legal actions parsed from their texts, the bot's choice as text; and
`card_positions`, the heuristic's own card decisions in played deals, for the evaluator's
tests.
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
from collections.abc import Iterator
from typing import Any

from tressette_dsl.agents import HeuristicAgent, heuristic_eval
from tressette_dsl.agents.base import choose, seat_rng
from tressette_dsl.agents.heuristic import _View
from tressette_dsl.agents.heuristic_features import FEATURES
from tressette_dsl.engine import apply, deal_over, legal_actions, observe, parse_action, start
from tressette_dsl.loader import load_ruleset


@contextlib.contextmanager
def rules_of_thumb() -> Iterator[None]:
    """The heuristic with its fitted card evaluator off (a table with no position's weights):
    the rules' own picks. The tests of the rules of thumb pin those; the evaluator overrules
    some of them on purpose where its fit says another card is better (its own tests:
    test_heuristic_eval.py, test_heuristic_lead_features.py)."""
    heuristic_eval.use_table({"features": list(FEATURES), "positions": {}})
    try:
        yield
    finally:
        heuristic_eval.use_table(None)


def heuristic_choice(rules: Any, state: Any, hand: list[str], legal: list[str], **obs: Any) -> str:
    """The heuristic's action, as text, in seat 0 holding `hand` with `obs` replaced."""
    fields: dict[str, Any] = {
        "hand": tuple(hand),
        "trick": (),
        "tricks": (),
        "known": ((),) * 4,
        "declarations": (),
        "running": (0, 0),
    }
    fields.update(obs)
    view = dataclasses.replace(observe(rules, state, 0), **fields)
    actions = [parse_action(rules, state, text) for text in legal]
    return str(HeuristicAgent().act(rules, view, actions, random.Random(0)))


def card_positions(deals: int) -> Iterator[tuple[_View, list[str], str]]:
    """(view, cards, the rules' card) at every card play with a choice, in `deals` deals of
    `tressette` played by the heuristic in every seat."""
    rules = load_ruleset("tressette")
    agent = HeuristicAgent()
    for deal in range(deals):
        state, _ = start(rules, deal)
        while not deal_over(state):
            seat = state.to_act
            assert seat is not None
            legal = legal_actions(rules, state)
            cards = sorted({str(a).split()[1] for a in legal if str(a).startswith("play")})
            if len(cards) > 1:
                view = _View(rules, observe(rules, state, seat))
                yield view, cards, view.rule_card(cards)
            state, _ = apply(rules, state, choose(agent, rules, state, legal, seat_rng(deal, seat)))
