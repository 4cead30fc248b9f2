"""The statistics of one simulation: win rates, points per deal, contracts, big wins, deal
scores and match length, each with its 95% interval where one makes sense.

Definitions (docs/playing.md repeats them for readers of the exports):

- a *win rate* is the share of finished matches a side or seat won (a shared win counts for
  every winner); per agent kind it is the share of (match, seat of that kind) pairs that
  won, so one heuristic bot against two random ones is measured by its own seat;
- *points per deal* is what a scored deal added to a match total, in the units the match
  totals are kept in (points in the Tressette family, game units in payoff games); per seat
  in team games it is the seat's side; per agent kind it pools the seats of that kind;
- a *bid rate* is the share of auction deals (scored or passed out) whose contract was this
  one; a *success rate* is the share of the scored deals of a contract that the declaring
  side made;
- a *big-win frequency* is the share of scored deals that ended in that big win.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tressette_dsl.stats.intervals import Mean, Share, mean_interval, wilson
from tressette_dsl.stats.samples import Exact, Samples


@dataclass(frozen=True, slots=True)
class ContractStats:
    bids: Share
    success: Share
    declarer_points: Mean  # what a deal of this contract added to the declarer's total

    def as_dict(self) -> dict[str, Any]:
        return {
            "bids": self.bids.as_dict(),
            "success": self.success.as_dict(),
            "declarer_points": self.declarer_points.as_dict(),
        }


@dataclass(frozen=True, slots=True)
class Distribution:
    """How often each value occurred, and the nearest-rank quantiles (exact values)."""

    counts: tuple[tuple[Exact, int], ...]  # (value, occurrences), ascending values
    quantiles: tuple[tuple[str, Exact], ...]  # (p5, ...), (p50, ...), ...

    def as_dict(self) -> dict[str, Any]:
        return {
            "counts": {_text(v): n for v, n in self.counts},
            "quantiles": {name: _number(v) for name, v in self.quantiles},
        }


def distribution(values: list[Exact]) -> Distribution:
    ordered = sorted(values)
    quantiles: list[tuple[str, Exact]] = []
    if ordered:
        for p in (0, 5, 25, 50, 75, 95, 100):
            index = max(0, -(-p * len(ordered) // 100) - 1)  # nearest rank
            quantiles.append((f"p{p}", ordered[index]))
    return Distribution(tuple(sorted(Counter(ordered).items())), tuple(quantiles))


@dataclass(frozen=True, slots=True)
class Summary:
    ruleset: str
    title: str
    mode: str
    games: int
    finished: int
    failed_seeds: tuple[int, ...]
    seats: tuple[str, ...]
    agents: tuple[str, ...]
    wins_by_side: dict[str, Share]
    wins_by_seat: dict[str, Share]
    wins_by_agent: dict[str, Share]
    points_by_side: dict[str, Mean]
    points_by_seat: dict[str, Mean]
    points_by_agent: dict[str, Mean]
    contracts: dict[str, ContractStats]
    declarer_by_seat: dict[str, Share]  # share of auction deals each seat declared
    success_by_seat: dict[str, Share]  # success rate of each seat's contracts
    passed_out: Share | None
    big_wins: dict[str, Share]
    deal_scores: dict[str, Distribution]
    match_length: Mean
    length: Distribution
    actions: Mean
    ended_by: dict[str, int] = field(default_factory=dict)
    # `seats` names people who move round the places (`seating.people`): the report says
    # "player", since a "seat" there would be a different person each deal
    people: bool = False

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: the fields of docs/playing.md, "Statistics and exports"."""

        def shares(d: dict[str, Share]) -> dict[str, Any]:
            return {k: v.as_dict() for k, v in d.items()}

        def means(d: dict[str, Mean]) -> dict[str, Any]:
            return {k: v.as_dict() for k, v in d.items()}

        return {
            "ruleset": self.ruleset,
            "title": self.title,
            "mode": self.mode,
            "games": self.games,
            "finished": self.finished,
            "failed_seeds": list(self.failed_seeds),
            "seats": list(self.seats),
            "agents": list(self.agents),
            "wins": {
                "by_side": shares(self.wins_by_side),
                "by_seat": shares(self.wins_by_seat),
                "by_agent": shares(self.wins_by_agent),
            },
            "points_per_deal": {
                "by_side": means(self.points_by_side),
                "by_seat": means(self.points_by_seat),
                "by_agent": means(self.points_by_agent),
            },
            "contracts": {k: v.as_dict() for k, v in self.contracts.items()},
            "declarer_by_seat": shares(self.declarer_by_seat),
            "success_by_seat": shares(self.success_by_seat),
            "passed_out": self.passed_out.as_dict() if self.passed_out else None,
            "big_wins": shares(self.big_wins),
            "deal_scores": {k: v.as_dict() for k, v in self.deal_scores.items()},
            "match_length": {
                "deals": self.match_length.as_dict(),
                "distribution": self.length.as_dict(),
                "actions": self.actions.as_dict(),
            },
            "ended_by": dict(self.ended_by),
        }


