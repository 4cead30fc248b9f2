"""#42's alternatives in YAML alone (digest A.2, A.7): the dealer's fourteenth card buried
face down (P-CIA, GR-CIA; `tests/conformance/reverse/rulesets/traversone-bury.yaml`) and
the 40th card as a monte (DOSS; `traversone-doss.yaml`), each taken with the last trick.
Played to the end by bots: the cards are conserved in every deal and the buried or monte
card is scored to the winner of the last trick."""

from __future__ import annotations

from pathlib import Path

import pytest

from tressette_dsl.agents import make_agent
from tressette_dsl.agents.runner import play_match
from tressette_dsl.engine import GameState, new_game
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.events import (
    CardDiscarded,
    DealScored,
    Dealt,
    LeftoverTaken,
    TrickWon,
)
from tressette_dsl.loader import load_ruleset

OVERLAYS = Path(__file__).resolve().parents[2] / "conformance" / "reverse" / "rulesets"


@pytest.mark.parametrize(
    ("overlay", "zone"), [("traversone-bury", "buried"), ("traversone-doss", "monte")]
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_hidden_card_goes_to_the_last_trick_and_the_cards_add_up(
    overlay: str, zone: str, seed: int
) -> None:
    rules = load_ruleset(str(OVERLAYS / f"{overlay}.yaml"))
    assert rules.players.count == 3  # the overlays' default: the table of #42
    deck = len(rules.deck.cards)
    assert new_game(rules, seed).n == 3
    hidden: list[str] = []
    taken: list[tuple[int, tuple[str, ...], int]] = []  # (taker, cards, last trick's winner)
    at_three = 0  # deals scored with three at the table (a shrunk table has no such card)
    table = {"seats": 3, "winner": -1}

    def watch(_seat: int, _action: Action, events: object, state: GameState) -> None:
        nonlocal at_three
        for event in events:  # type: ignore[attr-defined]
            if isinstance(event, Dealt):
                table["seats"] = len(event.hands)
            if isinstance(event, CardDiscarded) and event.zone == zone:
                hidden.append(event.card)
            if isinstance(event, TrickWon):
                table["winner"] = event.seat
            if isinstance(event, LeftoverTaken):
                taken.append((event.seat, event.cards, table["winner"]))
            if isinstance(event, DealScored) and table["seats"] == 3:
                at_three += 1
        if state.match.deal_ended or state.match.over:
            return
        cards = state.cards
        held = sum(bin(h).count("1") for h in cards.hands)
        held += sum(bin(w).count("1") for w in cards.won)
        held += sum(len(z) for z in cards.zones) + len(cards.trick)
        assert held == deck  # nothing lost, nothing made up, at any step of a deal

    bots = [make_agent("heuristic"), make_agent("random"), make_agent("heuristic")]
    _state, summary = play_match(rules, seed, bots, on_step=watch)
    assert summary.over and summary.error is None
    assert at_three > 0 and len(taken) == at_three  # every deal at three buries one
    for seat, cards, winner in taken:
        assert seat == winner and len(cards) == 1  # the one hidden card, to the last trick
    if overlay == "traversone-bury":  # the dealer chose it: the card he buried
        assert [cards for _seat, cards, _winner in taken] == [(card,) for card in hidden]
