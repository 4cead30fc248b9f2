"""The dummy laid face up once the first card of the deal is played (`seating.dummy.exposed:
first_card`): from that card on every seat sees its hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tressette_dsl.engine.actions import Play
from tressette_dsl.engine.events import DummyExposed, Event
from tressette_dsl.engine.occupancy import dummy_of
from tressette_dsl.engine.phases.trick_features.base import Changes, OnCard, TrickFeature
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset

if TYPE_CHECKING:
    from tressette_dsl.engine.phases.tricks import TricksPhase


def _on_card(rules: Ruleset) -> OnCard:
    def on_card(
        s: GameState, seat: int, card: int, action: Play, changes: Changes
    ) -> tuple[Event, ...]:
        if s.cards.trick or s.play.tricks:  # not the first card of the deal
            return ()
        found = dummy_of(rules, s)
        if found is None:
            return ()
        dummy = found[0]
        hand = s.cards.hands[dummy] & ~(1 << card if seat == dummy else 0)
        changes.exposed = dummy
        return (DummyExposed(seat=dummy, cards=rules.deck.texts(hand)),)

    return on_card


def resolve(rules: Ruleset, spec: TricksPhase) -> TrickFeature | None:
    """Only for a dummy exposed by the first card; the hook needs the ruleset, so it is made
    per ruleset."""
    dummy = rules.players.dummy
    if dummy is None or dummy.exposed != "first_card":
        return None
    return TrickFeature(name="dummy", resolve=resolve, on_card=_on_card(rules))


FEATURE = TrickFeature(name="dummy", resolve=resolve)
