"""Benchmark: the heuristic bot's decisions and `search:policy=heuristic`'s rollouts, one
tree or two interleaved.

    python bench/bench_heuristic.py                                # this tree
    python bench/bench_heuristic.py --against /work/main --ruleset briscola-chiamata

The positions are every decision with a choice in `--deals` deals (from `--seed`) played
by `heuristic:endgame=false` in every seat. Each round is a fresh interpreter with the
tree first on `PYTHONPATH`, timed by CPU time (`process_time`), the positions built
before the clock starts, and measures on them:

* `off`: a decision of `heuristic:endgame=false` (the rollouts' bot), from `observe` on;
* `on`: a decision of `heuristic` (the sampled endgame on, with the seat's `Worlds`);
* `rollout`: `search_improve.finish` as `improve` plays it: at every `--every`-th card
  play with a choice, a world sampled for the seat, each card it may play (without
  signals) applied and the deal played to its end by `heuristic:endgame=false` in every
  seat; rollouts a second.

Printed: the median of the rounds per tree, the ratio B / A of the medians, and whether
both trees decided the same (a digest of every action chosen and every rollout's end: it
must match, the speed-ups change no decision). A measurement, not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/, for bench_simulate
from bench_simulate import add_trees, interleaved

# Run inside the measured interpreter: one round, printed as JSON.
_ROUND = r"""
import hashlib, json, random, sys, time
tree, ruleset, deals, seed, every = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:6])
import tressette_dsl
assert tressette_dsl.__file__.startswith(tree), (tressette_dsl.__file__, tree)
from tressette_dsl.agents.base import Worlds
from tressette_dsl.agents.heuristic import HeuristicAgent
from tressette_dsl.agents.search_improve import finish
from tressette_dsl.engine import apply, deal_over, legal_actions, new_game, observe
from tressette_dsl.loader import load_ruleset
rules = load_ruleset(ruleset)
off, on = HeuristicAgent(endgame=False), HeuristicAgent()
positions = []
for deal in range(seed, seed + deals):
    state, rng = new_game(rules, deal), random.Random(deal)
    while not deal_over(state) and state.to_act is not None:
        legal = legal_actions(rules, state)
        if len(legal) > 1:
            positions.append((state, legal))
            action = off.act(rules, observe(rules, state, state.to_act), legal, rng)
        else:
            action = legal[0]
        state, _events = apply(rules, state, action)
out = {"positions": len(positions)}
digest = hashlib.sha256()
state, legal = positions[-1]  # warm-up, not timed: the world sampler's first import
on.act(rules, observe(rules, state, state.to_act), legal, random.Random(0),
       worlds=Worlds(rules, state, state.to_act))
Worlds(rules, state, state.to_act).sample(random.Random(0))
for name, agent in (("off", off), ("on", on)):
    start = time.process_time()
    for k, (state, legal) in enumerate(positions):
        seat = state.to_act
        worlds = Worlds(rules, state, seat) if agent.needs_worlds else None
        obs = observe(rules, state, seat)
        action = agent.act(rules, obs, legal, random.Random(k), worlds=worlds)
        digest.update(str(action).encode())
    out[name + "_ms"] = 1000 * (time.process_time() - start) / len(positions)
from tressette_dsl.agents.action_words import by_verb, plain_plays
plays = []
for state, legal in positions:
    cards = list(plain_plays(by_verb(legal).get("play", [])).values())
    if len(cards) > 1:
        plays.append((state, cards))
rollouts = 0
start = time.process_time()
for k, (state, legal) in enumerate(plays[::every]):
    world = Worlds(rules, state, state.to_act).sample(random.Random(k))
    for action in legal:
        after, _events = apply(rules, world, action)
        end = finish(rules, after, off, random.Random(k))
        digest.update(repr(end.match.totals).encode())
        rollouts += 1
spent = time.process_time() - start
out.update(rollouts=rollouts, rollouts_s=rollouts / spent, digest=digest.hexdigest()[:16])
print(json.dumps(out))
"""

_FIGURES = ("off_ms", "on_ms", "rollouts_s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_trees(parser)
    parser.add_argument("--ruleset", default="tressette")
    parser.add_argument("--deals", type=int, default=6, help="deals of positions (default 6)")
    parser.add_argument("--every", type=int, default=4, help="rollouts at every k-th card play")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per tree (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    print(f"{args.ruleset!r}, positions of {args.deals} deals from seed {args.seed}")
    code_argv = [args.ruleset, str(args.deals), str(args.seed), str(args.every)]
    rounds = interleaved(args, args.rounds, _ROUND, code_argv)
    trees = list(rounds)
    medians: list[dict[str, float]] = []
    digests: list[set[str]] = []
    for label, tree in zip("AB" if len(trees) == 2 else "B", trees, strict=False):
        runs = rounds[tree]
        median = {f: statistics.median(float(str(r[f])) for r in runs) for f in _FIGURES}
        medians.append(median)
        digests.append({str(r["digest"]) for r in runs})
        print(
            f"  {label} {tree}: {median['off_ms']:.4f} ms a decision (endgame off), "
            f"{median['on_ms']:.4f} ms (on), {median['rollouts_s']:.1f} rollouts/s "
            f"(medians; {runs[0]['positions']} positions, {runs[0]['rollouts']} rollouts), "
            f"decisions {','.join(sorted(digests[-1]))}"
        )
    if len(medians) == 2:
        a, b = medians
        print(
            f"  B/A speed: decisions off x{a['off_ms'] / b['off_ms']:.3f}, "
            f"on x{a['on_ms'] / b['on_ms']:.3f}, "
            f"rollouts/s x{b['rollouts_s'] / a['rollouts_s']:.3f}"
            f"; same decisions: {digests[0] == digests[1] and len(digests[0]) == 1}"
        )
    print(f"  load average {load:.2f} before, {os.getloadavg()[0]:.2f} after")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
