"""A picture of a simulation that reads without the text report (matplotlib, extra `plot`).

Three panels: win rates with their 95% intervals (by side in team games, by seat
otherwise; with ``--compare`` both rulesets side by side), the distribution of what a deal
adds to each match total, and the distribution of match length. The Agg backend is used,
so no display is needed; the file's suffix picks the format (``.png`` or ``.svg``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tressette_dsl.stats.intervals import Share
from tressette_dsl.stats.summary import Distribution, Summary

FORMATS = (".png", ".svg")


class PlotUnavailable(RuntimeError):
    """matplotlib is not installed; the message says how to get it."""


def _pyplot() -> Any:
    try:
        import matplotlib  # noqa: PLC0415 - optional extra, loaded only when plotting

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415
    except ImportError as exc:
        raise PlotUnavailable("--plot needs matplotlib: pip install 'tressette-dsl[plot]'") from exc
    return plt


def plot(summaries: list[Summary], path: str | Path) -> Path:
    """Draw the summaries (one, or A and B of a comparison) into `path`."""
    target = Path(path)
    if target.suffix.lower() not in FORMATS:
        raise ValueError(
            f"--plot: the file must end in {' or '.join(FORMATS)}, not {target.name!r}"
        )
    plt = _pyplot()
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.8), layout="constrained")
    _wins(axes[0], summaries)
    _scores(axes[1], summaries)
    _lengths(axes[2], summaries)
    names = " vs ".join(s.ruleset for s in summaries)
    games = ", ".join(str(s.finished) for s in summaries)
    agents = ",".join(summaries[0].agents)
    fig.suptitle(f"{names}: {games} matches, agents {agents} (bars: 95% intervals)")
    fig.savefig(target)
    plt.close(fig)
    return target


def _wins(ax: Any, summaries: list[Summary]) -> None:
    by_side = all(s.wins_by_side for s in summaries)
    what = "side" if by_side else "seat"
    labels: list[str] = []
    for s in summaries:
        for label in s.wins_by_side if by_side else s.wins_by_seat:
            if label not in labels:
                labels.append(label)
    width = 0.8 / len(summaries)
    for k, s in enumerate(summaries):
        shares: dict[str, Share] = s.wins_by_side if by_side else s.wins_by_seat
        xs, rates, lows, highs = [], [], [], []
        for i, label in enumerate(labels):
            if label in shares and shares[label].n:
                share = shares[label]
                xs.append(i + (k - (len(summaries) - 1) / 2) * width)
                rates.append(100 * share.rate)
                lows.append(100 * (share.rate - share.low))
                highs.append(100 * (share.high - share.rate))
        ax.bar(xs, rates, width, yerr=[lows, highs], capsize=4, label=s.ruleset)
    ax.axhline(100 / max(1, len(labels)), color="grey", linewidth=0.8, linestyle=":")
    ax.set_xticks(range(len(labels)), labels)
    ax.set_ylabel("matches won (%)")
    ax.set_title(f"win rate by {what}")
    ax.set_ylim(0, 100)
    ax.legend(fontsize="small")


def _scores(ax: Any, summaries: list[Summary]) -> None:
    for s in summaries:
        for slot, dist in s.deal_scores.items():
            _steps(ax, dist, f"{s.ruleset}: {slot}" if len(summaries) > 1 else slot)
    ax.set_xlabel("added to the match total by one deal")
    ax.set_ylabel("share of deals (%)")
    ax.set_title("deal scores")
    ax.legend(fontsize="small")


def _lengths(ax: Any, summaries: list[Summary]) -> None:
    values = [[float(v) for v, n in s.length.counts for _ in range(n)] for s in summaries]
    labels = [f"{s.ruleset}: mean {s.match_length.mean:.2f}" for s in summaries]
    if any(values):
        weights = [[100 / len(v)] * len(v) if v else [] for v in values]
        low = min(min(v) for v in values if v)
        high = max(max(v) for v in values if v)
        # whole deals: one bar per count while that stays readable
        bins: Any = [x - 0.5 for x in range(int(low), int(high) + 2)] if high - low <= 60 else 30
        ax.hist(values, bins=bins, weights=weights, histtype="step", linewidth=1.5, label=labels)
    ax.set_xlabel("deals per match")
    ax.set_ylabel("share of matches (%)")
    ax.set_title("match length")
    ax.legend(fontsize="small")


def _steps(ax: Any, dist: Distribution, label: str) -> None:
    total = sum(n for _v, n in dist.counts)
    if not total:
        return
    xs = [float(v) for v, _n in dist.counts]
    ys = [100 * n / total for _v, n in dist.counts]
    ax.plot(xs, ys, marker="o", markersize=3, linewidth=1.2, label=label)
