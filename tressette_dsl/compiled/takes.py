"""A seat's takes from a shown zone on plain values, the state written once before its last.

`take.act` takes one card through the step machinery (the zone, the hand, what the seat
has shown, the reveals, the count taken: a copy of three parts a card), and `_next_seat`
then works out again what the seat still owes (`count` over `deal_env`, a dict of every
name, each card). For a take of a `count` (`count: "discarded"`) whose expression reads
nothing a take changes (no zone's size, no `holder`), the seat owes the same number less
one after each card, so `takes` takes all but the seat's last card on locals, each drawn
from the zone's cards lowest first as `take.legal` lists them, and writes the state once;
the last card is `take.act`'s, with whatever follows it (the next seat, the end of the
phase) - unless the phase ends with it (session 9): the zone emptied, or no seat after
this one (calabrasella-americana's declarer alone), when `_next_seat` only clears the
cursor, so the last card is taken on the locals too and the state written once with the
cursor cleared. A take without a count (each takes until `done`, the last seat the
rest: calabresella's scegliete) is played on locals to the phase's end too (session 9).
"""

from __future__ import annotations

from collections.abc import Sequence

from tressette_dsl.compiled.chain import _CONSTANT
from tressette_dsl.compiled.steps import Chooser, PlayoutStats
from tressette_dsl.engine.actions import Take
from tressette_dsl.engine.phases import take as take_kind
from tressette_dsl.engine.state import GameState, Reveal, set_at
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.rules.phases.take import TakePhase

# the names a take's `count` may read that taking a card leaves as they were: those of
# `deal_env` but the zones' sizes and `holder` (`chain._CONSTANT`, the deal's numbers
# and the trick's), and the take's own `seat` and `discarded` (the cards the seat laid)
_STILL = _CONSTANT | {"deal_no", "deals_counted", "trick_no", "seat", "discarded"}


def takes(
    rules: Ruleset,
    spec: TakePhase,
    step: Step,
    choose: Sequence[Chooser],
    stats: PlayoutStats,
) -> bool | None:
    """The cards the seat to act owes, the last one by `take.act` (its answer is
    returned) where another seat may owe cards after it, else on the locals too (True:
    the phase over); a take without a count to the phase's end (`_until_done`); None,
    with nothing drawn, for a count that reads what a take changes."""
    count = spec.count
    if count is None:
        return None if step.log else _until_done(rules, spec, step, choose, stats)
    if not count.names <= _STILL:
        return None
    s0 = step.state
    seat = s0.cursor.to_act
    assert seat is not None
    owed = take_kind._owed(rules, spec, s0, seat)  # > 0: `_next_seat` asked this seat
    index = rules.zone_index(spec.source)
    zone = s0.cards.zones[index]
    hand = s0.cards.hands[seat]
    public = s0.seen.public[seat]
    reveals = s0.seen.reveals
    taken = s0.contract_part.taken[seat]
    deal_no = s0.match.deal_no
    draw = choose[seat]

    def written(*, over: bool) -> GameState:  # the locals as they are now
        return _written(
            s0,
            index,
            seat,
            zone=zone,
            hand=hand,
            public=public,
            reveals=reveals,
            taken=taken,
            over=over,
        )

    while True:
        options = sorted(zone)
        card = options[draw(len(options))]
        stats.actions += 1
        last = owed <= 1 or len(zone) <= 1  # the seat's last card
        # ... and then `_next_seat` ends the phase: the zone emptied, or no seat after it
        ends = last and (len(zone) <= 1 or len(s0.cursor.pending) <= 1)
        if last and not ends:  # written, then `act` (another seat's count to work out)
            if taken > s0.contract_part.taken[seat]:
                step.state = written(over=False)
            return take_kind.act(step, spec, Take(rules.deck.card_text[card]))
        bit = 1 << card
        zone = tuple([c for c in zone if c != card])
        hand |= bit
        public |= bit
        reveals = (*reveals, Reveal("taken", seat, bit, deal_no))
        taken += 1
        owed -= 1
        if ends:  # as `act` and `_next_seat` leave it: the phase over
            step.state = written(over=True)
            return True


def _until_done(
    rules: Ruleset,
    spec: TakePhase,
    step: Step,
    choose: Sequence[Chooser],
    stats: PlayoutStats,
) -> bool:
    """A take without a count (calabresella's scegliete) to the phase's end on locals:
    each seat in turn takes cards of the zone (`take.legal`: lowest first, then `done`)
    until `done`, and the last seat - or the one the zone ran out with - ends it, the
    last taking whatever is left (`take._next_seat`); the state written once, as `act`
    and `_next_seat` leave it. True: the phase over."""
    s0 = step.state
    cursor = s0.cursor
    pending = cursor.pending
    index = rules.zone_index(spec.source)
    zone = s0.cards.zones[index]
    hands = list(s0.cards.hands)
    public = list(s0.seen.public)
    taken = list(s0.contract_part.taken)
    reveals = s0.seen.reveals
    deal_no = s0.match.deal_no

    def take(seat: int, card: int) -> None:  # `take._take`
        nonlocal zone, reveals
        bit = 1 << card
        zone = tuple([c for c in zone if c != card])
        hands[seat] |= bit
        public[seat] |= bit
        reveals = (*reveals, Reveal("taken", seat, bit, deal_no))
        taken[seat] += 1

    while True:  # `pending[0]` to act: two seats or more pending, the zone not empty
        seat = pending[0]
        options = sorted(zone)
        i = choose[seat](len(options) + 1)
        stats.actions += 1
        if i < len(options):
            take(seat, options[i])
            if zone:
                continue  # the same seat again
        pending = pending[1:]  # `done`, or the zone ran out: `_next_seat`
        if len(pending) == 1 or not zone:
            for card in zone if pending else ():
                take(pending[-1], card)
            break
    cp = s0.contract_part
    step.state = s0.with_parts(
        cards=s0.cards.but(zones=set_at(s0.cards.zones, index, zone), hands=tuple(hands)),
        seen=s0.seen.but(public=tuple(public), reveals=reveals),
        contract=cp.but(taken=tuple(taken)),
        cursor=cursor.but(sub="", pending=(), to_act=None),
    )
    return True


def _written(
    s0: GameState,
    index: int,
    seat: int,
    *,
    zone: tuple[int, ...],
    hand: int,
    public: int,
    reveals: tuple[Reveal, ...],
    taken: int,
    over: bool = False,
) -> GameState:
    """`s0` with the seat's takes on the locals written (and with `over`, the phase's
    cursor cleared, as `take._next_seat` clears it)."""
    cp = s0.contract_part
    return s0.with_parts(
        cards=s0.cards.but(
            zones=set_at(s0.cards.zones, index, zone),
            hands=set_at(s0.cards.hands, seat, hand),
        ),
        seen=s0.seen.but(public=set_at(s0.seen.public, seat, public), reveals=reveals),
        contract=cp.but(taken=set_at(cp.taken, seat, taken)),
        cursor=s0.cursor.but(sub="", pending=(), to_act=None) if over else s0.cursor,
    )


__all__ = ["takes"]
