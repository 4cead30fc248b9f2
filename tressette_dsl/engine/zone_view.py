"""Who sees the cards of a zone: the zone's `seen_by` (nobody, its owner, everyone), and a
`reveal` phase that showed it to every seat (until a seat discards face down into a shown
zone, which hides its content again). Observations, the card-leak checks, determinisation
and the table view all ask here, so that a zone needs no code of its own."""

from __future__ import annotations

from typing import assert_never

from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.table import seats_of
from tressette_dsl.rules.model import Ruleset


def visible(rules: Ruleset, s: GameState, index: int, seat: int | None) -> bool:
    """Whether `seat` (None: a spectator) sees the cards of the zone at `index`."""
    zone = rules.zones[index]
    if s.seen.shown[index] and not any(s.seen.discarded):
        return True
    match zone.seen_by:
        case "everyone":
            return True
        case "nobody":
            return False
        case "owner":
            return (
                seat is not None
                and zone.owner is not None
                and seat in seats_of(rules, s, zone.owner)
            )
        case unknown:
            assert_never(unknown)


def visible_mask(rules: Ruleset, s: GameState, seat: int | None) -> int:
    """The cards lying in zones that `seat` sees."""
    mask = 0
    for index, cards in enumerate(s.cards.zones):
        if cards and visible(rules, s, index, seat):
            for card in cards:
                mask |= 1 << card
    return mask
