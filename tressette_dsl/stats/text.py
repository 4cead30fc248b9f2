"""The statistics as lines for the terminal: each rate or mean with its 95% interval."""

from __future__ import annotations

import math

from tressette_dsl.stats.compare import Comparison
from tressette_dsl.stats.intervals import Difference, Mean, Share
from tressette_dsl.stats.summary import Summary


def pct(share: Share) -> str:
    """'48.0% [41.2, 54.9]' (the bracket is the 95% interval)."""
    if share.n == 0:
        return "n/a"
    return f"{100 * share.rate:.1f}% [{100 * share.low:.1f}, {100 * share.high:.1f}]"


def avg(mean: Mean) -> str:
    if mean.n == 0:
        return "n/a"
    if math.isnan(mean.low):
        return f"{mean.mean:.2f}"
    return f"{mean.mean:.2f} [{mean.low:.2f}, {mean.high:.2f}]"


def delta(d: Difference, scale: float = 1.0, unit: str = "") -> str:
    if math.isnan(d.low):
        return f"{d.diff * scale:+.2f}{unit}"
    mark = "  *" if d.excludes_zero else ""
    return (
        f"{d.a * scale:.2f}{unit} -> {d.b * scale:.2f}{unit}: {d.diff * scale:+.2f}{unit} "
        f"[{d.low * scale:+.2f}, {d.high * scale:+.2f}]{mark}"
    )


def summary_lines(s: Summary) -> list[str]:
    """The interval section of `tressette simulate`'s report."""
    lines = [f"statistics ({s.finished} finished matches; [..] is the 95% interval):"]
    if s.wins_by_side:
        lines.append(
            "  win rate by side:   " + ", ".join(f"{k} {pct(v)}" for k, v in s.wins_by_side.items())
        )
    who = "player" if s.people else "seat"
    lines.append(
        f"  win rate by {who}:{' ' * (7 - len(who))}"
        + ", ".join(f"{k} {pct(v)}" for k, v in s.wins_by_seat.items())
    )
    lines.append(
        "  win rate by agent:  "
        + ", ".join(f"{k} {pct(v)}" for k, v in s.wins_by_agent.items())
        + f"  (per {who} of that kind)"
    )
    points = s.points_by_side or s.points_by_seat
    lines.append("  points per deal:    " + ", ".join(f"{k} {avg(v)}" for k, v in points.items()))
    if len(s.points_by_agent) > 1:
        lines.append(
            "  points per deal by agent: "
            + ", ".join(f"{k} {avg(v)}" for k, v in s.points_by_agent.items())
        )
    for name, c in s.contracts.items():
        lines.append(
            f"  contract {name}: bid in {pct(c.bids)} of auctions, made {pct(c.success)}, "
            f"declarer gains {avg(c.declarer_points)} per deal"
        )
    if s.passed_out is not None:
        lines.append(f"  passed out: {pct(s.passed_out)} of auctions")
    if s.declarer_by_seat:
        lines.append(
            "  declarer by seat:   "
            + ", ".join(
                f"{k} {pct(v)} (made {pct(s.success_by_seat[k])})"
                for k, v in s.declarer_by_seat.items()
            )
        )
    if s.big_wins:
        lines.append(
            "  big wins per deal:  " + ", ".join(f"{k} {pct(v)}" for k, v in s.big_wins.items())
        )
    for name, dist in s.deal_scores.items():
        q = dict(dist.quantiles)
        if q:
            lines.append(
                f"  deal score {name}: median {q['p50']}, middle half {q['p25']}..{q['p75']}, "
                f"90% within {q['p5']}..{q['p95']}, range {q['p0']}..{q['p100']}"
            )
    lines.append(f"  match length: {avg(s.match_length)} deals")
    return lines


def comparison_lines(c: Comparison) -> list[str]:
    """B against A: each difference with its interval; '*' marks one that excludes 0."""
    lines = [
        f"{c.b} against {c.a} on the same {c.paired_games} seeds "
        "(B - A, [..] the 95% interval, * excludes 0):"
    ]
    wins = c.wins_by_side or c.wins_by_seat
    what = "side" if c.wins_by_side else "seat"
    for name, d in wins.items():
        lines.append(f"  win rate {name}: {delta(d, 100.0, '%')}")
    points = c.points_by_side or c.points_by_seat
    for name, d in points.items():
        lines.append(f"  points per deal {name}: {delta(d)}")
    if c.match_length is not None:
        lines.append(f"  match length (deals): {delta(c.match_length)}")
    for name, d in c.contract_bids.items():
        lines.append(f"  contract {name} bid rate: {delta(d, 100.0, '%')}")
    for name, d in c.contract_success.items():
        lines.append(f"  contract {name} success rate: {delta(d, 100.0, '%')}")
    for name, d in c.big_wins.items():
        if d.a == 0 and d.b == 0:
            continue  # never happened under either ruleset
        lines.append(f"  big win {name} per deal: {delta(d, 100.0, '%')}")
    if c.changes_who_wins():
        lines.append(f"verdict: the win rates by {what} differ by more than luck explains")
    else:
        lines.append(f"verdict: no change in who wins detected (by {what}) at this number of games")
    return lines
