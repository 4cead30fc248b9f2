"""What the heuristic's endgame solver costs a decision, against heuristic-v1 in the same run.

    python bench/endgame_cost.py tressette-in-due --deals 40 [--seed 1] [--max-cards 16]
                                 [--nodes 6000]

Plays `--deals` deals with `heuristic` in one seat and `heuristic-v1` in the others (the
seats swapped deal by deal), timing every `act` of each by CPU time (`process_time`: what
this process spent, less sensitive to the other processes of a shared machine than the
arena's wall time), and prints per bot the mean CPU milliseconds a decision and the ratio
of the two, with how many card plays the solver answered and changed. `--max-cards` and
`--nodes` set the solver's size limit and node budget (`agents.endgame.MAX_CARDS`,
`NODES`) for this run, to see what a larger search would cost. A measurement, not a test.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from tressette_dsl.agents import endgame, make_agent
from tressette_dsl.engine import apply, deal_over, legal_actions, new_game, observe
from tressette_dsl.loader import load_ruleset


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

    def counted(*a: Any, **k: Any) -> Any:
        nonlocal answered, changed
        got = real_solve(*a, **k)
        if got is not None:
            answered += 1
            changed += got[0] != a[3]
        return got

    endgame.solve = counted
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
            action = bots[kind].act(rules, obs, legal, rng)
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


if __name__ == "__main__":
    main()
