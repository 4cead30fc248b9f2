"""Deal scoring (units per side, floor per side, declarations), big wins, match end."""

from __future__ import annotations

from engine_support import FOUR_HANDS, Play, bundled, deck_texts, game, scored

from tressette_dsl.engine import legal_actions, result
from tressette_dsl.engine.state import DeclRecord

ACES = "AC AD AS"
THIRDS_10 = "3C 3D 3S 2C 2D 2S KC KD KS QC"


def test_seed003_scoring_example_7_and_7() -> None:
    """seed 003: "three Aces and ten other 1/3-point cards, and they won the last trick:
    3 + 3 1/3 + 1 = 7 1/3, which counts as 7. Ben and Dan have one Ace and ten 1/3-point
    cards: 1 + 3 1/3 = 4 1/3, so 4. Ben had declared a napoletana ... 4 + 3 = 7 in all"."""
    rules = bundled("tressette")
    ns = f"{ACES} {THIRDS_10}"
    ew = deck_texts(rules, but=ns)
    napoletana = DeclRecord(
        seat=1, decl="napoletana", arg="C", cards=0, points=3, trick_no=1, scored_now=True
    )
    state, _ = scored(
        rules, game(rules), {0: ns, 1: ew}, {0: 5, 1: 5}, last=0, declarations=(napoletana,)
    )
    deal = state.deals[-1]
    assert deal.units == (22, 13)
    assert deal.points == (7, 7)
    assert state.totals == (7, 7)


def test_seed000_rounding_drops_the_thirds_per_side() -> None:
    """seed 000: "4 + 5/3 de point devient 4 + 1 = 5 (avec 2/3 abandonnés)"; seed 002:
    "Aucun arrondi de plis individuels"."""
    rules = bundled("tressette")
    ns = "AC AD AS AB 3C 3D 3S 2C 2D"  # 12 + 5 = 17 thirds -> 5
    ew = deck_texts(rules, but=ns)
    state, _ = scored(
        rules,
        game(rules),
        {0: "AC AD 3C", 2: "AS AB 3D 3S 2C 2D", 1: ew},
        {0: 1, 2: 2, 1: 7},
        last=1,
    )
    assert state.deals[-1].units == (17, 18)  # 15 card thirds + 3 for the last trick
    assert state.deals[-1].points == (5, 6)
    assert sum(state.deals[-1].units) == 35


def test_big_win_cappotto_wins_the_match_counting_2_games() -> None:
    """P-TR: cappotto (one team wins all 10 tricks) counts as 2 games."""
    rules = bundled("tressette")
    state, _ = scored(
        rules, game(rules), {0: deck_texts(rules, but="AC"), 2: "AC"}, {0: 9, 2: 1}, last=0
    )
    res = result(rules, state)
    assert res.over and res.reason == "big_win" and res.games == 2 and res.winners == ("NS",)


def test_big_win_cappottone_one_player_all_tricks_6_games() -> None:
    rules = bundled("tressette")
    state, _ = scored(rules, game(rules), {0: deck_texts(rules)}, {0: 10}, last=0)
    assert result(rules, state).games == 6


def test_big_win_stramazzo_last_trick_point_ignored() -> None:
    """seed 003: "For stramazzo and stramazzone, the point for the last trick doesn't
    count: the opponents' tricks must hold less than one point in cards"."""
    rules = bundled("tressette")
    ew = "KC 7C 6C 5C 4C 7D 6D 5D"  # 1 third in cards; they also take the last trick
    state, _ = scored(
        rules,
        game(rules),
        {0: deck_texts(rules, but=ew + " AC 4D"), 2: "AC 4D", 1: ew},
        {0: 6, 2: 1, 1: 3},
        last=1,
    )
    res = result(rules, state)
    assert res.reason == "big_win" and res.games == 3 and res.winners == ("NS",)


def test_big_win_stramazzone_one_player_all_the_points() -> None:
    rules = bundled("tressette")
    others = "7C 6C 5C 4C 7D 6D 5D 4D KC"  # 1 third outside seat 0
    state, _ = scored(
        rules,
        game(rules),
        {0: deck_texts(rules, but=others), 2: "7C 6C", 1: "5C 4C 7D 6D 5D 4D KC"},
        {0: 7, 2: 1, 1: 2},
        last=1,
    )
    res = result(rules, state)
    assert (res.reason, res.games) == ("big_win", 8)


