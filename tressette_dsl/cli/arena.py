"""``tressette arena RULESET --players A,B[,C...] --deals N``: bots on the same cards.

Every pairing of the agents plays the same deals, each deal once per seat assignment with
`--duplicate` (the default; see `agents.arena`), and the report gives per agent its share
of games won with a 95% Wilson interval, its mean margin and its seconds per decision, per
pairing the same, and a Bradley-Terry rating table (Elo scale) when more than two agents
play. `--format json` prints the same as data (docs/bots.md lists the fields).
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from typing import Any

from tressette_dsl.cli.common import add_seats_argument, load_seated_or_report

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Play bots against each other on duplicate deals and rate them."
    parser.add_argument("ruleset", help="a bundled ruleset id or a ruleset file")
    parser.add_argument(
        "--players",
        required=True,
        help="two or more bot specifications, comma-separated: random, heuristic, "
        "heuristic-v1, search:iters=200, search:time=0.5, module:Class, an installed bot",
    )
    parser.add_argument("--deals", type=int, default=100, help="deals per pairing (default 100)")
    parser.add_argument(
        "--matches", type=int, default=0, help="whole matches per pairing too (default 0)"
    )
    dup = parser.add_mutually_exclusive_group()
    dup.add_argument(
        "--duplicate",
        dest="duplicate",
        action="store_true",
        default=True,
        help="play each deal once per seat assignment (the default)",
    )
    dup.add_argument(
        "--no-duplicate",
        dest="duplicate",
        action="store_false",
        help="play each deal once, the assignments taking turns",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    add_seats_argument(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text")


def run(args: argparse.Namespace) -> int:
    from tressette_dsl.agents.arena import run_arena  # noqa: PLC0415 - keep --help light
    from tressette_dsl.agents.registry import check  # noqa: PLC0415
    from tressette_dsl.simulation.jobs import capped_jobs  # noqa: PLC0415

    rules = load_seated_or_report("arena", args.ruleset, args.seats)
    if rules is None:
        return EXIT_USAGE
    specs = [s.strip() for s in args.players.split(",") if s.strip()]
    if len(specs) < 2:
        print("tressette arena: --players: give at least two bots", file=sys.stderr)
        return EXIT_USAGE
    if len(set(specs)) != len(specs):
        print("tressette arena: --players: a bot is listed twice", file=sys.stderr)
        return EXIT_USAGE
    try:
        for spec in specs:
            check(spec)
    except ValueError as err:
        print(f"tressette arena: --players: {err}", file=sys.stderr)
        return EXIT_USAGE
    if args.deals < 1 or args.jobs < 1 or args.matches < 0:
        print(
            "tressette arena: --deals and --jobs must be at least 1, --matches at least 0",
            file=sys.stderr,
        )
        return EXIT_USAGE
    jobs = capped_jobs(args.jobs, args.deals)
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:

            def mapper(_fn: Any, items: list[tuple[Any, ...]]) -> list[Any]:
                sources = [(args.ruleset, args.seats)] * len(items)
                return list(pool.map(_remote_game, sources, items, chunksize=1))

            report = run_arena(
                rules,
                specs,
                args.deals,
                seed=args.seed,
                duplicate=args.duplicate,
                matches=args.matches,
                mapper=mapper,
            )
    else:
        report = run_arena(
            rules,
            specs,
            args.deals,
            seed=args.seed,
            duplicate=args.duplicate,
            matches=args.matches,
        )
    if args.format == "json":
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render(report))
    return EXIT_OK


@lru_cache(maxsize=2)
def _rules(source: str, seats: int | None) -> Any:
    """The ruleset as the parent loaded it: `source` at `--seats` (checked there first)."""
    from tressette_dsl.loader import load_ruleset  # noqa: PLC0415

    rules = load_ruleset(source)
    return rules if seats is None else rules.for_seats(seats)


def _remote_game(source: tuple[str, int | None], item: tuple[Any, ...]) -> Any:
    """One game in a worker process (the ruleset loaded once per worker)."""
    from tressette_dsl.agents.arena import play_game  # noqa: PLC0415

    a, b, seed, assignment, match = item
    return play_game(_rules(*source), a, b, seed, assignment, match=match)


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def render(report: dict[str, Any]) -> str:
    """The text report: per agent, per pairing, the ratings."""
    lines = []
    per_deal = report["games_per_deal"]
    lines.append(
        f"arena {report['ruleset']}, {report['seats']} seats: {report['deals']} deals per "
        f"pairing, seeds "
        f"{report['seed']}..{report['seed'] + report['deals'] - 1}, "
        + (f"duplicate ({per_deal} games a deal)" if report["duplicate"] else "not duplicate")
        + ("" if not report["matches"] else f", {report['matches']} matches per pairing")
    )
    lines.append("share of games won (ties half), 95% Wilson interval")
    lines.append("")
    width = max(len(a["kind"]) for a in report["agents"]) + 2
    head = (
        f"{'agent':<{width}}{'games':>7}  {'share':>6}  {'95% CI':>15}  {'margin':>7}  "
        f"{'ms/decision':>11}"
    )
    lines.append(head)
    for a in report["agents"]:
        lo, hi = a["ci95"]
        lines.append(
            f"{a['kind']:<{width}}{a['games']:>7}  {_pct(a['share'])}  "
            f"[{_pct(lo)},{_pct(hi)}]  {a['mean_margin']:>+7.2f}  "
            f"{1000 * a['seconds_per_decision']:>11.3f}"
        )
    lines.append("")
    lines.append("pairings")
    for p in report["pairings"]:
        first, second = p["agents"]
        lo, hi = first["ci95"]
        text = (
            f"  {p['a']} vs {p['b']}: {p['games']} games, {p['a']} {_pct(first['share']).strip()} "
            f"[{_pct(lo).strip()}, {_pct(hi).strip()}], margin {first['mean_margin']:+.2f}, "
            f"ties {p['ties']}"
        )
        if "matches" in first:
            m = first["matches"]
            mlo, mhi = m["ci95"]
            text += (
                f"; matches {m['played']}, {p['a']} {_pct(m['share']).strip()} "
                f"[{_pct(mlo).strip()}, {_pct(mhi).strip()}]"
            )
        lines.append(text)
        _ = second
    if "ratings" in report:
        lines.append("")
        lines.append("ratings (Bradley-Terry, Elo scale, mean 1500)")
        for r in report["ratings"]:
            lines.append(f"  {r['kind']:<{width}}{r['rating']:>7.1f}")
    return "\n".join(lines) + "\n"
