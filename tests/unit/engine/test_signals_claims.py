"""Signals (truthful or not, values, combined) and claims (chiamarsi fuori)."""

from __future__ import annotations

import pytest
from engine_support import FOUR_HANDS, Play, bundled, game

from tressette_dsl.engine import IllegalActionError, is_over, result
from tressette_dsl.engine.events import Claimed, Signalled


def test_busso_and_volo_are_offered_only_when_true() -> None:
    """seed 000: volo = "this is my last card of this suit"; the engine refuses false
    signals (digest 9.18, signals_may_bluff: no)."""
    rules = bundled("tressette")
    p = Play(rules, game(rules, FOUR_HANDS, dealer=3))
    legal = p.legal()
    assert "play 2S volo" in legal and "play 2S busso" not in legal
    assert "play 4C busso" in legal and "play 4C volo" not in legal
    with pytest.raises(IllegalActionError) as err:
        p("play 2S busso")
    assert err.value.diagnostic.code == "TS506"
    assert "signals.busso.truth" in err.value.diagnostic.message


def test_signal_is_public_and_goes_with_the_card() -> None:
    rules = bundled("tressette")
    p = Play(rules, game(rules, FOUR_HANDS, dealer=3))
    p("play 2S volo")
    assert [(e.seat, e.signal) for e in p.of(Signalled)] == [(0, "volo")]
    assert p.state.signals[0].card == rules.deck.by_text["2S"]


def test_signals_only_on_the_lead_in_the_standard_set() -> None:
    rules = bundled("tressette")
    p = Play(rules, game(rules, FOUR_HANDS, dealer=3))
    p("play 4C")
    assert all(len(a.split()) == 2 for a in p.legal() if a.startswith("play"))


def test_signal_window_from_the_second_trick(overlay) -> None:
    """CLUB (house-nonna): signals from the second trick."""
    rules = bundled("house-nonna")
    p = Play(rules, game(rules, FOUR_HANDS, dealer=3))
    assert all(len(a.split()) == 2 for a in p.legal() if a.startswith("play"))


def test_bluff_allowed_when_not_truthful(overlay) -> None:
    """INV Bredese: "segnare falso" allowed."""
    rules = overlay("""
        id: t-bluff
        extends: tressette
        signaling: {truthful: false}
    """)
    p = Play(rules, game(rules, FOUR_HANDS, dealer=3))
    assert "play 2S busso" in p.legal()
    p("play 2S busso")


def test_combined_signals(overlay) -> None:
    """seed 003 alternate signals are combinable ("busso e cerco la meglio")."""
    rules = overlay("""
        id: t-combine
        extends: tressette
        signaling: {combine: true}
    """)
    p = Play(rules, game(rules, FOUR_HANDS, dealer=3))
    assert "play 4C busso striscio" in p.legal()
    p("play 4C busso striscio")
    assert [e.signal for e in p.of(Signalled)] == ["busso", "striscio"]


def test_parametrised_follow_and_any_time_signals() -> None:
    """seed 004: a follower "can announce how many cards you hold of the suit led"; at any
    time "if you hold two, one or zero cards in a suit"."""
    rules = bundled("tresette-american")
    p = Play(rules, game(rules, FOUR_HANDS, dealer=1))
    p("done", "done", "done", "done")  # nobody announces
    assert "signal a_suit_of 1" in p.legal()  # seat 0 holds one spade
    p("signal a_suit_of 1")
    assert "signal a_suit_of 1" not in p.legal()  # once per trick per id
    p("play 4C")
    assert p.state.to_act == 3  # clockwise; seat 3 holds no coppe: only "0 more" is true
    legal = p.legal()
    assert "play KS i_hold 0" in legal and "play KS i_hold 1" not in legal
    p("play KS i_hold 0")
    assert p.state.to_act == 2  # holds 6C 7C: after playing one, one more
    assert "play 6C i_hold 1" in p.legal() and "play 6C i_hold 2" not in p.legal()


def test_false_any_time_signal_is_a_false_signal(overlay) -> None:
    """A false `any_time` signal is refused as false (TS506, citing its truth), as a false
    signal made with a card is; one already made this trick is not allowed now (TS505)."""
    rules = bundled("tresette-american")
    p = Play(rules, game(rules, FOUR_HANDS, dealer=1))
    p("done", "done", "done", "done")
    assert "signal a_suit_of 2" not in p.legal()  # seat 0 holds 3 B, 3 C, 3 D and 1 S
    with pytest.raises(IllegalActionError) as err:
        p("signal a_suit_of 2")
    diag = err.value.diagnostic
    truth = rules.signal("a_suit_of").truth
    assert truth is not None
    assert diag.code == "TS506" and diag.span == truth.span
    assert "signals.a_suit_of.truth" in diag.message and truth.text in diag.message
    assert "with value 2" in diag.message
    p("signal a_suit_of 1")
    for text in ("signal a_suit_of 1", "signal a_suit_of 2"):
        with pytest.raises(IllegalActionError) as err:
            p(text)  # once per trick per id, true or not
        assert err.value.diagnostic.code == "TS505"
    bluffing = overlay("""
        id: t-american-bluff
        extends: tresette-american
        signaling: {truthful: false}
    """)
    p = Play(bluffing, game(bluffing, FOUR_HANDS, dealer=1))
    p("done", "done", "done", "done")
    assert "signal a_suit_of 2" in p.legal()
    p("signal a_suit_of 2")


def test_claim_right_wins_at_once(overlay) -> None:
    """seed 003: "claim that your team has reached 21 ... If you are right, your team wins"."""
    rules = overlay("""
        id: t-claim
        extends: tressette
        claims: {target: "0"}
    """)
    p = Play(rules, game(rules, FOUR_HANDS, dealer=3))
    p("claim")
    assert is_over(p.state)
    res = result(rules, p.state)
    assert res.reason == "claim" and res.winners == ("NS",)
    assert p.of(Claimed)[0].right


def test_claim_wrong_loses() -> None:
    """seed 003: "if you are wrong, your team loses"."""
    rules = bundled("tressette")
    p = Play(rules, game(rules, FOUR_HANDS, dealer=3))
    p("claim")
    res = result(rules, p.state)
    assert res.reason == "claim" and res.winners == ("EW",)
    assert res.winner_seats == frozenset({1, 3})


def test_claim_only_on_lead() -> None:
    """CLUB: chiamata fuori only "quando è primo di mano" (house-nonna)."""
    rules = bundled("house-nonna")
    p = Play(rules, game(rules, FOUR_HANDS, dealer=3))
    assert "claim" in p.legal()
    p("play 4C")
    assert "claim" not in p.legal()
    with pytest.raises(IllegalActionError):
        p("claim")
