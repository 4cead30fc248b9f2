"""The arena with a candidate card-evaluator table swapped in, without committing it.

    python bench/heuristic_table_arena.py bench/heuristic_weights_session6.json \\
        --seed 11000 --deals 1000 --opponents random,heuristic-v1

Runs `agents.arena.run_arena` (the code of `tressette arena`: duplicate deals, ties half,
Wilson intervals) in this process for `heuristic` against each opponent, after
`heuristic_eval.use_table(TABLE)` (``-``: the committed table), so that a table fitted by
bench/heuristic_fit.py is judged by the arena before it replaces
tressette_dsl/agents/heuristic_weights.json. ``--margin`` overrides the table's own.
One process, no --jobs: the table lives in this process only.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from tressette_dsl.agents import heuristic_eval
from tressette_dsl.agents.arena import run_arena
from tressette_dsl.loader import load_ruleset


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("table", help="a weights file, or - for the committed one")
    parser.add_argument("--ruleset", default="tressette")
    parser.add_argument("--seed", type=int, default=40000)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--margin", type=float, default=None)
    args = parser.parse_args(argv)
    if args.table != "-":
        table = json.loads(Path(args.table).read_text(encoding="utf-8"))
        if args.margin is not None:
            table["margin"] = args.margin
        heuristic_eval.use_table(table)
    rules = load_ruleset(args.ruleset)
    for opponent in args.opponents.split(","):
        report = run_arena(rules, ["heuristic", opponent], args.deals, seed=args.seed)
        a = report["agents"][0]
        lo, hi = a["ci95"]
        print(
            f"{args.table} heuristic vs {opponent}, {args.ruleset} seed {args.seed}, "
            f"{args.deals} deals: {a['share']:.4f} [{lo:.4f}, {hi:.4f}], "
            f"margin {a['mean_margin']:+.3f}, {a['seconds_per_decision'] * 1000:.3f} ms a decision",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
