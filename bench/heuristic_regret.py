"""Where does the heuristic lose value against random? Regret per kind of decision.

    python bench/heuristic_regret.py tressette --deals 100 --worlds 32 --seed 7000

The heuristic plays one side (seat 0's on even deals, the other on odd ones, so that both
sides and both leads are seen), the random bot every other seat, on the arena's deals. At
each of the heuristic's card plays with a choice, every distinct card it may play is
valued by the FAIR search of bench/ceiling.py (``--sight own``): `worlds` worlds sampled
from what the seat knows (`Worlds`), the card applied in each, the deal played out with
its own side on the greedy rollout and the opponents uniform (the random bot's policy),
the same worlds and draws for every card (common random numbers). A card's value is its
share of playouts won (the arena's margin sign, a tie half) and its mean margin. The
*regret* of the heuristic's choice is the best card's value less its card's.

The report splits the regret by trick position (lead, second, third, fourth hand) and by
the trick's number, so that it says where the points go; the search's argmax is a noisy
estimate (the largest of several means is biased up), so compare kinds with each other,
not a regret with zero. ``--dump FILE`` writes one JSON line per decision (the cards, their
values, the heuristic's card) for a fitting script to read.

Signals are folded into the plain play: the heuristic's signal choice is not valued here.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from tressette_dsl.agents.base import Worlds, choose, seat_rng
from tressette_dsl.agents.registry import build
from tressette_dsl.compiled import playout_result
from tressette_dsl.engine import apply, deal_over, is_over, legal_actions, result, start
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.people import person_totals
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset

HERE = Path(__file__).resolve().parent


def _ceiling() -> ModuleType:
    """bench/ceiling.py as a module: its margin, sides and playout policy are the bound's."""
    if str(HERE) not in sys.path:  # the bench scripts import each other from their folder
        sys.path.insert(0, str(HERE))
    import ceiling  # noqa: PLC0415 - a sibling script, found through the path set just above

    return ceiling


def card_options(legal: Sequence[Action]) -> dict[str, Action]:
    """One action per distinct card played (its plain play when there is one): a card's
    signal variants lead to the same play."""
    out: dict[str, Action] = {}
    for action in legal:
        words = str(action).split()
        if words[0] != "play":
            continue
        if words[1] not in out or len(words) == 2:
            out[words[1]] = action
    return out


def values(
    rules: Ruleset,
    state: GameState,
    seat: int,
    options: dict[str, Action],
    *,
    worlds: int,
    rng: random.Random,
) -> dict[str, tuple[float, float]]:
    """Each card's (share won, mean margin) over `worlds` sampled worlds, fair sight."""
    ceiling = _ceiling()
    mine = ceiling.side_of(rules, seat)
    before = person_totals(rules, state)
    base = rng.getrandbits(64)
    service = Worlds(rules, state, seat)
    roots = [service.sample(random.Random(base - 1 - i)) for i in range(worlds)]
    out: dict[str, tuple[float, float]] = {}
    for card, action in options.items():
        won = total = 0.0
        for i, root in enumerate(roots):
            nxt, _events = apply(rules, root, action, events=False)
            if deal_over(nxt):
                m = ceiling.margin_of(rules, mine, before, result(rules, nxt).seat_totals)
            else:
                policy = ceiling.MixedPolicy(rules, random.Random(base + i), mine, True)
                end = playout_result(rules, nxt, policy=policy)
                m = ceiling.margin_of(rules, mine, before, end.seat_totals)
            won += 1.0 if m > 0 else 0.5 if m == 0 else 0.0
            total += m
        out[card] = (won / worlds, total / worlds)
    return out


Decision = tuple[GameState, int, Action, dict[str, Action], random.Random]


