"""Bots against each other on the same cards: duplicate deals, shares, intervals, ratings.

For each pairing (A, B) of the agents given, each deal (seed) is played several times on
the same cards with the seats assigned differently, so that the luck of the cards cancels:

* two *units* (two teams, or two seats): A holds unit 0 and B unit 1, then the reverse;
* more units (individual or contract games, three or five seats): A sits alone in one seat
  and B holds the others, A's seat rotating through every seat (the contract games' "one
  seat rotated among the others"); the second listed agent never sits alone.

Without `duplicate`, deal i is played once, with assignment i (mod their number).

One *game* is one deal so played; its margin is A's mean gain per seat less B's (the change
of the match totals over the deal; negated when ``match.winner`` is ``lowest``, where points
are penalties). A wins a game with a positive margin, loses with a negative one; a tie
counts half. A deal that a claim ends (the match is decided before the deal is scored, so
the totals have not moved) is won by the side the claim made the match's winner: a wrong
claim is a lost game, never a tie. Matches (`matches` > 0) are whole matches with the same
assignments; A wins one when a seat of A is among the winners.

Intervals are Wilson score intervals (95%) on the share of games, ties counted half.
Duplicate games of one deal are negatively correlated (the cards that favour one side in
one game favour the other in the next), so treating them as independent makes the
interval, if anything, wider than it should be. The rating table fits Bradley-Terry
strengths to all pairings' shares (minorisation-maximisation) and prints them on the Elo
scale (400 log10), anchored so that the mean is 1500.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tressette_dsl.agents.base import Agent, choose, seat_rng
from tressette_dsl.agents.registry import build
from tressette_dsl.engine import apply, deal_over, is_over, legal_actions, start
from tressette_dsl.engine.actions import Claim
from tressette_dsl.engine.people import (
    has_people,
    people_count,
    person_to_act,
    person_totals,
    winner_people,
)
from tressette_dsl.rules.model import Ruleset

Z95 = 1.959963984540054


def units_of(rules: Ruleset) -> list[tuple[int, ...]]:
    """The seats that play as one: the teams, or every seat alone; every person alone when
    people move round the seats (`seating.people`: the agents are bound to people)."""
    sides = rules.sides
    if has_people(rules):
        return [(p,) for p in range(people_count(rules))]
    if sides.mode == "teams":
        return [tuple(sorted(seats)) for seats in sides.seats]
    return [(x,) for x in range(rules.players.count)]


def assignments(rules: Ruleset) -> list[tuple[int, ...]]:
    """Per assignment, the seats agent A holds (B holds the rest)."""
    units = units_of(rules)
    if len(units) == 2:
        return [units[0], units[1]]
    return list(units)


@dataclass(slots=True)
class Timer:
    """Seconds spent in `act` and decisions made, per agent of a pairing."""

    seconds: float = 0.0
    decisions: int = 0


class _Timed:
    """An agent wrapped to count its decisions and time (the wrapper is transparent)."""

    def __init__(self, agent: Agent, timer: Timer) -> None:
        self.agent, self.timer = agent, timer
        self.name = agent.name
        self.needs_worlds = getattr(agent, "needs_worlds", False)

    def act(self, *args: Any, **kwargs: Any) -> Any:
        began = time.perf_counter()
        try:
            return self.agent.act(*args, **kwargs)
        finally:
            self.timer.seconds += time.perf_counter() - began
            self.timer.decisions += 1


@dataclass(frozen=True, slots=True)
class Game:
    """One deal (or match) played with one assignment: plain data for the workers."""

    seed: int
    assignment: int
    margin: float  # A's mean gain per seat less B's, polarity applied
    outcome: float  # A's score for the game: 1 won, 0.5 tied, 0 lost
    a_won_match: bool | None  # whole matches only
    a_seconds: float
    a_decisions: int
    b_seconds: float
    b_decisions: int


def play_game(
    rules: Ruleset, spec_a: str, spec_b: str, seed: int, assignment: int, *, match: bool = False
) -> Game:
    """Play deal `seed` (or the match from it) with A in the seats of `assignment` (the
    people, `engine.people`: person k is seat k unless the people move round the seats)."""
    seats_a = set(assignments(rules)[assignment])
    n = people_count(rules)
    timers = (Timer(), Timer())
    agents: list[Any] = []
    for x in range(n):
        mine = x in seats_a
        agents.append(_Timed(build(spec_a if mine else spec_b), timers[0 if mine else 1]))
    rngs = [seat_rng(seed, x) for x in range(n)]
    state, _events = start(rules, seed)
    before = person_totals(rules, state)
    steps = 0
    claimed = False  # the last action was a claim: it, not the deal's points, decides
    while not is_over(state) and (match or not deal_over(state)):
        seat = person_to_act(rules, state)  # the person deciding (a dummy's owner for it)
        if seat is None:
            break
        legal = legal_actions(rules, state)
        action = choose(agents[seat], rules, state, legal, rngs[seat])
        if action not in legal:
            raise RuntimeError(f"{agents[seat].name} in seat {seat} chose {action}, not legal")
        state, _events = apply(rules, state, action)
        claimed = isinstance(action, Claim)
        steps += 1
        if steps > 200_000:
            raise RuntimeError("the game did not end within 200000 actions")
    gains = [a - b for a, b in zip(person_totals(rules, state), before, strict=True)]
    ours = [gains[x] for x in range(n) if x in seats_a]
    theirs = [gains[x] for x in range(n) if x not in seats_a]
    margin = sum(ours) / len(ours) - sum(theirs) / len(theirs)
    if rules.match.winner == "lowest":
        margin = -margin
    won = bool(seats_a & winner_people(rules, state)) if match else None
    outcome = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    if claimed and is_over(state):  # a claim ended the match before the deal was scored
        winners = winner_people(rules, state)
        if winners:
            outcome = 1.0 if seats_a & winners else 0.0
    return Game(
        seed,
        assignment,
        margin,
        outcome,
        won,
        timers[0].seconds,
        timers[0].decisions,
        timers[1].seconds,
        timers[1].decisions,
    )


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (`successes` may be fractional: ties)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, min(p, centre - half))
    hi = 1.0 if successes >= n else min(1.0, max(p, centre + half))
    return (lo, hi)


@dataclass(slots=True)
class Pairing:
    """The games of A against B and what they add up to."""

    a: str
    b: str
    games: list[Game] = field(default_factory=list)
    matches: list[Game] = field(default_factory=list)

    def score_a(self) -> float:
        return sum(g.outcome for g in self.games)

    def summary(self) -> dict[str, Any]:
        n = len(self.games)
        wins_a = self.score_a()
        margin = sum(g.margin for g in self.games) / n if n else 0.0
        out: dict[str, Any] = {"a": self.a, "b": self.b, "games": n}
        sides = []
        for kind, share_wins, sign, secs, decs in (
            (
                self.a,
                wins_a,
                1,
                sum(g.a_seconds for g in self.games),
                sum(g.a_decisions for g in self.games),
            ),
            (
                self.b,
                n - wins_a,
                -1,
                sum(g.b_seconds for g in self.games),
                sum(g.b_decisions for g in self.games),
            ),
        ):
            lo, hi = wilson(share_wins, n)
            entry: dict[str, Any] = {
                "kind": kind,
                "share": share_wins / n if n else 0.0,
                "ci95": [lo, hi],
                "mean_margin": sign * margin,
                "seconds_per_decision": secs / decs if decs else 0.0,
                "decisions": decs,
            }
            if self.matches:
                m = len(self.matches)
                won = sum(1 for g in self.matches if bool(g.a_won_match) == (sign > 0))
                mlo, mhi = wilson(won, m)
                entry["matches"] = {"played": m, "share": won / m, "ci95": [mlo, mhi]}
            sides.append(entry)
        out["agents"] = sides
        out["ties"] = sum(1 for g in self.games if g.outcome == 0.5)
        return out


def bradley_terry(
    kinds: Sequence[str], results: Sequence[tuple[str, str, float, int]], rounds: int = 500
) -> dict[str, float]:
    """Elo-scale ratings (mean 1500) from (a, b, a's score, games) of each pairing."""
    wins = dict.fromkeys(kinds, 0.5)  # half a win of prior each, so nobody goes to infinity
    games: dict[tuple[str, str], int] = {}
    for a, b, score, n in results:
        wins[a] += score
        wins[b] += n - score
        games[(a, b)] = games.get((a, b), 0) + n
    strength = dict.fromkeys(kinds, 1.0)
    for _ in range(rounds):
        new = {}
        for i in kinds:
            denom = 0.0
            for (a, b), n in games.items():
                if i in (a, b):
                    j = b if i == a else a
                    denom += n / (strength[i] + strength[j])
            new[i] = wins[i] / denom if denom else strength[i]
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        strength = {k: math.exp(math.log(v) - mean_log) for k, v in new.items()}
    return {k: 1500 + 400 * math.log10(v) for k, v in strength.items()}


def run_arena(
    rules: Ruleset,
    specs: Sequence[str],
    deals: int,
    *,
    seed: int = 1,
    duplicate: bool = True,
    matches: int = 0,
    mapper: Callable[[Callable[..., Game], list[tuple[Any, ...]]], list[Game]] | None = None,
    player: Callable[..., Game] | None = None,
) -> dict[str, Any]:
    """Every pairing of `specs` on `deals` deals (and `matches` matches); the report as data.

    `mapper(fn, argument_tuples)` runs the games (a process pool for --jobs); `player`
    plays one game from ``(spec_a, spec_b, seed, assignment, match)``."""
    count = len(assignments(rules))
    pairs = [(a, b) for i, a in enumerate(specs) for b in specs[i + 1 :]]
    play = player if player is not None else _local_player(rules)
    todo: list[tuple[Any, ...]] = []
    for a, b in pairs:
        for i in range(deals):
            for asg in range(count) if duplicate else [i % count]:
                todo.append((a, b, seed + i, asg, False))
        for i in range(matches):
            for asg in range(count) if duplicate else [i % count]:
                todo.append((a, b, seed + i, asg, True))
    run = mapper if mapper is not None else (lambda fn, items: [fn(*it) for it in items])
    games = run(play, todo)
    by_pair = {(a, b): Pairing(a, b) for a, b in pairs}
    for args, game in zip(todo, games, strict=True):
        target = by_pair[(args[0], args[1])]
        (target.matches if args[4] else target.games).append(game)
    summaries = [p.summary() for p in by_pair.values()]
    report: dict[str, Any] = {
        "ruleset": rules.id,
        "seats": rules.players.count,
        "deals": deals,
        "matches": matches,
        "duplicate": duplicate,
        "seed": seed,
        "games_per_deal": count if duplicate else 1,
        "interval": "wilson",
        "pairings": summaries,
    }
    report["agents"] = _per_agent(specs, summaries)
    if len(specs) > 2:
        ratings = bradley_terry(
            list(specs),
            [(p.a, p.b, p.score_a(), len(p.games)) for p in by_pair.values()],
        )
        report["ratings"] = [
            {"kind": k, "rating": round(r, 1)}
            for k, r in sorted(ratings.items(), key=lambda kv: -kv[1])
        ]
    return report


def _per_agent(specs: Sequence[str], summaries: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each agent over all its pairings: games won share, its interval, margin, time."""
    out = []
    for kind in specs:
        score = 0.0
        n = 0
        margin = 0.0
        secs = 0.0
        decs = 0
        for s in summaries:
            for entry in s["agents"]:
                if entry["kind"] == kind and (s["a"] == kind or s["b"] == kind):
                    score += entry["share"] * s["games"]
                    n += s["games"]
                    margin += entry["mean_margin"] * s["games"]
                    secs += entry["seconds_per_decision"] * entry["decisions"]
                    decs += entry["decisions"]
                    break
        lo, hi = wilson(score, n)
        out.append(
            {
                "kind": kind,
                "share": score / n if n else 0.0,
                "ci95": [lo, hi],
                "mean_margin": margin / n if n else 0.0,
                "seconds_per_decision": secs / decs if decs else 0.0,
                "games": n,
            }
        )
    return out


def _local_player(rules: Ruleset) -> Callable[..., Game]:
    def play(a: str, b: str, seed: int, assignment: int, match: bool) -> Game:
        return play_game(rules, a, b, seed, assignment, match=match)

    return play


__all__ = ["Game", "Pairing", "assignments", "bradley_terry", "play_game", "run_arena", "wilson"]
