"""What the heuristic's endgame solver costs a decision, against heuristic-v1 in the same run.

    python bench/endgame_cost.py tressette-in-due --deals 40 [--seed 1] [--max-cards 16]
                                 [--nodes 6000]

Plays `--deals` deals with `heuristic` in one seat and `heuristic-v1` in the others (the
seats swapped deal by deal), timing every `act` of each by CPU time (`process_time`: what
this process spent, less sensitive to the other processes of a shared machine than the
arena's wall time), and prints per bot the mean CPU milliseconds a decision and the ratio
of the two, with how many card plays the solver answered and changed, and the CPU
milliseconds of an endgame decision: each call of the exact solver (`endgame.solve`) and of
the sampled endgame (`endgame_worlds.sampled_totals`, the worlds drawn and solved) by
either bot, the calls that answered apart (run it with another tree first on `PYTHONPATH`
to time that tree's solver on the same deals). `--max-cards` and `--nodes` set the
solver's size limit and node budget (`agents.endgame.MAX_CARDS`, `NODES`) for this run,
to see what a larger search would cost. A measurement, not a test.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, cast

from tressette_dsl.agents import Worlds, endgame, endgame_worlds, make_agent
from tressette_dsl.agents.base import Agent, SearchAgent
from tressette_dsl.engine import apply, deal_over, legal_actions, new_game, observe
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.observe import Observation
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ruleset")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-cards", type=int, default=endgame.MAX_CARDS)
    ap.add_argument("--nodes", type=int, default=endgame.NODES)
    args = ap.parse_args()
    endgame.MAX_CARDS = args.max_cards
    for fn in (endgame.endgame_card, endgame.solve):
        assert fn.__kwdefaults__ is not None
        fn.__kwdefaults__["budget"] = args.nodes
    rules = load_ruleset(args.ruleset)
    bots = {"heuristic": make_agent("heuristic"), "heuristic-v1": make_agent("heuristic-v1")}
    cpu = dict.fromkeys(bots, 0.0)
    count = dict.fromkeys(bots, 0)
    answered = changed = 0
    real_solve = endgame.solve
    real_sampled = endgame_worlds.sampled_totals
    spent, timed = _timers()

    def counted(*a: Any, **k: Any) -> Any:
        nonlocal answered, changed
        got = timed("exact", real_solve, *a, **k)
        if got is not None:
            answered += 1
            changed += got[0] != a[3]
        return got

    endgame.solve = counted
    endgame_worlds.sampled_totals = lambda *a, **k: timed("sampled", real_sampled, *a, **k)
    for deal in range(args.deals):
        seed = args.seed + deal
        state = new_game(rules, seed)
        rng = random.Random(seed)
        lone = deal % rules.players.count
        while state.to_act is not None:
            seat = state.to_act
            kind = "heuristic" if seat == lone else "heuristic-v1"
            legal = legal_actions(rules, state)
            obs = observe(rules, state, seat)
            began = time.process_time()
            action = _act(bots[kind], rules, state=state, obs=obs, legal=legal, rng=rng)
            cpu[kind] += time.process_time() - began
            count[kind] += 1
            state, _ = apply(rules, state, action)
            if deal_over(state):
                break
    for kind in bots:
        print(
            f"{kind:13} {count[kind]:6} decisions  {1000 * cpu[kind] / count[kind]:.3f} ms CPU each"
        )
    ratio = (cpu["heuristic"] / count["heuristic"]) / (cpu["heuristic-v1"] / count["heuristic-v1"])
    print(f"ratio heuristic / heuristic-v1: {ratio:.2f}")
    print(f"card plays the solver answered: {answered}, changed: {changed}")
    _report(spent)


def _act(
    bot: Agent,
    rules: Ruleset,
    *,
    state: GameState,
    obs: Observation,
    legal: Sequence[Action],
    rng: random.Random,
) -> Action:
    """`bot`'s action, with the worlds service it gets in play when it samples (`choose`;
    the worlds are drawn lazily, so their cost is timed with the act)."""
    if getattr(bot, "needs_worlds", False):
        assert state.to_act is not None
        worlds = Worlds(rules, state, state.to_act)
        return cast(SearchAgent, bot).act(rules, obs, legal, rng, worlds=worlds)
    return bot.act(rules, obs, legal, rng)


def _timers() -> tuple[dict[str, list[float]], Callable[..., Any]]:
    """Per solver kind [calls, CPU s, calls that answered, their CPU s], and the wrapper
    `timed(kind, fn, *args)` that calls `fn` and counts it there."""
    spent = {"exact": [0.0, 0.0, 0.0, 0.0], "sampled": [0.0, 0.0, 0.0, 0.0]}

    def timed(kind: str, fn: Any, *a: Any, **k: Any) -> Any:
        began = time.process_time()
        got = fn(*a, **k)
        took = time.process_time() - began
        row = spent[kind]
        row[0] += 1
        row[1] += took
        if got is not None:
            row[2] += 1
            row[3] += took
        return got

    return spent, timed


def _report(spent: dict[str, list[float]]) -> None:
    for kind, (calls, cpu_s, done, done_s) in spent.items():
        if calls:
            print(
                f"{kind:7} endgame: {calls:.0f} calls, {1000 * cpu_s / calls:.3f} ms CPU each; "
                f"{done:.0f} answered, {1000 * done_s / max(done, 1):.3f} ms each"
            )


if __name__ == "__main__":
    main()
