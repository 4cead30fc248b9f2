"""Trick play: first lead, follow suit, the winner, trumps, the last trick, leftovers."""

from __future__ import annotations

import pytest
from engine_support import FOUR_HANDS, Play, bundled, game, plays, start

from tressette_dsl.engine import IllegalActionError, apply, legal_actions, parse_action
from tressette_dsl.engine.events import CardPlayed, LeftoverTaken, TrickWon
from tressette_dsl.engine.phases.tricks import winner_of


def test_eldest_leads_the_first_trick_anticlockwise() -> None:
    """seed 003: "The player on the dealer's right leads"; play goes anticlockwise."""
    rules = bundled("tressette")
    state = game(rules, FOUR_HANDS, dealer=3)
    assert state.to_act == 0
    state = game(rules, FOUR_HANDS, dealer=0)
    assert state.to_act == 1


def test_clockwise_house_rule_leads_from_the_dealers_left() -> None:
    """seed 004: "we've reversed the directions so that it proceeds to the left"."""
    rules = bundled("tresette-american")
    state = game(rules, FOUR_HANDS, dealer=0)
    assert state.to_act == 3


def test_must_follow_suit_when_able() -> None:
    """seed 003: "You must follow suit - play a card of the suit led - if you can."""
    rules = bundled("tressette")
    p = Play(rules, game(rules, FOUR_HANDS, dealer=3))
    p("play 4C")
    assert plays(rules, p.state) == {"AC", "3C", "KC", "QC", "JC"}
    with pytest.raises(IllegalActionError) as err:
        p("play 6D")
    diag = err.value.diagnostic
    assert diag.code == "TS504"
    assert "must follow suit: you hold C" in diag.message
    assert "phases.play.follow_suit" in diag.message
    assert diag.span.file.endswith("tressette.yaml")


def test_any_card_when_void_in_the_suit_led() -> None:
    rules = bundled("tressette")
    p = Play(rules, game(rules, FOUR_HANDS, dealer=3))
    p("play 4C", "play AC", "play 6C")
    assert plays(rules, p.state) == set(FOUR_HANDS[3].split())


def test_highest_of_the_suit_led_wins_and_leads() -> None:
    """seed 003 example: K led, 3 wins; a card of another suit never wins."""
    rules = bundled("tressette")
    p = Play(rules, game(rules, FOUR_HANDS, dealer=3))
    p("play 4C", "play 3C", "play 7C", "play KB")
    won = p.of(TrickWon)[-1]
    assert won.seat == 1
    assert won.units == 2  # 3C and KB are a third each
    assert p.done_all().state.to_act == 1


def test_illegal_play_leaves_the_state_untouched() -> None:
    rules = bundled("tressette")
    state = game(rules, FOUR_HANDS, dealer=3)
    with pytest.raises(IllegalActionError, match="you do not hold AC"):
        apply(rules, state, parse_action(rules, state, "play AC"))
    assert state.to_act == 0 and state.hands[0].bit_count() == 10


def test_seed002_trick_K_A_2_worth_5_thirds() -> None:
    """seed 002: "K♣-A♣-2♣ revient au troisième : deux dépasse as ici. Valeur 1+3+1=5 tiers"."""
    rules = bundled("calabresella")
    p = start(rules, {0: "KB", 1: "AB", 2: "2B"}, 12, dealer=2, monte=4)
    p("bid solissimo", "keep")  # the soloist leads in Solissimo (seed 002)
    assert p.state.to_act == 0
    p("play KB", "play AB", "play 2B")
    won = p.of(TrickWon)[-1]
    assert (won.seat, won.units) == (2, 5)
    assert p.state.won[2].bit_count() == 3


def test_trump_beats_the_suit_led() -> None:
    rules = bundled("briscola-chiamata")
    card = rules.deck.by_text
    trick = ((0, card["AC"]), (1, card["2D"]), (2, card["3C"]))
    assert winner_of(rules, trick, trump=None) == 0
    assert winner_of(rules, trick, trump=rules.deck.suits.index("D")) == 1
    assert winner_of(rules, trick, trump=rules.deck.suits.index("C")) == 0


def test_last_trick_winner_takes_the_monte() -> None:
    """seed 002: "Gagnant du dernier reçoit aussi monte caché, écarts compris"."""
    rules = bundled("calabresella")
    p = start(rules, {}, 12, dealer=2, monte=4)
    p("bid solissimo", "keep")
    monte = set(rules.deck.texts(sum(1 << c for c in p.state.monte)))
    while not p.of(LeftoverTaken):
        p(str(legal_actions(rules, p.state)[0]))
    taken = p.of(LeftoverTaken)[0]
    assert set(taken.cards) == monte
    assert taken.seat == p.of(TrickWon)[-1].seat
    assert len(p.of(CardPlayed)) == 36


def test_holder_of_the_4_of_denari_leads_the_first_deal(overlay) -> None:
    """tresette.it / biska: the holder of the 4 of denari leads the first trick of the game
    (digest 9.38: first deal only)."""
    rules = overlay("""
        id: t-4d
        extends: tressette
        phases:
          play: {first_lead: "holder(4D) if deal_no == 1 else next(dealer)"}
    """)
    state = game(rules, FOUR_HANDS, dealer=1)
    assert state.to_act == 0  # seat 0 holds 4D; the dealer's right would be seat 2
