"""How much the search lacks the hidden cards: `tressette arena` with the search bots given
the true state as every world (a measurement aid that cheats on purpose, never a bot).

    python bench/search_oracle.py [--last-cards K] arena tressette \\
        --players search:time=0.5,heuristic --deals 50 --seed 101000 --jobs 2 --format json

Every agent whose name starts with `search` gets, instead of the caller's `Worlds`, a
`Worlds` whose every sample is the real state (its rollouts, its claims, the heuristic's
sampled endgame at its root); the other agents get the usual worlds. With `--last-cards
K` the search sees the real state only once the hands hold at most K cards together (the
last tricks) and the usual worlds before, which tells whether what it lacks is the
endgame or the whole deal. With `--reveal partners` (or `opponents`) each world is a
world sampled as if those seats' hands had been shown to the table (the sampler keeps
them and every other fact), with the table's real knowledge put back: which seats'
hands it lacks. With one partner in a four-seat game `--reveal opponents` fixes the
partner's hand too (it is what is left), so it is `all` there. The rest of the command
line is `tressette`'s own; the arena's worker processes are forked from this one (Linux),
so they inherit the patch.
Session 12's figures are in docs/bots.md.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from collections.abc import Callable, Sequence

from tressette_dsl.agents import arena as arena_module
from tressette_dsl.agents.base import Agent, Worlds, choose
from tressette_dsl.cli import main as cli_main
from tressette_dsl.engine import observe
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.table import side_of
from tressette_dsl.rules.model import Ruleset


class Oracle(Worlds):
    """`Worlds` whose every sample is the real state, or a sampled world with the real
    hands of `reveal` (seats) put in."""

    __slots__ = ("_reveal", "_state")

    def __init__(
        self, rules: Ruleset, state: GameState, seat: int, reveal: tuple[int, ...] | None = None
    ) -> None:
        shown = state
        if reveal is not None:  # those hands as if shown to every seat: the sampler keeps them
            public = list(state.seen.public)
            for x in reveal:
                public[x] |= state.cards.hands[x]
            shown = state.with_parts(seen=dataclasses.replace(state.seen, public=tuple(public)))
        super().__init__(rules, shown, seat)
        self._state = state
        self._reveal = reveal

    def sample(self, rng: random.Random) -> GameState:
        if self._reveal is None:
            return self._state
        # a world that keeps every fact (voids too), with what the table knows put back
        return super().sample(rng).with_parts(seen=self._state.seen)


Chooser = Callable[[Agent, Ruleset, GameState, Sequence[Action], random.Random], Action]


def oracle_choose(last_cards: int | None, reveal: str) -> Chooser:
    """`agents.base.choose`, with the real state as the search bots' worlds."""

    def chosen(
        agent: Agent, rules: Ruleset, state: GameState, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        seat = state.to_act
        late = last_cards is None or sum(h.bit_count() for h in state.cards.hands) <= last_cards
        if seat is None or not agent.name.startswith("search") or not late:
            return choose(agent, rules, state, legal, rng)
        view = observe(rules, state, seat)
        seats: tuple[int, ...] | None = None
        if reveal != "all":
            mine = side_of(rules, state, seat)
            same = reveal == "partners"
            seats = tuple(
                x
                for x in range(state.n)
                if x != seat and (side_of(rules, state, x) == mine) == same
            )
        worlds = Oracle(rules, state, seat, seats)
        return agent.act(rules, view, legal, rng, worlds=worlds)  # type: ignore[call-arg]

    return chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--last-cards", type=int, default=None)
    parser.add_argument("--reveal", choices=("all", "partners", "opponents"), default="all")
    args, rest = parser.parse_known_args()
    arena_module.choose = oracle_choose(args.last_cards, args.reveal)  # type: ignore[attr-defined,assignment]
    return cli_main(rest)


if __name__ == "__main__":
    sys.exit(main())
