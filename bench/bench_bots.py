"""Reproduce the bot measurements of docs/bots.md with `tressette arena`.

Each run is one `tressette arena` command on duplicate deals (printed before it runs, so it
can be re-run alone); its JSON report goes to `--out DIR/<name>.json` and its text report to
the terminal. Iteration budgets, not time budgets, so that the figures are reproducible;
`--calibrate` first prints the CPU seconds a decision of `search:iters=N` takes here.

    python bench/bench_bots.py --calibrate
    python bench/bench_bots.py --only search --deals 60 --iters 200
    python bench/bench_bots.py --only heuristic --deals 150

This is a measurement, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

RULESETS = ("tressette", "tressette-in-due", "calabresella", "briscola-chiamata")


def calibrate(iters: int, ruleset: str, deals: int = 2) -> float:
    """CPU seconds per decision (with a real choice) of search:iters=N in seat 0."""
    from tressette_dsl.agents import choose, make_agent, seat_rng  # noqa: PLC0415
    from tressette_dsl.engine import apply, deal_over, legal_actions, start  # noqa: PLC0415
    from tressette_dsl.loader import load_ruleset  # noqa: PLC0415

    rules = load_ruleset(ruleset)
    search, other = make_agent(f"search:iters={iters}"), make_agent("heuristic")
    spent, decisions = 0.0, 0
    for seed in range(1, deals + 1):
        state, _ = start(rules, seed)
        while not deal_over(state):
            seat = state.to_act
            legal = legal_actions(rules, state)
            began = time.process_time()
            action = choose(
                search if seat == 0 else other, rules, state, legal, seat_rng(seed, seat)
            )
            if seat == 0 and len(legal) > 1:
                spent += time.process_time() - began
                decisions += 1
            state, _ = apply(rules, state, action)
    return spent / max(decisions, 1)


def arena(ruleset: str, players: str, deals: int, jobs: int, out: Path) -> None:
    command = [
        sys.executable, "-m", "tressette_dsl", "arena", ruleset, "--players", players,
        "--deals", str(deals), "--jobs", str(jobs), "--format", "json",
    ]  # fmt: skip
    print("$ tressette " + " ".join(command[3:]), flush=True)
    began = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    name = f"{ruleset}__{players.replace(',', '__').replace(':', '-').replace('=', '')}.json"
    (out / name).write_text(done.stdout, encoding="utf-8")
    if done.returncode:
        print(done.stderr, file=sys.stderr)
        return
    import json  # noqa: PLC0415

    report = json.loads(done.stdout)
    for agent in report["agents"]:
        lo, hi = agent["ci95"]
        print(
            f"  {agent['kind']:<22} {agent['games']:>5} games  {100 * agent['share']:5.1f}%  "
            f"[{100 * lo:5.1f}%, {100 * hi:5.1f}%]  margin {agent['mean_margin']:+.2f}  "
            f"{agent['seconds_per_decision']:.3f} s/decision"
        )
    print(f"  ({time.perf_counter() - began:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("search", "heuristic", "all"), default="all")
    parser.add_argument("--ruleset", action="append", help="default: the four of issue 9")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--iters", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results")
    parser.add_argument("--calibrate", action="store_true")
    args = parser.parse_args()
    rulesets = args.ruleset or list(RULESETS)
    if args.calibrate:
        for ruleset in rulesets:
            for iters in (200, 400, 800):
                secs = calibrate(iters, ruleset)
                print(f"{ruleset}: search:iters={iters}: {secs:.3f} CPU s a decision")
        return
    args.out.mkdir(parents=True, exist_ok=True)
    for ruleset in rulesets:
        if args.only in ("search", "all"):
            arena(ruleset, f"search:iters={args.iters},heuristic", args.deals, args.jobs, args.out)
        if args.only in ("heuristic", "all"):
            arena(ruleset, "heuristic,heuristic-v1,random", args.deals, args.jobs, args.out)


if __name__ == "__main__":
    main()
