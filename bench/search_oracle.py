"""How much the search lacks the hidden cards: `tressette arena` with the search bots given
the true state as every world (a measurement aid that cheats on purpose, never a bot).

    python bench/search_oracle.py [--last-cards K] arena tressette \\
        --players search:time=0.5,heuristic --deals 50 --seed 101000 --jobs 2 --format json

Every agent whose name starts with `search` gets, instead of the caller's `Worlds`, a
`Worlds` whose every sample is the real state (its rollouts, its claims, the heuristic's
sampled endgame at its root); the other agents get the usual worlds. With `--last-cards
K` the search sees the real state only once the hands hold at most K cards together (the
last tricks) and the usual worlds before, which tells whether what it lacks is the
endgame or the whole deal. The rest of the command line is `tressette`'s own; the arena's
worker processes are forked from this one (Linux), so they inherit the patch.
Session 12's figures are in docs/bots.md.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from tressette_dsl.agents import arena as arena_module
from tressette_dsl.agents.base import Agent, Worlds, choose
from tressette_dsl.cli import main as cli_main
from tressette_dsl.engine import observe
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset


class Oracle(Worlds):
    """`Worlds` whose every sample is the real state."""

    __slots__ = ("_state",)

    def __init__(self, rules: Ruleset, state: GameState, seat: int) -> None:
        super().__init__(rules, state, seat)
        self._state = state

    def sample(self, rng: random.Random) -> GameState:
        return self._state


def oracle_choose(last_cards: int | None):  # type: ignore[no-untyped-def]
    """`agents.base.choose`, with the real state as the search bots' worlds."""

    def chosen(
        agent: Agent, rules: Ruleset, state: GameState, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        seat = state.to_act
        late = last_cards is None or sum(h.bit_count() for h in state.cards.hands) <= last_cards
        if seat is None or not agent.name.startswith("search") or not late:
            return choose(agent, rules, state, legal, rng)
        view = observe(rules, state, seat)
        return agent.act(rules, view, legal, rng, worlds=Oracle(rules, state, seat))  # type: ignore[call-arg]

    return chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--last-cards", type=int, default=None)
    args, rest = parser.parse_known_args()
    arena_module.choose = oracle_choose(args.last_cards)  # type: ignore[attr-defined]
    return cli_main(rest)


if __name__ == "__main__":
    sys.exit(main())
