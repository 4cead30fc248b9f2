"""Benchmark: random legal play with the generic engine vs the hand-written one.

Plays N deals of random legal play on the bundled `tressette` ruleset with the generic
engine (``legal_actions`` + ``apply``, every decision drawn from a seeded `random.Random`),
and the same number of deals with ``bench/handwritten.py``, a single-variant engine. Each
workload is timed `--runs` times on one core; the medians and their ratio are printed.

    python bench/bench_engine.py                # 5 runs x 200 deals
    python bench/bench_engine.py --deals 50 --runs 3

`no events` is the generic engine as bots and `simulate` call it (`apply(...,
events=False)`: the same states, no event records).

Only card plays are counted as "plays"; declarations, signals and claims offered by the
generic engine are chosen at random too (they are part of its legal actions), but a deal
always ends after its 40 card plays. This is a measurement, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import handwritten  # noqa: E402 - found through the path set just above

from tressette_dsl.engine import apply, deal_over, is_over, legal_actions, new_game  # noqa: E402
from tressette_dsl.engine.actions import Claim, Play  # noqa: E402
from tressette_dsl.loader import load_ruleset  # noqa: E402


def generic_deals(rules, n: int, seed: int, *, events: bool = True) -> tuple[int, int]:
    """Play n deals of random legal play; return (deals, card plays). With
    `events=False`, `apply` builds no event records (as bots and `simulate` call it)."""
    quiet = {} if events else {"events": False}
    rng = random.Random(seed)
    deals = plays = 0
    game = 0
    state = new_game(rules, seed)
    while deals < n:
        if is_over(state):
            game += 1
            state = new_game(rules, seed + game)
            continue
        legal = legal_actions(rules, state)
        action = legal[rng.randrange(len(legal))]
        if isinstance(action, Claim):  # a claim ends the match early: not a full deal
            others = [a for a in legal if not isinstance(a, Claim)]
            action = others[rng.randrange(len(others))] if others else action
        state, _events = apply(rules, state, action, **quiet)
        if isinstance(action, Play):
            plays += 1
        if deal_over(state):
            deals += 1
    return deals, plays


def _time(fn) -> tuple[float, int, int]:
    start = time.perf_counter()
    deals, plays = fn()
    return time.perf_counter() - start, deals, plays


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per run (default 200)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", default="tressette")
    args = parser.parse_args(argv)

    rules = load_ruleset(args.ruleset)
    generic_deals(rules, 2, args.seed)  # warm-up: imports, caches
    results: dict[str, list[tuple[float, int, int]]] = {
        "generic": [],
        "no events": [],
        "handwritten": [],
    }
    for run in range(args.runs):
        seed = args.seed + run
        results["generic"].append(_time(lambda s=seed: generic_deals(rules, args.deals, s)))
        results["no events"].append(
            _time(lambda s=seed: generic_deals(rules, args.deals, s, events=False))
        )
        results["handwritten"].append(
            _time(lambda s=seed: (args.deals, handwritten.play_deals(args.deals, s)))
        )

    print(f"{args.runs} runs x {args.deals} deals of random legal play on {args.ruleset!r}")
    medians = {}
    for name, runs in results.items():
        deal_rate = statistics.median(d / t for t, d, _ in runs)
        play_rate = statistics.median(p / t for t, _, p in runs)
        medians[name] = (deal_rate, play_rate)
        print(f"  {name:<12} {deal_rate:>10.1f} deals/s  {play_rate:>11.1f} card plays/s (median)")
    ratio = medians["handwritten"][1] / medians["generic"][1]
    print(f"  ratio: the hand-written engine plays cards {ratio:.1f}x faster than the generic one")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
