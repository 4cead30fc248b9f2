"""Benchmark and differential check: compiled playouts against the interpreter.

For each ruleset (default: every playable bundled one) plays `--deals` deals of random
play twice from the same states with the same per-seat random sources, once with every
action on the interpreter and once on the compiled kernel, and checks that every deal ends
in an equal state (hands, tricks and winners, signals, declarations, points, payoffs,
totals, the end of the match). It prints the rate of each path and, on `tressette`, the
hand-written engine's rate in the same run (bench/handwritten.py), as ratios.

    python bench/bench_compiled.py                      # 300 deals per ruleset
    python bench/bench_compiled.py --deals 100000       # the closing note's figures
    python bench/bench_compiled.py --ruleset tressette --runs 5 --speed-only
    python bench/bench_compiled.py --deals 100000 --check-only  # identity at scale only
    python bench/bench_compiled.py --ruleset traversone --seats 8  # another seat count

A mismatch is printed with its seed and deal and makes the exit status 1. The timings are
measurements on a shared machine: compare figures of one run. They are CPU time of this
process unless `--clock wall` is given: on a loaded machine wall-time ratios swing by
several times between runs, CPU-time ratios by a few per cent.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import handwritten  # noqa: E402 - found through the path set just above

from tressette_dsl.compiled import (  # noqa: E402
    PlayoutStats,
    compile_ruleset,
    playout,
    playout_new_match,
)
from tressette_dsl.engine import new_game  # noqa: E402
from tressette_dsl.loader import load_ruleset, playable_rulesets  # noqa: E402

# The clock the rates are measured with: process CPU time by default, so that other jobs
# on a shared machine (which take the cores, not this process's instructions) move the
# figures far less than they move wall time; `--clock wall` for elapsed time.
CLOCK = [time.process_time]


def differential(
    rules, deals: int, first_seed: int = 1
) -> tuple[int, int, float, float, list[str]]:
    """(deals, card plays, interpreter seconds, kernel seconds, mismatches), over the
    matches of seeds `first_seed`, `first_seed + 1`, ..."""
    done = plays = 0
    t_ref = t_fast = 0.0
    bad: list[str] = []
    seed = first_seed - 1
    while done < deals:
        seed += 1
        state = new_game(rules, seed)
        ref = [random.Random(f"bench:{seed}:{s}") for s in range(state.n)]
        fast = [random.Random(f"bench:{seed}:{s}") for s in range(state.n)]
        while not state.over and done < deals:
            stats = PlayoutStats()
            began = CLOCK[0]()
            want = playout(rules, state, ref, engine="interpreted")
            t_ref += CLOCK[0]() - began
            began = CLOCK[0]()
            got = playout(rules, state, fast, engine="auto", stats=stats)
            t_fast += CLOCK[0]() - began
            if got != want:
                fields = [
                    f for f in want.__dataclass_fields__ if getattr(want, f) != getattr(got, f)
                ]
                bad.append(f"seed {seed} deal {state.deal_no}: {fields} differ")
                break
            plays += stats.card_plays
            done += 1
            state = want
    return done, plays, t_ref, t_fast, bad


def per_deal_rate(rules, deals: int, seed: int) -> float:
    """Card plays/s of random playouts on the kernel, one deal per `playout` call (a
    `GameState` returned after every deal: the workload before `playout_new_match`)."""
    rng = random.Random(seed)
    stats = PlayoutStats()
    state = new_game(rules, seed)
    game = done = 0
    began = CLOCK[0]()
    while done < deals:
        if state.over:
            game += 1
            state = new_game(rules, seed + game)
            continue
        state = playout(rules, state, rng, stats=stats)
        done += 1
    return stats.card_plays / (CLOCK[0]() - began)


def compiled_rate(rules, deals: int, seed: int) -> float:
    """Card plays/s of random playouts on the kernel: whole matches, each the one
    `new_game(rules, seed)` begins (`playout_new_match`: every deal dealt and played on
    the kernel's own state; one seeded shuffle a deal and one draw a decision, as random
    as the hand-written engine's workload), until `deals` deals were played."""
    rng = random.Random(seed)
    stats = PlayoutStats()
    game = done = 0
    began = CLOCK[0]()
    while done < deals:
        game += 1
        dealt = stats.deals_dealt
        end = playout_new_match(rules, seed + game, rng, stats=stats)
        done += stats.deals_dealt - dealt + 1  # the first deal is not counted as dealt
        assert end.over
    return stats.card_plays / (CLOCK[0]() - began)


def run_seed(run: int) -> int:
    """The first seed of timed run `run`: runs far apart, so that no run replays another's
    matches (until session 10 run k began at seed k, so runs 2 and 3 replayed run 1's deals
    and found their shuffles in the kernel's memo of deal orders, a saving no fresh deal
    gets: about a tenth of a `tressette` deal)."""
    return 1 + run * 1_000_003


def handwritten_rate(deals: int, seed: int) -> float:
    began = CLOCK[0]()
    plays = handwritten.play_deals(deals, seed)
    return plays / (CLOCK[0]() - began)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="deals per ruleset (default 300)")
    parser.add_argument("--ruleset", action="append", help="a ruleset (repeatable); default all")
    parser.add_argument(
        "--seats",
        type=int,
        help="play a ruleset whose players.count is a range at this count (Ruleset.for_seats)",
    )
    parser.add_argument("--runs", type=int, default=3, help="timed speed runs (default 3)")
    parser.add_argument("--speed-only", action="store_true", help="skip the differential check")
    parser.add_argument("--check-only", action="store_true", help="skip the speed runs")
    parser.add_argument(
        "--first-seed",
        type=int,
        default=1,
        help="the check's first match seed (default 1): runs from other seeds add up",
    )
    parser.add_argument(
        "--per-deal",
        action="store_true",
        help="time one deal per playout call (a state after each) instead of whole matches",
    )
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="time rates by this process's CPU time (default) or by wall time",
    )
    args = parser.parse_args(argv)
    CLOCK[0] = time.process_time if args.clock == "cpu" else time.perf_counter
    names = args.ruleset or [p.stem for p in playable_rulesets()]
    failed = False
    hand = [handwritten_rate(min(args.deals, 5000), run_seed(run)) for run in range(args.runs)]
    print(
        f"hand-written engine (tressette rules): median {statistics.median(hand):,.0f} "
        f"card plays/s, {min(hand):,.0f}-{max(hand):,.0f} over {args.runs} runs"
    )
    for name in names:
        rules = load_ruleset(name)
        if args.seats is not None:
            rules = rules.for_seats(args.seats)
        coverage = compile_ruleset(rules).coverage
        if not args.speed_only:
            done, plays, t_ref, t_fast, bad = differential(rules, args.deals, args.first_seed)
            status = "identical" if not bad else f"{len(bad)} MISMATCH"
            print(
                f"{name}: {done} deals, {plays} card plays both ways: {status}; "
                f"interpreter {plays / t_ref:,.0f}, kernel {plays / t_fast:,.0f} card plays/s"
            )
            for line in bad[:5]:
                print(f"  {line}")
            failed |= bool(bad)
        if args.check_only:
            continue
        rates, ratios = [], []
        for run in range(args.runs):  # same-run pairs: the machine is shared
            timed = per_deal_rate if args.per_deal else compiled_rate
            rate = timed(rules, args.deals, run_seed(run))
            rates.append(rate)
            ratios.append(rate / handwritten_rate(args.deals, run_seed(run)))
        path = "kernel" if coverage.covers else "interpreter: " + ", ".join(coverage.uncovered)
        print(
            f"  {name} compiled playouts ({path}): median {statistics.median(rates):,.0f} "
            f"card plays/s ({min(rates):,.0f}-{max(rates):,.0f}); "
            f"x{statistics.median(ratios):.2f} the hand-written engine on tressette "
            f"({min(ratios):.2f}-{max(ratios):.2f})"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
