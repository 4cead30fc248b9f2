"""Dealing: packets from a seeded shuffle, fixed decks and hands, rotation, misdeals."""

from __future__ import annotations

import pytest
from engine_support import FOUR_HANDS, Play, bundled, game

from tressette_dsl.engine import deal_over, legal_actions, new_game
from tressette_dsl.engine.events import Annulled, Dealt


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    rules = bundled("tressette")
    assert new_game(rules, 11).hands == new_game(rules, 11).hands
    assert new_game(rules, 11).hands != new_game(rules, 12).hands


def test_packets_of_five_from_the_dealers_right() -> None:
    """seed 003: "deals 10 cards to each player, 5 at a time" (anticlockwise)."""
    rules = bundled("tressette")
    deck = [rules.deck.card_text[c] for c in rules.deck.cards]
    state = new_game(rules, 1, dealer=3, deck=deck)
    first_five = {rules.deck.by_text[t] for t in deck[:5]}
    assert all(state.hands[0] >> c & 1 for c in first_five)  # seat 0 is the dealer's right
    assert all(state.hands[1] >> rules.deck.by_text[t] & 1 for t in deck[5:10])
    assert all(state.hands[0] >> rules.deck.by_text[t] & 1 for t in deck[20:25])


def test_calabresella_twelve_each_by_four_and_a_monte_of_four() -> None:
    """seed 002: "12 chacun par 4 ; les 4 restantes cachées forment le monte"."""
    rules = bundled("calabresella")
    state = new_game(rules, 1, dealer=0)
    assert [h.bit_count() for h in state.hands] == [12, 12, 12] and len(state.monte) == 4


def test_two_players_ten_each_and_a_stock_of_twenty() -> None:
    rules = bundled("tressette-in-due")
    state = new_game(rules, 1, dealer=0)
    assert [h.bit_count() for h in state.hands] == [10, 10] and len(state.stock) == 20


def test_fixed_hands_and_unplaced_cards() -> None:
    rules = bundled("tressette")
    state = game(rules, FOUR_HANDS)
    assert rules.deck.texts(state.hands[0]) == tuple(
        sorted(FOUR_HANDS[0].split(), key=rules.deck.by_text.__getitem__)
    )
    with pytest.raises(ValueError, match="given twice"):
        game(rules, {0: "AC 2C", 1: "AC"})


def test_dealer_rotates_to_the_right_after_each_deal() -> None:
    """seed 003: "after each deal, the turn to deal passes to the right"."""
    rules = bundled("tressette")
    p = Play(rules, game(rules, FOUR_HANDS, dealer=3))
    while not p.state.deals:
        quiet = [a for a in legal_actions(rules, p.state) if str(a) != "claim"]
        p(str(quiet[0]))
    assert deal_over(p.state) and p.state.dealer == 0 and p.state.deal_no == 2
    assert [e.deal_no for e in p.of(Dealt)] == [2]  # new_game returns no events


def test_misdeal_annulled_same_dealer_not_counted(overlay) -> None:
    """PARL/SPAZ: a player whose cards are worth less than one point may annul; the same
    dealer deals again."""
    rules = overlay("""
        id: t-misdeal
        extends: tressette
        phases:
          deal: {misdeal: {condition: "hand_units < 3"}}
    """)
    poor = {
        0: "4C 5C 6C 7C 4D 5D 6D 7D 4S 5S",
        1: "AC 2C 3C KC QC JC AD 2D 3D KD",
        2: "QD JD 6S 7S AS 2S 3S KS QS JS",
        3: "AB 2B 3B KB QB JB 7B 6B 5B 4B",
    }
    p = Play(rules, game(rules, poor, dealer=3))
    assert p.state.sub == "misdeal" and p.state.to_act == 0 and p.legal() == ["annul", "keep"]
    p("annul")
    assert p.of(Annulled)[0].seat == 0
    assert p.state.deal_no == 2 and p.state.dealer == 3 and p.state.deals_counted == 0
    assert p.state.deals[-1].reason == "misdeal" and deal_over(p.state)


def test_misdeal_kept(overlay) -> None:
    rules = overlay("""
        id: t-misdeal2
        extends: tressette
        phases:
          deal: {misdeal: {condition: "hand_units < 3"}}
    """)
    poor = {
        0: "4C 5C 6C 7C 4D 5D 6D 7D 4S 5S",
        1: "AC 2C 3C KC QC JC AD 2D 3D KD",
        2: "QD JD 6S 7S AS 2S 3S KS QS JS",
        3: "AB 2B 3B KB QB JB 7B 6B 5B 4B",
    }
    p = Play(rules, game(rules, poor, dealer=3))
    p("keep")
    assert p.state.to_act == 1 and p.legal() == ["keep"]  # every seat is asked
    p("keep", "keep", "keep")
    assert p.state.sub == "play" and p.state.deal_no == 1