def card_decisions(rules: Ruleset, deal: int, hero: Any, other: Any) -> Iterator[Decision]:
    """Deal `deal` with `hero` on the ceiling's side for that deal and `other` on the
    rest: at each of hero's card plays with a choice, (the state, the seat, hero's action,
    the card options, the deal's search rng) - before the action is applied. The deals,
    seat rngs and search rngs that both this script and heuristic_fit.py value."""
    ceiling = _ceiling()
    n = rules.players.count
    state, _ = start(rules, deal)
    ours = ceiling.side_of(rules, deal % 2 % n)
    agents = [hero if x in ours else other for x in range(n)]
    search_rng = random.Random(f"regret:{deal}")
    while not is_over(state) and not deal_over(state):
        seat = state.to_act
        if seat is None:
            break
        legal = legal_actions(rules, state)
        action = choose(agents[seat], rules, state, legal, seat_rng(deal, seat))
        options = card_options(legal) if seat in ours else {}
        if len(options) > 1:
            yield state, seat, action, options, search_rng
        state, _ = apply(rules, state, action, events=False)


def run(
    ruleset: str,
    deals: int,
    seed: int,
    worlds: int,
    *,
    bot: str = "heuristic",
    dump: Any = None,
) -> dict[str, Any]:
    """Play the deals and return the regret table (see the module's docstring)."""
    rules = load_ruleset(ruleset)
    hero = build(bot)
    other = build("random")
    rows: dict[str, list[tuple[float, float]]] = defaultdict(list)
    decisions = 0
    for deal in range(seed, seed + deals):
        for state, seat, action, options, search_rng in card_decisions(rules, deal, hero, other):
            decisions += 1
            chosen = str(action).split()[1]
            valued = values(rules, state, seat, options, worlds=worlds, rng=search_rng)
            best_win = max(v[0] for v in valued.values())
            best_margin = max(v[1] for v in valued.values())
            regret = (best_win - valued[chosen][0], best_margin - valued[chosen][1])
            position = len(state.cards.trick)
            trick_no = state.trick_no
            rows[f"pos{position}"].append(regret)
            rows[f"trick{trick_no:02d}"].append(regret)
            rows["all"].append(regret)
            if dump is not None:
                line = {
                    "deal": deal,
                    "seat": seat,
                    "position": position,
                    "trick": trick_no,
                    "chosen": chosen,
                    "values": {c: list(v) for c, v in valued.items()},
                }
                dump.write(json.dumps(line) + "\n")
    table = {
        kind: {
            "decisions": len(v),
            "regret_win": sum(r[0] for r in v) / len(v),
            "regret_margin": sum(r[1] for r in v) / len(v),
            "per_deal_win": sum(r[0] for r in v) / deals,
            "per_deal_margin": sum(r[1] for r in v) / deals,
        }
        for kind, v in sorted(rows.items())
    }
    return {
        "ruleset": ruleset,
        "deals": deals,
        "seed": seed,
        "worlds": worlds,
        "bot": bot,
        "decisions": decisions,
        "kinds": table,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("ruleset")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--worlds", type=int, default=32)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--dump", default=None, help="a JSON-lines file of every decision")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args(argv)
    dump = open(args.dump, "w", encoding="utf-8") if args.dump else None  # noqa: SIM115
    try:
        report = run(args.ruleset, args.deals, args.seed, args.worlds, bot=args.bot, dump=dump)
    finally:
        if dump is not None:
            dump.close()
    if args.format == "json":
        print(json.dumps(report, indent=2))
        return 0
    print(
        f"{report['ruleset']}: {report['deals']} deals, {report['decisions']} decisions, "
        f"{report['worlds']} worlds, bot {report['bot']}"
    )
    print(f"  {'kind':8} {'n':>6} {'regret win':>11} {'margin':>8} {'win/deal':>9} {'m/deal':>8}")
    for kind, row in report["kinds"].items():
        print(
            f"  {kind:8} {row['decisions']:6d} {row['regret_win']:11.4f} "
            f"{row['regret_margin']:8.3f} {row['per_deal_win']:9.4f} {row['per_deal_margin']:8.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
