"""``tressette simulate RULESET``: many bot matches, one summary.

Match ``i`` (0-based) is played with seed ``SEED + i`` and fresh agents, so any match of
the summary can be replayed alone (``tressette play RULESET --seed N --players ...``). The
agents are given per seat, cycling when fewer kinds than seats are listed: on four seats
``random,heuristic`` puts random bots in seats 0 and 2 and heuristic bots in 1 and 3.
With ``--jobs K`` the matches are spread over K processes (at most the CPUs available and
the number of games; a larger K is capped and the cap is said); the summary is the same.

In payoff games (`sides: contract` with a `payoff`) every scored deal is also checked to be
zero-sum: the balance changes of the seats add up to 0; a deal that does not is an error.

The report ends with statistics and their 95% intervals (`tressette_dsl.stats`); ``--format
json|csv`` exports them (to stdout, or to ``--output FILE`` with the text report on stdout),
``--plot FILE.png|svg`` draws them, and ``--compare RULESET_B`` plays the same seeds on a
second ruleset and reports the differences with their intervals. ``--jobs`` is capped at the
CPUs available and the number of matches (a note on stderr says so); ``--backend ray`` plays
on a Ray cluster with the same results. A progress bar is drawn on stderr when it is a
terminal, unless ``--quiet``.

Exit status: 0 every match ended normally; 1 some failed (engine or agent error, the
``--max-deals`` limit, or a deal that is not zero-sum), each listed with its seed; 2 a bad
command line or ruleset.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from tressette_dsl.agents import AGENT_KINDS, canonical_kind
from tressette_dsl.agents.registry import check
from tressette_dsl.agents.runner import MatchSummary, safe_match
from tressette_dsl.cli.common import add_seats_argument, load_seated_or_report
from tressette_dsl.cli.list_cmd import players_text
from tressette_dsl.compiled.matches import engine_for, safe_compiled_match
from tressette_dsl.engine.people import has_people, people_count, people_names
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.simulation import BACKENDS, MatchJob, cap_jobs, run_matches
from tressette_dsl.simulation.jobs import available_cpus, capped_jobs
from tressette_dsl.simulation.progress import Progress
from tressette_dsl.stats import compare, samples_of, summarise
from tressette_dsl.stats.export import to_csv, to_json
from tressette_dsl.stats.plot import plot
from tressette_dsl.stats.text import comparison_lines, summary_lines

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Play many matches between bots and print a summary."
    parser.add_argument("ruleset", help="a bundled ruleset id or a ruleset file")
    parser.add_argument("--games", type=int, default=100, help="matches to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match (default 1)")
    parser.add_argument(
        "--agents",
        default="heuristic",
        help="agent kinds per player (a seat, or a person where people move round the "
        "places), comma-separated, cycled over the players "
        f"({', '.join(sorted(AGENT_KINDS))}, search:iters=N, search:time=S, module:Class "
        "or an installed bot; default: heuristic)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    add_seats_argument(parser)
    parser.add_argument(
        "--max-deals", type=int, default=500, help="a match longer than this is an error"
    )
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="local processes (default) or a Ray cluster (extra 'ray'; docs/playing.md)",
    )
    parser.add_argument(
        "--ray-address",
        metavar="ADDRESS",
        help="the Ray cluster to join (default: $RAY_ADDRESS, else a local Ray instance)",
    )
    parser.add_argument(
        "--compare",
        metavar="RULESET_B",
        help="also play the same seeds on RULESET_B and report the differences",
    )
    parser.add_argument(
        "--format",
        choices=("text", "json", "csv"),
        default="text",
        help="text report (default), or the statistics as JSON or CSV (docs/playing.md)",
    )
    parser.add_argument("--output", "-o", metavar="FILE", help="write the json/csv export here")
    parser.add_argument(
        "--plot",
        metavar="FILE",
        help="draw the statistics into FILE.png or FILE.svg (extra 'plot')",
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
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
    rules = load_seated_or_report("simulate", args.ruleset, args.seats)
    if rules is None:
        return EXIT_USAGE
    try:
        kinds = seat_kinds(args.agents, people_count(rules), what=_players_word(rules))
    except ValueError as err:
        print(f"tressette simulate: --agents: {err}", file=sys.stderr)
        return EXIT_USAGE
    if args.games < 1 or args.jobs < 1 or args.max_deals < 1:
        print(
            "tressette simulate: --games, --jobs and --max-deals must be at least 1",
            file=sys.stderr,
        )
        return EXIT_USAGE
    other = None
    if args.compare:
        other = load_seated_or_report("simulate", args.compare, args.seats)
        if other is None:
            return EXIT_USAGE
        if people_count(other) != people_count(rules):
            print(
                f"tressette simulate: --compare: {other.id} has {people_count(other)} players, "
                f"{rules.id} {people_count(rules)}: the same seeds need the same seats",
                file=sys.stderr,
            )
            return EXIT_USAGE
    problem = _check_extras(args)
    if problem:
        print(f"tressette simulate: {problem}", file=sys.stderr)
        return EXIT_USAGE
    jobs = args.jobs
    if args.backend == "local":
        jobs, note = cap_jobs(args.jobs, args.games)
        if note:
            print(f"tressette simulate: {note}", file=sys.stderr)
    seeds = range(args.seed, args.seed + args.games)
    runs = [(rules, args.ruleset)] + ([(other, args.compare)] if other is not None else [])
    results: list[tuple[Ruleset, list[MatchSummary], float]] = []
    for ruleset, source in runs:
        engine, why = engine_for(ruleset, kinds, args.engine)
        if args.verbose:
            print(why or f"{ruleset.id}: engine: {engine}", file=sys.stderr)
        start = time.perf_counter()
        with Progress(args.games, ruleset.id, quiet=args.quiet) as bar:
            summaries = run_matches(
                MatchJob(source, tuple(kinds), args.max_deals, engine),
                seeds,
                backend=args.backend,
                jobs=jobs,
                on_done=bar.advance,
                ray_address=args.ray_address,
            )
        results.append((ruleset, summaries, time.perf_counter() - start))
    return _present(args, kinds, jobs, results)


def _check_extras(args: argparse.Namespace) -> str | None:
    """Refuse up front what would fail after the matches were played."""
    if args.output and args.format == "text":
        return "--output needs --format json or csv"
    if args.plot:
        if Path(args.plot).suffix.lower() not in (".png", ".svg"):
            return f"--plot: the file must end in .png or .svg, not {Path(args.plot).name!r}"
        if find_spec("matplotlib") is None:
            return "--plot needs matplotlib: pip install 'tressette-dsl[plot]'"
    if args.backend == "ray" and find_spec("ray") is None:
        return "--backend ray needs Ray: pip install 'tressette-dsl[ray]'"
    return None


def _present(
    args: argparse.Namespace,
    kinds: Sequence[str],
    jobs: int,
    results: list[tuple[Ruleset, list[MatchSummary], float]],
) -> int:
    """The text report, the statistics, the comparison, the export and the plot."""
    samples = [samples_of(r, kinds, s) for r, s, _t in results]
    stats = [summarise(x) for x in samples]
    diff = compare(samples[0], samples[1]) if len(samples) == 2 else None
    failed = [errors(r, s) for r, s, _t in results]
    text: list[str] = []
    for k, (ruleset, summaries, elapsed) in enumerate(results):
        if k:
            text.append("")
        text += report(ruleset, kinds, summaries, elapsed, jobs=jobs)
        text += summary_lines(stats[k])
    if diff is not None:
        text += ["", *comparison_lines(diff)]
    if args.format == "text":
        print("\n".join(text))
    else:
        b = stats[1] if diff is not None else None
        extra = {"errors": [line for lines in failed for line in lines]}
        doc = (
            to_json(stats[0], b, diff, extra)
            if args.format == "json"
            else to_csv(stats[0], b, diff)
        )
        if args.output:
            try:
                Path(args.output).write_text(doc, encoding="utf-8")
            except OSError as err:
                print(
                    f"tressette simulate: cannot write {args.output}: {err.strerror}",
                    file=sys.stderr,
                )
                return EXIT_USAGE
            print("\n".join(text))
        else:
            sys.stdout.write(doc)
    if args.plot:
        plot(stats, args.plot)
        print(f"tressette simulate: plot written to {args.plot}", file=sys.stderr)
    return EXIT_ERRORS if any(failed) else EXIT_OK


def _players_word(rules: Ruleset) -> str:
    """What the agents are given for: seats, or people when they move round the seats."""
    return "players" if has_people(rules) else "seats"


def seat_kinds(spec: str, seats: int, *, what: str = "seats") -> list[str]:
    """Per seat (per person, `engine.people`), the agent specification (cycled): a kind,
    ``search:iters=200``, ``module:Class`` or an installed bot (`agents.registry`);
    `ValueError` if one is bad."""
    kinds = [canonical_kind(k) for k in spec.split(",") if k.strip()]
    if not kinds:
        raise ValueError("no agent kinds given")
    for kind in kinds:
        if kind not in AGENT_KINDS:
            check(kind)  # raises "unknown agent kind ..." with the known ones
    if len(kinds) > seats:
        raise ValueError(f"{len(kinds)} kinds given for {seats} {what}")
    return [kinds[i % len(kinds)] for i in range(seats)]


# --- running -----------------------------------------------------------------------------------


# `available_cpus` and `capped_jobs` live in tressette_dsl.simulation.jobs (imported above).
__all__ = ["available_cpus", "capped_jobs", "simulate"]


def simulate(
    rules: Ruleset,
    source: str,
    seeds: Iterable[int],
    kinds: Sequence[str],
    *,
    jobs: int = 1,
    max_deals: int = 500,
    engine: str = "interpreted",
) -> list[MatchSummary]:
    """One summary per seed, in seed order (`tressette_dsl.simulation`: each worker loads
    the ruleset itself; the compiled rules hold closures, the summaries are plain data).
    `rules` is the loaded `source`, kept for callers that hold it already; `engine` is the
    one `compiled.matches.engine_for` chose."""
    seeds = list(seeds)
    match = safe_compiled_match if engine == "compiled" else safe_match
    jobs = capped_jobs(jobs, len(seeds))
    if jobs <= 1 or len(seeds) <= 1:
        return [match(rules, seed, kinds, max_deals) for seed in seeds]
    return run_matches(MatchJob(source, tuple(kinds), max_deals, engine), seeds, jobs=jobs)


# --- checks ------------------------------------------------------------------------------------


def checks_zero_sum(rules: Any) -> bool:
    """Payoff games (the sides change every deal, money changes hands): each deal's balance
    changes must add up to zero."""
    payoff = getattr(rules, "payoff", None)
    return rules.sides.mode == "contract" and payoff is not None and payoff.zero_sum


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
    people = has_people(rules)  # the agents play people, who move round the seats
    names = list(people_names(rules))
    games = len(summaries)
    ok = [s for s in summaries if not s.error]
    first, last = summaries[0].seed, summaries[-1].seed
    seats = ", ".join(f"{n}={k}" for n, k in zip(names, kinds, strict=True))
    lines = [
        f"{games} matches of {rules.id} (seeds {first}..{last}); agents: {seats}",
    ]
    told = _players_line(rules)
    if told:
        lines.append(f"players: {told}")
    if rules.sides.mode == "teams" and not people:  # with people, the sides are places
        by_side = Counter(w for s in ok for w in s.winners)
        lines.append("wins by side:  " + _counts(rules.sides.names, by_side, len(ok)))
    by_seat = Counter(seat for s in ok for seat in _winners(s, people))
    lines.append(
        ("wins by player: " if people else "wins by seat:  ")
        + _counts(names, Counter({names[k]: v for k, v in by_seat.items()}), len(ok))
    )
    by_kind: Counter[str] = Counter()
    for s in ok:
        by_kind.update({kinds[seat] for seat in _winners(s, people)})
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


def _players_line(rules: Any) -> str | None:
    """The players as the ruleset means them, when they are not simply its seats (people
    round the places, a dummy, a count chosen per game), as `tressette list` says it."""
    table = rules.seat_table
    if table is not None and table.low != table.high:
        return f"{rules.players.count} players ({table.low}-{table.high} allowed)"
    people = rules.players.people
    count = len(people.names) if people is not None else rules.players.count
    dummy = rules.players.dummy is not None
    if people is None and dummy:
        count -= 1
    out = people is not None and people.sitting_out is not None
    return players_text(count, rules.players.count, dummy=dummy, sitting_out=out)


def _winners(summary: MatchSummary, people: bool) -> tuple[int, ...]:
    """The winners of a match as the agents are bound: people (`seating.people`), else
    seats (the seats a game began with)."""
    return summary.winner_people if people else summary.winner_seats


def _counts(labels: Iterable[str], counts: Counter[str], total: int) -> str:
    parts = []
    for label in labels:
        n = counts.get(label, 0)
        pct = 100.0 * n / total if total else 0.0
        parts.append(f"{label} {n} ({pct:.1f}%)")
    return ", ".join(parts)
