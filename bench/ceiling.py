"""How far can ANY player get against the random player? An omniscient best response.

    python bench/ceiling.py --ruleset tressette --deals 100 --budget 8,16,32 --jobs 2
    python bench/ceiling.py --ruleset briscola-chiamata --deals 100 --budget 4,8 --baseline

Issue 9 asks that the heuristic bot beat the random bot in 85% of the arena's duplicate
deals on four rulesets. Whether that is possible at all depends on the cards and on what
random opponents do, not on the heuristic, so this script estimates the *ceiling*: the
share of deals that a player who sees everything wins against the random player, on the
arena's own definition. It imports the arena (`agents.arena.run_arena` and `play_game`:
the assignments, one seat alone against the others in games of more than two units, the
margin per game, ties half, Wilson intervals) and only supplies side A.

Side A is `OmniscientAgent`. It reads the true state (every hand, the stock's order, who
holds the called card) from the `Worlds` service the arena hands a searching agent - it
takes the state out of the service's closure, which a registered bot must never do; this
is a bound, not a bot. At each of its decisions it tries every legal action on the true
state and plays `budget` playouts from each on the compiled kernel, in which

* the opponents (side B) choose uniformly among the legal actions without claims: exactly
  the random bot's policy, so the playouts sample the real opponent;
* its own seats play the project's greedy full-information rollout (`RolloutPolicy`: the
  kernel's frame shows it every hand) or, with ``--rollout random``, at random;

and picks the action with the best share of playouts won (the arena's margin sign, a tie
half), the mean margin breaking ties. The same random draws are used for every action of
one decision (common random numbers), so that the comparison is between the actions and
not between the draws. That is a one-step improvement of the rollout policy against the
true opponent model: its share is a LOWER bound of the best response's (any player is),
and it approaches the best response as the budget grows and the rollouts improve. If
doubling the budget (and changing the rollout) does not move the share, the figure is the
ceiling within its interval; if it exceeds a target, the target is reachable.

Per budget the report gives the arena's figures for side A (share, Wilson 95% interval,
mean margin, seconds per decision), the CPU seconds the games took, how the games of each
deal fell (all won / split / all lost: a deal that the omniscient side loses in every
seat is one the cards decide), and in contract games the lone seat's role (declarer,
called partner, defender) with its share in each and how often it held the called card.
``--baseline`` plays the heuristic bot against random on the same deals for comparison.

The arena's margin is measured from the totals at the start of the game; this script
evaluates playouts from the totals at the decision, which is the same thing in a deal
game because match totals change only when a deal is scored.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from tressette_dsl.agents.arena import Game, play_game, run_arena, units_of, wilson
from tressette_dsl.agents.base import Worlds
from tressette_dsl.agents.rollout import RolloutPolicy
from tressette_dsl.compiled import playout_result
from tressette_dsl.compiled.steps import no_claims
from tressette_dsl.engine import apply, deal_over, legal_actions, result
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.observe import observe
from tressette_dsl.engine.people import person_to_act, person_totals
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset

TARGET = 0.85  # issue 9: the heuristic against random, share of deals

# What the omniscient agent saw of its own game, for the role breakdown: the arena builds
# fresh agents per game and plays each game in one process, so the player function below
# clears this before a game and reads it after.
_NOTES: dict[str, Any] = {}


def true_state(worlds: Worlds) -> GameState:
    """The real state inside a `Worlds` (held in its sampler's closure)."""
    for cell in worlds._draw.__closure__ or ():
        value = cell.cell_contents
        if isinstance(value, GameState):
            return value
    raise RuntimeError("the Worlds service holds no state (its sampler changed shape)")


def side_of(rules: Ruleset, seat: int) -> frozenset[int]:
    """The seats that play with `seat` in the arena: its unit (team, or itself alone)."""
    for unit in units_of(rules):
        if seat in unit:
            return frozenset(unit)
    return frozenset({seat})


def margin_of(
    rules: Ruleset, mine: frozenset[int], before: Sequence[int], after: Sequence[int]
) -> float:
    """The arena's margin of a game (`arena.play_game`): our mean gain per seat less
    theirs, negated when points are penalties. A test holds it equal to the arena's."""
    gains = [a - b for a, b in zip(after, before, strict=True)]
    ours = [g for x, g in enumerate(gains) if x in mine]
    theirs = [g for x, g in enumerate(gains) if x not in mine]
    value = sum(ours) / len(ours) - sum(theirs) / len(theirs)
    return -value if rules.match.winner == "lowest" else value


class MixedPolicy:
    """``policy(seat, n)`` for a playout: uniform for the opponents (the random bot's own
    distribution over the kernel's choice list, which is its list: claims left out), the
    greedy full-information rollout (or uniform) for our seats.

    `RolloutPolicy` reads the kernel's frame that calls it; wrapping it would put this
    frame in between, so the greedy branch hands it the caller's locals itself."""

    def __init__(
        self, rules: Ruleset, rng: random.Random, mine: frozenset[int], greedy: bool
    ) -> None:
        self.rng = rng
        self.mine = mine
        self.greedy = RolloutPolicy(rules, rng) if greedy else None

    def __call__(self, seat: int, n: int) -> int:
        rng = self.rng
        if n <= 1:
            return 0
        greedy = self.greedy
        if greedy is None or seat not in self.mine:
            return rng.randrange(n)
        local = sys._getframe(1).f_locals
        p, trick, k = local.get("p"), local.get("trick"), local.get("k")
        if type(p) is int and type(trick) is list and k is not None:
            if rng.random() >= greedy.epsilon:
                pick = greedy._card(seat, n, local)
                if pick is not None:
                    return pick
            return rng.randrange(n)
        state, choices = local.get("state"), local.get("choices")
        if isinstance(state, GameState) and isinstance(choices, list) and len(choices) == n:
            try:
                obs = observe(greedy.rules, state, seat)
                return choices.index(greedy.heuristic.act(greedy.rules, obs, choices, rng))
            except (ValueError, KeyError, IndexError):
                pass
        return rng.randrange(n)


class OmniscientAgent:
    """Side A of the bound: flat Monte Carlo over every legal action from the TRUE state
    against the true (uniform) opponent policy; `budget` playouts per action.

    ``sight="own"`` is the fair counterpart: the same search from `budget` worlds sampled
    by `Worlds` (what the seat can know; its totals, which are public, from the state), so
    that the gap between the two is what seeing the hidden cards is worth."""

    name = "omniscient"
    needs_worlds = True

    def __init__(
        self, budget: int = 16, rollout: str = "greedy", method: str = "flat", sight: str = "all"
    ) -> None:
        if sight not in ("all", "own") or (sight == "own" and method != "flat"):
            raise ValueError("sight must be 'all', or 'own' with the flat method")
        self.sight = sight
        if budget < 1:
            raise ValueError("budget must be at least 1 playout per action")
        if rollout not in ("greedy", "random"):
            raise ValueError("rollout must be 'greedy' or 'random'")
        if method not in ("flat", "mcts"):
            raise ValueError("method must be 'flat' or 'mcts'")
        self.budget = budget
        self.rollout = rollout
        self.method = method

    def act(
        self,
        rules: Ruleset,
        observation: Any,
        legal: Sequence[Action],
        rng: random.Random,
        *,
        worlds: Worlds | None = None,
    ) -> Action:
        if worlds is None:
            raise ValueError("the omniscient bound needs the arena's Worlds service")
        state = true_state(worlds)  # with sight=own, only for the notes and the totals
        seat = worlds.seat
        _note(state, seat)
        # Never a claim (unless it is all there is), as the random bot: in a deal game a
        # wrong claim ends the match before the deal is scored, which the arena's margin
        # counts as a tie (0), so a bound that claimed would buy half a game for every
        # deal it was losing by forfeiting the match. No deal game ends on a right one.
        legal = no_claims(legal)
        if len(legal) == 1:
            return legal[0]
        mine = side_of(rules, seat)
        before = person_totals(rules, state)
        if self.method == "mcts":
            search = Expectimax(rules, mine, before, self.rollout == "greedy", rng)
            return legal[search.best(state, legal, self.budget)]
        base = rng.getrandbits(64)  # the same draws for every action: common random numbers
        if self.sight == "all":
            roots = [state] * self.budget
        else:  # guesses consistent with what the seat knows, the same for every action
            roots = [worlds.sample(random.Random(base - 1 - i)) for i in range(self.budget)]
        best: tuple[float, float] | None = None
        choice = legal[0]
        for action in legal:
            won = total = 0.0
            nxt = state
            for i, root in enumerate(roots):
                if i == 0 or root is not roots[i - 1]:
                    nxt, _events = apply(rules, root, action)
                if deal_over(nxt):
                    m = margin_of(rules, mine, before, result(rules, nxt).seat_totals)
                else:
                    source = random.Random(base + i)
                    policy = MixedPolicy(rules, source, mine, self.rollout == "greedy")
                    end = playout_result(rules, nxt, policy=policy)
                    m = margin_of(rules, mine, before, end.seat_totals)
                won += _win(m)
                total += m
            score = (won / self.budget, total / self.budget)
            if best is None or score > best:
                best, choice = score, action
        return choice


def _win(m: float) -> float:
    return 1.0 if m > 0 else 0.5 if m == 0 else 0.0


class _Node:
    """A state of the perfect-information tree: ours (a max node, statistics per action)
    or the opponents' (a chance node: their uniform choice, children as drawn); neither
    side claims (see `OmniscientAgent.act`)."""

    __slots__ = ("children", "choices", "ours", "state", "visits", "wins")

    def __init__(self, rules: Ruleset, state: GameState, mine: frozenset[int]) -> None:
        self.state = state
        seat = person_to_act(rules, state)
        self.ours = seat in mine
        self.choices: Sequence[Action] = no_claims(legal_actions(rules, state))
        self.children: dict[int, _Node] = {}
        self.visits = [0] * len(self.choices)
        self.wins = [0.0] * len(self.choices)


class Expectimax:
    """UCT on the perfect-information game against the known opponent policy: at our
    nodes UCB1 over our actions, at theirs a uniform draw (what the random bot does), so
    that with the budget growing the root's values tend to the best response's, not only
    to a one-step improvement of the rollout (`method=mcts`; budget = iterations)."""

    C = 0.7  # exploration, for values in [0, 1]

    def __init__(
        self,
        rules: Ruleset,
        mine: frozenset[int],
        before: Sequence[int],
        greedy: bool,
        rng: random.Random,
    ) -> None:
        self.rules, self.mine, self.before, self.greedy = rules, mine, before, greedy
        self.rng = random.Random(rng.getrandbits(64))

    def value(self, state: GameState) -> float:
        """A finished deal's share, or one playout's from `state`."""
        rules = self.rules
        if deal_over(state):
            totals = result(rules, state).seat_totals
        else:
            policy = MixedPolicy(rules, self.rng, self.mine, self.greedy)
            totals = playout_result(rules, state, policy=policy).seat_totals
        return _win(margin_of(rules, self.mine, self.before, totals))

    def best(self, state: GameState, legal: Sequence[Action], iterations: int) -> int:
        """The index into `legal` of the root action visited most."""
        rules = self.rules
        root = _Node(rules, state, self.mine)
        if list(root.choices) != list(legal):
            raise RuntimeError("the root's choices are not the legal actions")
        for _ in range(iterations):
            node, path = root, []
            while True:
                if node.ours:
                    untried = [i for i, v in enumerate(node.visits) if v == 0]
                    if untried:
                        i = untried[self.rng.randrange(len(untried))]
                    else:
                        log_n = math.log(sum(node.visits))
                        i = max(
                            range(len(node.choices)),
                            key=lambda j: (
                                node.wins[j] / node.visits[j]
                                + self.C * math.sqrt(log_n / node.visits[j])
                            ),
                        )
                    path.append((node, i))
                else:
                    i = self.rng.randrange(len(node.choices))
                child = node.children.get(i)
                if child is None:
                    nxt, _events = apply(rules, node.state, node.choices[i])
                    if deal_over(nxt) or person_to_act(rules, nxt) is None:
                        value = self.value(nxt)
                        break
                    node.children[i] = child = _Node(rules, nxt, self.mine)
                    value = self.value(nxt)
                    break
                node = child
            for owner, j in path:
                owner.visits[j] += 1
                owner.wins[j] += value
        return max(range(len(legal)), key=lambda j: (root.visits[j], root.wins[j]))


def _note(state: GameState, seat: int) -> None:
    """Record the lone seat's role so far (the last record of a game is its final one)."""
    contract = state.contract_part
    if contract.declarer is None:
        return
    if contract.declarer == seat:
        role = "declarer"
    elif contract.partner == seat:
        role = "partner"
    else:
        role = "defender"
    _NOTES["role"] = role
    _NOTES["bid"] = contract.bid_points if contract.bid_points is not None else contract.bid
    called = contract.called_card
    if called is not None and "holds_called" not in _NOTES:
        cards = state.cards
        mask = cards.hands[seat] | (cards.played[seat] if cards.played else 0)
        _NOTES["holds_called"] = bool(mask >> called & 1)


# --- running the arena ----------------------------------------------------------------------

_RULES: dict[str, Ruleset] = {}


def _spec(budget: int, rollout: str, method: str = "flat", sight: str = "all") -> str:
    return (
        f"{__name__}:OmniscientAgent:budget={budget}:rollout={rollout}:method={method}"
        f":sight={sight}"
    )


def _play(source: str, item: tuple[Any, ...]) -> tuple[Game, dict[str, Any], float]:
    """One arena game in this process: the game, the agent's notes, the CPU seconds."""
    rules = _RULES.get(source)
    if rules is None:
        rules = _RULES[source] = load_ruleset(source)
    _NOTES.clear()
    began = time.process_time()
    a, b, seed, assignment, match = item
    game = play_game(rules, a, b, seed, assignment, match=match)
    return game, dict(_NOTES), time.process_time() - began


def run_bound(
    source: str,
    specs: Sequence[str],
    deals: int,
    seed: int,
    jobs: int,
) -> tuple[dict[str, Any], list[tuple[tuple[Any, ...], Game, dict[str, Any]]], float]:
    """`run_arena` of `specs` with the games spread over `jobs` processes; the report,
    each game with its arguments and notes, and the CPU seconds of all games."""
    rules = load_ruleset(source)
    played: list[tuple[tuple[Any, ...], Game, dict[str, Any]]] = []
    cpu = [0.0]

    def mapper(_fn: Any, items: list[tuple[Any, ...]]) -> list[Game]:
        if jobs > 1:
            context = multiprocessing.get_context("fork")
            with context.Pool(jobs) as pool:
                out = pool.starmap(_play, [(source, it) for it in items], chunksize=1)
        else:
            out = [_play(source, it) for it in items]
        for it, (game, notes, seconds) in zip(items, out, strict=True):
            played.append((it, game, notes))
            cpu[0] += seconds
        return [game for game, _notes, _seconds in out]

    report = run_arena(rules, specs, deals, seed=seed, duplicate=True, mapper=mapper)
    return report, played, cpu[0]


def _score(game: Game) -> float:
    return 1.0 if game.margin > 0 else 0.5 if game.margin == 0 else 0.0


def breakdown(
    played: Sequence[tuple[tuple[Any, ...], Game, dict[str, Any]]], games_per_deal: int
) -> dict[str, Any]:
    """How each deal's games fell, and (contract games) the lone seat's roles."""
    per_deal: dict[int, float] = {}
    for _it, game, _notes in played:
        per_deal[game.seed] = per_deal.get(game.seed, 0.0) + _score(game)
    fell = Counter(
        "all_won" if s == games_per_deal else "all_lost" if s == 0 else "split"
        for s in per_deal.values()
    )
    out: dict[str, Any] = {
        "deals": {k: fell.get(k, 0) for k in ("all_won", "split", "all_lost")},
        "games_won_per_deal": {str(k): v for k, v in sorted(Counter(per_deal.values()).items())},
    }
    roles: dict[str, list[float]] = {}
    held = [0, 0, 0.0]  # games holding the called card, games with a call, score in those
    for _it, game, notes in played:
        if "role" in notes:
            roles.setdefault(notes["role"], []).append(_score(game))
        if "holds_called" in notes:
            held[1] += 1
            if notes["holds_called"]:
                held[0] += 1
                held[2] += _score(game)
    if roles:
        out["roles"] = {
            role: {
                "games": len(scores),
                "share": sum(scores) / len(scores),
                "ci95": list(wilson(sum(scores), len(scores))),
            }
            for role, scores in sorted(roles.items())
        }
        bids = Counter(str(notes["bid"]) for _it, _game, notes in played if "bid" in notes)
        out["winning_bids"] = dict(bids.most_common(8))  # the contracts the lone seat faced
        out["holds_called_card"] = {
            "games": held[0],
            "of_games_with_a_call": held[1],
            "share_won_then": held[2] / held[0] if held[0] else None,
        }
    return out


def side_a(report: dict[str, Any]) -> dict[str, Any]:
    """The arena's figures of the first agent (side A) of the single pairing."""
    entry = report["pairings"][0]["agents"][0]
    return {
        "share": entry["share"],
        "ci95": entry["ci95"],
        "mean_margin": entry["mean_margin"],
        "seconds_per_decision": entry["seconds_per_decision"],
        "decisions": entry["decisions"],
    }


def measure(
    source: str,
    deals: int,
    *,
    seed: int,
    budgets: Sequence[int],
    rollout: str,
    jobs: int,
    baseline: bool,
    method: str = "flat",
    sight: str = "all",
) -> dict[str, Any]:
    """The whole report: one arena run per budget (and the heuristic's, with `baseline`)."""
    rules = load_ruleset(source)
    out: dict[str, Any] = {
        "ruleset": rules.id,
        "deals": deals,
        "seed": seed,
        "duplicate": True,
        "rollout": rollout,
        "method": method,
        "sight": sight,
        "target": TARGET,
        "opponent": "random",
        "runs": [],
    }
    for budget in budgets:
        report, played, cpu = run_bound(
            source, [_spec(budget, rollout, method, sight), "random"], deals, seed, jobs
        )
        run: dict[str, Any] = {"budget": budget, **side_a(report)}
        run["games"] = report["pairings"][0]["games"]
        run["cpu_seconds"] = round(cpu, 2)
        run["above_target"] = run["ci95"][0] > TARGET
        run.update(breakdown(played, report["games_per_deal"]))
        out["games_per_deal"] = report["games_per_deal"]
        out["runs"].append(run)
        print(json.dumps(run), file=sys.stderr, flush=True)  # progress of a long run
    if baseline:
        report, played, cpu = run_bound(source, ["heuristic", "random"], deals, seed, jobs)
        base: dict[str, Any] = {"kind": "heuristic", **side_a(report)}
        base["cpu_seconds"] = round(cpu, 2)
        base.update(breakdown(played, report["games_per_deal"]))
        out["baseline"] = base
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="tressette", help="a bundled name or a file")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed (arena --seed)")
    parser.add_argument(
        "--budget", default="8,16", help="playouts per legal action, comma-separated budgets"
    )
    parser.add_argument("--rollout", choices=("greedy", "random"), default="greedy")
    parser.add_argument(
        "--method",
        choices=("flat", "mcts"),
        default="flat",
        help="flat: budget playouts per action; mcts: expectimax UCT, budget iterations",
    )
    parser.add_argument(
        "--sight",
        choices=("all", "own"),
        default="all",
        help="all: the true state (the bound); own: sampled worlds only (a fair player)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--baseline", action="store_true", help="also the heuristic vs random, same deals"
    )
    parser.add_argument("--format", choices=("json", "text"), default="json")
    args = parser.parse_args(argv)
    budgets = [int(b) for b in args.budget.split(",") if b.strip()]
    if args.deals < 1 or args.jobs < 1 or not budgets or min(budgets) < 1:
        parser.error("--deals, --jobs and every --budget must be at least 1")
    out = measure(
        args.ruleset,
        args.deals,
        seed=args.seed,
        budgets=budgets,
        rollout=args.rollout,
        jobs=args.jobs,
        baseline=args.baseline,
        method=args.method,
        sight=args.sight,
    )
    if args.format == "json":
        json.dump(out, sys.stdout, indent=2)
        print()
    else:
        print(_text(out))
    return 0


def _text(out: dict[str, Any]) -> str:
    lines = [f"{out['ruleset']}: {out['deals']} deals from seed {out['seed']}, vs random"]
    who = "omniscient" if out["sight"] == "all" else "own sight"
    rows = [(f"{who} {out['method']} budget={r['budget']}", r) for r in out["runs"]]
    if "baseline" in out:
        rows.append(("heuristic", out["baseline"]))
    for label, r in rows:
        lo, hi = r["ci95"]
        lines.append(
            f"  {label:30} {100 * r['share']:5.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
            f"  margin {r['mean_margin']:+.2f}  {r['seconds_per_decision'] * 1000:.1f} ms/dec"
            f"  deals {r['deals']}"
        )
        for role, v in r.get("roles", {}).items():
            lines.append(f"      {role:10} {v['games']:4} games  {100 * v['share']:5.1f}%")
        if "holds_called_card" in r:
            lines.append(f"      holds the called card: {r['holds_called_card']}")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
