"""The heuristic's measured bidding: the chance a hand makes a contract, from a fitted table.

`HeuristicAgent.bid`'s formula (`expected_share` against a level's need) does not rank a
soloist's hands by his chance of making the contract well: in a game where one seat plays
alone against the others after an auction, the same threshold either bid too rarely or
too often (docs/bots.md, session 6). Here the chance is *measured*: bench/bid_fit.py plays
many deals with one seat forced to each bid (the others passing) and every seat played by
the heuristic, and fits a logistic model of "the declarer made it" on a few features of
the hand at the auction (`FEATURES`, below). The fitted weights are data, in
`bid_weights.json` beside this module, with the ruleset shape they were fitted on.

They are used only where the ruleset has that shape (`shape_of`: players, sides, the deck,
the hand size, the flow's phases, the bids and contracts, the payoff's success rule: read
from the model, never a name); elsewhere `bid_chance` answers None and the formula
decides. A pass is worth about half a game (a tie, or a defence at even odds), so the
heuristic bids when the chance clears the table's `threshold`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from tressette_dsl.agents.card_facts import call_preference, card_facts
from tressette_dsl.rules.model import AuctionPhase, DealPhase, Ruleset

WEIGHTS_FILE = Path(__file__).with_name("bid_weights.json")

# what the fit sees of a hand, `called` with the card the heuristic would call added (the
# strongest missing card of its longest suit): expected share, sure winners (every
# stronger card of the suit held), points, the counts of the three top ranks, the longest
# and second-longest suit, the voids; with the call, the points of its sure winners and
# of its other cards, and the cards past three of the suits whose top card it holds
FEATURES = (
    "share",
    "share_called",
    "sure",
    "sure_called",
    "points",
    "top1",
    "top2",
    "top3",
    "longest",
    "second",
    "voids",
    "sure_points_called",
    "loose_points_called",
    "long_controlled",
)

_OVERRIDE: list[dict[str, Any] | None] = [None]


class HandView(Protocol):
    """What the features read of a seat's view (`heuristic._View`)."""

    rules: Ruleset
    hand: tuple[str, ...]

    def expected_share(self) -> float: ...

    def with_hand(self, hand: tuple[str, ...]) -> HandView: ...


def shape_of(rules: Ruleset) -> dict[str, Any]:
    """What the chance of a bid depends on, read from the model: the players and sides,
    the deck, the deal's packets (so the hand at the auction), the phases, the bids and
    their contracts' values and the payoff's success rule. A ruleset that differs in any
    of them is not the game the weights were measured on. (Not the size of the hand
    asked about: `bid_reading` replays a declarer's speech from the cards it can account
    for, one fewer when he gave one back.)"""
    bids: list[list[Any]] = []
    for phase in rules.flow:
        if isinstance(phase, AuctionPhase):
            bids.extend([b.id, b.level, b.contract] for b in phase.bids)
    payoff = rules.payoff
    return {
        "players": rules.players.count,
        "sides": rules.sides.mode,
        "deck": len(rules.deck.cards),
        "unit": rules.deck.unit,
        "packets": [
            " ".join(f"{k.zone}:{k.count}" if k.zone else str(k.count) for k in p.packets)
            for p in rules.flow
            if isinstance(p, DealPhase)
        ],
        "flow": [f"{p.kind}:{p.id}" for p in rules.flow],
        "bids": bids,
        "contracts": {c.id: c.value for c in rules.contracts.values()},
        "success": payoff.success.text if payoff is not None else None,
    }


def call_candidate(rules: Ruleset, hand: Sequence[str]) -> str | None:
    """The card the heuristic would call with this hand (`_View.call`'s rule over the
    whole deck): the strongest card it lacks of its longest suit."""
    deck = rules.deck
    held = set(hand)
    top = max(deck.card_strength) or 1
    lengths: dict[int, int] = {}
    for card in hand:
        suit = int(deck.card_suit[deck.by_text[card]])
        lengths[suit] = lengths.get(suit, 0) + 1
    best: tuple[float, str] | None = None
    for c in deck.cards:
        text = deck.card_text[c]
        if text in held:
            continue
        key = call_preference(lengths.get(int(deck.card_suit[c]), 0), deck.card_strength[c], top)
        if best is None or key > best[0]:
            best = (key, text)
    return best[1] if best is not None else None


