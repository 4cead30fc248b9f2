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
decisions, and so the games, are the same either way. `--paired` makes every sampling
decision twice in the same run, on the kernel and on the interpreter, from the same
state and the same random state: it checks that both choose the same action and prints
the ratio of their CPU times (the figure issue 8 asks for: the decision on the kernel at
least 7x faster at the same budget).

    python bench/bench_sampling.py sampling random --budget 32 --deals 10 --paired

This is a measurement, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import random
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
from tressette_dsl.compiled import compile_ruleset  # noqa: E402
from tressette_dsl.engine import apply, deal_over, legal_actions, start  # noqa: E402
from tressette_dsl.loader import load_ruleset  # noqa: E402


def make(kind: str, budget: int, engine: str = "auto") -> object:
    if kind == "sampling":
        return SamplingAgent(budget, engine=engine)
    return {"random": RandomAgent, "heuristic": HeuristicAgent}[kind]()


SEARCH = [0.0, 0]  # CPU seconds in the sampling bots' decisions, and their number
# --paired: the same decisions on the interpreter (CPU seconds, number, different choices)
PAIRED = [0.0, 0, 0]
PAIR: list[bool] = [False]


def play_deal(rules: object, seed: int, agents: list[object]) -> tuple[int, ...]:
    """One deal; the points of each side."""
    state, _events = start(rules, seed)
    rngs = [seat_rng(seed, s) for s in range(len(agents))]
    while True:
        legal = legal_actions(rules, state)
        agent = agents[state.to_act]
        rng = rngs[state.to_act]
        twin = None
        if PAIR[0] and isinstance(agent, SamplingAgent):
            twin = random.Random()
            twin.setstate(rng.getstate())  # the same draws for the other engine
        began = time.process_time()
        action = choose(agent, rules, state, legal, rng)
        if isinstance(agent, SamplingAgent):
            SEARCH[0] += time.process_time() - began
            SEARCH[1] += 1
        if twin is not None:
            assert isinstance(agent, SamplingAgent)
            other = SamplingAgent(agent.budget, engine="interpreted")
            began = time.process_time()
            again = choose(other, rules, state, legal, twin)
            PAIRED[0] += time.process_time() - began
            PAIRED[1] += 1
            PAIRED[2] += str(again) != str(action)
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
    parser.add_argument(
        "--paired",
        action="store_true",
        help="make each sampling decision on the interpreter too (same run): the speed ratio",
    )
    args = parser.parse_args()
    PAIR[0] = args.paired and args.engine == "auto"
    rules = load_ruleset(args.ruleset)
    compile_ruleset(rules)  # once, before the timed decisions (the kernel is kept)
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
    if PAIRED[1]:
        print(
            f"the same {PAIRED[1]} decisions on the interpreter: "
            f"{1000 * PAIRED[0] / PAIRED[1]:.1f} ms CPU each; kernel x{PAIRED[0] / SEARCH[0]:.2f} "
            f"faster; {PAIRED[2]} chose differently"
        )


if __name__ == "__main__":
    main()
