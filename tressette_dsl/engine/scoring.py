"""Deal scoring: units per side, floor per side, declarations, big wins, payoffs.

Everything is integer arithmetic on units (thirds in the Tressette family): a side's units
are summed over its captured cards for the whole deal and only then turned into points by
`scoring.deal_points` (e.g. `floor(units / 3) + declared`), never per trick.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, assert_never

from tressette_dsl.engine import match, occupancy
from tressette_dsl.engine.events import DealScored
from tressette_dsl.engine.state import DealRecord, GameState
from tressette_dsl.engine.step import Step, evaluate, evaluate_int
from tressette_dsl.engine.table import sides, total_slot_of_side
from tressette_dsl.rules.model import BigWin, Ruleset


@dataclass(frozen=True, slots=True)
class SideFacts:
    seats: tuple[int, ...]
    tricks: int
    cards_units: int
    last_trick: bool
    units: int
    declared: int  # declarations counted for this side
    best_seat_tricks: int
    outside_best: int  # card units captured by every seat but the side's best seat


def side_facts(rules: Ruleset, s: GameState, final: bool) -> list[SideFacts]:
    """Per side: captures so far; with `final`, the last trick bonus and all declarations."""
    deck = rules.deck
    all_units = deck.units(_union(s.cards.won))
    out = []
    for seats in sides(rules, s):
        cards = _union(s.cards.won[seat] for seat in seats)
        cards_units = deck.units(cards)
        last = final and s.play.last_winner in seats
        best = max(seats, key=lambda seat: (s.play.tricks_won[seat], -seat))
        declared = sum(
            r.points
            for r in s.play.declarations
            if r.seat in seats and not r.cancelled and (final or r.scored_now)
        )
        out.append(
            SideFacts(
                seats=seats,
                tricks=sum(s.play.tricks_won[x] for x in seats),
                cards_units=cards_units,
                last_trick=last,
                units=cards_units + (rules.scoring.last_trick if last else 0),
                declared=declared,
                best_seat_tricks=s.play.tricks_won[best],
                outside_best=all_units - deck.units(s.cards.won[best]),
            )
        )
    return out


def _union(masks: Any) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


def points_env(rules: Ruleset, s: GameState, side: SideFacts, index: int) -> dict[str, Any]:
    return {
        "units": side.units,
        "cards_units": side.cards_units,
        "last_trick": side.last_trick,
        "tricks": side.tricks,
        "declared": side.declared,
        "contract": s.contract_part.contract or "",
        "declarer_side": rules.sides.mode == "contract" and index == 0,
    }


def big_win_env(
    rules: Ruleset,
    s: GameState,
    facts: list[SideFacts],
    i: int,
    *,
    points: tuple[int, ...] = (),
    total: int = 0,
) -> dict[str, Any]:
    me = facts[i]
    others = [f for j, f in enumerate(facts) if j != i]
    env = points_env(rules, s, me, i)
    env.update(
        opp_tricks=sum(f.tricks for f in others),
        total_tricks=sum(f.tricks for f in facts),
        opp_cards_units=sum(f.cards_units for f in others),
        opp_units=sum(f.units for f in others),
        best_seat_tricks=me.best_seat_tricks,
        units_outside_best_seat=me.outside_best,
        opp_points=sum(p for j, p in enumerate(points) if j != i),
        deal_total=total,
    )
    return env


def deal_points(rules: Ruleset, s: GameState, facts: list[SideFacts]) -> tuple[int, ...]:
    """Each side's `deal_points`; with `residual_to: last_trick_winner`, the side that took
    the last trick scores `deal_total` minus the others' points instead (it absorbs every
    side's leftover fractions, so that the deal distributes exactly its total)."""
    points = tuple(
        evaluate_int(rules.scoring.deal_points, points_env(rules, s, f, i))
        for i, f in enumerate(facts)
    )
    residual = rules.scoring.residual_to
    match residual:
        case "none":
            return points
        case "last_trick_winner":
            taker = next((i for i, f in enumerate(facts) if f.last_trick), None)
            if taker is None:
                return points
            rest = sum(p for i, p in enumerate(points) if i != taker)
            total = deal_total(rules, facts, points)
            return tuple(total - rest if i == taker else p for i, p in enumerate(points))
        case unknown:
            assert_never(unknown)


def deal_total(rules: Ruleset, facts: list[SideFacts], points: tuple[int, ...]) -> int:
    """`scoring.deal_total` (what a deal distributes), by default the sum of `points`."""
    if rules.scoring.deal_total is None:
        return sum(points)
    env = {
        "all_units": sum(f.units for f in facts),
        "all_cards_units": sum(f.cards_units for f in facts),
        "sides": len(facts),
    }
    return evaluate_int(rules.scoring.deal_total, env)


