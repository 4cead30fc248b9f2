"""Strength of the sampling (perfect-information Monte Carlo) bot, deal by deal.

Plays `--deals` seeded deals of a ruleset with fixed partnerships (default `tressette`),
each twice: once with the first kind on side 0 (seats 0, 2) against the second on side 1,
once with the sides swapped, and prints how many deals the first kind won on points and
its mean margin per deal.

    python bench/bench_sampling.py sampling random --budget 32 --deals 100
    python bench/bench_sampling.py sampling heuristic --budget 32 --deals 100
    python bench/bench_sampling.py random random
    python bench/bench_sampling.py sampling random --engine interpreted  # the old path

It also prints the sampling bots' CPU time per decision: `--engine auto` (the default)
runs their playouts on the compiled kernel, `interpreted` on the interpreter; the
decisions, and so the games, are the same either way.

This is a measurement, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tressette_dsl.agents import (  # noqa: E402 - found through the path set just above
    HeuristicAgent,
    RandomAgent,
    SamplingAgent,
    choose,
    seat_rng,
)
from tressette_dsl.engine import apply, deal_over, legal_actions, start  # noqa: E402
from tressette_dsl.loader import load_ruleset  # noqa: E402


def make(kind: str, budget: int, engine: str = "auto") -> object:
    if kind == "sampling":
        return SamplingAgent(budget, engine=engine)
    return {"random": RandomAgent, "heuristic": HeuristicAgent}[kind]()


SEARCH = [0.0, 0]  # CPU seconds in the sampling bots' decisions, and their number


def play_deal(rules: object, seed: int, agents: list[object]) -> tuple[int, ...]:
    """One deal; the points of each side."""
    state, _events = start(rules, seed)
    rngs = [seat_rng(seed, s) for s in range(len(agents))]
    while True:
        legal = legal_actions(rules, state)
        agent = agents[state.to_act]
        began = time.process_time()
        action = choose(agent, rules, state, legal, rngs[state.to_act])
        if isinstance(agent, SamplingAgent):
            SEARCH[0] += time.process_time() - began
            SEARCH[1] += 1
        state, _events = apply(rules, state, action)
        if deal_over(state):
            return state.deals[-1].points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", choices=("sampling", "random", "heuristic"))
    parser.add_argument("second", choices=("sampling", "random", "heuristic"))
    parser.add_argument("--ruleset", default="tressette")
    parser.add_argument("--budget", type=int, default=32, help="playouts per decision")
    parser.add_argument("--deals", type=int, default=20, help="seeds (each played twice)")
    parser.add_argument(
        "--engine",
        choices=("auto", "interpreted"),
        default="auto",
        help="where the sampling bots play their playouts (default auto: the kernel)",
    )
    args = parser.parse_args()
    rules = load_ruleset(args.ruleset)
    if rules.sides.mode != "teams" or len(rules.sides.seats) != 2:
        parser.error("this benchmark needs two fixed partnerships")
    side0 = sorted(rules.sides.seats[0])
    won = tied = margin = 0
    began = time.perf_counter()
    for seed in range(1, args.deals + 1):
        for swap in (False, True):
            kinds = (args.second, args.first) if swap else (args.first, args.second)
            agents = [
                make(kinds[0] if s in side0 else kinds[1], args.budget, args.engine)
                for s in range(rules.players.count)
            ]
            points = play_deal(rules, seed, agents)
            mine, theirs = (points[1], points[0]) if swap else (points[0], points[1])
            won += mine > theirs
            tied += mine == theirs
            margin += mine - theirs
    n = 2 * args.deals
    print(
        f"{args.first} vs {args.second} on {args.ruleset}, budget {args.budget}: "
        f"{n} deals, won {won} ({100 * won / n:.0f}%), tied {tied}, "
        f"mean margin {margin / n:+.2f} points a deal, {time.perf_counter() - began:.0f} s"
    )
    if SEARCH[1]:
        print(
            f"sampling decisions ({args.engine}): {SEARCH[1]}, "
            f"{1000 * SEARCH[0] / SEARCH[1]:.1f} ms CPU each"
        )


if __name__ == "__main__":
    main()
