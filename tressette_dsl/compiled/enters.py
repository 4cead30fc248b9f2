"""A discard's and a move's `enter` written once, for `game._advance` on the kernel's side.

Between a contract deal's auction and its play `_advance` enters the exchange phases,
and their kinds' `enter` write the state a part at a time through the step machinery:
`discard.enter` the cursor for the phase, then again for each seat that owes nothing
and for the first that does (`_next_seat`); `move.enter` the cards, then what is seen,
for each seat that receives. In calabresella these entries were some 7 % of a playout
(session 13's timers: `discard.enter` 5 %, `move.enter` 2 %). Here each works its
values out from the state it is entered on and writes them once: the same state, field
for field. A move whose count reads the state (it may read a zone's size, which an
earlier seat's cards change), and a step that logs events (`CardsMoved`), are the
kind's own `enter`.
"""

from __future__ import annotations

from collections.abc import Callable

from tressette_dsl.engine.phases import discard as discard_kind
from tressette_dsl.engine.phases import move as move_kind
from tressette_dsl.engine.state import Reveal, set_at
from tressette_dsl.engine.step import Step
from tressette_dsl.engine.table import seats_of
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.rules.phases.discard import DiscardPhase
from tressette_dsl.rules.phases.move import MovePhase


def discard_enter(rules: Ruleset) -> Callable[[Step, DiscardPhase], bool]:
    """`discard.enter`: the seats of `who`, the first that owes cards asked (the cursor
    written once, as `_next_seat` leaves it), True when none does."""

    def enter(step: Step, spec: DiscardPhase) -> bool:
        s = step.state
        pending = seats_of(rules, s, spec.who)
        count = discard_kind._count  # read as the kind reads it (the cursor is not)
        while pending:
            seat = pending[0]
            if count(rules, spec, s, seat) > 0:  # `_next_seat`: the step is 0
                step.state = s.with_parts(
                    cursor=s.cursor.but(sub="discard", pending=pending, step=0, to_act=seat)
                )
                return False
            pending = pending[1:]
        step.state = s.with_parts(cursor=s.cursor.but(sub="", pending=(), step=0, to_act=None))
        return True

    return enter


def move_enter(rules: Ruleset, spec: MovePhase) -> Callable[[Step, MovePhase], bool] | None:
    """`move.enter` for a move of all the zone's cards or of a number of them: each
    receiving seat's cards from the top of the zone, the cards and what is seen written
    once. None where the count is an expression (the kind's own `enter`)."""
    fixed = None if spec.count is None else spec.count.const
    if spec.count is not None and (not isinstance(fixed, int) or isinstance(fixed, bool)):
        return None
    index = rules.zone_index(spec.source)

    def enter(step: Step, spec: MovePhase) -> bool:
        if step.log:  # the events (`CardsMoved`) are the kind's
            return move_kind.enter(step, spec)
        s = step.state
        cards, seen = s.cards, s.seen
        hands, zones, zone = cards.hands, cards.zones, cards.zones[index]
        public, reveals = seen.public, seen.reveals
        shown = spec.shown or seen.shown[index]
        moved = shown_any = False
        for seat in seats_of(rules, s, spec.to):
            count = len(zone) if fixed is None else fixed
            given, zone = zone[:count], zone[count:]
            mask = 0
            for card in given:
                mask |= 1 << card
            hands = set_at(hands, seat, hands[seat] | mask)
            moved = True
            if shown and mask:
                public = set_at(public, seat, public[seat] | mask)
                reveals = (*reveals, Reveal(spec.source, seat, mask, s.match.deal_no))
                shown_any = True
        if moved:
            step.state = s.with_parts(
                cards=cards.but(zones=set_at(zones, index, zone), hands=hands),
                seen=seen.but(public=public, reveals=reveals) if shown_any else seen,
            )
        return True

    return enter


__all__ = ["discard_enter", "move_enter"]