def find_big_win(
    rules: Ruleset,
    s: GameState,
    facts: list[SideFacts],
    points: tuple[int, ...] = (),
    total: int = 0,
) -> tuple[BigWin, int] | None:
    """The first big win, in the order listed, that holds for some side."""
    if not rules.scoring.big_wins:
        return None
    envs = [big_win_env(rules, s, facts, i, points=points, total=total) for i in range(len(facts))]
    for big in rules.scoring.big_wins:
        for i, env in enumerate(envs):
            if evaluate(big.condition, env):
                return big, i
    return None


def score_deal(step: Step) -> None:
    rules, s = step.rules, step.state
    facts = side_facts(rules, s, final=True)
    points = deal_points(rules, s, facts)
    total = deal_total(rules, facts, points) if rules.scoring.big_wins else 0
    big = find_big_win(rules, s, facts, points, total)
    if big and big[0].cancels_opponent_declarations:
        winner_seats = facts[big[1]].seats
        decls = tuple(
            r if r.seat in winner_seats else replace(r, cancelled=True) for r in s.play.declarations
        )
        step.set_play(declarations=decls)
        s = step.state
        facts = side_facts(rules, s, final=True)
        points = deal_points(rules, s, facts)
        total = deal_total(rules, facts, points)
    if big and (big[0].points is not None or big[0].others is not None):
        points = _rescored(rules, s, facts, points, total=total, big=big)
    deltas = [0] * len(s.match.totals)
    success = None
    effect = rules.scoring.big_win_effect
    multiplier = big[0].multiplier if big and effect == "multiply" else 1
    if rules.payoff is not None and s.contract_part.declarer is not None:
        success, per_seat = _payoff(rules, s, facts, points, multiplier)
        for seat, amount in enumerate(per_seat):
            for slot in total_slot_of_side(rules, s, (seat,)):
                deltas[slot] += amount
        for person, amount in occupancy.sitting_out_deltas(rules, s, per_seat):
            deltas[person] += amount  # e.g. a dealer dealt out, paid as a defender
    else:
        for side, pts in zip(facts, points, strict=True):
            for slot in total_slot_of_side(rules, s, side.seats):
                deltas[slot] += pts
    totals = tuple(t + d for t, d in zip(s.match.totals, deltas, strict=True))
    record = DealRecord(
        deal_no=s.match.deal_no,
        dealer=s.match.dealer,
        counted=True,
        reason="scored",
        contract=s.contract_part.contract,
        declarer=s.contract_part.declarer,
        partner=s.contract_part.partner,
        sides=tuple(f.seats for f in facts),
        units=tuple(f.units for f in facts),
        cards_units=tuple(f.cards_units for f in facts),
        tricks=tuple(f.tricks for f in facts),
        declared=tuple(f.declared for f in facts),
        points=points,
        big_win=big[0].id if big else None,
        big_win_side=big[1] if big else None,
        multiplier=multiplier,
        success=success,
        deltas=tuple(deltas),
        totals=totals,
    )
    step.set_match(
        totals=totals, deals=(*s.match.deals, record), deals_counted=s.match.deals_counted + 1
    )
    step.emit(
        DealScored(
            deal_no=s.match.deal_no,
            counted=True,
            points=points,
            deltas=tuple(deltas),
            totals=totals,
            big_win=record.big_win,
        )
    )
    if big:
        match effect:
            case "win_match":
                slots = total_slot_of_side(rules, step.state, facts[big[1]].seats)
                match.end_match(step, tuple(sorted(slots)), "big_win", big[0].games, big[0].id)
                return
            case "multiply" | "none":
                pass  # the multiplier is in the payoff; `none`: no effect beyond scoring
            case unknown:
                assert_never(unknown)
    match.check_end(step)


def _rescored(
    rules: Ruleset,
    s: GameState,
    facts: list[SideFacts],
    points: tuple[int, ...],
    *,
    total: int,
    big: tuple[BigWin, int],
) -> tuple[int, ...]:
    """The deal's points when a big win with `points` / `others` applies (the cappotto
    reversal of the reverse game: the side holding every point scores 0, each other side
    the whole deal)."""
    spec, side = big
    out = list(points)
    for i in range(len(facts)):
        formula = spec.points if i == side else spec.others
        if formula is not None:
            out[i] = evaluate_int(
                formula, big_win_env(rules, s, facts, i, points=points, total=total)
            )
    return tuple(out)


