"""Drawing from the stock (`phases.<tricks>.draw`): after each trick each seat from the
winner draws the top card while there is one, shown or face down; with mandatory
declaring, the combinations the drawn cards complete are declared at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tressette_dsl.engine import declare
from tressette_dsl.engine.events import CardDrawn
from tressette_dsl.engine.phases.trick_features.base import TrickFeature
from tressette_dsl.engine.state import GameState, Reveal, set_at
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset

if TYPE_CHECKING:
    from tressette_dsl.engine.phases.tricks import TricksPhase


def on_trick_won(step: Step, spec: TricksPhase, before: GameState, winner: int) -> None:
    if step.state.stock:
        _draw(step, spec, winner)


def _draw(step: Step, spec: TricksPhase, winner: int) -> None:
    """Each seat from the winner draws the top card of the stock while there is one."""
    rules, s = step.rules, step.state
    assert spec.draw is not None
    shown = spec.draw.shown
    stock, hands, drawn, public, reveals = s.stock, s.hands, s.drawn, s.public, s.reveals
    events = []
    for seat in rules.players.order_from(winner):
        if not stock:
            break
        card, stock = stock[0], stock[1:]
        bit = 1 << card
        hands = set_at(hands, seat, hands[seat] | bit)
        drawn = set_at(drawn, seat, drawn[seat] | bit)
        if shown:
            public = set_at(public, seat, public[seat] | bit)
            reveals = (*reveals, Reveal("drawn", seat, bit, s.deal_no))
        events.append(CardDrawn(seat=seat, card=rules.deck.card_text[card], shown=shown))
    step.set(stock=stock, hands=hands, drawn=drawn, public=public, reveals=reveals)
    for event in events:
        step.emit(event)
    d = rules.declaring
    if d is not None and d.mandatory:
        for seat in rules.players.order_from(winner):
            s = step.state
            declare.declare_all(step, seat, s.hands[seat], s.drawn[seat])


def resolve(rules: Ruleset, spec: TricksPhase) -> TrickFeature | None:
    return FEATURE if spec.draw is not None else None


FEATURE = TrickFeature(name="draw", resolve=resolve, on_trick_won=on_trick_won)
