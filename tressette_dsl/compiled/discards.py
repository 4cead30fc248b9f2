"""A seat's discards on plain values, the state written once before its last one.

`discard.act` lays one card through the step machinery (the hands, the zone, what the
seat has shown and discarded, the cursor's count: a copy of four parts a card), and
`_next_seat` then finds the same seat owing more. For a discard of a fixed number of
cards (`count: 4`) nothing in between is read but the hand the next choice is drawn
from, so `discards` lays all but the seat's last card on locals and writes the state
once; the last card is `discard.act`'s, with whatever follows it (the next seat, the end
of the phase). A fixed `at_least` (`at_least: 1`, contract8b) adds `done` as the last
choice once that many are laid, as `discard.legal` does; a `done` drawn is `act`'s too.
"""

from __future__ import annotations

from collections.abc import Sequence

from tressette_dsl.cardsets import nth_bit
from tressette_dsl.compiled.steps import Chooser, PlayoutStats
from tressette_dsl.engine.actions import Discard, Done
from tressette_dsl.engine.phases import discard as discard_kind
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
    """The discards the seat to act owes, the last one (or its `done`) by `discard.act`
    (its answer is returned); None, with nothing drawn, for a count or an `at_least`
    that is not a fixed number."""
    count = _fixed(spec.count.const)
    least = count if spec.at_least is None else _fixed(spec.at_least.const)
    if count is None or least is None:
        return None
    s0 = step.state
    seat = s0.cursor.to_act
    assert seat is not None
    laid = s0.cursor.step
    hand = s0.cards.hands[seat]
    index = rules.zone_index(spec.to)
    zone = s0.cards.zones[index]
    ordered = rules.zones[index].ordered
    discarded = s0.seen.discarded[seat]
    draw = choose[seat]
    while True:
        n = hand.bit_count()
        i = draw(n + 1 if laid >= least else n)  # `done` last, once `at_least` are laid
        stats.actions += 1
        card = nth_bit(hand, i) if i < n else -1
        if card < 0 or laid + 1 >= count:  # `done` or the seat's last card: written first
            if laid > s0.cursor.step:
                step.state = s0.with_parts(
                    cards=s0.cards.but(
                        hands=set_at(s0.cards.hands, seat, hand),
                        zones=set_at(s0.cards.zones, index, zone),
                    ),
                    seen=s0.seen.but(
                        public=set_at(s0.seen.public, seat, 0),
                        discarded=set_at(s0.seen.discarded, seat, discarded),
                    ),
                    cursor=s0.cursor.but(step=laid),
                )
            action = Done() if card < 0 else Discard(rules.deck.card_text[card])
            return discard_kind.act(step, spec, action)
        bit = 1 << card
        hand &= ~bit
        zone = (*zone, card) if ordered else tuple(sorted((*zone, card)))
        discarded |= bit
        laid += 1


def _fixed(value: object) -> int | None:
    """A count written as a number (`count: 4`), else None (an expression)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


__all__ = ["discards"]