def _payoff(
    rules: Ruleset, s: GameState, facts: list[SideFacts], points: tuple[int, ...], multiplier: int
) -> tuple[bool, list[int]]:
    payoff = rules.payoff
    assert payoff is not None and s.contract_part.declarer is not None
    contract = rules.contracts.get(s.contract_part.contract or "")
    alone = s.contract_part.partner is None
    value_of = 0
    if contract is not None:
        value_of = contract.alone_value if alone and contract.alone_value else contract.value
    env: dict[str, Any] = {
        "declarer_points": points[0],
        "declarer_units": facts[0].units,
        "defender_points": points[1] if len(points) > 1 else 0,
        "declarer_tricks": facts[0].tricks,
        "bid_points": s.contract_part.bid_points or 0,
        "contract": s.contract_part.contract or "",
        "contract_value": value_of,
        "contract_target": (contract.target or 0) if contract else 0,
        "alone": alone,
        "multiplier": multiplier,
        "adversaries": occupancy.adversaries(rules, s),
    }
    success = bool(evaluate(payoff.success, env))
    env["success"] = success
    env["value"] = evaluate(payoff.value, env)
    per_seat = [0] * s.n
    per_seat[s.contract_part.declarer] = evaluate_int(payoff.declarer, env)
    if s.contract_part.partner is not None and payoff.partner is not None:
        per_seat[s.contract_part.partner] = evaluate_int(payoff.partner, env)
    for seat in range(s.n):
        if seat not in (s.contract_part.declarer, s.contract_part.partner):
            per_seat[seat] = evaluate_int(payoff.defender, env)
    return success, per_seat


# The last running points worked out: (key, points). The key holds the very parts they
# are a function of (compared by identity: a state shares them with the state before it
# until a trick is taken or a declaration made), so every decision within a trick - each
# seat's observation reads `running` - costs one comparison instead of a scoring.
_RUNNING: list[Any] = [(), ()]


def running_points(rules: Ruleset, s: GameState) -> tuple[int, ...]:
    """Match totals as they stand mid-deal: captures so far (no last-trick bonus), floored
    per side by `deal_points`, plus declarations already scored."""
    key = (
        rules,
        s.cards.won,
        s.play.tricks_won,
        s.play.declarations,
        s.match.totals,
        s.contract_part,
    )
    last = _RUNNING[0]
    if (
        last
        and last[0] is rules
        and last[1] is key[1]
        and last[2] is key[2]
        and last[3] is key[3]
        and last[4] is key[4]
        and last[5] is key[5]
    ):
        cached: tuple[int, ...] = _RUNNING[1]
        return cached
    points = _running_points(rules, s)
    if rules.players.people is None:  # with people, the slots also depend on the seating
        _RUNNING[0], _RUNNING[1] = key, points
    return points


def _running_points(rules: Ruleset, s: GameState) -> tuple[int, ...]:
    """`running_points` worked out: through `_side_points_now` when the formula reads only
    the names that function gives (every bundled ruleset), else through `side_facts`."""
    if rules.scoring.deal_points.names <= _NOW_NAMES:
        deltas = [0] * len(s.match.totals)
        for i, seats in enumerate(sides(rules, s)):
            pts = evaluate_int(rules.scoring.deal_points, _side_points_now(rules, s, seats, i))
            for slot in total_slot_of_side(rules, s, seats):
                deltas[slot] += pts
        return tuple(t + d for t, d in zip(s.match.totals, deltas, strict=True))
    return _running_points_general(rules, s)


# the names of `points_env`, which `_side_points_now` gives
_NOW_NAMES = frozenset(
    ("units", "cards_units", "last_trick", "tricks", "declared", "contract", "declarer_side")
)


def _side_points_now(
    rules: Ruleset, s: GameState, seats: tuple[int, ...], index: int
) -> dict[str, Any]:
    """`points_env` of a side mid-deal (`side_facts` with `final=False`), without the
    facts only a big win reads (the best seat, the units outside it, all the units): a
    bot's observation asks the running points once a trick, for every side."""
    cards_units = rules.deck.units(_union(s.cards.won[seat] for seat in seats))
    return {
        "units": cards_units,  # no last-trick bonus before the deal ends
        "cards_units": cards_units,
        "last_trick": False,
        "tricks": sum(s.play.tricks_won[x] for x in seats),
        "declared": sum(
            r.points
            for r in s.play.declarations
            if r.seat in seats and not r.cancelled and r.scored_now
        ),
        "contract": s.contract_part.contract or "",
        "declarer_side": rules.sides.mode == "contract" and index == 0,
    }


def _running_points_general(rules: Ruleset, s: GameState) -> tuple[int, ...]:
    """`running_points` through every side fact (the reference of `_side_points_now`)."""
    facts = side_facts(rules, s, final=False)
    deltas = [0] * len(s.match.totals)
    for i, side in enumerate(facts):
        pts = evaluate_int(rules.scoring.deal_points, points_env(rules, s, side, i))
        for slot in total_slot_of_side(rules, s, side.seats):
            deltas[slot] += pts
    return tuple(t + d for t, d in zip(s.match.totals, deltas, strict=True))
