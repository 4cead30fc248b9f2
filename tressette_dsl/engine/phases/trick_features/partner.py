"""The reveal of a called partner (`call` with `effect: partner, reveal: on_play`): when
the called card is played, it is known who holds it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tressette_dsl.engine.actions import Play
from tressette_dsl.engine.events import Event, PartnerRevealed
from tressette_dsl.engine.phases.call import CallPhase
from tressette_dsl.engine.phases.trick_features.base import Changes, TrickFeature
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset

if TYPE_CHECKING:
    from tressette_dsl.engine.phases.tricks import TricksPhase


def on_card(
    s: GameState, seat: int, card: int, action: Play, changes: Changes
) -> tuple[Event, ...]:
    if card != s.called_card or s.partner_revealed:
        return ()
    changes["partner_revealed"] = True
    if s.partner is None:  # a transferred card, or the caller plays alone
        return ()
    return (PartnerRevealed(seat=s.partner, card=action.card),)


def resolve(rules: Ruleset, spec: TricksPhase) -> TrickFeature | None:
    """Whenever a card can be called: the state records that the called card was played."""
    return FEATURE if any(isinstance(p, CallPhase) for p in rules.flow) else None


FEATURE = TrickFeature(name="partner", resolve=resolve, on_card=on_card)
