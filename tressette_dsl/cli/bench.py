"""``tressette bench RULESET``: how fast this machine plays the ruleset, three ways.

* ``interpreted``: random legal play through the public step API (``legal_actions`` and
  ``apply`` for every decision);
* ``compiled``: random playouts of whole matches (`compiled.playout_new_match`) until as many
  deals were played, on the kernel when it covers the ruleset (else on the interpreter,
  with a note naming why);
* ``simulate``: whole matches between heuristic bots, as ``tressette simulate`` plays them.

Each reports card plays/s and deals/s (simulate also games/s). This is a measurement on a
shared machine: compare figures from one run, not across runs. ``--format json`` prints
one object: ``{"paths": {"interpreted": ..., "compiled": ...}, "compiled_covers": ...}``
plus the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from tressette_dsl.cli.common import add_seats_argument, load_seated_or_report

EXIT_OK, EXIT_USAGE = 0, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Measure the interpreter, the compiled kernel and simulate."
    parser.add_argument("ruleset", help="a bundled ruleset id or a ruleset file")
    parser.add_argument("--deals", type=int, default=200, help="deals per workload (default 200)")
    parser.add_argument(
        "--games", type=int, default=3, help="heuristic matches for simulate (default 3)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    add_seats_argument(parser)


def run(args: argparse.Namespace) -> int:
    rules = load_seated_or_report("bench", args.ruleset, args.seats)
    if rules is None:
        return EXIT_USAGE
    if args.deals < 1 or args.games < 1:
        print("tressette bench: --deals and --games must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    out = measure(rules, args.deals, args.games, args.seed)
    if args.format == "json":
        print(json.dumps(out, indent=2))
        return EXIT_OK
    print(f"{args.deals} deals of random play on {rules.id!r}, {args.games} heuristic matches")
    for name in ("interpreted", "compiled", "simulate"):
        figures = out[name]
        extra = f"  {figures['games_per_s']:9.2f} games/s" if "games_per_s" in figures else ""
        print(
            f"  {name:<12} {figures['card_plays_per_s']:>11.0f} card plays/s "
            f"{figures['deals_per_s']:>9.1f} deals/s{extra}  ({figures['path']})"
        )
    if out["note"]:
        print(out["note"])
    return EXIT_OK


def measure(rules: Any, deals: int, games: int, seed: int) -> dict[str, Any]:
    from tressette_dsl.compiled import compile_ruleset  # noqa: PLC0415 - keep --help light

    coverage = compile_ruleset(rules).coverage
    compiled_path = "kernel" if coverage.covers else "interpreter"
    out: dict[str, Any] = {
        "ruleset": rules.id,
        "deals": deals,
        "interpreted": _rates(
            *_timed(lambda: interpreted_deals(rules, deals, seed)), "interpreter"
        ),
        "compiled": _rates(*_timed(lambda: compiled_deals(rules, deals, seed)), compiled_path),
        "simulate": _simulate(rules, games, seed),
        "paths": {"interpreted": "interpreter", "compiled": compiled_path},
        "compiled_covers": coverage.covers,
        "uncovered": list(coverage.uncovered),
        "note": None if coverage.covers else coverage.note(),
    }
    return out


def _timed(fn: Any) -> tuple[float, int, int]:
    began = time.perf_counter()
    n_deals, plays = fn()
    return time.perf_counter() - began, n_deals, plays


def _rates(seconds: float, n_deals: int, plays: int, path: str) -> dict[str, Any]:
    seconds = max(seconds, 1e-9)
    return {
        "seconds": round(seconds, 4),
        "deals_per_s": n_deals / seconds,
        "card_plays_per_s": plays / seconds,
        "path": path,
    }


def interpreted_deals(rules: Any, deals: int, seed: int) -> tuple[int, int]:
    """Random legal play (no claims) through `legal_actions` and `apply`."""
    from tressette_dsl.engine import apply, legal_actions, new_game  # noqa: PLC0415
    from tressette_dsl.engine.actions import Claim, Play  # noqa: PLC0415

    rng = random.Random(seed)
    done = plays = game = 0
    state = new_game(rules, seed)
    while done < deals:
        if state.over:
            game += 1
            state = new_game(rules, seed + game)
            continue
        legal = legal_actions(rules, state)
        # by type, not by text: the workload times the engine, not `str` of each action
        choices = [a for a in legal if type(a) is not Claim] or list(legal)
        action = choices[rng.randrange(len(choices))]
        state, _events = apply(rules, state, action)
        plays += type(action) is Play
        done += state.deal_ended or state.over
    return done, plays


def compiled_deals(rules: Any, deals: int, seed: int) -> tuple[int, int]:
    """The same workload as random playouts: whole matches (`playout_new_match`, every
    deal dealt and played on the kernel's own state) until at least `deals` deals were
    played."""
    from tressette_dsl.compiled import PlayoutStats, playout_new_match  # noqa: PLC0415

    rng = random.Random(seed)
    stats = PlayoutStats()
    done = game = 0
    while done < deals:
        dealt = stats.deals_dealt
        playout_new_match(rules, seed + game, rng, stats=stats)
        game += 1
        done += stats.deals_dealt - dealt + 1  # the first deal is not counted as dealt
    return done, stats.card_plays


def _simulate(rules: Any, games: int, seed: int) -> dict[str, Any]:
    from tressette_dsl.agents.runner import safe_match  # noqa: PLC0415

    kinds = ["heuristic"] * rules.players.count
    began = time.perf_counter()
    summaries = [safe_match(rules, s, kinds) for s in range(seed, seed + games)]
    seconds = max(time.perf_counter() - began, 1e-9)
    rates = _rates(
        seconds,
        sum(s.deals for s in summaries),
        sum(s.card_plays for s in summaries),
        "interpreter",
    )
    rates["games_per_s"] = games / seconds
    return rates
