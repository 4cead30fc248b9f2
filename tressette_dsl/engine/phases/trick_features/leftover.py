"""The cards left over in the zones when the hands are empty (a monte, discards, a stock)
go to the seat each zone's `leftover_to` names (by default `scoring.leftover_to`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from tressette_dsl.engine.events import LeftoverTaken
from tressette_dsl.engine.phases.trick_features.base import TrickFeature
from tressette_dsl.engine.state import set_at
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.rules.options import LeftoverTo

if TYPE_CHECKING:
    from tressette_dsl.engine.phases.tricks import TricksPhase


def on_play_end(step: Step) -> None:
    """Zone by zone in the ruleset's order; one LeftoverTaken per receiving seat, its cards
    in zone order (the monte's before the stock's when both go to the same seat, as
    before zones were data)."""
    rules, s = step.rules, step.state
    taken: dict[int, list[int]] = {}
    zones = list(s.cards.zones)
    for index, zone in enumerate(rules.zones):
        if not zones[index]:
            continue
        seat = _receiver(zone.leftover_to, s.play.last_winner, s.contract_part.declarer)
        if seat is None:
            continue
        taken.setdefault(seat, []).extend(zones[index])
        zones[index] = ()
    if not taken:
        return
    won = s.cards.won
    for seat, cards in taken.items():
        mask = 0
        for card in cards:
            mask |= 1 << card
        won = set_at(won, seat, won[seat] | mask)
    step.set_cards(won=won, zones=tuple(zones))
    for seat, cards in taken.items():
        step.emit(LeftoverTaken(seat=seat, cards=tuple(rules.deck.card_text[c] for c in cards)))


def _receiver(to: LeftoverTo, last_winner: int | None, declarer: int | None) -> int | None:
    match to:
        case "none":
            return None
        case "last_trick_winner":
            return last_winner
        case "declarer":
            return declarer
        case unknown:
            assert_never(unknown)


def resolve(rules: Ruleset, spec: TricksPhase) -> TrickFeature | None:
    if all(zone.leftover_to == "none" for zone in rules.zones):
        return None
    return FEATURE


FEATURE = TrickFeature(name="leftover", resolve=resolve, on_play_end=on_play_end)
