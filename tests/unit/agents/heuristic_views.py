"""The heuristic bot's choice on a hand-made observation: shared by its rule-of-thumb tests.

South's observation of a fresh game with the fields a test names replaced (hand, trick,
tricks...), the legal actions parsed from their texts, the bot's choice as text.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from tressette_dsl.agents import HeuristicAgent
from tressette_dsl.engine import observe, parse_action


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
