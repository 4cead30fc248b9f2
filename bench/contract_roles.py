"""Why a bot wins or loses a contract game: its games against the heuristic by role.

Plays the arena's games (the same deals, seats and seat rngs as `tressette arena` in a
game with one seat per player: bot A alone in one seat, `heuristic` in the others, every
seat in turn) and splits them by what the deal was for A: passed by all (a tie), A the
declarer (made or not), A a defender. The share of games won is the arena's (ties half);
`--baseline` plays the same deals with `heuristic` in A's seat too, so that each role's
figures can be read against the table's own.

    python bench/contract_roles.py calabresella --bot search:iters=450 --deals 20
    python bench/contract_roles.py calabresella --bot heuristic --deals 300

This is a measurement, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tressette_dsl.agents import choose, make_agent, seat_rng
from tressette_dsl.engine import apply, deal_over, legal_actions, start
from tressette_dsl.engine.people import person_totals
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


@dataclass(frozen=True, slots=True)
class Outcome:
    """One game: A's role, the contract played, A's margin (the arena's)."""

    role: str  # "passed", "declarer" or "defender"
    contract: str | None
    margin: float


def play(rules: Ruleset, spec: str, seed: int, seat: int, others: str = "heuristic") -> Outcome:
    """Deal `seed` with bot `spec` in `seat` and `others` (the heuristic) elsewhere."""
    n = rules.players.count
    agents = [make_agent(spec if x == seat else others) for x in range(n)]
    rngs = [seat_rng(seed, x) for x in range(n)]
    state, _events = start(rules, seed)
    before = person_totals(rules, state)
    declarer: int | None = None
    contract: str | None = None
    while not deal_over(state) and state.to_act is not None:
        x = state.to_act
        action = choose(agents[x], rules, state, legal_actions(rules, state), rngs[x])
        state, _events = apply(rules, state, action)
        if state.contract_part.declarer is not None:  # cleared when the deal is scored
            declarer, contract = state.contract_part.declarer, state.contract_part.contract
    gains = [a - b for a, b in zip(person_totals(rules, state), before, strict=True)]
    others = [gains[y] for y in range(n) if y != seat]
    margin = gains[seat] - sum(others) / len(others)
    if rules.match.winner == "lowest":
        margin = -margin
    role = "passed" if declarer is None else "declarer" if declarer == seat else "defender"
    return Outcome(role, contract, float(margin))


def wilson(won: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    p = won / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return centre - half, centre + half


def report(title: str, games: list[Outcome]) -> None:
    n = len(games)
    won = sum(1.0 if g.margin > 0 else 0.5 if g.margin == 0 else 0.0 for g in games)
    lo, hi = wilson(won, n)
    print(f"{title}: {n} games, share {won / n:.1%} [{lo:.1%}, {hi:.1%}]")
    rows: dict[str, list[Outcome]] = {}
    for g in games:
        rows.setdefault(g.role, []).append(g)
        if g.contract is not None:
            rows.setdefault(f"{g.role} {g.contract}", []).append(g)
    for key in sorted(rows):
        part = rows[key]
        wins = sum(g.margin > 0 for g in part)
        mean = sum(g.margin for g in part) / len(part)
        print(
            f"  {key:<22} {len(part):>5} ({len(part) / n:4.0%})  won {wins / len(part):4.0%}"
            f"  margin {mean:+.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ruleset")
    parser.add_argument("--bot", default="search:iters=450")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", action="store_true", help="`--others` in A's seat too")
    parser.add_argument("--others", default="heuristic", help="the bot in the other seats")
    args = parser.parse_args()
    rules = load_ruleset(args.ruleset)
    seeds = range(args.seed, args.seed + args.deals)
    seats = range(rules.players.count)
    kinds = [args.bot, args.others] if args.baseline else [args.bot]
    for kind in kinds:
        games = [play(rules, kind, s, x, args.others) for s in seeds for x in seats]
        report(
            f"{kind} alone against {args.others}, {args.ruleset}, deals {seeds[0]}-{seeds[-1]}",
            games,
        )


if __name__ == "__main__":
    main()