def test_cappotto_cancels_the_losers_declarations_when_the_rule_says_so(overlay) -> None:
    """CLUB/tresettisti: the side that suffers a cappotto loses its accusi too."""
    rules = overlay("""
        id: t-cancel
        extends: tressette
        scoring: {cappotto_cancels_opponent_declarations: true}
    """)
    loser = DeclRecord(
        seat=1, decl="napoletana", arg="C", cards=0, points=3, trick_no=1, scored_now=True
    )
    state, _ = scored(
        rules, game(rules), {0: deck_texts(rules)}, {0: 6, 2: 4}, last=0, declarations=(loser,)
    )
    assert state.deals[-1].declared == (0, 0)
    assert state.declarations[0].cancelled


def test_cancelling_declarations_is_set_per_big_win(overlay) -> None:
    """Digest 14: CLUB's cappotto cancels the losers' accusi, but a stramazzo in the same
    ruleset still lets them count."""
    rules = overlay("""
        id: t-cancel-per-win
        extends: tressette
        scoring: {big_wins: {cappotto: {cancels_opponent_declarations: true}}}
    """)
    flags = {bw.id: bw.cancels_opponent_declarations for bw in rules.scoring.big_wins}
    assert flags == {
        "cappottone": False,
        "stramazzone": False,
        "cappotto": True,
        "stramazzo": False,
    }
    loser = DeclRecord(
        seat=1, decl="napoletana", arg="C", cards=0, points=3, trick_no=1, scored_now=True
    )
    state, _ = scored(
        rules, game(rules), {0: deck_texts(rules)}, {0: 6, 2: 4}, last=0, declarations=(loser,)
    )
    assert state.deals[-1].big_win == "cappotto"
    assert state.deals[-1].declared == (0, 0)
    assert state.declarations[0].cancelled

    ew = "KC 7C 6C 5C 4C 7D 6D 5D"  # 1 third in cards; they also take the last trick
    state, _ = scored(
        rules,
        game(rules),
        {0: deck_texts(rules, but=ew + " AC 4D"), 2: "AC 4D", 1: ew},
        {0: 6, 2: 1, 1: 3},
        last=1,
        declarations=(loser,),
    )
    assert state.deals[-1].big_win == "stramazzo"
    assert state.deals[-1].declared == (0, 3)
    assert not state.declarations[0].cancelled


def test_both_over_the_target_the_higher_total_wins() -> None:
    """seed 003: "If both teams pass 21 in the same deal, the higher total wins"."""
    rules = bundled("tressette")
    base = game(rules).replace(totals=(18, 16))
    ns = "AC AD AS 3C 3D 3S 2C"  # 9 + 4 = 13 + last 3 = 16 -> 5
    state, _ = scored(rules, base, {0: ns, 1: deck_texts(rules, but=ns)}, {0: 5, 1: 5}, last=0)
    assert state.totals == (23, 23 - 1)
    assert result(rules, state).winners == ("NS",)


def test_both_over_and_level_play_another_deal() -> None:
    """seed 003: "if they are level, play another deal"."""
    rules = bundled("tressette")
    base = game(rules).replace(totals=(17, 16))
    ns = "AC AD AS 3C 3D 3S 2C"  # 5 points
    ew = deck_texts(rules, but=ns)  # 19 thirds -> 6
    state, _ = scored(rules, base, {0: ns, 1: ew}, {0: 5, 1: 5}, last=0)
    assert state.totals == (22, 22)
    assert not state.over


def test_match_ends_the_moment_the_target_is_reached(overlay) -> None:
    """SPAZ: play stops the moment a side reaches 21 (match.check: immediately)."""
    rules = overlay("""
        id: t-now
        extends: tressette
        match: {check: immediately}
    """)
    state = game(rules, FOUR_HANDS, dealer=3).replace(totals=(20, 0))
    p = Play(rules, state)
    while not p.state.over:
        p(str(legal_actions(rules, p.state)[0]))
    res = result(rules, p.state)
    assert res.reason == "target"
    assert p.state.deals[-1].reason == "match_end"
    assert p.state.deals_counted == 0
