"""Table facts derived from the state: sides, roles, and the names expressions see.

The names put into each env are exactly the ones `rules/scopes.py` declares for the slot;
`deal_env` is the common part (see docs/language.md, "Names common to phase slots").
"""

from __future__ import annotations

from functools import cache
from typing import Any, assert_never

from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import evaluate_seat
from tressette_dsl.rules.model import Ruleset, Who
from tressette_dsl.rules.zones import size_names


@cache
def _size_names(zone_ids: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(names that are always 0 here, one `<zone>_size` name per zone index)."""
    own = tuple(f"{zone}_size" for zone in zone_ids)
    return tuple(n for n in size_names() if n not in own), own


def zone_sizes(s: GameState) -> dict[str, int]:
    """`<zone>_size` for each zone of the state, and 0 for each implied zone it lacks (the
    names `rules/scopes.py` declares: stock_size, monte_size)."""
    absent, own = _size_names(s.cards.zone_ids)
    out = dict.fromkeys(absent, 0)
    for name, cards in zip(own, s.cards.zones, strict=True):
        out[name] = len(cards)
    return out


def sides(rules: Ruleset, s: GameState) -> tuple[tuple[int, ...], ...]:
    """The sides of the current deal, each a tuple of seats.

    Teams and individual play have fixed sides; in contract play side 0 is the declarer
    (with a called partner) and side 1 the pooled defenders.
    """
    if rules.sides.mode != "contract":
        return tuple(tuple(sorted(seats)) for seats in rules.sides.seats)
    if s.contract_part.declarer is None:
        return tuple((seat,) for seat in range(s.n))
    attack = {s.contract_part.declarer} | (
        {s.contract_part.partner} if s.contract_part.partner is not None else set()
    )
    defence = tuple(
        seat for seat in rules.players.order_from(s.contract_part.declarer) if seat not in attack
    )
    return (tuple(sorted(attack)), defence)


def side_of(rules: Ruleset, s: GameState, seat: int) -> int:
    for i, members in enumerate(sides(rules, s)):
        if seat in members:
            return i
    raise ValueError(seat)


def total_slot_of_side(rules: Ruleset, s: GameState, side: tuple[int, ...]) -> tuple[int, ...]:
    """Which match-total slots a deal side's result goes to (a team, or each seat; with
    `seating.people`, each person sitting on that side in this deal)."""
    if rules.players.people is not None:
        from tressette_dsl.engine.occupancy import slots_of_seats  # noqa: PLC0415

        return slots_of_seats(rules, s, side)
    if rules.sides.mode == "teams":
        return (rules.sides.side_of[side[0]],)
    return side


def holder(s: GameState, card: int) -> int:
    bit = 1 << card
    for seat, hand in enumerate(s.cards.hands):
        if hand & bit:
            return seat
    return -1


def defenders(rules: Ruleset, s: GameState) -> tuple[int, ...]:
    if s.contract_part.declarer is None:
        return ()
    attack = {s.contract_part.declarer, s.contract_part.partner}
    return tuple(x for x in rules.players.order_from(s.contract_part.declarer) if x not in attack)


def deal_env(rules: Ruleset, s: GameState) -> dict[str, Any]:
    """Names every phase slot may use (`when`, seat expressions, trump, follow_suit...)."""
    return {
        "dealer": s.match.dealer,
        "deal_no": s.match.deal_no,
        "deals_counted": s.match.deals_counted,
        "players": s.n,
        "contract": s.contract_part.contract or "",
        "bid": s.contract_part.bid or "",
        "bid_rank": -1 if s.contract_part.bid_rank is None else s.contract_part.bid_rank,
        "bid_points": s.contract_part.bid_points or 0,
        "declarer": s.contract_part.declarer,
        "alone": s.contract_part.declarer is not None and s.contract_part.partner is None,
        "called_card": -1 if s.contract_part.called_card is None else s.contract_part.called_card,
        "called_from_defender": s.contract_part.call_supplier is not None,
        "trick_no": s.play.trick_no,
        **zone_sizes(s),
        "target": rules.match.target or 0,
        "holder": lambda card: holder(s, card),
    }


def seats_of(rules: Ruleset, s: GameState, who: Who) -> tuple[int, ...]:
    """The seats a role or seat expression names, in play order."""
    match who.role:
        case "declarer":
            return () if s.contract_part.declarer is None else (s.contract_part.declarer,)
        case "partner":
            return () if s.contract_part.partner is None else (s.contract_part.partner,)
        case "call_supplier":
            return () if s.contract_part.call_supplier is None else (s.contract_part.call_supplier,)
        case "defenders":
            return defenders(rules, s)
        case "all":
            return rules.players.order_from(rules.players.next(s.match.dealer))
        case None:
            assert who.seat is not None
            return (evaluate_seat(who.seat, deal_env(rules, s), s.n),)
        case unknown:
            assert_never(unknown)
