"""Two rulesets played on the same seeds: what changed, and is it more than luck?

Win rates and match length are compared *paired*: match i of A and match i of B share
seed i, so each pair's difference is one sample and the t interval is on those differences
(only seeds that finished normally under both rulesets count). Points per deal and the
deal-level rates (bids, successes, big wins) are compared as two independent samples with
Welch's interval, since deals do not pair up once the rules differ. A difference whose
interval excludes 0 is one the sample supports; one that includes 0 may still exist,
too small for this many games to show.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tressette_dsl.engine.state import DealRecord
from tressette_dsl.stats.intervals import (
    Difference,
    bounded,
    paired_difference,
    welch_difference,
)
from tressette_dsl.stats.samples import Exact, Samples


@dataclass(frozen=True, slots=True)
class Comparison:
    a: str
    b: str
    paired_games: int
    wins_by_side: dict[str, Difference]
    wins_by_seat: dict[str, Difference]
    points_by_side: dict[str, Difference]
    points_by_seat: dict[str, Difference]
    match_length: Difference | None
    contract_bids: dict[str, Difference]
    contract_success: dict[str, Difference]
    big_wins: dict[str, Difference]

    def changes_who_wins(self) -> bool:
        """Whether some side's (or, without sides, some seat's) win rate moved by more than
        the interval allows for luck."""
        wins = self.wins_by_side or self.wins_by_seat
        return any(d.excludes_zero for d in wins.values())

    def as_dict(self) -> dict[str, Any]:
        def diffs(d: dict[str, Difference]) -> dict[str, Any]:
            return {k: v.as_dict() for k, v in d.items()}

        return {
            "a": self.a,
            "b": self.b,
            "paired_games": self.paired_games,
            "changes_who_wins": self.changes_who_wins(),
            "wins": {"by_side": diffs(self.wins_by_side), "by_seat": diffs(self.wins_by_seat)},
            "points_per_deal": {
                "by_side": diffs(self.points_by_side),
                "by_seat": diffs(self.points_by_seat),
            },
            "match_length": self.match_length.as_dict() if self.match_length else None,
            "contract_bids": diffs(self.contract_bids),
            "contract_success": diffs(self.contract_success),
            "big_wins": diffs(self.big_wins),
        }


def compare(a: Samples, b: Samples) -> Comparison:
    """B against A (differences are B minus A). Names present in only one ruleset (a side,
    seat, contract or big win the other lacks) are left out."""
    la, lb = a.layout, b.layout
    index_a = {seed: i for i, seed in enumerate(a.seeds)}
    pairs = [(index_a[seed], j) for j, seed in enumerate(b.seeds) if seed in index_a]

    def seat_pairs(name: str) -> Difference:
        xa, xb = la.seats.index(name), lb.seats.index(name)
        return bounded(
            paired_difference(
                [int(a.won[i][xa]) for i, _ in pairs], [int(b.won[j][xb]) for _, j in pairs]
            )
        )

    seats = [s for s in la.seats if s in lb.seats]
    wins_by_seat = {s: seat_pairs(s) for s in seats}
    wins_by_side: dict[str, Difference] = {}
    points_by_side: dict[str, Difference] = {}
    for side in (s for s in la.sides if s in lb.sides):
        sa, sb = la.sides.index(side), lb.sides.index(side)
        first = la.seats[la.slot_of_seat.index(sa)]
        if first in lb.seats and lb.slot_of_seat[lb.seats.index(first)] == sb:
            wins_by_side[side] = wins_by_seat[first]
        points_by_side[side] = welch_difference(a.slot_points(sa), b.slot_points(sb))
    points_by_seat = {
        s: welch_difference(
            a.slot_points(la.slot_of_seat[la.seats.index(s)]),
            b.slot_points(lb.slot_of_seat[lb.seats.index(s)]),
        )
        for s in seats
    }
    length = (
        paired_difference([a.deals[i] for i, _ in pairs], [b.deals[j] for _, j in pairs])
        if pairs
        else None
    )
    auction_a = [r for r in a.records if r.reason in ("scored", "all_pass")]
    auction_b = [r for r in b.records if r.reason in ("scored", "all_pass")]
    bids: dict[str, Difference] = {}
    success: dict[str, Difference] = {}
    for name in (c for c in la.contracts if c in lb.contracts):
        if not any(r.contract == name for r in auction_a + auction_b):
            continue
        bids[name] = _rates(auction_a, auction_b, _is_contract(name))
        judged_a = [r for r in a.scored if r.contract == name and r.success is not None]
        judged_b = [r for r in b.scored if r.contract == name and r.success is not None]
        success[name] = _rates(judged_a, judged_b, lambda r: bool(r.success))
    big = {
        w: _rates(list(a.scored), list(b.scored), _is_big_win(w))
        for w in la.big_wins
        if w in lb.big_wins
    }
    return Comparison(
        a=la.ruleset,
        b=lb.ruleset,
        paired_games=len(pairs),
        wins_by_side=wins_by_side,
        wins_by_seat=wins_by_seat,
        points_by_side=points_by_side,
        points_by_seat=points_by_seat,
        match_length=length,
        contract_bids=bids,
        contract_success=success,
        big_wins=big,
    )


def _rates(
    a: list[DealRecord], b: list[DealRecord], hit: Callable[[DealRecord], bool]
) -> Difference:
    xs: list[Exact] = [int(hit(r)) for r in a]
    ys: list[Exact] = [int(hit(r)) for r in b]
    return bounded(welch_difference(xs, ys))


def _is_contract(name: str) -> Callable[[DealRecord], bool]:
    return lambda r: r.contract == name


def _is_big_win(name: str) -> Callable[[DealRecord], bool]:
    return lambda r: r.big_win == name
