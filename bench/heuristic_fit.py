"""Fit the heuristic's card evaluator (tressette_dsl/agents/heuristic_weights.json).

    python bench/heuristic_fit.py tressette --deals 600 --seed 20000 --worlds 32 --jobs 2 \\
        --data /tmp/fit.jsonl --out tressette_dsl/agents/heuristic_weights.json

1. Positions: the heuristic (its hand-written rules only) plays one side against the
   random bot on deals `seed .. seed+deals-1` (seat 0's side on even deals, the other on
   odd ones), as bench/heuristic_regret.py does. At each of its card plays with a choice,
   every distinct card is valued by the fair sampled search of bench/ceiling.py
   (`--worlds` worlds from what the seat knows, its side on the greedy rollout, the
   opponents uniform, common random numbers): a share of playouts won and a mean margin.
   Each card's `heuristic_features` row is written beside its values (``--data``, one JSON
   line per decision; an existing file is read instead of regenerated).
2. Weights: per trick position and stage (`heuristic_eval.position_key`), a ridge fit
   of the card's value, centred within its decision (only differences between the cards
   of one decision mean anything), on its features, centred the same way. The value is
   the share won plus ``--margin-weight`` times the margin in points (the margin is far
   less noisy than the share; the share is what the arena counts). The rules' own choice
   is a feature, so the fit is a correction of the rules, not a replacement; and the
   rules' card stands unless another scores ``--margin`` more. ``--where`` names the
   positions the table decides (default: all but the last seat, which sees the whole
   trick and whose regret was the smallest: bench/heuristic_regret.py).

Session 8's options: ``--split-off-suit`` gives a follower none of whose cards is of the
suit led its own weights (keys ``pos<k>-off/<stage>``: every card of a decision follows or
none does, so a centred linear fit cannot treat a throw-away apart otherwise);
``--pairs-at lead,pos1,pos2 --pairs-keep K`` adds products of column pairs at those
positions, the K pairs of largest standardised weight summed over the keys in a first fit
with all of them (the table lists them as ``pairs``); ``--stages`` cuts the deal in other
parts than thirds.

The table records the ruleset's shape (`heuristic_eval.shape_of`): the heuristic uses it
only on rulesets of that shape. Deterministic for a given seed, deal count and worlds.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from tressette_dsl.agents import heuristic_eval
from tressette_dsl.agents.heuristic import HeuristicAgent, _View
from tressette_dsl.agents.heuristic_features import FEATURES, card_features
from tressette_dsl.agents.registry import build
from tressette_dsl.engine.observe import observe
from tressette_dsl.loader import load_ruleset

HERE = Path(__file__).resolve().parent


def _regret() -> ModuleType:
    """bench/heuristic_regret.py as a module (its decisions and values are the fit's data)."""
    if str(HERE) not in sys.path:  # the bench scripts import each other from their folder
        sys.path.insert(0, str(HERE))
    import heuristic_regret  # noqa: PLC0415 - a sibling script, found through the path set just above

    return heuristic_regret


def _policy(table: str | None) -> None:
    """The heuristic that plays the positions: its rules only, or with the table in the
    file `table` (a later round fits on the positions the fitted bot itself meets)."""
    if table is None:
        heuristic_eval.use_table({"features": list(FEATURES), "shape": None, "positions": {}})
    else:
        heuristic_eval.use_table(json.loads(Path(table).read_text(encoding="utf-8")))


def generate(
    ruleset: str, first: int, count: int, worlds: int, table: str | None = None
) -> list[dict[str, Any]]:
    """The decisions of deals `first .. first+count-1` with features and values."""
    _policy(table)
    regret = _regret()
    rules = load_ruleset(ruleset)
    hero, other = HeuristicAgent(), build("random")
    out: list[dict[str, Any]] = []
    for deal in range(first, first + count):
        for state, seat, _action, options, search_rng in regret.card_decisions(
            rules, deal, hero, other
        ):
            cards = list(options)
            view = _View(rules, observe(rules, state, seat))
            rule = view.rule_card(cards)
            rows = card_features(view, cards, rule)
            valued = regret.values(rules, state, seat, options, worlds=worlds, rng=search_rng)
            out.append(
                {
                    "deal": deal,
                    "position": len(state.cards.trick),
                    "played": len(view.obs.tricks),
                    "in_hand": len(view.hand),
                    "cards": cards,
                    "features": rows,
                    "win": [valued[c][0] for c in cards],
                    "margin": [valued[c][1] for c in cards],
                }
            )
    return out


def refeature(
    ruleset: str, decisions: Sequence[dict[str, Any]], table: str | None = None
) -> list[dict[str, Any]]:
    """The same decisions with their `features` rows worked out again by today's
    `card_features`: each deal is replayed with the policy that played it (`table`, as in
    `generate`; the values, the expensive part, are kept). A row that no longer matches
    its decision (another policy, other cards) is an error, not a silent mix."""
    _policy(table)
    regret = _regret()
    rules = load_ruleset(ruleset)
    hero, other = HeuristicAgent(), build("random")
    by_deal: dict[int, list[dict[str, Any]]] = {}
    for d in decisions:
        by_deal.setdefault(int(d["deal"]), []).append(d)
    out: list[dict[str, Any]] = []
    for deal, old in by_deal.items():
        replayed = list(regret.card_decisions(rules, deal, hero, other))
        if len(replayed) != len(old):
            raise ValueError(f"deal {deal}: {len(replayed)} decisions replayed, {len(old)} stored")
        for d, (state, seat, _action, options, _rng) in zip(old, replayed, strict=True):
            cards = list(options)
            if cards != d["cards"]:
                raise ValueError(f"deal {deal}: the replay offers {cards}, not {d['cards']}")
            view = _View(rules, observe(rules, state, seat))
            out.append({**d, "features": card_features(view, cards, view.rule_card(cards))})
    return out


def _generate_chunk(job: tuple[str, int, int, int, str | None]) -> list[dict[str, Any]]:
    return generate(*job)


_FOLLOWS = FEATURES.index("follows")


def decision_key(
    rules: Any, d: dict[str, Any], stages: int = heuristic_eval.STAGES, split: bool = False
) -> str:
    """The table key of a stored decision (`heuristic_eval.position_key`); with `split`, a
    follower none of whose cards is of the suit led (no row `follows`) gets its `-off` key."""
    off = split and d["position"] > 0 and not any(row[_FOLLOWS] for row in d["features"])
    return heuristic_eval.position_key(
        rules, d["position"], d["played"], d["in_hand"], stages=stages, off_suit=off
    )


def _rows(d: dict[str, Any], key: str, pairs: Sequence[tuple[int, int]], where: set[str]) -> Any:
    """The decision's rows, with the products of `pairs` where its key's position is in
    `where` (`heuristic_eval.with_products`, as the heuristic scores them)."""
    x = np.asarray(d["features"], dtype=float)
    if pairs and key.split("/", maxsplit=1)[0] in where:
        a, b = np.asarray(pairs).T
        x = np.hstack([x, x[:, a] * x[:, b]])
    return x


def _ridge(x: Any, y: Any, ridge: float) -> tuple[Any, Any]:
    """Ridge weights of `y` on the standardised columns of `x` (in `x`'s own units), and
    the columns' scales."""
    scale = x.std(axis=0)
    flat = scale < 1e-9  # the same in every card of a decision: it decides nothing
    scale[flat] = 1.0
    z = x / scale
    z[:, flat] = 0.0
    w = np.linalg.solve(z.T @ z + ridge * len(y) * np.eye(z.shape[1]), z.T @ y) / scale
    return w, scale


def fit(
    ruleset: str,
    decisions: Sequence[dict[str, Any]],
    ridge: float,
    margin_weight: float,
    *,
    stages: int = heuristic_eval.STAGES,
    split: bool = False,
    pairs: Sequence[tuple[int, int]] = (),
    pair_where: frozenset[str] = frozenset(),
    importance: dict[int, float] | None = None,
) -> dict[str, list[float]]:
    """Per position key, the ridge weights of the centred values on the centred rows
    (with the products of `pairs` of columns at the positions of `pair_where`; each
    pair's standardised weight, summed over keys, is added to `importance` if given)."""
    rules = load_ruleset(ruleset)
    unit = float(rules.deck.unit or 1)
    xs: dict[str, list[np.ndarray]] = {}
    ys: dict[str, list[np.ndarray]] = {}
    for d in decisions:
        key = decision_key(rules, d, stages, split)
        x = _rows(d, key, pairs, set(pair_where))
        y = (
            np.asarray(d["win"], dtype=float)
            + margin_weight * np.asarray(d["margin"], dtype=float) / unit
        )
        xs.setdefault(key, []).append(x - x.mean(axis=0))
        ys.setdefault(key, []).append(y - y.mean())
    out: dict[str, list[float]] = {}
    for key in sorted(xs):
        w, scale = _ridge(np.vstack(xs[key]), np.concatenate(ys[key]), ridge)
        out[key] = [round(float(v), 6) for v in w]
        if importance is not None and len(w) > len(FEATURES):
            for k, v in enumerate(np.abs(w * scale)[len(FEATURES) :]):
                importance[k] = importance.get(k, 0.0) + float(v)
    return out


def fit_as_asked(
    args: argparse.Namespace,
    decisions: Sequence[dict[str, Any]],
    pairs: Sequence[tuple[int, int]],
    pair_where: frozenset[str],
    importance: dict[int, float] | None = None,
) -> dict[str, list[float]]:
    """`fit` with the command line's ridge, margin weight, stages and split."""
    return fit(
        args.ruleset,
        decisions,
        args.ridge,
        args.margin_weight,
        stages=args.stages,
        split=args.split_off_suit,
        pairs=pairs,
        pair_where=pair_where,
        importance=importance,
    )


def choose_pairs(
    args: argparse.Namespace, decisions: Sequence[dict[str, Any]], pair_where: frozenset[str]
) -> list[tuple[int, int]]:
    """The `--pairs-keep` column pairs of largest standardised weight in a fit with all
    pairs at the positions of `pair_where` (the same ridge, stages and keys)."""
    importance: dict[int, float] = {}
    every = all_pairs()
    fit_as_asked(args, decisions, every, pair_where, importance)
    ranked = sorted(importance, key=importance.__getitem__, reverse=True)
    return [every[k] for k in sorted(ranked[: args.pairs_keep])]


def all_pairs() -> list[tuple[int, int]]:
    """Every pair of distinct columns but the rules' own choice (column 0)."""
    n = len(FEATURES)
    return [(a, b) for a in range(1, n) for b in range(a + 1, n)]


def agreement(
    ruleset: str,
    decisions: Sequence[dict[str, Any]],
    positions: dict[str, list[float]],
    *,
    stages: int = heuristic_eval.STAGES,
    split: bool = False,
    pairs: Sequence[tuple[int, int]] = (),
) -> dict[str, Any]:
    """How the fitted choice and the rules' choice fare by the search's own values."""
    rules = load_ruleset(ruleset)
    stats: dict[str, list[float]] = {}
    for d in decisions:
        key = decision_key(rules, d, stages, split)
        w = positions.get(key)
        if w is None:
            continue
        x = _rows(d, key, pairs if len(w) > len(FEATURES) else (), {key.split("/")[0]})
        win = np.asarray(d["win"], dtype=float)
        fitted = int(np.argmax(x @ np.asarray(w)))
        rule = int(np.argmax(x[:, 0]))
        s = stats.setdefault(key, [0.0, 0.0, 0.0, 0.0])
        s[0] += 1
        s[1] += float(win.max() - win[rule])
        s[2] += float(win.max() - win[fitted])
        s[3] += float(fitted != rule)
    return {
        k: {
            "decisions": int(s[0]),
            "regret_rules": s[1] / s[0],
            "regret_fitted": s[2] / s[0],
            "differs": s[3] / s[0],
        }
        for k, s in sorted(stats.items())
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("ruleset")
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", type=int, default=20000)
    parser.add_argument("--worlds", type=int, default=32)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--ridge", type=float, default=0.01)
    parser.add_argument("--margin-weight", type=float, default=0.05)
    parser.add_argument(
        "--policy", default=None, help="a weights file the heuristic plays the positions with"
    )
    parser.add_argument("--data", default=None, help="JSON lines of decisions (read if it exists)")
    parser.add_argument(
        "--margin", type=float, default=0.02, help="how much better than the rules' card"
    )
    parser.add_argument(
        "--where", default="lead,pos1,pos2", help="trick positions the table decides"
    )
    parser.add_argument(
        "--stages", type=int, default=heuristic_eval.STAGES, help="parts the deal is cut in"
    )
    parser.add_argument(
        "--split-off-suit",
        action="store_true",
        help="separate weights for a follower who cannot follow suit (keys `pos<k>-off/<stage>`)",
    )
    parser.add_argument(
        "--pairs-at",
        default="",
        help="positions (e.g. lead) scored with products of column pairs too",
    )
    parser.add_argument(
        "--pairs-keep",
        type=int,
        default=60,
        help="how many pairs: those of largest standardised weight in a fit with all",
    )
    parser.add_argument("--extra-data", default="", help="more decision files, comma-separated")
    parser.add_argument(
        "--refeature",
        action="store_true",
        help="work the rows of --data out again (replayed with --policy) with today's FEATURES",
    )
    parser.add_argument("--out", default=None, help="where to write the weights table")
    args = parser.parse_args(argv)
    rules = load_ruleset(args.ruleset)
    data_path = Path(args.data) if args.data else None
    if data_path is not None and data_path.exists():
        decisions = [json.loads(line) for line in data_path.read_text().splitlines() if line]
        if args.refeature:  # written back: the values are kept, the rows are today's
            decisions = refeature(args.ruleset, decisions, args.policy)
            data_path.write_text("".join(json.dumps(d) + "\n" for d in decisions))
    else:
        chunk = max(1, args.deals // max(1, args.jobs * 4))
        jobs = [
            (args.ruleset, s, min(chunk, args.seed + args.deals - s), args.worlds, args.policy)
            for s in range(args.seed, args.seed + args.deals, chunk)
        ]
        if args.jobs > 1:
            with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
                parts = pool.map(_generate_chunk, jobs)
        else:
            parts = [_generate_chunk(j) for j in jobs]
        decisions = [d for part in parts for d in part]
        if data_path is not None:
            data_path.write_text("".join(json.dumps(d) + "\n" for d in decisions))
    for extra in args.extra_data.split(",") if args.extra_data else ():
        decisions += [json.loads(line) for line in Path(extra).read_text().splitlines() if line]
    where = set(args.where.split(","))
    pair_where = frozenset(p for p in args.pairs_at.split(",") if p)
    pairs = choose_pairs(args, decisions, pair_where) if pair_where else []
    positions = {
        key: w
        for key, w in fit_as_asked(args, decisions, pairs, pair_where).items()
        if key.split("/")[0].removesuffix("-off") in where
    }
    table = {
        "about": "heuristic card evaluator weights; regenerate with bench/heuristic_fit.py",
        "command": (
            f"bench/heuristic_fit.py {args.ruleset} --deals {args.deals} --seed {args.seed} "
            f"--worlds {args.worlds} --ridge {args.ridge} --margin-weight {args.margin_weight} "
            f"--margin {args.margin} --where {args.where} --stages {args.stages}"
            + (" --split-off-suit" if args.split_off_suit else "")
            + (f" --pairs-at {args.pairs_at} --pairs-keep {args.pairs_keep}" if pairs else "")
        ),
        "pairs": [[FEATURES[a], FEATURES[b]] for a, b in pairs],
        "stages": args.stages,
        "margin": args.margin,
        "decisions": len(decisions),
        "shape": heuristic_eval.shape_of(rules, rules_have_trumps(decisions)),
        "features": list(FEATURES),
        "positions": positions,
    }
    report = {
        "decisions": len(decisions),
        "agreement": agreement(
            args.ruleset,
            decisions,
            positions,
            stages=args.stages,
            split=args.split_off_suit,
            pairs=pairs,
        ),
    }
    print(json.dumps(report, indent=2))
    if args.out:
        Path(args.out).write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    return 0


def rules_have_trumps(decisions: Sequence[dict[str, Any]]) -> bool:
    """Whether any position seen had a trump card among its choices (the `trump` column)."""
    column = FEATURES.index("trump")
    return any(row[column] for d in decisions for row in d["features"])


if __name__ == "__main__":
    sys.exit(main())
