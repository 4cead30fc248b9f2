"""The names each expression slot may use, with their types.

A slot is a place in a ruleset that holds an expression (`phases.play.follow_suit`,
`scoring.deal_points`, ...). The builder compiles each slot against its scope, so a name
that the engine does not provide there is refused when the ruleset loads (TS3xx), and
the engine fills exactly these names when it evaluates the slot. docs/language.md lists
the same tables; `tests/unit/rules/test_scopes.py` keeps the two in step.
"""

from __future__ import annotations

from collections.abc import Mapping

from tressette_dsl.expr.types import FuncType, Type
from tressette_dsl.rules.zones import size_names

NUM, BOOL, CARD, CARDS = Type.NUM, Type.BOOL, Type.CARD, Type.CARDS
SUIT, RANK, SEAT, NUMS, STR = Type.SUIT, Type.RANK, Type.SEAT, Type.NUMS, Type.STR

Scope = Mapping[str, Type | FuncType]

#: Every phase slot (`when`, seat expressions, `trump`, `follow_suit`, ...) sees these.
DEAL: Scope = {
    "dealer": SEAT,  # the dealer of this deal
    "deal_no": NUM,  # 1 for the first deal of the match, counting redeals
    "deals_counted": NUM,  # deals scored so far (all-pass and annulled deals excluded)
    "players": NUM,  # number of seats
    "contract": STR,  # '' before an auction has a winner
    "bid": STR,  # id of the winning (or current highest) bid; '' if none
    "bid_rank": RANK,  # the rank named by that bid; -1 if none
    "bid_points": NUM,  # the points of a parametrised bid; 0 if none
    "declarer": SEAT,  # the auction winner (undefined before: do not use it then)
    "alone": BOOL,  # a declarer without a partner
    "called_card": CARD,  # -1 before a call
    "called_from_defender": BOOL,  # the called card was handed over by another seat
    "trick_no": NUM,  # the trick being played, 1-based; 0 before play
    # `<zone>_size` for the language's implied zones (stock_size, monte_size): the cards
    # lying there, 0 for a zone the ruleset does not have
    **dict.fromkeys(size_names(), NUM),
    "target": NUM,  # match.target (0 if none)
    "holder": FuncType((CARD,), SEAT),  # the seat holding a card, -1 if no hand holds it
}

WHEN = DEAL
SEAT_EXPR = DEAL
NEXT_DEALER = DEAL
FOLLOW_SUIT = DEAL
TRUMP = DEAL
MISDEAL = {**DEAL, "seat": SEAT, "hand": CARDS, "hand_units": NUM}
CALL_CARDS = {**DEAL, "seat": SEAT, "hand": CARDS, "deck": CARDS}
DISCARD_COUNT = {**DEAL, "seat": SEAT, "taken": NUM, "hand_size": NUM}
TAKE_COUNT = {**DEAL, "seat": SEAT, "discarded": NUM}  # discarded: cards it laid face down

DECLARING_WINDOW = DEAL
#: seating.dummy.seat / owner: evaluated from the deal's dealer and number only, so that a
#: game log's `Dealt` event is enough to know the dummy again
DUMMY_SEAT: Scope = {"dealer": SEAT, "deal_no": NUM, "players": NUM}
PEOPLE_SEAT: Scope = {
    "person": NUM,  # 0-based, in the order of seating.people.names
    "dealer": NUM,  # the dealer's seat number, as a number (seat arithmetic: `% players`)
    "deal_no": NUM,
    "players": NUM,  # number of seats
}

SIGNAL_TRUTH: Scope = {
    "hand": CARDS,  # the signaller's hand after the card is played
    "card": CARD,  # the card played with the signal (-1 for an any_time signal)
    "led_suit": SUIT,  # suit led to this trick (the card's suit when leading); -1 if none
    "unseen": CARDS,  # cards the signaller has not seen (not held, played, shown)
    "trick_no": NUM,
    "seat": SEAT,
    "value": NUM,  # the value given with a parametrised signal (0 otherwise)
    **dict.fromkeys(size_names(), NUM),
}
SIGNAL_WINDOW: Scope = {
    "trick_no": NUM,
    "seat": SEAT,
    "leader": SEAT,
    "on_lead": BOOL,
    **dict.fromkeys(size_names(), NUM),
    "deal_no": NUM,
}
CLAIM_ALLOWED = SIGNAL_WINDOW
CLAIM_TOTAL: Scope = {
    "match_points": NUM,  # the claiming side's match total before this deal
    "cards_units": NUM,  # units of the cards the side has captured so far in this deal
    "units": NUM,  # the same (the last-trick bonus only exists at the end of the deal)
    "declared": NUM,  # declaration points of the side already scored in this deal
    "tricks": NUM,  # tricks the side has won in this deal
}
CLAIM_TARGET: Scope = {"target": NUM}

