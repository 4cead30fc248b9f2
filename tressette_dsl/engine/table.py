"""Table facts derived from the state: sides, roles, and the names expressions see.

The names put into each env are exactly the ones `rules/scopes.py` declares for the slot;
`deal_env` is the common part (see docs/language.md, "Names common to phase slots").
"""

from __future__ import annotations

from typing import Any, assert_never

from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import evaluate_seat
from tressette_dsl.rules.model import Ruleset, Who


def sides(rules: Ruleset, s: GameState) -> tuple[tuple[int, ...], ...]:
    """The sides of the current deal, each a tuple of seats.

    Teams and individual play have fixed sides; in contract play side 0 is the declarer
    (with a called partner) and side 1 the pooled defenders.
    """
    if rules.sides.mode != "contract":
        return tuple(tuple(sorted(seats)) for seats in rules.sides.seats)
    if s.declarer is None:
        return tuple((seat,) for seat in range(s.n))
    attack = {s.declarer} | ({s.partner} if s.partner is not None else set())
    defence = tuple(seat for seat in rules.players.order_from(s.declarer) if seat not in attack)
    return (tuple(sorted(attack)), defence)


def side_of(rules: Ruleset, s: GameState, seat: int) -> int:
    for i, members in enumerate(sides(rules, s)):
        if seat in members:
            return i
    raise ValueError(seat)


def total_slot_of_side(rules: Ruleset, s: GameState, side: tuple[int, ...]) -> tuple[int, ...]:
    """Which match-total slots a deal side's result goes to (a team, or each seat)."""
    if rules.sides.mode == "teams":
        return (rules.sides.side_of[side[0]],)
    return side


def holder(s: GameState, card: int) -> int:
    bit = 1 << card
    for seat, hand in enumerate(s.hands):
        if hand & bit:
            return seat
    return -1


def defenders(rules: Ruleset, s: GameState) -> tuple[int, ...]:
    if s.declarer is None:
        return ()
    attack = {s.declarer, s.partner}
    return tuple(x for x in rules.players.order_from(s.declarer) if x not in attack)


def deal_env(rules: Ruleset, s: GameState) -> dict[str, Any]:
    """Names every phase slot may use (`when`, seat expressions, trump, follow_suit...)."""
    return {
        "dealer": s.dealer,
        "deal_no": s.deal_no,
        "deals_counted": s.deals_counted,
        "players": s.n,
        "contract": s.contract or "",
        "bid": s.bid or "",
        "bid_rank": -1 if s.bid_rank is None else s.bid_rank,
        "bid_points": s.bid_points or 0,
        "declarer": s.declarer,
        "alone": s.declarer is not None and s.partner is None,
        "called_card": -1 if s.called_card is None else s.called_card,
        "called_from_defender": s.call_supplier is not None,
        "trick_no": s.trick_no,
        "stock_size": len(s.stock),
        "monte_size": len(s.monte),
        "target": rules.match.target or 0,
        "holder": lambda card: holder(s, card),
    }


def seats_of(rules: Ruleset, s: GameState, who: Who) -> tuple[int, ...]:
    """The seats a role or seat expression names, in play order."""
    match who.role:
        case "declarer":
            return () if s.declarer is None else (s.declarer,)
        case "partner":
            return () if s.partner is None else (s.partner,)
        case "call_supplier":
            return () if s.call_supplier is None else (s.call_supplier,)
        case "defenders":
            return defenders(rules, s)
        case "all":
            return rules.players.order_from(rules.players.next(s.dealer))
        case None:
            assert who.seat is not None
            return (evaluate_seat(who.seat, deal_env(rules, s), s.n),)
        case unknown:
            assert_never(unknown)
