"""The cards left over when the hands are empty (the monte, discards, any stock) go to
the seat `scoring.leftover_to` names."""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from tressette_dsl.engine.events import LeftoverTaken
from tressette_dsl.engine.phases.trick_features.base import TrickFeature
from tressette_dsl.engine.state import set_at
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset

if TYPE_CHECKING:
    from tressette_dsl.engine.phases.tricks import TricksPhase


def on_play_end(step: Step) -> None:
    rules, s = step.rules, step.state
    rest = s.monte + s.stock
    if not rest:
        return
    match rules.scoring.leftover_to:
        case "none":
            return
        case "last_trick_winner":
            seat = s.last_winner
        case "declarer":
            seat = s.declarer
        case unknown:
            assert_never(unknown)
    if seat is None:
        return
    mask = 0
    for card in rest:
        mask |= 1 << card
    step.set(won=set_at(s.won, seat, s.won[seat] | mask), monte=(), stock=())
    step.emit(LeftoverTaken(seat=seat, cards=tuple(rules.deck.card_text[c] for c in rest)))


def resolve(rules: Ruleset, spec: TricksPhase) -> TrickFeature | None:
    return None if rules.scoring.leftover_to == "none" else FEATURE


FEATURE = TrickFeature(name="leftover", resolve=resolve, on_play_end=on_play_end)
