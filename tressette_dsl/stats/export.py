"""Exports of a simulation: one JSON document, or one CSV table in long form.

JSON: ``{"summary": <Summary.as_dict()>, "compare": {"b": <summary of B>, "difference":
<Comparison.as_dict()>}}`` (``compare`` only with ``--compare``). CSV: one row per
statistic, columns `CSV_FIELDS`:

- ``ruleset``: the ruleset id (with ``--compare``, ``A-B`` rows hold the differences);
- ``section``: wins, points_per_deal, contracts, declarer, passed_out, big_wins,
  deal_scores, match_length, difference;
- ``group``: by_side, by_seat, by_agent, a contract id, ...; ``label``: the side, seat, agent
  kind, contract or value it is about;
- ``metric``: rate, mean, count, diff...; ``value``; ``low`` and ``high``: the 95% interval
  (empty when it does not apply); ``n``: the sample size.

docs/playing.md lists the fields of both with their units.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterator
from typing import Any

from tressette_dsl.stats.compare import Comparison
from tressette_dsl.stats.intervals import Difference, Mean, Share
from tressette_dsl.stats.summary import Summary

CSV_FIELDS = ("ruleset", "section", "group", "label", "metric", "value", "low", "high", "n")
Row = dict[str, Any]


def to_json(
    summary: Summary,
    b: Summary | None = None,
    diff: Comparison | None = None,
    extra: dict[str, Any] | None = None,
) -> str:
    """`extra` adds top-level fields (simulate adds ``errors``)."""
    doc: dict[str, Any] = {"summary": summary.as_dict()}
    if b is not None and diff is not None:
        doc["compare"] = {"b": b.as_dict(), "difference": diff.as_dict()}
    doc.update(extra or {})
    return json.dumps(_finite(doc), indent=2, sort_keys=False) + "\n"


def _finite(value: Any) -> Any:
    """NaN (an interval that does not exist, n < 2) becomes null: JSON has no NaN."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


def to_csv(summary: Summary, b: Summary | None = None, diff: Comparison | None = None) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    rows = list(summary_rows(summary))
    if b is not None:
        rows += summary_rows(b)
    if diff is not None:
        rows += comparison_rows(diff)
    for row in rows:
        writer.writerow({k: _cell(row.get(k)) for k in CSV_FIELDS})
    return out.getvalue()


def _cell(value: Any) -> Any:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    return value


def _row(
    rid: str,
    section: str,
    group: str,
    label: str,
    *,
    metric: str,
    value: Any,
    low: Any = None,
    high: Any = None,
    n: Any = None,
) -> Row:
    return {
        "ruleset": rid,
        "section": section,
        "group": group,
        "label": label,
        "metric": metric,
        "value": value,
        "low": low,
        "high": high,
        "n": n,
    }


def _share(rid: str, section: str, group: str, label: str, s: Share) -> Row:
    return _row(
        rid, section, group, label, metric="rate", value=s.rate, low=s.low, high=s.high, n=s.n
    )


def _mean(rid: str, section: str, group: str, label: str, m: Mean) -> Row:
    return _row(
        rid, section, group, label, metric="mean", value=m.mean, low=m.low, high=m.high, n=m.n
    )


def summary_rows(s: Summary) -> Iterator[Row]:
    rid = s.ruleset
    for group, shares in (
        ("by_side", s.wins_by_side),
        ("by_seat", s.wins_by_seat),
        ("by_agent", s.wins_by_agent),
    ):
        for label, share in shares.items():
            yield _share(rid, "wins", group, label, share)
    for group, means in (
        ("by_side", s.points_by_side),
        ("by_seat", s.points_by_seat),
        ("by_agent", s.points_by_agent),
    ):
        for label, mean in means.items():
            yield _mean(rid, "points_per_deal", group, label, mean)
    for name, c in s.contracts.items():
        yield _share(rid, "contracts", name, "bids", c.bids)
        yield _share(rid, "contracts", name, "success", c.success)
        yield _mean(rid, "contracts", name, "declarer_points", c.declarer_points)
    for seat, share in s.declarer_by_seat.items():
        yield _share(rid, "declarer", "by_seat", seat, share)
        yield _share(rid, "declarer", "success_by_seat", seat, s.success_by_seat[seat])
    if s.passed_out is not None:
        yield _share(rid, "passed_out", "", "", s.passed_out)
    for name, share in s.big_wins.items():
        yield _share(rid, "big_wins", "", name, share)
    for slot, dist in s.deal_scores.items():
        for value, count in dist.counts:
            yield _row(rid, "deal_scores", slot, str(value), metric="count", value=count)
    yield _mean(rid, "match_length", "deals", "", s.match_length)
    for value, count in s.length.counts:
        yield _row(rid, "match_length", "distribution", str(value), metric="count", value=count)


def _diff(rid: str, group: str, label: str, d: Difference) -> Row:
    return _row(
        rid, "difference", group, label, metric="diff", value=d.diff, low=d.low, high=d.high
    )


def comparison_rows(c: Comparison) -> Iterator[Row]:
    rid = f"{c.a}-{c.b}"
    for group, diffs in (
        ("wins_by_side", c.wins_by_side),
        ("wins_by_seat", c.wins_by_seat),
        ("points_by_side", c.points_by_side),
        ("points_by_seat", c.points_by_seat),
        ("contract_bids", c.contract_bids),
        ("contract_success", c.contract_success),
        ("big_wins", c.big_wins),
    ):
        for label, d in diffs.items():
            row = _diff(rid, group, label, d)
            row["n"] = c.paired_games if group.startswith("wins") else ""
            yield row
    if c.match_length is not None:
        yield {**_diff(rid, "match_length", "deals", c.match_length), "n": c.paired_games}