DEAL_POINTS: Scope = {
    "units": NUM,  # card units + the last-trick bonus if this side took the last trick
    "cards_units": NUM,  # card units only (leftover/monte included where it went)
    "last_trick": BOOL,  # this side took the last trick
    "tricks": NUM,  # tricks won by this side
    "declared": NUM,  # declaration points of this side in this deal
    "contract": STR,
    "declarer_side": BOOL,  # in contract play: this is the declarer's side
}
BIG_WIN: Scope = {
    **DEAL_POINTS,
    "opp_tricks": NUM,  # tricks won by every other side
    "total_tricks": NUM,
    "opp_cards_units": NUM,  # card units captured by the other sides (no last-trick bonus)
    "opp_units": NUM,  # units of the other sides, bonus included
    "best_seat_tricks": NUM,  # tricks of this side's seat that won most
    "units_outside_best_seat": NUM,  # card units captured by every seat except that one
    "opp_points": NUM,  # the deal points of the other sides (after residual_to)
    "deal_total": NUM,  # scoring.deal_total (default: the sum of every side's deal points)
}
BIG_WIN_POINTS = BIG_WIN
DEAL_TOTAL: Scope = {
    "all_units": NUM,  # units captured by every side, the last-trick bonus included
    "all_cards_units": NUM,  # card units captured by every side
    "sides": NUM,  # the number of sides
}
PAYOFF_SUCCESS: Scope = {
    "declarer_points": NUM,  # deal points of the declarer's side
    "declarer_units": NUM,
    "defender_points": NUM,
    "declarer_tricks": NUM,
    "bid_points": NUM,
    "contract": STR,
    "contract_value": NUM,  # contracts.<id>.value (alone_value when alone and given)
    "contract_target": NUM,  # contracts.<id>.target (0 if not given)
    "alone": BOOL,
    "multiplier": NUM,  # the big win's multiplier (1 if none)
    # how many pay or receive as defenders: the defenders' seats, and the people sitting the
    # deal out as defenders (seating.people.sitting_out)
    "adversaries": NUM,
}
PAYOFF_VALUE = PAYOFF_SUCCESS
PAYOFF_ROLE: Scope = {**PAYOFF_SUCCESS, "value": NUM, "success": BOOL}

MATCH_END: Scope = {
    "totals": NUMS,  # match totals per team (teams) or per seat (individual, contract)
    "target": NUM,
    "deals_counted": NUM,
    "deal_no": NUM,
}
MATCH_ELIMINATE: Scope = {**MATCH_END, "total": NUM}  # `total`: this seat's match total

#: Slot name (as in docs/language.md) -> (start symbol, scope, result type).
SLOTS: dict[str, tuple[str, Scope]] = {
    "phases.*.when": ("condition", WHEN),
    "seating.dummy.seat": ("seat", DUMMY_SEAT),
    "seating.dummy.owner": ("seat", DUMMY_SEAT),
    "seating.people.seat": ("formula", PEOPLE_SEAT),
    "deal.first_dealer": ("seat", {}),
    "deal.next_dealer": ("seat", NEXT_DEALER),
    "deal.misdeal.condition": ("condition", MISDEAL),
    "auction.first": ("seat", SEAT_EXPR),
    "who / to (seat expression)": ("seat", SEAT_EXPR),
    "call.cards": ("cards", CALL_CARDS),
    "discard.count": ("formula", DISCARD_COUNT),
    "discard.at_least": ("formula", DISCARD_COUNT),
    "take.count": ("formula", TAKE_COUNT),
    "tricks.first_lead": ("seat", SEAT_EXPR),
    "tricks.follow_suit": ("condition", FOLLOW_SUIT),
    "tricks.trump": ("any", TRUMP),
    "declaring.window": ("condition", DECLARING_WINDOW),
    "signals.*.truth": ("condition", SIGNAL_TRUTH),
    "signaling.window": ("condition", SIGNAL_WINDOW),
    "claims.allowed": ("condition", CLAIM_ALLOWED),
    "claims.total": ("formula", CLAIM_TOTAL),
    "claims.target": ("formula", CLAIM_TARGET),
    "scoring.deal_points": ("formula", DEAL_POINTS),
    "scoring.deal_total": ("formula", DEAL_TOTAL),
    "scoring.big_wins.*.condition": ("condition", BIG_WIN),
    "scoring.big_wins.*.points": ("formula", BIG_WIN_POINTS),
    "scoring.big_wins.*.others": ("formula", BIG_WIN_POINTS),
    "payoff.success": ("condition", PAYOFF_SUCCESS),
    "payoff.value": ("formula", PAYOFF_VALUE),
    "payoff.declarer": ("formula", PAYOFF_ROLE),
    "payoff.partner": ("formula", PAYOFF_ROLE),
    "payoff.defender": ("formula", PAYOFF_ROLE),
    "match.end": ("condition", MATCH_END),
    "match.eliminate": ("condition", MATCH_ELIMINATE),
}
