"""``tressette simulate RULESET``: many bot matches, one summary.

Match ``i`` (0-based) is played with seed ``SEED + i`` and fresh agents, so any match of
the summary can be replayed alone (``tressette play RULESET --seed N --players ...``). The
agents are given per seat, cycling when fewer kinds than seats are listed: on four seats
``random,heuristic`` puts random bots in seats 0 and 2 and heuristic bots in 1 and 3.
With ``--jobs K`` the matches are spread over K processes (at most the CPUs available and
the number of games; a larger K is capped and the cap is said); the summary is the same.

In payoff games (`sides: contract` with a `payoff`) every scored deal is also checked to be
zero-sum: the balance changes of the seats add up to 0; a deal that does not is an error.

Exit status: 0 every match ended normally; 1 some failed (engine or agent error, the
``--max-deals`` limit, or a deal that is not zero-sum), each listed with its seed; 2 a bad
command line or ruleset.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from tressette_dsl.agents import AGENT_KINDS, canonical_kind
from tressette_dsl.agents.runner import MatchSummary, safe_match
from tressette_dsl.cli.common import load_or_report
from tressette_dsl.compiled.matches import engine_for, safe_compiled_match
from tressette_dsl.loader import load_ruleset

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Play many matches between bots and print a summary."
    parser.add_argument("ruleset", help="a bundled ruleset id or a ruleset file")
    parser.add_argument("--games", type=int, default=100, help="matches to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match (default 1)")
    parser.add_argument(
        "--agents",
        default="heuristic",
        help="agent kinds per seat, comma-separated, cycled over the seats "
        f"({', '.join(sorted(AGENT_KINDS))}; default: heuristic)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--max-deals", type=int, default=500, help="a match longer than this is an error"
    )
    parser.add_argument(
        "--engine",
        choices=("auto", "interpreted", "compiled"),
        default="auto",
        help="compiled: random bots play on the compiled kernel (docs/compiled.md); auto "
        "(default) uses it whenever the agents and the ruleset allow; the summary is the same",
    )
    parser.add_argument(
        "--verbose", action="store_true", help="say which engine ran, and why not the compiled one"
    )


def run(args: argparse.Namespace) -> int:
    rules = load_or_report(args.ruleset)
    if rules is None:
        return EXIT_USAGE
    try:
        kinds = seat_kinds(args.agents, rules.players.count)
    except ValueError as err:
        print(f"tressette simulate: --agents: {err}", file=sys.stderr)
        return EXIT_USAGE
    if args.games < 1 or args.jobs < 1 or args.max_deals < 1:
        print(
            "tressette simulate: --games, --jobs and --max-deals must be at least 1",
            file=sys.stderr,
        )
        return EXIT_USAGE
    seeds = range(args.seed, args.seed + args.games)
    engine, note = engine_for(rules, kinds, args.engine)
    if args.verbose:
        print(note or f"engine: {engine}", file=sys.stderr)
    jobs = capped_jobs(args.jobs, args.games)
    if jobs != args.jobs:
        print(
            f"tressette simulate: --jobs {args.jobs} capped at {jobs} "
            f"({available_cpus()} CPUs available, {args.games} games)",
            file=sys.stderr,
        )
    args.jobs = jobs
    start = time.perf_counter()
    summaries = simulate(
        rules,
        args.ruleset,
        seeds,
        kinds,
        jobs=args.jobs,
        max_deals=args.max_deals,
        engine=engine,
    )
    elapsed = time.perf_counter() - start
    for line in report(rules, kinds, summaries, elapsed, jobs=args.jobs):
        print(line)
    return EXIT_ERRORS if errors(rules, summaries) else EXIT_OK


def seat_kinds(spec: str, seats: int) -> list[str]:
    kinds = [canonical_kind(k) for k in spec.split(",") if k.strip()]
    if not kinds:
        raise ValueError("no agent kinds given")
    unknown = [k for k in kinds if k not in AGENT_KINDS]
    if unknown:
        raise ValueError(
            f"unknown agent kind {unknown[0]!r} (known: {', '.join(sorted(AGENT_KINDS))})"
        )
    if len(kinds) > seats:
        raise ValueError(f"{len(kinds)} kinds given for {seats} seats")
    return [kinds[i % len(kinds)] for i in range(seats)]


# --- running -----------------------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _init_worker(source: str, kinds: Sequence[str], max_deals: int, engine: str) -> None:
    match = safe_compiled_match if engine == "compiled" else safe_match
    _WORKER.update(rules=load_ruleset(source), kinds=list(kinds), max_deals=max_deals, match=match)


def _work(seed: int) -> MatchSummary:
    summary: MatchSummary = _WORKER["match"](
        _WORKER["rules"], seed, _WORKER["kinds"], _WORKER["max_deals"]
    )
    return summary


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity mask where the OS has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def capped_jobs(jobs: int, games: int) -> int:
    """More worker processes than CPUs or than games only cost memory and start-up time."""
    return max(1, min(jobs, available_cpus(), games))


def simulate(
    rules: Any,
    source: str,
    seeds: Iterable[int],
    kinds: Sequence[str],
    *,
    jobs: int = 1,
    max_deals: int = 500,
    engine: str = "interpreted",
) -> list[MatchSummary]:
    """One summary per seed, in seed order; each worker loads the ruleset itself (the
    compiled rules hold closures, the summaries are plain data). `engine` is the one
    `compiled.matches.engine_for` chose."""
    seeds = list(seeds)
    match = safe_compiled_match if engine == "compiled" else safe_match
    jobs = capped_jobs(jobs, len(seeds))
    if jobs <= 1 or len(seeds) <= 1:
        return [match(rules, seed, kinds, max_deals) for seed in seeds]
    chunk = max(1, len(seeds) // (jobs * 4))
    with multiprocessing.get_context().Pool(
        jobs, initializer=_init_worker, initargs=(source, list(kinds), max_deals, engine)
    ) as pool:
        return list(pool.imap(_work, seeds, chunksize=chunk))


# --- checks ------------------------------------------------------------------------------------


def checks_zero_sum(rules: Any) -> bool:
    """Payoff games (the sides change every deal, money changes hands): each deal's balance
    changes must add up to zero."""
    return rules.sides.mode == "contract" and getattr(rules, "payoff", None) is not None


def zero_sum_violations(summaries: Iterable[MatchSummary]) -> tuple[int, list[str]]:
    """How many scored deals were checked, and one message per deal whose per-seat balance
    changes do not add up to zero (matches that failed are not checked)."""
    checked, bad = 0, []
    for s in summaries:
        if s.error:
            continue
        for deal_no, deltas in s.deal_deltas:
            checked += 1
            if sum(deltas) != 0:
                bad.append(
                    f"seed {s.seed} deal {deal_no}: not zero-sum: balance changes "
                    f"{list(deltas)} add up to {sum(deltas)}"
                )
    return checked, bad


def errors(rules: Any, summaries: Sequence[MatchSummary]) -> list[str]:
    """Every error of the run, one line each with its seed: failed matches, and deals that
    break a check."""
    out = [f"seed {s.seed}: {s.error}" for s in summaries if s.error]
    if checks_zero_sum(rules):
        out += zero_sum_violations(summaries)[1]
    return out


# --- the summary ---------------------------------------------------------------------------------


def report(
    rules: Any,
    kinds: Sequence[str],
    summaries: Sequence[MatchSummary],
    elapsed: float,
    *,
    jobs: int = 1,
) -> list[str]:
    names = list(rules.players.names)
    games = len(summaries)
    ok = [s for s in summaries if not s.error]
    first, last = summaries[0].seed, summaries[-1].seed
    seats = ", ".join(f"{n}={k}" for n, k in zip(names, kinds, strict=True))
    lines = [
        f"{games} matches of {rules.id} (seeds {first}..{last}); agents: {seats}",
    ]
    if rules.sides.mode == "teams":
        by_side = Counter(w for s in ok for w in s.winners)
        lines.append("wins by side:  " + _counts(rules.sides.names, by_side, len(ok)))
    by_seat = Counter(seat for s in ok for seat in s.winner_seats)
    lines.append(
        "wins by seat:  "
        + _counts(names, Counter({names[k]: v for k, v in by_seat.items()}), len(ok))
    )
    by_kind: Counter[str] = Counter()
    for s in ok:
        by_kind.update({kinds[seat] for seat in s.winner_seats})
    lines.append(
        "wins by agent: "
        + _counts(sorted(set(kinds)), by_kind, len(ok))
        + "  (a match counts once per kind among its winners)"
    )
    shared = sum(1 for s in ok if len(s.winners) > 1)
    if shared:
        lines.append(f"shared wins: {shared}")
    if ok:
        deals = [s.deals for s in ok]
        lines.append(
            f"deals per match: mean {statistics.fmean(deals):.2f}, min {min(deals)}, "
            f"max {max(deals)}; actions per match: mean "
            f"{statistics.fmean(s.actions for s in ok):.1f}"
        )
        reasons = Counter(s.reason or "?" for s in ok)
        lines.append("ended by: " + ", ".join(f"{r} {n}" for r, n in reasons.most_common()))
    else:
        lines.append("deals per match: none (no match ended normally)")
    if checks_zero_sum(rules):
        checked, bad = zero_sum_violations(summaries)
        lines.append(
            f"zero-sum: {checked} deal{'s' if checked != 1 else ''} checked, "
            f"{len(bad)} violation{'s' if len(bad) != 1 else ''}"
        )
    found = errors(rules, summaries)
    lines.append(f"errors: {len(found)}")
    for line in found[:10]:
        lines.append(f"  {line}")
    if len(found) > 10:
        lines.append(f"  ... and {len(found) - 10} more")
    per = elapsed / games if games else 0.0
    lines.append(
        f"time: {elapsed:.2f} s ({per * 1000:.1f} ms per match, {jobs} job"
        f"{'s' if jobs != 1 else ''})"
    )
    return lines


def _counts(labels: Iterable[str], counts: Counter[str], total: int) -> str:
    parts = []
    for label in labels:
        n = counts.get(label, 0)
        pct = 100.0 * n / total if total else 0.0
        parts.append(f"{label} {n} ({pct:.1f}%)")
    return ", ".join(parts)
