"""Fit the heuristic's bidding table (`agents/bid_weights.json`): a hand's chance to make a bid.

For every deal of the seeds and every seat, and every bid of the ruleset's auction, the
deal is played with that seat forced to make that bid and the others forced to pass,
every seat then played by `--agent` (the heuristic). Each such game gives one row: the
`bid_table.FEATURES` of the bidder's hand at the auction, and whether the declarer made
the contract (his gain over the deal is positive). A logistic model per bid is fitted by
Newton's method (a little ridge, so that it always converges) and written, with the
ruleset's `bid_table.shape_of`, as the table the heuristic reads:

    python bench/bid_fit.py calabresella --deals 1500 --seed 3000 --threshold 0.4 \\
        --out tressette_dsl/agents/bid_weights.json

The same arguments give the same table (seeded deals, seeded seat rngs). It prints, per
bid, the rate made, the fit's log-loss on the last fifth of the deals (held out from a fit
on the rest, against the constant rate) and the made rate by predicted chance.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tressette_dsl.agents import choose, make_agent, seat_rng
from tressette_dsl.agents.bid_table import FEATURES, chance, hand_features, shape_of
from tressette_dsl.agents.heuristic import _View
from tressette_dsl.engine import apply, deal_over, legal_actions, observe, start
from tressette_dsl.engine.people import person_totals
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import AuctionPhase, Ruleset

Row = tuple[list[float], int]


def _without_rows(argv: list[str]) -> list[str]:
    """The command line without `--rows FILE` (a cache of the same games, not an input)."""
    out: list[str] = []
    skip = False
    for word in argv:
        if skip or word == "--rows":
            skip = not skip
            continue
        out.append(word)
    return out


def bid_ids(rules: Ruleset) -> list[str]:
    return [b.id for p in rules.flow if isinstance(p, AuctionPhase) for b in p.bids]


def forced_game(
    rules: Ruleset, agent: str, seed: int, seat: int, bid: str
) -> tuple[list[str], int] | None:
    """Deal `seed` with `seat` forced to `bid` and the others to pass; the bidder's hand
    at the auction and 1 if the declarer made it (None if the bid was not open to him)."""
    n = rules.players.count
    agents = [make_agent(agent) for _ in range(n)]
    rngs = [seat_rng(seed, x) for x in range(n)]
    state, _events = start(rules, seed)
    before = person_totals(rules, state)
    row: list[str] | None = None
    while not deal_over(state) and state.to_act is not None:
        x = state.to_act
        legal = legal_actions(rules, state)
        texts = [str(a) for a in legal]
        if any(t.startswith("bid ") for t in texts):
            want = f"bid {bid}" if x == seat else "pass"
            if want not in texts:
                return None
            if x == seat:
                row = list(observe(rules, state, x).hand)
            action = legal[texts.index(want)]
        else:
            action = choose(agents[x], rules, state, legal, rngs[x])
        state, _events = apply(rules, state, action)
    if row is None:
        return None
    gains = [a - b for a, b in zip(person_totals(rules, state), before, strict=True)]
    return row, 1 if gains[seat] > 0 else 0


def _games(
    rules: Ruleset, args: argparse.Namespace, bids: list[str], seeds: range
) -> list[tuple[int, str, list[str], int]]:
    """(seed, bid, the bidder's hand, made) of every forced game, from `--rows` if that
    file exists (the games of the same arguments), else played (and written there)."""
    path = Path(args.rows) if args.rows else None
    if path is not None and path.exists():
        return [tuple(g) for g in json.loads(path.read_text(encoding="utf-8"))]  # type: ignore[misc]
    games = []
    for bid in bids:
        for seed in seeds:
            for seat in range(rules.players.count):
                played = forced_game(rules, args.agent, seed, seat, bid)
                if played is not None:
                    games.append((seed, bid, played[0], played[1]))
    if path is not None:
        path.write_text(json.dumps(games), encoding="utf-8")
    return games


def fit(rows: list[Row], ridge: float = 1e-3, steps: int = 30) -> list[float]:
    """Logistic regression by Newton's method on standardised features (the ridge then
    weighs every feature alike; never the intercept), returned on the raw features:
    weights[0] the intercept."""
    k = len(FEATURES) + 1
    n = max(1, len(rows))
    mean = [sum(x[i] for x, _y in rows) / n for i in range(k - 1)]
    scale = [
        math.sqrt(sum((x[i] - mean[i]) ** 2 for x, _y in rows) / n) or 1.0 for i in range(k - 1)
    ]
    std = [([(v - m) / s for v, m, s in zip(x, mean, scale, strict=True)], y) for x, y in rows]
    w = _newton(std, k, ridge, steps)
    raw = [w[i + 1] / scale[i] for i in range(k - 1)]
    return [w[0] - sum(r * m for r, m in zip(raw, mean, strict=True)), *raw]


def _newton(rows: list[Row], k: int, ridge: float, steps: int) -> list[float]:
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in rows:
            xs = [1.0, *x]
            p = chance(w, x)
            g = p - y
            s = p * (1 - p)
            for i in range(k):
                grad[i] += g * xs[i]
                for j in range(i, k):
                    hess[i][j] += s * xs[i] * xs[j]
        for i in range(1, k):
            grad[i] += ridge * w[i] * len(rows)
            hess[i][i] += ridge * len(rows)
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= f * m[c][j]
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        out[r] = (m[r][n] - sum(m[r][j] * out[j] for j in range(r + 1, n))) / m[r][r]
    return out


def log_loss(w: list[float] | None, rows: list[Row], rate: float) -> float:
    total = 0.0
    for x, y in rows:
        p = chance(w, x) if w is not None else rate
        p = min(1 - 1e-9, max(1e-9, p))
        total -= math.log(p if y else 1 - p)
    return total / max(1, len(rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ruleset")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=3000)
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--bids", default="", help="comma-separated bid ids (default: all)")
    parser.add_argument("--threshold", type=float, default=0.5)
    parser.add_argument("--out", default="")
    parser.add_argument("--rows", default="", help="a file of the played games, read if there")
    args = parser.parse_args()
    rules = load_ruleset(args.ruleset)
    bids = [b for b in args.bids.split(",") if b] or bid_ids(rules)
    seeds = range(args.seed, args.seed + args.deals)
    cut = args.seed + args.deals * 4 // 5
    table: dict[str, list[float]] = {}
    games = _games(rules, args, bids, seeds)
    for bid in bids:
        train: list[Row] = []
        test: list[Row] = []
        for seed, played, hand, made in games:
            if played == bid:
                row = hand_features(_View(rules, None, hand=tuple(hand)))
                (train if seed < cut else test).append((row, made))
        if not train:
            continue
        rate = sum(y for _x, y in train) / len(train)
        held = fit(train)
        print(
            f"{bid}: {len(train) + len(test)} games, made {rate:.1%}; held-out log-loss"
            f" {log_loss(held, test, rate):.4f} (constant {log_loss(None, test, rate):.4f})"
        )
        buckets: dict[int, list[int]] = {}
        for x, y in test:
            buckets.setdefault(min(9, int(chance(held, x) * 10)), []).append(y)
        for b in sorted(buckets):
            ys = buckets[b]
            made = sum(ys) / len(ys)
            print(f"  predicted {b / 10:.1f}-{(b + 1) / 10:.1f}: {len(ys):5} made {made:.1%}")
        table[bid] = fit(train + test)
    out = {
        "about": "bench/bid_fit.py: a logistic model per bid of the declarer making it",
        "command": " ".join(_without_rows(sys.argv[1:])),
        "shape": shape_of(rules),
        "features": list(FEATURES),
        "threshold": args.threshold,
        "bids": {b: [round(v, 6) for v in w] for b, w in table.items()},
    }
    text = json.dumps(out, indent=1) + "\n"
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        print(text)


if __name__ == "__main__":
    main()
