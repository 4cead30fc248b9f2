"""Declarations (accusi): patterns, one card in two combinations, four not 3+4, timings."""

from __future__ import annotations

import pytest
from engine_support import Play, bundled, game

from tressette_dsl.engine import IllegalActionError, legal_actions, observe
from tressette_dsl.engine.events import Announced, DealScored, Declared, TrickWon

NAPOLETANA_AND_2S = {
    0: "AB 2B 3B 2C 2D 2S 4C 5C 4D 5D",  # napoletana of bastoni + four 2s
    1: "AC 3C KC QC JC 6D 7D AD 3D KD",
    2: "6C 7C QD JD 4S 5S 6S 7S AS 3S",  # three aces? no: AS only
    3: "KS QS JS KB QB JB 7B 6B 5B 4B",
}


def after_first_trick(ruleset_id: str = "tressette") -> Play:
    rules = bundled(ruleset_id)
    p = Play(rules, game(rules, NAPOLETANA_AND_2S, dealer=3))
    p("play 4C", "play 3C", "play 6C", "play KS")  # seat 1 wins trick 1
    return p


def test_declarations_are_offered_at_the_end_of_the_first_trick() -> None:
    """seed 003: "You declare a combination after the first trick and score it at once"."""
    p = after_first_trick()
    assert p.state.to_act == 1  # the round starts with the trick's winner
    assert p.legal() == ["done"]
    p("done")
    assert p.state.to_act == 2
    p("done", "done")
    assert p.state.to_act == 0
    assert p.legal() == ["declare napoletana B", "declare poker 2", "done"]


def test_napoletana_plus_four_2s_is_7() -> None:
    """seed 003: "with the 3, 2 and A of clubs plus all four 2s you score 3 + 4 = 7"."""
    p = after_first_trick()
    p("done", "done", "done", "declare napoletana B", "declare poker 2", "done")
    assert [(e.decl, e.arg, e.points) for e in p.of(Declared)] == [
        ("napoletana", "B", 3),
        ("poker", "2", 4),
    ]
    assert sum(r.points for r in p.state.declarations if r.seat == 0) == 7


def test_four_of_a_kind_counts_4_not_7() -> None:
    """digest 2.3 / FITRES: four 2s score 4 (not 3 + 4); a holder of four may not declare
    only three (`superseded_by`)."""
    p = after_first_trick()
    p("done", "done", "done")
    assert not [a for a in p.legal() if a.startswith("declare tris")]
    with pytest.raises(IllegalActionError) as err:
        p("declare tris 2-B")
    assert err.value.diagnostic.code == "TS507"


def test_declaration_valid_although_a_card_was_played_to_the_first_trick() -> None:
    """seed 003: "even if you have played one of its cards to that trick"."""
    rules = bundled("tressette")
    hands = dict(NAPOLETANA_AND_2S)
    hands[0] = "AB 2B 3B 2C 2D 2S 4C 5C 4D 5D"
    p = Play(rules, game(rules, hands, dealer=3))
    p("play 2C", "play 3C", "play 6C", "play KS")  # the 2 of coppe goes to trick 1
    p("done", "done", "done")
    assert "declare poker 2" in p.legal()
    p("declare poker 2")
    assert p.of(Declared)[-1].cards == ("2C", "2D", "2S", "2B")


def test_three_of_a_kind_names_the_missing_suit() -> None:
    """seed 003: "for three of a kind, say which suit is missing"."""
    rules = bundled("tressette")
    hands = {
        0: "AB AC AD 3B 2C 4S 4C 5C 4D 5D",
        1: "2B 3C KC QC JC 6D 7D AS 3D KD",
        2: "6C 7C QD JD 2D 5S 6S 7S 2S 3S",
        3: "KS QS JS KB QB JB 7B 6B 5B 4B",
    }
    p = Play(rules, game(rules, hands, dealer=3))
    p("play 4C", "play 3C", "play 6C", "play KS", "done", "done", "done")
    assert p.legal() == ["declare tris A-S", "done"]


def test_only_in_the_window() -> None:
    """The window `trick_no == 1`: no declaring round after trick 2."""
    p = after_first_trick()
    p("done", "done", "done", "done")
    p("play 3D", "play QD", "play QS", "play 4D")
    assert all(not a.startswith("declare") for a in p.legal())
    assert p.state.sub == "play"


def test_scored_immediately_counts_in_the_running_total(overlay) -> None:
    p = after_first_trick()
    p("done", "done", "done", "declare napoletana B", "done")
    view = observe(p.rules, p.state, 2)
    assert view.running[0] >= 3


