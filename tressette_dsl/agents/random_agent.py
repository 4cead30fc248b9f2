"""A bot that plays uniformly at random among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.observe import Observation
from tressette_dsl.rules.model import Ruleset


class RandomAgent:
    """Chooses any legal action with equal chance, using only the `rng` it is given.

    One exception: it does not *claim* (call itself out) while it has anything else to do,
    because a random claim is nearly always wrong and ends the match at once, which would
    make random matches one deal long. ``RandomAgent(claims=True)`` claims like any move.
    With no `rng` passed to `act` it falls back to its own ``random.Random(seed)``; it never
    touches the global `random` module state.
    """

    name = "random"

    def __init__(self, seed: int | None = None, *, claims: bool = False) -> None:
        self._own = random.Random(seed)
        self.claims = claims

    def act(
        self,
        rules: Ruleset,
        observation: Observation,
        legal: Sequence[Action],
        rng: random.Random | None = None,
    ) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        choices = legal
        if not self.claims:
            choices = [a for a in legal if str(a) != "claim"] or legal
        source = rng if rng is not None else self._own
        return choices[source.randrange(len(choices))]
