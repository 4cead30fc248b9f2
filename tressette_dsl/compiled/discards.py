"""The discards of a fixed count on plain values, the state written once for the phase.

`discard.act` lays one card through the step machinery (the hands, the zone, what the
seat has shown and discarded, the cursor's count: a copy of four parts a card), and
`_next_seat` then finds the same seat owing more, or the next seat owing any. For a
discard of a fixed number of cards (`count: 4`) nothing in between is read but the hand
the next choice is drawn from, and every seat of the phase owes the same count: so
`discards` lays the cards of every seat still to discard on locals, each seat's last
card and the move to the next seat too (session 9: `_next_seat` for a fixed count is
the next pending seat), and writes the state once, as `act` and `_next_seat` leave it
when the phase ends. A fixed `at_least` (`at_least: 1`, contract8b) adds `done` as the
last choice once that many are laid, as `discard.legal` does; a `done` drawn ends the
seat's discards as `act` ends them.
"""

from __future__ import annotations

from collections.abc import Sequence

from tressette_dsl.cardsets import nth_bit
from tressette_dsl.compiled.steps import Chooser, PlayoutStats
from tressette_dsl.engine.state import set_at
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.rules.phases.discard import DiscardPhase


def discards(
    rules: Ruleset,
    spec: DiscardPhase,
    step: Step,
    choose: Sequence[Chooser],
    stats: PlayoutStats,
) -> bool | None:
    """The discards the seats of the phase still owe, from the seat to act on, on
    locals: True, the phase over (as `discard.act` answers for the last seat's last
    card); None, with nothing drawn, for a count or an `at_least` that is not a fixed
    number, or a step that logs events (`CardDiscarded`: `act`'s)."""
    count = _fixed(spec.count.const)
    least = count if spec.at_least is None else _fixed(spec.at_least.const)
    if count is None or least is None or step.log:
        return None
    s0 = step.state
    cursor = s0.cursor
    seat = cursor.to_act
    assert seat is not None
    pending = cursor.pending
    laid = cursor.step
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
        # the seat is done (its last card, or `done`): `_next_seat` - the next pending
        # seat owes `count` (at least one, as this one did) from none laid
        pending = pending[1:]
        laid = 0
        if not pending:
            break
        seat = pending[0]
    step.state = s0.with_parts(
        cards=s0.cards.but(hands=tuple(hands), zones=set_at(s0.cards.zones, index, zone)),
        seen=s0.seen.but(public=tuple(public), discarded=tuple(discarded)),
        cursor=cursor.but(sub="", step=0, to_act=None, pending=()),
    )
    return True


def _fixed(value: object) -> int | None:
    """A count written as a number (`count: 4`), else None (an expression)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


__all__ = ["discards"]
