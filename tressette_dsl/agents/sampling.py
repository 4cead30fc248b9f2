"""A perfect-information Monte Carlo bot: sample the hidden cards, play out, average.

For each decision with a real choice, `SamplingAgent` draws worlds with
``engine.determinize(rules, state, seat, rng)`` - full states consistent with what its seat
knows - and, in each world, tries every legal action followed by random play to the end of
the deal. The action with the best average result wins. The result of a playout is the
change of the seat's match total over the deal, less the average change of all seats (so
points taken by the other side count against it), plus a bonus when the match ends in the
playout (its size: the match target, else 100).

It plays through the generic engine API only (`determinize`, `legal_actions`, `apply`,
`deal_over`, `result`), knowing no variant; the random playouts run on the compiled
kernel (`compiled.playout`, the same random choices from the same `rng`, so the same
decisions) unless ``engine="interpreted"``. It never sees the game state: `base.choose`
hands it a `Worlds` service (``needs_worlds``) that samples worlds consistent with what its
seat may know. `budget` bounds the playouts per decision; it never
claims (a claim is judged by the rules, not by play).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tressette_dsl.agents import perspective
from tressette_dsl.agents.base import Worlds
from tressette_dsl.engine import (
    apply,
    deal_over,
    legal_actions,
    result,
)
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.match import MatchResult
from tressette_dsl.engine.observe import Observation
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset

if TYPE_CHECKING:
    from tressette_dsl.compiled.tries import Tries


class SamplingAgent:
    """Perfect-information Monte Carlo over determinized worlds; `budget` playouts a move."""

    name = "sampling"
    needs_worlds = True

    def __init__(self, budget: int = 32, *, max_steps: int = 2000, engine: str = "auto") -> None:
        if budget < 1:
            raise ValueError("budget must be at least 1 playout")
        if engine not in ("auto", "interpreted"):
            raise ValueError(f"engine must be 'auto' or 'interpreted', not {engine!r}")
        self.budget = budget
        self.max_steps = max_steps
        self.engine = engine

    def act(
        self,
        rules: Ruleset,
        observation: Observation,
        legal: Sequence[Action],
        rng: random.Random,
        *,
        worlds: Worlds | None = None,
    ) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        choices = [a for a in legal if str(a) != "claim"] or list(legal)
        if len(choices) == 1:
            return choices[0]
        if worlds is None:
            raise ValueError(
                "the sampling agent needs the game state's worlds (see agents.base.choose)"
            )
        seat = worlds.seat
        me = 0  # the person whose outcome counts (`perspective`): set with `before`
        before: Sequence[int] | None = None
        count = max(1, self.budget // len(choices))
        totals = [0.0] * len(choices)
        for _ in range(count):
            world = worlds.sample(rng)
            if before is None:  # the totals so far are public: any world has them
                before = perspective.totals(rules, world)
                me = perspective.person_deciding(rules, world, seat)
            tries = self._tries(rules, world, rng)
            if tries is not None:  # each move and its playout on one loaded kernel
                for i in range(len(choices)):
                    seat_totals, won = tries.play(i)
                    gains = [a - b for a, b in zip(seat_totals, before, strict=True)]
                    totals[i] += self._worth(rules, gains, won, me)
                continue
            for i, action in enumerate(choices):
                if self.engine == "auto":  # the move and the playout, both on the kernel
                    res = self._kernel_playout(rules, world, rng, i)
                else:
                    after, _events = apply(rules, world, action)
                    res = result(rules, self._playout(rules, after, rng))
                totals[i] += self._value(rules, before, res, me)
        best = max(range(len(choices)), key=lambda i: totals[i])
        return choices[best]

    def _tries(self, rules: Ruleset, world: GameState, rng: random.Random) -> Tries | None:
        """The kernel's tries of `world` (`compiled.tries`: the world loaded once, each
        move played on a copy, the deal's end read as seat totals and winners), or None
        on the interpreter, or where they do not fit: then one playout a move. Only
        where a person is his seat (no `seating.people`), as `Tries` gives seats."""
        if self.engine != "auto" or rules.players.people is not None:
            return None
        from tressette_dsl.compiled.tries import Tries  # noqa: PLC0415 - agents load first

        return Tries.of(rules, world, rng, max_actions=self.max_steps)

    def _kernel_playout(
        self, rules: Ruleset, world: GameState, rng: random.Random, choice: int
    ) -> MatchResult:
        """Choice number `choice` (of the legal actions less claims), then random play to
        the end of the deal, on the compiled kernel: the result of the same game as
        `_playout` (`playout_result`: the deal scored on the kernel's own lists)."""
        from tressette_dsl.compiled import playout_result  # noqa: PLC0415 - agents load first

        return playout_result(rules, world, rng, first=choice, max_actions=self.max_steps)

    def _playout(self, rules: Ruleset, state: GameState, rng: random.Random) -> GameState:
        """Random legal play (no claims) until the deal or the match is over."""
        steps = 0
        while not deal_over(state) and steps < self.max_steps:
            legal = [a for a in legal_actions(rules, state) if str(a) != "claim"]
            state, _events = apply(rules, state, legal[rng.randrange(len(legal))])
            steps += 1
        return state

    @staticmethod
    def _value(rules: Ruleset, before: Sequence[int], res: MatchResult, person: int) -> float:
        """The playout's worth to `person`, from the match's result after it: the person
        the bot plays (`agents.perspective`: he may sit elsewhere by the end of the
        playout), his gain less the mean gain, and the match won or lost once it is over."""
        gains = perspective.gains(rules, before, res)
        return SamplingAgent._worth(rules, gains, perspective.winners(rules, res), person)

    @staticmethod
    def _worth(rules: Ruleset, gains: Sequence[int], won: frozenset[int], person: int) -> float:
        """`_value` from each person's gain and the people who won the match (none while
        it goes on)."""
        value = gains[person] - sum(gains) / len(gains)
        if won:
            bonus = rules.match.target or 100
            value += bonus if person in won else -bonus
        return value
