"""Where a heuristic change gains or loses: counterfactual rollouts at each decision.

Every seat plays the *base* bot. At each decision the *candidate* bot is asked too; where
the two differ, the deal is played on twice from that point, once with each choice, every
seat then playing the base bot (deterministic bots: the same continuation but for that one
choice). The difference of the deciding seat's margin (its gain less the others' mean, the
match polarity applied) is put down to the decision's kind (a card play's trick position
and whether it leads). The real deal goes on with the base choice, so the decisions are
those the base bot meets. Low variance: a change is credited only where it acts.

    python bench/heuristic_whatif.py tressette --candidate mod:Class --deals 300

A positive mean delta says the candidate's choice is better where it differs. The second
figure, `flips`, counts deals whose winner the change turned (+ for the seat's side).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from tressette_dsl.agents.base import choose, seat_rng
from tressette_dsl.agents.registry import build
from tressette_dsl.engine import apply, deal_over, is_over, legal_actions, start
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.people import person_totals
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


def _agent(spec: str) -> Any:
    if ":" in spec and not spec.startswith(("search", "sampling")):
        module, _, cls = spec.partition(":")
        return getattr(importlib.import_module(module), cls)()
    return build(spec)


def _finish(rules: Ruleset, state: GameState, agents: Sequence[Any], seed: int) -> GameState:
    """Play the deal out; both branches draw the same random numbers per seat."""
    rngs = [random.Random(f"whatif:{seed}:{x}") for x in range(len(agents))]
    while not is_over(state) and not deal_over(state):
        seat = state.to_act
        if seat is None:
            break
        legal = legal_actions(rules, state)
        action = choose(agents[seat], rules, state, legal, rngs[seat])
        state, _ = apply(rules, state, action, events=False)
    return state


def _margin(rules: Ruleset, before: Sequence[int], after: Sequence[int], seat: int) -> float:
    gains = [a - b for a, b in zip(after, before, strict=True)]
    others = [g for x, g in enumerate(gains) if x != seat]
    margin = gains[seat] - sum(others) / max(1, len(others))
    return -margin if rules.match.winner == "lowest" else margin


def _opponent_seats(rules: Ruleset) -> set[int]:
    """The seats against seat 0: the other teams, or every other seat."""
    sides = rules.sides
    n = rules.players.count
    if sides.mode == "teams":
        return {x for x in range(n) if sides.side_of[x] != sides.side_of[0]}
    return set(range(1, n))


def _kind(state: GameState, action: Action) -> str:
    verb = str(action).split(" ", 1)[0]
    if verb != "play":
        return verb
    position = len(state.cards.trick)
    return f"play pos{position}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("ruleset")
    parser.add_argument("--base", default="heuristic")
    parser.add_argument("--candidate", required=True)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument(
        "--opponents", default=None, help="a bot for the seats not on seat 0's side"
    )
    args = parser.parse_args(argv)
    rules = load_ruleset(args.ruleset)
    n = rules.players.count
    theirs = _opponent_seats(rules) if args.opponents else set()
    base = [_agent(args.opponents if x in theirs else args.base) for x in range(n)]
    cand = _agent(args.candidate)
    delta: dict[str, list[float]] = defaultdict(list)
    flips: dict[str, int] = defaultdict(int)
    decisions = 0
    for seed in range(args.seed, args.seed + args.deals):
        state, _ = start(rules, seed)
        before = person_totals(rules, state)
        while not is_over(state) and not deal_over(state):
            seat = state.to_act
            if seat is None:
                break
            legal = legal_actions(rules, state)
            rng = seat_rng(seed, seat)
            mine = choose(base[seat], rules, state, legal, rng)
            if seat in theirs:
                state, _ = apply(rules, state, mine, events=False)
                continue
            other = choose(cand, rules, state, legal, seat_rng(seed, seat))  # the same draws
            decisions += 1
            if other != mine:
                kind = _kind(state, mine)
                outs = []
                for action in (mine, other):
                    nxt, _ = apply(rules, state, action, events=False)
                    end = _finish(rules, nxt, base, seed)
                    outs.append(_margin(rules, before, person_totals(rules, end), seat))
                delta[kind].append(outs[1] - outs[0])
                flips[kind] += (outs[1] > 0) - (outs[0] > 0)
            state, _ = apply(rules, state, mine, events=False)
    print(f"{args.ruleset}: {args.deals} deals, {decisions} decisions")
    total = 0.0
    for kind in sorted(delta):
        values = delta[kind]
        mean = sum(values) / len(values)
        total += sum(values)
        print(
            f"  {kind:14} differs {len(values):6}  mean delta {mean:+.3f}  "
            f"sum {sum(values):+8.1f}  flips {flips[kind]:+d}"
        )
    print(
        f"  total delta per deal {total / args.deals:+.4f}, "
        f"flips per deal {sum(flips.values()) / args.deals:+.4f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
