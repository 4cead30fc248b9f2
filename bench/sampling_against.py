"""The sampling bot's CPU time a decision here against another checkout of the project.

    python bench/sampling_against.py /path/to/other/checkout --budget 32 --deals 4 --rounds 3

Issue 8 item 7 asks that the sampling bot's decision at the same budget get 7x faster
than it was. `bench_sampling.py --paired` compares the kernel and the interpreter of one
tree; this compares two trees, e.g. the one before the compiled kernel existed
(``2af1942``) against this one. Each round runs both trees, alternately, in their own
processes (each imports its own ``tressette_dsl``): the same seeds, sampling bots in seats
0 and 2 against random bots, then the seats swapped, and `time.process_time` around each
sampling decision only. It prints the median a decision of each tree and their ratio.

The two trees may decide differently (the sampler changes between them), so the decisions
are not compared; their number is printed. This is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Run in a fresh interpreter with the tree first on the path: only the API both trees
# have (start, legal_actions, apply, deal_over, choose, seat_rng, SamplingAgent(budget)).
_PROBE = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from tressette_dsl.agents import RandomAgent, SamplingAgent, choose, seat_rng
from tressette_dsl.engine import apply, deal_over, legal_actions, start
from tressette_dsl.loader import load_ruleset
deals, budget = int(sys.argv[2]), int(sys.argv[3])
rules = load_ruleset("tressette")
seats = rules.players.count
cpu, n = 0.0, 0
for seed in range(1, deals + 1):
    for swap in (False, True):
        agents = [
            SamplingAgent(budget) if (s % 2 == 0) != swap else RandomAgent()
            for s in range(seats)
        ]
        state, _ = start(rules, seed)
        rngs = [seat_rng(seed, s) for s in range(seats)]
        while True:
            legal = legal_actions(rules, state)
            agent = agents[state.to_act]
            began = time.process_time()
            action = choose(agent, rules, state, legal, rngs[state.to_act])
            if isinstance(agent, SamplingAgent):
                cpu += time.process_time() - began
                n += 1
            state, _ = apply(rules, state, action)
            if deal_over(state):
                break
print(json.dumps({"decisions": n, "ms": 1000 * cpu / max(n, 1)}))
"""


def probe(tree: Path, deals: int, budget: int) -> dict[str, float]:
    """One tree's run: its number of sampling decisions and CPU ms each."""
    out = subprocess.run(
        [sys.executable, "-c", _PROBE, str(tree), str(deals), str(budget)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tree,
    )
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="another checkout of the project (A)")
    parser.add_argument("--budget", type=int, default=32, help="playouts a decision")
    parser.add_argument("--deals", type=int, default=4, help="seeds, each played twice")
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs of each tree")
    args = parser.parse_args(argv)
    trees = {"A": args.other.resolve(), "B": ROOT}
    runs: dict[str, list[dict[str, float]]] = {"A": [], "B": []}
    for r in range(args.rounds):
        for name in ("A", "B") if r % 2 == 0 else ("B", "A"):
            runs[name].append(probe(trees[name], args.deals, args.budget))
    medians = {name: statistics.median(x["ms"] for x in rs) for name, rs in runs.items()}
    for name in ("A", "B"):
        each = ", ".join(f"{x['ms']:.2f}" for x in runs[name])
        decisions = int(runs[name][0]["decisions"])
        print(
            f"  {name} {trees[name]}: {decisions} sampling decisions a run, "
            f"median {medians[name]:.2f} ms CPU each ({each})"
        )
    print(f"  A/B {medians['A'] / medians['B']:.2f}: B decides that many times faster")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