def _sure_and_tops(rules: Ruleset, hand: Sequence[str]) -> tuple[int, list[int], list[float]]:
    """Sure winners in `hand` (every stronger card of the suit held too), the counts of
    the deck's three strongest ranks, and [points of the sure winners, points of the
    other cards, cards past three of the suits whose top card is held]."""
    deck = rules.deck
    unit = deck.unit or 1
    held = {deck.by_text[c] for c in hand}
    hand_texts, facts = set(hand), card_facts(deck)
    order = sorted({deck.card_strength[c] for c in deck.cards}, reverse=True)[:3]
    tops = [0, 0, 0]
    sure = 0
    sure_points = loose_points = 0.0
    lengths: dict[int, int] = {}
    topped: set[int] = set()
    for c in held:
        suit, strength = deck.card_suit[c], deck.card_strength[c]
        lengths[suit] = lengths.get(suit, 0) + 1
        if facts.is_master(deck.card_text[c], hand_texts):  # every stronger card held
            sure += 1
            sure_points += deck.card_value[c] / unit
            topped.add(suit)
        else:
            loose_points += deck.card_value[c] / unit
        if strength in order:
            tops[order.index(strength)] += 1
    long_controlled = float(sum(max(0, lengths[s] - 3) for s in topped))
    return sure, tops, [sure_points, loose_points, long_controlled]


def hand_features(view: HandView) -> list[float]:
    """The `FEATURES` row of the view's hand (see the module's comment on them)."""
    rules, hand = view.rules, view.hand
    deck = rules.deck
    called = call_candidate(rules, hand)
    plus = hand + ((called,) if called is not None else ())
    sure, tops, _ = _sure_and_tops(rules, hand)
    sure_called, _, extra = _sure_and_tops(rules, plus)
    lengths = sorted(
        (
            sum(1 for c in hand if deck.card_suit[deck.by_text[c]] == s)
            for s in range(len(deck.suits))
        ),
        reverse=True,
    )
    points = sum(deck.card_value[deck.by_text[c]] for c in hand) / (deck.unit or 1)
    return [
        view.expected_share(),
        view.with_hand(plus).expected_share(),
        float(sure),
        float(sure_called),
        points,
        float(tops[0]),
        float(tops[1]),
        float(tops[2]),
        float(lengths[0] if lengths else 0),
        float(lengths[1] if len(lengths) > 1 else 0),
        float(sum(1 for n in lengths if n == 0)),
        *extra,
    ]


def chance(weights: Sequence[float], row: Sequence[float]) -> float:
    """The logistic model's chance: weights[0] is the intercept."""
    z = weights[0] + sum(w * x for w, x in zip(weights[1:], row, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    if not WEIGHTS_FILE.exists():
        return {}
    data: dict[str, Any] = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    return data if tuple(data.get("features", ())) == FEATURES else {}


def use_table(table: dict[str, Any] | None) -> None:
    """Replace the committed table (None: back to it) - for the fitting script's trials."""
    _OVERRIDE[0] = table


def current_table() -> dict[str, Any]:
    return _OVERRIDE[0] if _OVERRIDE[0] is not None else _table()


def bid_chance(view: HandView, bid_id: str) -> tuple[float, float] | None:
    """(the chance that the view's hand makes bid `bid_id`, the table's threshold), or
    None where the table does not apply (another shape, a bid it has no weights for)."""
    table = current_table()
    if not table or table.get("shape") != shape_of(view.rules):
        return None
    weights = table.get("bids", {}).get(bid_id)
    if weights is None or len(weights) != len(FEATURES) + 1:
        return None
    return chance(weights, hand_features(view)), float(table.get("threshold", 0.5))


__all__ = [
    "FEATURES",
    "WEIGHTS_FILE",
    "bid_chance",
    "call_candidate",
    "chance",
    "current_table",
    "hand_features",
    "shape_of",
    "use_table",
]
