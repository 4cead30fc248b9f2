"""Contract play on Calabresella (seed 002): auction, call, monte, exchanges, payoffs."""

from __future__ import annotations

import random

import pytest
from engine_support import Play, bundled, deck_texts, game, scored, start

from tressette_dsl.engine import IllegalActionError, legal_actions, observe, result
from tressette_dsl.engine.events import (
    AllPassed,
    CardGiven,
    CardTransferred,
    DealScored,
    ZoneShown,
)

MONTE = "4C 5C 6C 7C"


def chiamo() -> Play:
    rules = bundled("calabresella")
    return start(rules, {0: "3C 2C AC", 1: "3B", 2: "2B"}, 12, dealer=2, monte=MONTE)


def test_each_speaks_once_from_the_dealers_right() -> None:
    """seed 002: "Chacun parle une fois depuis la droite : passe ou annonce supérieure"."""
    p = chiamo()
    assert p.state.to_act == 0
    assert p.legal() == ["bid chiamo", "bid solo", "bid solissimo", "pass"]
    p("bid solo")
    assert p.legal() == ["bid solissimo", "pass"]
    with pytest.raises(IllegalActionError, match="not higher than the current bid 'solo'"):
        p("bid chiamo")


def test_solissimo_closes_the_auction() -> None:
    """seed 002: "Solissimo termine"."""
    p = chiamo()
    p("pass", "bid solissimo")
    assert p.state.declarer == 1 and p.state.contract == "solissimo"
    assert p.legal() == ["choose dividete", "choose scegliete", "keep"]


def test_all_pass_next_dealer_deal_not_counted() -> None:
    """seed 002: "tous passent, donneur suivant sans score"; "passe générale non comptée"."""
    p = chiamo()
    p("pass", "pass", "pass")
    assert p.of(AllPassed)
    assert p.state.deal_no == 2 and p.state.dealer == 0 and p.state.deals_counted == 0
    assert p.state.deals[-1].reason == "all_pass" and not p.state.deals[-1].counted


def test_chiamo_transfer_monte_give_back_discard() -> None:
    """seed 002: the called card is handed over face up; the monte is shown and added to the
    soloist; he gives one card back face up to the defender who supplied the call; then
    discards 4 face down: "tous reviennent à 12"."""
    p = chiamo()
    p("bid chiamo", "pass", "pass")
    assert "call 3B" in p.legal() and "call 3C" in p.legal()  # any card (seed 002)
    p("call 3B")
    moved = p.of(CardTransferred)[0]
    assert (moved.source, moved.to, moved.card, moved.shown) == (1, 0, "3B", True)
    assert p.of(ZoneShown)[0].cards == tuple(MONTE.split())
    assert p.state.hands[0].bit_count() == 17
    assert p.state.to_act == 0 and p.state.sub == "give"
    p("give 4C")
    assert p.of(CardGiven)[0].to == 1
    assert "4C" in observe(p.rules, p.state, 2).known[1]  # given face up
    for card in ("5C", "6C", "7C", "AC"):
        p(f"discard {card}")
    assert [h.bit_count() for h in p.state.hands] == [12, 12, 12]
    assert len(p.state.monte) == 4
    assert p.state.sub == "play" and p.state.to_act == 0  # dealer's right leads in Chiamo


def test_discards_are_hidden_from_the_others() -> None:
    p = chiamo()
    p("bid chiamo", "pass", "pass", "call 3B", "give 4C")
    for card in ("5C", "6C", "7C", "AC"):
        p(f"discard {card}")
    for seat in (1, 2):
        view = observe(p.rules, p.state, seat)
        assert view.monte is None and view.discarded == ()
        assert "AC" not in view.known[0]
    assert set(observe(p.rules, p.state, 0).discarded) == {"5C", "6C", "7C", "AC"}


def test_called_card_in_the_monte_no_transfer_no_give_back() -> None:
    p = chiamo()
    p("bid chiamo", "pass", "pass", "call 4C")
    assert not p.of(CardTransferred)
    assert p.state.sub == "discard"  # give_back skipped: nobody supplied the card


def test_called_card_in_own_hand_no_transfer() -> None:
    """seed 002: "Si au monte ou déjà chez soliste, aucun transfert"."""
    p = chiamo()
    p("bid chiamo", "pass", "pass", "call 3C")
    assert not p.of(CardTransferred) and p.state.call_supplier is None
    assert p.state.sub == "discard"


def test_solo_same_exchange_without_a_call() -> None:
    p = chiamo()
    p("bid solo", "pass", "pass")
    assert p.state.sub == "discard" and p.state.hands[0].bit_count() == 16


def test_solissimo_soloist_leads_monte_untouched() -> None:
    """seed 002: "Solissimo ne touche pas au monte"; the soloist leads."""
    p = chiamo()
    p("pass", "pass", "bid solissimo", "keep")
    assert p.state.to_act == 2 and p.state.sub == "play"
    assert p.state.monte == tuple(p.rules.deck.by_text[c] for c in MONTE.split())


