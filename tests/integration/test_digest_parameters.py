"""Every open point of the rules digest (section 9) can be said in a few lines of YAML.

Each case is a house rule overlay as a user would write it, taken from the table at the end
of docs/language.md: it must validate, and a random game on it must reach the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tressette_dsl.engine import apply, is_over, legal_actions, new_game
from tressette_dsl.rules.model import Ruleset

CASES = {
    "1 clockwise": ("tressette", "players: {direction: clockwise}"),
    "2 one card at a time": ("tressette", 'phases: {deal: {packets: "1 1 1 1 1 1 1 1 1 1"}}'),
    "3 holder of 4D leads the first deal": (
        "tressette",
        'phases: {play: {first_lead: "holder(4D) if deal_no == 1 else next(dealer)"}}',
    ),
    "5 after the lead, up to trick 2": (
        "tressette",
        'declaring: {at: after_lead, window: "trick_no <= 2"}',
    ),
    "6 scored at the end": ("tressette", "declaring: {scored: end_of_deal}"),
    "7 mandatory": ("tressette", "declaring: {mandatory: true}"),
    "8 no accusi, to 31": (
        "tressette",
        "declarations: {napoletana: null, tris: null, poker: null}\n"
        "declaring: null\nmatch: {target: 31}",
    ),
    "10 end checked at once": ("tressette", "match: {check: immediately}"),
    "11 claims only on lead": ("tressette", 'claims: {allowed: "on_lead"}'),
    "11 no claims": ("tressette", "claims: null"),
    "11 FITRES: call the opponents out": ("tressette", "claims: {for: opponents}"),
    "13 cappotto as all the points": (
        "tressette",
        'scoring: {big_wins: {cappotto: {condition: "opp_cards_units == 0"}}}',
    ),
    "14 cappotto cancels the losers' accusi": (
        "tressette",
        "scoring: {cappotto_cancels_opponent_declarations: true}",
    ),
    "14 only the cappotto cancels the losers' accusi": (
        "tressette",
        "scoring: {big_wins: {cappotto: {cancels_opponent_declarations: true}}}",
    ),
    "16 no striscio": ("tressette", "signals: {striscio: null}"),
    "17 signals in tricks 1-9": ("tressette", 'signaling: {window: "trick_no <= 9"}'),
    "18 bluffs allowed": ("tressette", "signaling: {truthful: false}"),
    "18 one signal may bluff": ("tressette", "signals: {striscio: {bluff: true}}"),
    "19 misdeal under one point": (
        "tressette",
        'phases: {deal: {misdeal: {condition: "hand_units < 3"}}}',
    ),
    "20 free play while the stock lasts": (
        "spizzichino",
        'phases: {play: {follow_suit: "stock_size == 0"}}',
    ),
    "21 drawn cards face down": (
        "spizzichino",
        "phases: {play: {draw: {from: stock, order: winner_first, shown: false}}}",
    ),
    "22 declarations on drawn cards": (
        "spizzichino",
        "declarations: {poker: {extends_to_drawn: true}}",
    ),
    "26 only a 3 may be called": (
        "calabresella",
        'phases: {call: {cards: "of_rank(deck, 3) - hand"}}',
    ),
    "29 paid the point difference": (
        "calabresella",
        'payoff: {value: "abs(declarer_points - defender_points) * multiplier"}',
    ),
    "31 first to 21": ("calabresella", 'match: {end: "max(totals) >= 21"}'),
    "36 chiamata may not call an ace": (
        "tressette-chiamata",
        'phases: {call: {cards: "deck - of_rank(deck, A)"}}',
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_open_point_is_a_short_overlay(name: str, house: Callable[..., Ruleset]) -> None:
    rules = house(*CASES[name])
    state = new_game(rules, 11)
    pick = random.Random(3)
    for _ in range(20_000):
        if is_over(state):
            break
        legal = [a for a in legal_actions(rules, state) if str(a) != "claim"]
        legal = legal or list(legal_actions(rules, state))
        state, _events = apply(rules, state, legal[pick.randrange(len(legal))])
    assert is_over(state)
