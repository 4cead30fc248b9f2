"""Benchmark: `tressette simulate` with heuristic bots, one tree or two interleaved.

    python bench/bench_simulate.py                       # this tree, 5 rounds x 12 matches
    python bench/bench_simulate.py --games 20 --rounds 7
    python bench/bench_simulate.py --against /work/base  # A = that tree, B = this one

Each round is a fresh interpreter with the tree first on `PYTHONPATH`; it plays the same
seeds (`--seed` .. `--seed + --games - 1`) as `simulate --jobs 1` does (a `MatchJob` of
heuristic bots in every seat, the engine `simulate --engine auto` would choose) and is
timed by CPU time (`process_time`: what the process itself spent, less sensitive to the
other processes of a shared machine than wall time). Printed: the median games/s and card
plays/s per tree, the ratio of the medians B / A, the maximum RSS of a round (the resident
memory of one worker: `ru_maxrss`), and whether both trees gave the same summaries (they
must: the same seeds give the same games). This is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Run inside the measured interpreter: one round, printed as JSON.
_ROUND = r"""
import hashlib, json, resource, sys, time
tree, ruleset, agents = sys.argv[1], sys.argv[2], sys.argv[5]
games, seed = int(sys.argv[3]), int(sys.argv[4])
import tressette_dsl
assert tressette_dsl.__file__.startswith(tree), (tressette_dsl.__file__, tree)
from tressette_dsl.loader import load_ruleset
from tressette_dsl.simulation.jobs import MatchJob
rules = load_ruleset(ruleset)
kinds = [k for k in agents.split(",")]
kinds = tuple(kinds[i % len(kinds)] for i in range(rules.players.count))
try:
    from tressette_dsl.compiled.matches import engine_for
    engine, _why = engine_for(rules, list(kinds), "auto")
except ImportError:
    engine = "interpreted"
job = MatchJob(ruleset, kinds, 500, engine)
job.play(seed)  # warm-up: imports, caches (not timed, not counted)
start = time.process_time()
summaries = [job.play(s) for s in range(seed, seed + games)]
spent = time.process_time() - start
plays = sum(s.card_plays for s in summaries)
digest = hashlib.sha256(
    json.dumps(
        [[s.seed, s.over, s.winners, s.reason, s.deals, s.actions, s.card_plays, s.totals,
          s.error, s.deal_deltas] for s in summaries], sort_keys=True, default=str
    ).encode()
).hexdigest()[:16]
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"games_s": games / spent, "plays_s": plays / spent, "rss_mb": rss,
                  "digest": digest, "engine": engine}))
"""

_PYCACHE = tempfile.mkdtemp(prefix="bench-simulate-pycache-")


def _env(tree: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    env["PYTHONPYCACHEPREFIX"] = str(Path(_PYCACHE) / str(tree).strip("/").replace("/", "_"))
    return env


def run_json(tree: Path, code: str, argv: list[str]) -> dict[str, object]:
    """`code` run by a fresh interpreter with `tree` first on its path (`argv` after the
    tree), its last line of output read as JSON."""
    out = subprocess.run(
        [sys.executable, "-c", code, str(tree), *argv],
        cwd=tree,
        env=_env(tree),
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def add_trees(parser: argparse.ArgumentParser) -> None:
    """The `--against` and `--tree` options (shared with bench_heuristic.py)."""
    parser.add_argument("--against", type=Path, default=None, help="tree A to compare with")
    parser.add_argument("--tree", type=Path, default=ROOT, help="tree B (default: this one)")


def interleaved(
    args: argparse.Namespace, rounds: int, code: str, argv: list[str]
) -> dict[Path, list[dict[str, object]]]:
    """Each tree's rounds of `code` (`run_json`), the trees taking turns round by round
    (tree A, from `--against`, first): a load that changes during the run meets both."""
    trees = [args.tree.resolve()] if args.against is None else [args.against.resolve()]
    if args.against is not None:
        trees.append(args.tree.resolve())
    runs: dict[Path, list[dict[str, object]]] = {t: [] for t in trees}
    for _ in range(rounds):
        for tree in trees:
            runs[tree].append(run_json(tree, code, argv))
    return runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_trees(parser)
    parser.add_argument("--ruleset", default="tressette")
    parser.add_argument("--agents", default="heuristic", help="agent kinds, cycled over seats")
    parser.add_argument("--games", type=int, default=12, help="matches per round (default 12)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per tree (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    print(f"{args.games} matches of {args.agents} bots on {args.ruleset!r}, {args.rounds} rounds")
    rounds = interleaved(
        args, args.rounds, _ROUND, [args.ruleset, str(args.games), str(args.seed), args.agents]
    )
    trees = list(rounds)
    medians = []
    for label, tree in zip("AB" if len(trees) == 2 else "B", trees, strict=False):
        runs = rounds[tree]
        games = statistics.median(float(str(r["games_s"])) for r in runs)
        plays = statistics.median(float(str(r["plays_s"])) for r in runs)
        rss = max(float(str(r["rss_mb"])) for r in runs)
        digests = {str(r["digest"]) for r in runs}
        medians.append((games, plays, digests))
        print(
            f"  {label} {tree}: {games:8.2f} games/s {plays:9.0f} card plays/s (median), "
            f"max RSS {rss:.1f} MB, engine {runs[0]['engine']}, summaries {','.join(digests)}"
        )
    if len(medians) == 2:
        same = medians[0][2] == medians[1][2]
        print(
            f"  B/A games/s {medians[1][0] / medians[0][0]:.3f}  "
            f"card plays/s {medians[1][1] / medians[0][1]:.3f}  same summaries: {same}"
        )
    print(f"  load average {load:.2f} before, {os.getloadavg()[0]:.2f} after")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
