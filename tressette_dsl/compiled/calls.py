"""A call made on the state in one write, as `call.act` makes it.

`call.act` changes the state a part at a time through the step machinery - the called
card, the declarer when no auction named one, trump when the call sets it, the card
handed over (`effect: transfer`) or the partner (`effect: partner`), the cursor - up to
six copies of the state for one decision, and it builds its events. A contract run
builds no events (`Step.log` is False), so `called` works the same changes out from the
state before the call and writes them once: the same state, field for field. A step
that logs events is `call.act`'s.
"""

from __future__ import annotations

from typing import assert_never

from tressette_dsl.engine.actions import Call
from tressette_dsl.engine.phases import call as call_kind
from tressette_dsl.engine.state import Reveal, set_at
from tressette_dsl.engine.step import Step
from tressette_dsl.engine.table import holder
from tressette_dsl.rules.phases.call import CallPhase


def called(step: Step, spec: CallPhase, card: int) -> bool:
    """The seat to act calls `card` (one of `call.legal`'s): True, as `call.act` answers."""
    if step.log:  # the events are `act`'s
        return call_kind.act(step, spec, Call(step.rules.deck.card_text[card]))
    s = step.state
    seat = s.cursor.to_act
    assert seat is not None
    owner = holder(s, card)
    someone_else = owner >= 0 and owner != seat
    cp = s.contract_part
    contract = cp.but(called_card=card, declarer=seat if cp.declarer is None else cp.declarer)
    cards, seen = s.cards, s.seen
    match spec.effect:
        case "transfer":  # `call._transfer`: the holder hands it over face up
            if someone_else:
                bit = 1 << card
                hands = set_at(cards.hands, owner, cards.hands[owner] & ~bit)
                public = set_at(seen.public, owner, seen.public[owner] & ~bit)
                cards = cards.but(hands=set_at(hands, seat, hands[seat] | bit))
                seen = seen.but(
                    public=set_at(public, seat, public[seat] | bit),
                    reveals=(*seen.reveals, Reveal("transfer", seat, bit, s.match.deal_no)),
                )
                contract = contract.but(call_supplier=owner)
        case "partner":
            if someone_else:
                contract = contract.but(partner=owner)
            if spec.reveal == "immediately":
                contract = contract.but(partner_revealed=True)
        case unknown:
            assert_never(unknown)
    play = s.play
    if spec.trump_called_suit:
        play = play.but(trump=step.rules.deck.card_suit[card])
    step.state = s.with_parts(
        cards=cards,
        seen=seen,
        play=play,
        contract=contract,
        cursor=s.cursor.but(sub="", pending=(), to_act=None),
    )
    return True


__all__ = ["called"]
