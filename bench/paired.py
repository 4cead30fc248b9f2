"""Paired A/B benchmark of two checkouts of the project, interleaved in one run.

    python bench/paired.py /work/base .                 # step API and validate, 7 rounds
    python bench/paired.py A B --only step --rounds 9
    python bench/paired.py A B --only validate
    python bench/paired.py A B --only step --no-events   # apply(..., events=False)

A shared machine's speed drifts by tens of percent within minutes (other processes, the
CPU's clock), so figures taken at different times do not compare. This script alternates
A and B round by round - each measurement a fresh interpreter with the tree first on
`PYTHONPATH` - and prints per tree the median of the rounds, and the ratio of the medians
B / A, with the load average before and after.

* `step`: random legal play through the public step API (`legal_actions` + `apply`) on
  `--ruleset`, the workload of bench/bench_engine.py, timed by CPU time (`process_time`:
  what the process itself spent, less sensitive to the other processes than wall time);
  actions/s and card plays/s, best of 3 runs of `--deals` deals per round; with
  `--no-events`, `apply(..., events=False)` as bots, rollouts and `simulate` call it.
* `validate`: wall time of one cold ``python -m tressette_dsl validate -q FILE`` (what a
  user waits for; bench/validate_cold.py measures the same in one tree).

Each tree's bytecode is compiled once, into a private folder, before the first round.

Both trees must provide the public engine API (`tressette_dsl.engine`); nothing in a tree
is modified. This is a measurement, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Run inside the measured interpreter: the step-API workload, printed as JSON.
_STEP = r"""
import json, random, sys, time
tree, ruleset, deals, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
quiet = {"events": False} if sys.argv[5:] == ["no-events"] else {}
import tressette_dsl
assert tressette_dsl.__file__.startswith(tree), (tressette_dsl.__file__, tree)
from tressette_dsl.engine import apply, deal_over, is_over, legal_actions, new_game
from tressette_dsl.engine.actions import Claim, Play
from tressette_dsl.loader import load_ruleset
rules = load_ruleset(ruleset)

def run(n):
    rng = random.Random(seed); done = acts = plays = game = 0
    state = new_game(rules, seed)
    while done < n:
        if is_over(state):
            game += 1; state = new_game(rules, seed + game); continue
        legal = legal_actions(rules, state)
        action = legal[rng.randrange(len(legal))]
        if isinstance(action, Claim):
            others = [a for a in legal if not isinstance(a, Claim)]
            action = others[rng.randrange(len(others))] if others else action
        state, _events = apply(rules, state, action, **quiet)
        acts += 1; plays += isinstance(action, Play)
        if deal_over(state): done += 1
    return acts, plays

run(2)
best = None
for _ in range(3):
    start = time.process_time(); acts, plays = run(deals); spent = time.process_time() - start
    best = spent if best is None else min(best, spent)
print(json.dumps({"actions_s": acts / best, "plays_s": plays / best}))
"""


_PYCACHE = tempfile.mkdtemp(prefix="paired-pycache-")


def _env(tree: Path) -> dict[str, str]:
    """The tree first on the path; bytecode compiled once into a private folder per tree
    (as an installed package has it, whatever `PYTHONDONTWRITEBYTECODE` says), so that no
    round times Python's compiler."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    env["PYTHONPYCACHEPREFIX"] = str(Path(_PYCACHE) / str(tree).strip("/").replace("/", "_"))
    env.pop("PYTHONSTARTUP", None)
    return env


def step_round(
    tree: Path, ruleset: str, deals: int, seed: int, *, events: bool = True
) -> dict[str, float]:
    extra = [] if events else ["no-events"]
    out = subprocess.run(
        [sys.executable, "-c", _STEP, str(tree), ruleset, str(deals), str(seed), *extra],
        cwd=tree,
        env=_env(tree),
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def validate_round(tree: Path, file: str) -> dict[str, float]:
    command = [sys.executable, "-m", "tressette_dsl", "validate", "-q", file]
    start = time.perf_counter()
    subprocess.run(command, cwd=tree, env=_env(tree), capture_output=True, check=True)
    return {"seconds": time.perf_counter() - start}


def load() -> str:
    one, five, _fifteen = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=Path, help="tree A (the reference, e.g. before a change)")
    parser.add_argument("b", type=Path, help="tree B")
    parser.add_argument("--rounds", type=int, default=7, help="A/B rounds (default 7)")
    parser.add_argument("--only", choices=("step", "validate"), default=None)
    parser.add_argument("--ruleset", default="tressette")
    parser.add_argument("--deals", type=int, default=60, help="deals per step run (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--file", default="rulesets/tressette.yaml", help="validated file")
    parser.add_argument(
        "--no-events",
        action="store_true",
        help="step: apply(..., events=False), as bots, rollouts and simulate call it",
    )
    args = parser.parse_args(argv)
    trees = (args.a.resolve(), args.b.resolve())
    kinds = [args.only] if args.only else ["step", "validate"]
    print(f"A = {trees[0]}\nB = {trees[1]}\nbefore: {load()}")
    for tree in trees:  # compile each tree's bytecode before any timed round
        validate_round(tree, args.file)
    for kind in kinds:
        rounds: dict[Path, list[dict[str, float]]] = {t: [] for t in trees}
        for _ in range(args.rounds):
            for tree in trees:
                if kind == "step":
                    rounds[tree].append(
                        step_round(
                            tree, args.ruleset, args.deals, args.seed, events=not args.no_events
                        )
                    )
                else:
                    rounds[tree].append(validate_round(tree, args.file))
        keys = list(rounds[trees[0]][0])
        quiet = " without events" if kind == "step" and args.no_events else ""
        print(f"{kind}{quiet} ({args.rounds} interleaved rounds):")
        for key in keys:
            med = [statistics.median(r[key] for r in rounds[t]) for t in trees]
            spread = [
                f"{min(r[key] for r in rounds[t]):.3f}..{max(r[key] for r in rounds[t]):.3f}"
                if key == "seconds"
                else f"{min(r[key] for r in rounds[t]):.0f}..{max(r[key] for r in rounds[t]):.0f}"
                for t in trees
            ]
            fmt = "{:.3f}" if key == "seconds" else "{:.0f}"
            print(
                f"  {key:<10} A {fmt.format(med[0])} ({spread[0]})  "
                f"B {fmt.format(med[1])} ({spread[1]})  B/A {med[1] / med[0]:.3f}"
            )
    print(f"after: {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
