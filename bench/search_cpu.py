"""CPU time a decision of search specifications on the same positions, interleaved.

    python bench/search_cpu.py tressette-in-due --seed 88100 --positions 20 \\
        search:iters=600 search:iters=30:policy=heuristic

The positions are every other decision with a choice (more than one folded key) that is
not a speech, in the first two deals of heuristic games seeded `seed`, `seed + 1`, ...;
each specification decides each position in turn with the same random source, timed by
`time.process_time` (what this process spent: a loaded machine's other processes count
less than in wall time). Prints the mean and median per specification, and with
`--digest` a sha256 of the actions each chose (two checkouts that print the same digest
made the same decisions: session 10 compared its solver's shared table with main's this
way). Session 8 and 9 (docs/bots.md) matched `policy=heuristic`'s `iters` to the tree's
CPU with it. With `--rollouts K` (no specifications needed) it times instead the default
search's rollouts alone: `search_improve.finish` from each position K times with
`heuristic:endgame=false` and one `random.Random(seed)`, CPU ms a rollout and a digest of
their ends (session 11 compared two checkouts' rollouts this way). A measurement, not a
test: nothing fails.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import time

from tressette_dsl.agents.base import choose
from tressette_dsl.agents.heuristic import HeuristicAgent
from tressette_dsl.agents.registry import build
from tressette_dsl.agents.search_improve import finish
from tressette_dsl.agents.search_moves import BidOrder, search_keys
from tressette_dsl.engine import apply, deal_over, is_over, legal_actions, new_game
from tressette_dsl.engine.actions import Bid
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


def positions(rules: Ruleset, seed: int, count: int) -> list[GameState]:
    """Every other non-speech decision with a choice of seeded heuristic games."""
    bot = HeuristicAgent()
    found: list[GameState] = []
    seen = game = 0
    while len(found) < count:
        state = new_game(rules, seed + game)
        game += 1
        rng = random.Random(seed + game)
        deals = 0
        while not is_over(state) and deals < 2 and len(found) < count:
            legal = legal_actions(rules, state)
            keys = search_keys(legal, BidOrder(rules), 3)
            if len(keys) > 1 and not any(isinstance(a, Bid) for a in legal):
                seen += 1
                if seen % 2 == 0:
                    found.append(state)
            state, _events = apply(rules, state, choose(bot, rules, state, legal, rng))
            deals += deal_over(state)
    return found


def rollouts(rules: Ruleset, states: list[GameState], count: int, seed: int) -> None:
    """CPU ms a rollout of the default search (`finish` by the heuristic in every seat)
    from each of `states`, `count` times, and a digest of where they ended."""
    base = HeuristicAgent(endgame=False)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    finish(rules, states[0], base, random.Random(0))  # warm-up: the tables' first build
    began = time.process_time()
    for state in states:
        for _ in range(count):
            end = finish(rules, state, base, rng)
            digest.update(repr(end.match.totals).encode())
    ms = 1000 * (time.process_time() - began) / (count * len(states))
    print(f"{count * len(states)} rollouts, {ms:.4f} ms a rollout, ends {digest.hexdigest()[:16]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ruleset")
    parser.add_argument("specs", nargs="*", help="bot specifications, e.g. search:iters=600")
    parser.add_argument("--seed", type=int, default=88100)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--digest", action="store_true", help="a sha256 of the decisions")
    parser.add_argument("--rollouts", type=int, default=0, help="time K rollouts a position")
    args = parser.parse_intermixed_args()  # the specifications may follow the options
    if not args.specs and not args.rollouts:
        parser.error("give bot specifications, or --rollouts K")
    rules = load_ruleset(args.ruleset)
    states = positions(rules, args.seed, args.positions)
    if args.rollouts:
        rollouts(rules, states, args.rollouts, args.seed)
        return
    agents = [build(spec) for spec in args.specs]
    spent: dict[str, list[float]] = {spec: [] for spec in args.specs}
    digests = {spec: hashlib.sha256() for spec in args.specs}
    for i, state in enumerate(states):
        legal = legal_actions(rules, state)
        for spec, agent in zip(args.specs, agents, strict=True):
            began = time.process_time()
            action = choose(agent, rules, state, legal, random.Random(i))
            spent[spec].append(time.process_time() - began)
            digests[spec].update(f"{action}\n".encode())
    for spec, values in spent.items():
        mean, median = statistics.mean(values), statistics.median(values)
        ms = f"mean {1000 * mean:.0f} ms, median {1000 * median:.0f} ms"
        digest = f", decisions {digests[spec].hexdigest()[:16]}" if args.digest else ""
        print(f"{spec}: {len(values)} positions, {ms}{digest}")


if __name__ == "__main__":
    main()