def summarise(samples: Samples) -> Summary:
    lay = samples.layout
    finished = len(samples.won)
    seats = range(len(lay.seats))
    wins_by_seat = {lay.seats[x]: wilson(sum(samples.seat_wins(x)), finished) for x in seats}
    wins_by_side: dict[str, Share] = {}
    points_by_side: dict[str, Mean] = {}
    if lay.sides:
        for slot, name in enumerate(lay.sides):
            first = lay.slot_of_seat.index(slot)
            wins_by_side[name] = wins_by_seat[lay.seats[first]]
            points_by_side[name] = mean_interval(samples.slot_points(slot))
    points_by_seat = {
        lay.seats[x]: mean_interval(samples.slot_points(lay.slot_of_seat[x])) for x in seats
    }
    wins_by_agent: dict[str, Share] = {}
    points_by_agent: dict[str, Mean] = {}
    for kind in sorted(set(lay.kinds)):
        mine = [x for x in seats if lay.kinds[x] == kind]
        won = sum(sum(samples.seat_wins(x)) for x in mine)
        wins_by_agent[kind] = wilson(won, finished * len(mine))
        pooled: list[Exact] = []
        for x in mine:
            pooled += samples.slot_points(lay.slot_of_seat[x])
        points_by_agent[kind] = mean_interval(pooled)
    contracts, declarer, success, passed = _contracts(samples)
    scored = samples.scored
    big_wins = {
        b: wilson(sum(1 for r in scored if r.big_win == b), len(scored)) for b in lay.big_wins
    }
    deal_scores = {
        name: distribution(samples.slot_points(slot)) for slot, name in enumerate(lay.slots)
    }
    return Summary(
        ruleset=lay.ruleset,
        title=lay.title,
        mode=lay.mode,
        games=samples.games,
        finished=finished,
        failed_seeds=samples.failed,
        seats=lay.seats,
        agents=lay.kinds,
        wins_by_side=wins_by_side,
        wins_by_seat=wins_by_seat,
        wins_by_agent=wins_by_agent,
        points_by_side=points_by_side,
        points_by_seat=points_by_seat,
        points_by_agent=points_by_agent,
        contracts=contracts,
        declarer_by_seat=declarer,
        success_by_seat=success,
        passed_out=passed,
        big_wins=big_wins,
        deal_scores=deal_scores,
        match_length=mean_interval(list(samples.deals)),
        length=distribution(list(samples.deals)),
        actions=mean_interval(list(samples.actions)),
        ended_by=dict(Counter(samples.reasons).most_common()),
        people=lay.places != lay.seats,
    )


def _contracts(
    samples: Samples,
) -> tuple[dict[str, ContractStats], dict[str, Share], dict[str, Share], Share | None]:
    """Bid and success rates, overall per contract and per declaring seat (contract games
    only: empty when no deal had a contract)."""
    lay = samples.layout
    auction = [r for r in samples.records if r.reason in ("scored", "all_pass")]
    if not any(r.contract for r in auction):
        return {}, {}, {}, None
    n = len(auction)
    out: dict[str, ContractStats] = {}
    names = list(lay.contracts) + sorted(
        {r.contract for r in auction if r.contract and r.contract not in lay.contracts}
    )
    for name in names:
        mine = [r for r in auction if r.contract == name]
        judged = [r for r in mine if r.reason == "scored" and r.success is not None]
        declarer_points: list[Exact] = [
            r.deltas[r.declarer]
            for r in mine
            if r.reason == "scored" and r.declarer is not None and r.declarer < len(r.deltas)
        ]
        out[name] = ContractStats(
            bids=wilson(len(mine), n),
            success=wilson(sum(1 for r in judged if r.success), len(judged)),
            declarer_points=mean_interval(declarer_points),
        )
    declarer: dict[str, Share] = {}
    success: dict[str, Share] = {}
    for seat, seat_name in enumerate(lay.places or lay.seats):  # a deal's declarer: a place
        mine = [r for r in auction if r.contract and r.declarer == seat]
        judged = [r for r in mine if r.reason == "scored" and r.success is not None]
        declarer[seat_name] = wilson(len(mine), n)
        success[seat_name] = wilson(sum(1 for r in judged if r.success), len(judged))
    passed = wilson(sum(1 for r in auction if r.reason == "all_pass"), n)
    return out, declarer, success, passed


def _text(value: Exact) -> str:
    return str(value)


def _number(value: Exact) -> int | float | str:
    """JSON numbers for whole values; a Fraction stays exact as its text ("7/3")."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else str(value)
    return value
