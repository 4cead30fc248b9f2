"""Stock games (drawing after each trick) and called secret partners / trumps."""

from __future__ import annotations

from engine_support import Play, bundled, start

from tressette_dsl.engine import legal_actions, observe
from tressette_dsl.engine.events import CardDrawn, PartnerRevealed, TrickWon, TrumpSet
from tressette_dsl.engine.observe import visible_cards

STOCK = "KB QB JB 7B 6B 5B 4B 3B 2B AB KS QS JS 7S 6S 5S 4S 3S 2S AS"


def in_due(ruleset_id: str = "tressette-in-due") -> Play:
    rules = bundled(ruleset_id)
    return start(
        rules,
        {0: "AC 2C 3C KC QC JC 7C 6C 5C 4C", 1: "AD 2D 3D KD QD JD 7D 6D 5D 4D"},
        10,
        dealer=1,
        stock=STOCK,
    )


def test_non_dealer_leads_and_winner_draws_first_shown() -> None:
    """seed 003: "After each trick, the winner draws the top card and shows it, then the
    other player does the same; the winner then leads"."""
    p = in_due()
    assert p.state.to_act == 0
    p("play 4C", "play 4D")
    drawn = p.of(CardDrawn)
    assert [(e.seat, e.card, e.shown) for e in drawn] == [(0, "KB", True), (1, "QB", True)]
    assert p.state.to_act == 0 and len(p.state.stock) == 18
    view = observe(p.rules, p.state, 1)
    assert "KB" in view.known[0] and view.stock_size == 18


def test_free_play_while_the_stock_lasts_in_due() -> None:
    """seed 000: after the stock is exhausted "les règles strictes de couleur s'appliquent"."""
    p = in_due()
    p("play 4C")
    assert {a.split()[1] for a in p.legal() if a.startswith("play")} >= {"AD", "4D"}


def test_must_follow_at_all_times_in_spizzichino() -> None:
    """seed 003: "You must still follow suit" (spizzichino)."""
    p = in_due("spizzichino")
    p("play 4C", "play 4D", "play KB")
    # seat 1 now holds QB from the stock: must follow bastoni
    assert [a for a in p.legal() if a.startswith("play")] == ["play QB"]


def test_twenty_tricks_and_eleven_points_a_deal() -> None:
    """CUP: "11 per deal"; the stock lasts 10 tricks, then 10 from hand."""
    p = in_due()
    while not p.state.deals:
        p(str(legal_actions(p.rules, p.state)[0]))
    assert len(p.of(TrickWon)) == 20
    assert sum(p.state.deals[-1].units) == 35 and sum(p.state.deals[-1].points) == 11


def test_declaration_on_drawn_cards(overlay) -> None:
    """LOTO: accusa "again whenever a drawn card completes a combination"."""
    rules = overlay("""
        id: t-drawn
        extends: tressette-in-due
        declarations:
          napoletana: {extends_to_drawn: true}
    """)
    p = start(
        rules,
        {0: "AB 2B JC 7C 6C 5C 4C KD QD JD", 1: "AD 2D 3D 7D 6D 5D 4D AC 2C 3C"},
        10,
        dealer=1,
        stock="3B KB QB JB 7B 6B 5B 4B KS QS JS 7S 6S 5S 4S 3S 2S AS KC QC",
    )
    p("play 4C", "play 4D")  # seat 0 wins (lead), draws 3B
    assert "declare napoletana B" in p.legal()
    p("declare napoletana B")


def chiamata() -> Play:
    rules = bundled("tressette-chiamata")
    return start(rules, {0: "3C 2C", 2: "AC"}, 8, dealer=4)


def test_secret_partner_hidden_until_the_called_card_is_played() -> None:
    """seed 000: "le gagnant de l'enchère appelle une carte ; celui qui la détient devient
    son partenaire secret"."""
    p = chiamata()
    p("bid punti 6", "pass", "pass", "pass", "pass", "call AC")
    assert p.state.declarer == 0 and p.state.partner == 2
    for seat in (1, 3, 4, 0):
        assert observe(p.rules, p.state, seat).partner is None
    assert observe(p.rules, p.state, 2).partner == 2  # the partner knows
    p("play 3C", "play KC", "play AC")
    assert p.of(PartnerRevealed)[0].seat == 2
    assert observe(p.rules, p.state, 1).partner == 2


def test_calling_ones_own_card_plays_alone() -> None:
    p = chiamata()
    p("bid punti 6", "pass", "pass", "pass", "pass", "call 3C")
    assert p.state.partner is None and p.state.declarer == 0


def test_briscola_rank_auction_then_points_and_called_suit_trumps() -> None:
    """FRAMOR/BJB: bids are ranks, each lower, then "2 + points"; the called card's suit is
    trump; no obligation to follow suit."""
    rules = bundled("briscola-chiamata")
    p = start(rules, {1: "AD", 3: "2S"}, 8, dealer=4)
    p("bid asso", "bid tre")
    assert "bid asso" not in p.legal() and "bid due" in p.legal()
    p("pass", "bid due", "pass")  # seat 2 passes, seat 3 bids 2, seat 4 passes
    assert p.state.to_act == 0
    p("pass")  # seat 0 passed: seat 1 and seat 3 remain
    assert p.state.to_act == 1
    p("bid due_punti 70", "pass")
    assert p.state.declarer == 1 and p.state.bid_points == 70
    assert p.legal() == [f"call 2{s}" for s in "CDSB"]
    p("call 2S")
    assert p.of(TrumpSet)[0].suit == "S" and p.state.partner == 3
    plays = {a.split()[1] for a in p.legal() if a.startswith("play")}
    assert plays == set(rules.deck.texts(p.state.hands[p.state.to_act]))


def test_observe_never_shows_hidden_cards() -> None:
    p = chiamata()
    p("bid punti 6", "pass", "pass", "pass", "pass", "call AC")
    for seat in range(5):
        view = observe(p.rules, p.state, seat)
        for other in range(5):
            if other != seat:
                assert view.known[other] == ()
        assert visible_cards(p.rules, p.state, seat) == p.state.hands[seat]
