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
partner's hand too (it is what is left), so it is `all` there. `--reveal-ranks 3,2,A`
shows only those seats' cards of those ranks (the rest sampled); `--shape` shows none of
their cards but gives every world their real suit lengths (a pool of 48 worlds drawn by
rejection, 400 tries each, the closest kept, before the search's clock starts). The
rest of the command line is `tressette`'s own; the arena's worker processes are forked
from this one (Linux), so they inherit the patch.
Sessions 12 and 13's figures are in docs/bots.md.
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


class ShapeOracle(Worlds):
    """`Worlds` whose samples give each seat of `seats` its real suit lengths (and sampled
    cards): a pool drawn by rejection before the search starts, so its cost is not the
    search's budget."""

    __slots__ = ("_pool",)

    POOL = 48
    TRIES = 400

    def __init__(self, rules: Ruleset, state: GameState, seat: int, seats: tuple[int, ...]) -> None:
        super().__init__(rules, state, seat)
        masks = rules.deck.suit_mask
        hands = state.cards.hands

        def shape(s: GameState) -> tuple[int, ...]:
            h = s.cards.hands
            return tuple((h[x] & m).bit_count() for x in seats for m in masks)

        real = shape(state)
        # ints only: the same seed in every process (no string hashing)
        rng = random.Random(hash((seat, state.play.trick_no, len(state.cards.trick), hands)))
        pool: list[GameState] = []
        for _ in range(self.POOL):
            best, best_d = None, 10**9
            for _ in range(self.TRIES):
                w = super().sample(rng)
                d = sum(abs(a - b) for a, b in zip(shape(w), real, strict=True))
                if d < best_d:
                    best, best_d = w, d
                    if d == 0:
                        break
            assert best is not None
            pool.append(best)
        self._pool = pool

    def sample(self, rng: random.Random) -> GameState:
        return self._pool[rng.randrange(len(self._pool))]


class Oracle(Worlds):
    """`Worlds` whose every sample is the real state, or a sampled world with the real
    hands of `reveal` (seats) put in."""

    __slots__ = ("_reveal", "_state")

    def __init__(
        self,
        rules: Ruleset,
        state: GameState,
        seat: int,
        reveal: tuple[int, ...] | None = None,
        ranks: frozenset[str] | None = None,
    ) -> None:
        shown = state
        if reveal is not None:  # those hands as if shown to every seat: the sampler keeps them
            public = list(state.seen.public)
            deck = rules.deck
            shown_mask = deck.full_mask
            if ranks is not None:  # only the cards of those ranks
                shown_mask = sum(
                    1 << c for c in deck.cards if deck.ranks[deck.card_rank[c]] in ranks
                )
            for x in reveal:
                public[x] |= state.cards.hands[x] & shown_mask
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


def oracle_choose(
    last_cards: int | None, reveal: str, ranks: frozenset[str] | None = None, shape: bool = False
) -> Chooser:
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
        worlds: Worlds
        if shape:
            assert seats is not None
            worlds = ShapeOracle(rules, state, seat, seats)
        else:
            worlds = Oracle(rules, state, seat, seats, ranks)
        return agent.act(rules, view, legal, rng, worlds=worlds)  # type: ignore[call-arg]

    return chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--last-cards", type=int, default=None)
    parser.add_argument("--reveal", choices=("all", "partners", "opponents"), default="all")
    parser.add_argument("--reveal-ranks", default=None, help="only the cards of these ranks: 3,2")
    parser.add_argument("--shape", action="store_true", help="reveal only the suit lengths")
    args, rest = parser.parse_known_args()
    ranks = None if args.reveal_ranks is None else frozenset(args.reveal_ranks.split(","))
    arena_module.choose = oracle_choose(args.last_cards, args.reveal, ranks, args.shape)  # type: ignore[attr-defined,assignment]
    return cli_main(rest)


if __name__ == "__main__":
    sys.exit(main())
