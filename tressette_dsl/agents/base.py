"""The Agent protocol and the registry of bot kinds.

An agent is anything with ``act(rules, observation, legal, rng) -> Action``:

* ``rules`` is the compiled `Ruleset` (public knowledge: deck, ranking, values, sides);
* ``observation`` is ``engine.observe(rules, state, seat)`` for the agent's own seat, so it
  holds that seat's hand and the public table, never another seat's hidden cards;
* ``legal`` is ``engine.legal_actions(rules, state)``, in canonical order, never empty;
* ``rng`` is a `random.Random` owned by the caller for this seat: an agent that needs chance
  uses it and nothing else, so a seeded match is reproducible.

The action returned must be one of ``legal``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


class AgentError(RuntimeError):
    """An agent returned something that is not one of the legal actions."""


@runtime_checkable
class Agent(Protocol):
    name: str

    def act(
        self, rules: Any, observation: Any, legal: Sequence[Any], rng: random.Random
    ) -> Any: ...


def seat_rng(seed: int, seat: int) -> random.Random:
    """The private random source of the agent in `seat` for the match played with `seed`.

    String seeds are hashed with SHA-512 by `random.Random`, so this is stable across runs
    and Python processes (unlike ``hash()``).
    """
    return random.Random(f"tressette-agent:{seed}:{seat}")
