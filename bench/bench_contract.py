"""Same-run paired figure of the contract phases' run (`compiled.contract`).

For each contract ruleset plays the same deals of random play on the compiled path
twice per round, once with the auctions, calls and exchanges played in one run
(`contract_run`, the default) and once with each of their decisions handed to the
interpreter's step API (as before it), alternating the order round by round, and prints
the median CPU time of each and their ratio (and the ratio of the best rounds, which
other processes on a shared machine disturb least). Both give the same games (checked here on
every deal: the final states must be equal).

    python bench/bench_contract.py                       # the contract rulesets, 5 rounds
    python bench/bench_contract.py --ruleset calabresella --deals 300 --rounds 7

This is a measurement, not a test: a mismatch is printed and makes the exit status 1.
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tressette_dsl.compiled import kernel, playout  # noqa: E402 - the path set just above
from tressette_dsl.compiled.contract import plays  # noqa: E402
from tressette_dsl.engine import new_game  # noqa: E402
from tressette_dsl.loader import load_ruleset  # noqa: E402

DEFAULT = [
    "calabresella",
    "briscola-chiamata",
    "tressette-chiamata",
    "tressette-chiamata-del-tre",
    "calabrasella-americana",
]


def _states(rules, deals: int) -> list:
    """The first state of `deals` deals: matches of seeds 1, 2... played on."""
    out = []
    seed = 0
    while len(out) < deals:
        seed += 1
        state = new_game(rules, seed)
        rng = [random.Random(f"states:{seed}:{s}") for s in range(state.n)]
        while not state.over and len(out) < deals:
            out.append(state)
            state = playout(rules, state, rng, engine="interpreted")
    # the legal actions the interpreter worked out for a state stay on it (a private
    # entry, not pickled): fresh copies, so that neither path finds the other's list
    return [pickle.loads(pickle.dumps(s)) for s in out]


def _run(rules, states: list, batched: bool) -> tuple[float, list]:
    kernel.contract_plays = plays if batched else (lambda rules: False)
    ends = []
    states = [pickle.loads(pickle.dumps(s)) for s in states]  # no list kept from a run
    began = time.process_time()
    for i, state in enumerate(states):
        rng = [random.Random(f"bench:{i}:{s}") for s in range(state.n)]
        ends.append(playout(rules, state, rng))
    spent = time.process_time() - began
    kernel.contract_plays = plays
    return spent, ends


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", action="append")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    bad = 0
    for name in args.ruleset or DEFAULT:
        rules = load_ruleset(name)
        states = _states(rules, args.deals)
        on: list[float] = []
        off: list[float] = []
        for r in range(args.rounds):
            for batched in (True, False) if r % 2 == 0 else (False, True):
                spent, ends = _run(rules, states, batched)
                (on if batched else off).append(spent)
                if batched:
                    got = ends
                else:
                    want = ends
            if got != want:
                print(f"{name}: the two paths ended some deal differently")
                bad = 1
        a, b = statistics.median(off), statistics.median(on)
        print(
            f"{name}: {args.deals} deals, median CPU {a:.3f} s with the step API, "
            f"{b:.3f} s with contract_run: x{a / b:.2f} faster "
            f"(best of {args.rounds}: x{min(off) / min(on):.2f})"
        )
    return bad


if __name__ == "__main__":
    raise SystemExit(main())