def test_own_turn_declarations_are_offered_with_the_cards() -> None:
    """CLUB: accusa "al proprio turno durante la prima mano" (house-nonna)."""
    rules = bundled("house-nonna")
    p = Play(rules, game(rules, NAPOLETANA_AND_2S, dealer=3))
    legal = p.legal()
    assert "declare napoletana B" in legal and "play 4C" in legal
    p("declare napoletana B")
    assert p.state.to_act == 0  # declaring does not use the turn
    p("play 4C", "play 3C", "play 6C", "play KS")
    assert all(not a.startswith("declare") for a in p.legal())  # trick 2: window closed


def test_before_first_trick_round_in_turn_from_eldest(overlay) -> None:
    """seed 000: "AVANT le premier pli ... à son tour (en commençant par l'aîné)"."""
    rules = overlay("""
        id: t-before
        extends: tressette
        declaring: {at: before_first_trick, window: "true"}
    """)
    p = Play(rules, game(rules, NAPOLETANA_AND_2S, dealer=3))
    assert p.state.to_act == 0 and p.state.sub == "declare"
    assert p.legal() == ["declare napoletana B", "declare poker 2", "done"]
    p("declare poker 2", "done", "done", "done", "done")
    assert p.state.sub == "play" and p.state.to_act == 0


def test_mandatory_declarations_are_made_by_the_engine(overlay) -> None:
    """seed 000: "Tout joueur détenant des combinaisons valides doit les annoncer"."""
    rules = overlay("""
        id: t-mandatory
        extends: tressette
        declaring: {at: before_first_trick, window: "true", mandatory: true}
    """)
    p = Play(rules, game(rules, NAPOLETANA_AND_2S, dealer=3))
    assert p.state.sub == "play"
    assert sorted((r.seat, r.decl) for r in p.state.declarations) == [
        (0, "napoletana"),
        (0, "poker"),
    ]


def test_after_lead_round_starts_with_the_leader(overlay) -> None:
    """ADAM / SPAZ: after the leader's first card, everyone may declare."""
    rules = overlay("""
        id: t-after-lead
        extends: tressette
        declaring: {at: after_lead, window: "trick_no == 1"}
    """)
    p = Play(rules, game(rules, NAPOLETANA_AND_2S, dealer=3))
    p("play 2C")
    assert p.state.sub == "declare" and p.state.to_act == 0
    assert "declare poker 2" in p.legal()  # the 2C just led still counts
    p("declare poker 2", "done", "done", "done", "done")
    assert p.state.to_act == 1 and p.state.sub == "play"


def test_good_play_announced_then_revealed_on_first_trick_won() -> None:
    """seed 004: say "Good play" at the start; "Upon winning their first trick, a player that
    declared a meld announces the type of the meld"; scored at the end of the hand."""
    rules = bundled("tresette-american")
    p = Play(rules, game(rules, NAPOLETANA_AND_2S, dealer=1))  # clockwise: seat 0 leads
    assert p.state.to_act == 0 and p.legal() == ["announce", "done"]
    p("announce")
    assert p.legal() == ["done"]  # seat 3 holds nothing
    p("done", "done", "done")
    assert [e.seat for e in p.of(Announced)] == [0]
    p("play 4D", "play KS", "play QD", "play KD")  # seat 1 (KD) wins: nothing revealed
    assert not p.of(Declared)
    p("play 3D", "play 2D", "play QS", "play JD")  # seat 1 leads (clockwise: 1 0 3 2)
    assert p.of(TrickWon)[-1].seat == 1 and not p.of(Declared)
    p("play AD", "play 5D", "play JS", "play 7S")
    assert not p.of(Declared)
    p("play AC", "play 2C", "play KB", "play 6C")  # seat 0's 2C wins: revealed now
    assert [(e.seat, e.decl, e.points) for e in p.of(Declared)] == [
        (0, "napoletana", 3),
        (0, "poker", 4),
    ]


def test_good_play_never_winning_a_trick_scores_nothing() -> None:
    """Our choice where seed 004 is silent: an announced seat that never wins a trick
    reveals and scores nothing."""
    rules = bundled("tresette-american")
    p = Play(rules, game(rules, NAPOLETANA_AND_2S, dealer=1))
    p("announce", "done", "done", "done")
    while not p.of(DealScored):
        legal = legal_actions(rules, p.state)
        p(str(legal[0]))
    won_by_0 = any(e.seat == 0 for e in p.of(TrickWon))
    assert bool(p.of(Declared)) == won_by_0