def test_dividete_two_blind_cards_each_then_two_discards() -> None:
    """seed 002: "dividete donne aux défenseurs 2 à l'aveugle chacun, puis chacun écarte 2 de
    ses 14 cachées"."""
    p = chiamo()
    p("bid solissimo", "choose dividete")
    assert p.state.contract == "dividete"
    assert [h.bit_count() for h in p.state.hands] == [12, 14, 14]
    assert observe(p.rules, p.state, 2).known[1] == ()  # blind: not shown to the others
    hand1 = [str(a).split()[1] for a in legal_actions(p.rules, p.state)]
    p(f"discard {hand1[0]}", f"discard {hand1[1]}")
    hand2 = [str(a).split()[1] for a in legal_actions(p.rules, p.state)]
    p(f"discard {hand2[0]}", f"discard {hand2[1]}")
    assert [h.bit_count() for h in p.state.hands] == [12, 12, 12]
    assert p.state.to_act == 0  # the soloist leads


def test_scegliete_defenders_share_the_shown_monte() -> None:
    """seed 002: "scegliete montre monte, défenseurs répartissent les 4 librement et chacun
    écarte autant que pris"."""
    p = chiamo()
    p("bid solissimo", "choose scegliete")
    assert p.state.to_act == 1 and p.legal() == ["take 4C", "take 5C", "take 6C", "take 7C", "done"]
    p("take 6C", "done")  # seat 2 takes the other three
    assert p.state.taken == (0, 1, 3)
    assert p.state.sub == "discard" and p.state.to_act == 1
    p("discard 6C", "discard 4C", "discard 5C", "discard 7C")
    assert [h.bit_count() for h in p.state.hands] == [12, 12, 12]


def test_seed002_solo_18_vs_17_pays_4_2_2() -> None:
    """seed 002: "Autre Solo, monte et dernier inclus : soliste 18 tiers, défense 17, soit 6
    contre 5 entiers. Sans Cappotto/Stramazzo, valeur 2 par défenseur, soldes +4, -2, -2"."""
    rules = bundled("calabresella")
    soloist = "AC AD AS 3C 3D 3S"  # 9 + 3 = 12 thirds in cards, + 3 for the last trick
    won = {0: soloist + " 2C 2D 2S", 1: deck_texts(rules, but=soloist + " 2C 2D 2S")}
    state = game(rules, dealer=2).replace(declarer=0, contract="solo", bid="solo")
    state, events = scored(rules, state, won, {0: 6, 1: 3, 2: 3}, last=0)
    deal = state.deals[-1]
    assert deal.units == (18, 17) and deal.points == (6, 5)
    assert deal.deltas == (4, -2, -2) and sum(deal.deltas) == 0
    assert next(e for e in events if isinstance(e, DealScored)).counted


def test_seed002_17_thirds_loses() -> None:
    """seed 002: "Soliste doit atteindre 18 tiers, soit 6 entiers ; 17 perd"."""
    rules = bundled("calabresella")
    soloist = "AC AD AS 3C 3D 3S 2C 2D"  # 9 + 5 = 14 thirds in cards, no last trick
    won = {0: soloist, 1: deck_texts(rules, but=soloist)}
    state = game(rules, dealer=2).replace(declarer=0, contract="chiamo", bid="chiamo")
    state, _ = scored(rules, state, won, {0: 6, 1: 6}, last=1)
    assert state.deals[-1].units[0] == 14
    assert state.deals[-1].deltas == (-2, 1, 1)


def test_cappotto_doubles_stramazzo_triples_not_cumulative() -> None:
    """seed 002: "Cappotto ... multiplie par 2"; "Stramazzo, facteur 3"; "non cumulés"."""
    rules = bundled("calabresella")
    base = game(rules, dealer=2).replace(declarer=0, contract="solo", bid="solo")
    state, _ = scored(rules, base, {0: deck_texts(rules)}, {0: 12}, last=0)
    assert state.deals[-1].multiplier == 2 and state.deals[-1].deltas == (8, -4, -4)
    lost = "7C 6C 5C KC"  # the defenders' captures hold 1 third
    state, _ = scored(rules, base, {0: deck_texts(rules, but=lost), 2: lost}, {0: 11, 2: 1}, last=2)
    assert state.deals[-1].big_win == "stramazzo"
    assert state.deals[-1].deltas == (12, -6, -6)


def test_session_is_nine_counted_deals_highest_wins() -> None:
    """seed 002: "Notre session complète comporte 9 donnes comptées"."""
    rules = bundled("calabresella")
    p = Play(rules, game(rules, seed=4, dealer=0))
    rng = random.Random(0)
    while not p.state.over:
        p(str(rng.choice(legal_actions(rules, p.state))))
    res = result(rules, p.state)
    assert res.reason == "session_end"
    assert p.state.deals_counted == 9
    assert sum(p.state.totals) == 0
    assert max(p.state.totals) == res.totals[res.winners[0]]
