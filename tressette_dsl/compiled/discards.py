"""A discard phase on plain values, the state written once for the phase.

`discard.act` lays one card through the step machinery (the hands, the zone, what the
seat has shown and discarded, the cursor's count: a copy of four parts a card), and
`_next_seat` then finds the same seat owing more, or the next seat owing any. When a
seat's count (and `at_least`) is a number or reads nothing a discard changes (no
zone's size, no `hand_size`, no `holder`: calabresella's `count: "taken"`), nothing in
between is read but the hand the next choice is drawn from: so `discards` lays the
cards of every seat still to discard on locals, each seat's last card and the move to
the next seat that owes any too (session 9; each count worked out once, by
`discard._count`), and writes the state once, as `act` and `_next_seat` leave it when
the phase ends. An `at_least` (`at_least: 1`, contract8b) adds `done` as the last
choice once that many are laid, as `discard.legal` does; a `done` drawn ends the seat's
discards as `act` ends them.
"""

from __future__ import annotations

from collections.abc import Sequence

from tressette_dsl.cardsets import nth_bit
from tressette_dsl.compiled.chain import _CONSTANT
from tressette_dsl.compiled.steps import Chooser, PlayoutStats
from tressette_dsl.engine.phases import discard as discard_kind
from tressette_dsl.engine.state import GameState, set_at
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Expr, Ruleset
from tressette_dsl.rules.phases.discard import DiscardPhase

# the names a discard's `count` (or `at_least`) may read that laying a card leaves as
# they were: `deal_env`'s but the zones' sizes and `holder`, and the discard's own
# `seat` and `taken` (not `hand_size`)
_STILL = _CONSTANT | {"deal_no", "deals_counted", "trick_no", "seat", "taken"}


def discards(
    rules: Ruleset,
    spec: DiscardPhase,
    step: Step,
    choose: Sequence[Chooser],
    stats: PlayoutStats,
) -> bool | None:
    """The discards the seats of the phase still owe, from the seat to act on, on
    locals: True, the phase over (as `discard.act` answers for the last seat's last
    card); None, with nothing drawn, for a count or an `at_least` that reads what a
    discard changes, or a step that logs events (`CardDiscarded`: `act`'s)."""
    if not (_steady(spec.count) and _steady(spec.at_least)) or step.log:
        return None
    s0 = step.state
    cursor = s0.cursor
    seat = cursor.to_act
    assert seat is not None
    pending = cursor.pending
    laid = cursor.step
    count, least = _owed(rules, spec, s0, seat)
    hands = list(s0.cards.hands)
    index = rules.zone_index(spec.to)
    zone = s0.cards.zones[index]
    ordered = rules.zones[index].ordered
    public = list(s0.seen.public)
    discarded = list(s0.seen.discarded)
    while True:
        hand = hands[seat]
        n = hand.bit_count()
        i = choose[seat](n + 1 if laid >= least else n)  # `done` last, once `at_least` are laid
        stats.actions += 1
        if i < n:
            card = nth_bit(hand, i)
            bit = 1 << card
            hands[seat] = hand & ~bit
            zone = (*zone, card) if ordered else tuple(sorted((*zone, card)))
            discarded[seat] |= bit
            public[seat] = 0  # the others cannot tell which of its shown cards went
            laid += 1
            if laid < count:
                continue
        # the seat is done (its last card, or `done`): `_next_seat`, the next pending
        # seat that owes any, from none laid
        pending = pending[1:]
        laid = 0
        while pending:
            seat = pending[0]
            count, least = _owed(rules, spec, s0, seat)
            if count > 0:
                break
            pending = pending[1:]
        if not pending:
            break
    step.state = s0.with_parts(
        cards=s0.cards.but(hands=tuple(hands), zones=set_at(s0.cards.zones, index, zone)),
        seen=s0.seen.but(public=tuple(public), discarded=tuple(discarded)),
        cursor=cursor.but(sub="", step=0, to_act=None, pending=()),
    )
    return True


def _steady(expr: Expr | None) -> bool:
    """Does `expr` (a count) give the same number whatever cards were laid?"""
    return expr is None or _fixed(expr.const) is not None or expr.names <= _STILL


def _owed(rules: Ruleset, spec: DiscardPhase, s0: GameState, seat: int) -> tuple[int, int]:
    """`seat`'s count and `at_least`, as `discard._count` gives them on any state of
    the phase (`_steady`: on its first)."""
    count = discard_kind._count(rules, spec, s0, seat)
    if spec.at_least is None:
        return count, count
    return count, discard_kind._count(rules, spec, s0, seat, least=True)


def _fixed(value: object) -> int | None:
    """A count written as a number (`count: 4`), else None (an expression)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


__all__ = ["discards"]
