"""The card evaluator's rows as session 8 worked them out, card by card: the reference
`heuristic_features.card_features` must equal bit for bit (it works out once per suit what
this works out once per card; the rows, and so the decisions, must not change)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tressette_dsl.agents.heuristic import _View


def reference_rows(view: _View, cards: Sequence[str], rule_choice: str) -> list[list[float]]:
    """One row of `FEATURES` per card of `cards`, as session 8 worked them out."""
    deck = view.deck
    seen = view.seen()
    unit = float(deck.unit or 1)
    partners = view.partners()
    opponents = view.opponents()
    voids = view.voids()
    holds, said_void = view.partner_suits()
    trump = view.trump()
    hand = view.hand
    late = 1.0 / max(1, len(hand))
    # the unseen cards in the deck's order: (index, text, suit, strength, value)
    unseen = [c for c in view.facts.in_order if c[1] not in seen]
    suit_unseen: dict[int, list[int]] = {}
    for _i, _t, s, strength, _v in unseen:
        suit_unseen.setdefault(s, []).append(strength)
    unseen_points: dict[int, float] = {}
    for _i, _t, s, _st, v in unseen:
        unseen_points[s] = unseen_points.get(s, 0.0) + v / unit
    held: dict[int, list[str]] = {}
    for card in hand:
        held.setdefault(view.suit(card), []).append(card)

    counts = _Counts(view, suit_unseen)
    beaten_by, lowest_of = counts.beaten_by, counts.lowest_of

    facts = _SuitFacts(view, unseen, voids, partners, opponents)

    trick = list(view.obs.trick)
    following = bool(trick)
    best_seat, best = view.trick_best() if following else (-1, "")
    after = view.seats_after()
    threats = [s for s in after if s not in partners]
    trick_points = sum(view.value(c) for _s, c in trick) / unit
    led = view.suit(trick[0][1]) if following else -1
    partner_wins = following and best_seat in partners
    partner_safe = partner_wins and view.uncatchable(best, threats, seen)

    rows: list[list[float]] = []
    for card in cards:
        suit = view.suit(card)
        value = view.value(card) / unit
        beaters = beaten_by(card)
        master = 1.0 if beaters == 0 else 0.0
        mine = held.get(suit, [])
        masters_in_suit = counts.masters_in(suit, mine)
        lowest = lowest_of(suit, mine) == card if mine else False
        other_points = sum(view.value(c) for c in mine if c != card) / unit
        opp_void = sum(1 for s in opponents if suit in voids.get(s, set()))
        partner_void = any(suit in voids.get(s, set()) for s in partners)
        wins = following and view.beats(card, best)
        safe = wins and view.uncatchable(card, threats, seen)
        rows.append(
            [
                1.0 if card == rule_choice else 0.0,
                value,
                master,
                float(beaters),
                float(len(mine)),
                float(len(suit_unseen.get(suit, ()))),
                unseen_points.get(suit, 0.0),
                float(masters_in_suit),
                1.0 if lowest else 0.0,
                other_points,
                float(opp_void),
                1.0 if partner_void else 0.0,
                1.0 if suit in holds else 0.0,
                1.0 if suit in said_void else 0.0,
                late,
                master * late,
                value * master,
                1.0 if following and suit == led else 0.0,
                1.0 if wins else 0.0,
                1.0 if safe else 0.0,
                trick_points if wins else 0.0,
                trick_points if safe else 0.0,
                value if partner_safe and not wins else 0.0,
                value if partner_wins and not partner_safe and not wins else 0.0,
                value if following and not partner_wins and not wins else 0.0,
                1.0 if wins and not after else 0.0,
                master if following and not wins else 0.0,
                1.0 if trump is not None and suit == trump else 0.0,
                *facts.columns(card, mine, float(beaters), master, late),
            ]
        )
    return rows


class _Counts:
    """Per card, the unseen cards of its suit that beat it, and per suit the weakest card
    held and how many held are masters: each worked out once a decision (every row asks
    them of each card of its suit)."""

    def __init__(self, view: _View, suit_unseen: dict[int, list[int]]) -> None:
        self.view = view
        self.suit_unseen = suit_unseen
        self.beaten: dict[str, int] = {}
        self.lowest: dict[int, str] = {}
        self.masters: dict[int, int] = {}

    def beaten_by(self, card: str) -> int:
        found = self.beaten.get(card)
        if found is None:
            strength = self.view.strength(card)
            unseen = self.suit_unseen.get(self.view.suit(card), ())
            found = self.beaten[card] = sum(1 for x in unseen if x > strength)
        return found

    def masters_in(self, suit: int, mine: list[str]) -> int:
        """How many of `mine` (the cards held in `suit`) no unseen card beats."""
        found = self.masters.get(suit)
        if found is None:
            found = self.masters[suit] = sum(1 for c in mine if self.beaten_by(c) == 0)
        return found

    def lowest_of(self, suit: int, mine: list[str]) -> str:
        found = self.lowest.get(suit)
        if found is None:
            found = self.lowest[suit] = min(mine, key=self.view.strength)
        return found


class _SuitFacts:
    """The session-6 columns: per suit, the unseen cards (strength, points), who led it,
    which other seats may still follow it. Against followers who may drop any card of the
    suit, a master led where the unseen cards carry points harvests them; a card with
    unseen beaters that carry points risks its own."""

    def __init__(
        self,
        view: _View,
        unseen: Sequence[tuple[int, str, int, int, int]],
        voids: dict[int, set[int]],
        partners: set[int],
        opponents: Sequence[int],
    ) -> None:
        deck = view.deck
        unit = float(deck.unit or 1)
        self.view = view
        self.partners = partners
        self.opponents = set(opponents)
        self.by_suit: dict[int, list[tuple[int, float]]] = {}
        for _i, _t, suit, strength, value in unseen:
            self.by_suit.setdefault(suit, []).append((strength, value / unit))
        self.led_by: dict[int, set[int]] = {}
        for done in view.obs.tricks:
            plays = done["plays"]
            if plays and plays[0][1] in deck.by_text:
                self.led_by.setdefault(view.suit(plays[0][1]), set()).add(int(plays[0][0]))
        others = [x for x in range(view.rules.players.count) if x != view.me]
        self.following: dict[int, int] = {
            suit: sum(1 for x in others if suit not in voids.get(x, set()))
            for suit in range(len(deck.suits))
        }

    def columns(
        self, card: str, mine: Sequence[str], beaters: float, master: float, late: float
    ) -> list[float]:
        view = self.view
        suit, strength = view.suit(card), view.strength(card)
        value = view.value(card) / float(view.deck.unit or 1)
        cards = self.by_suit.get(suit, [])
        n = len(cards)
        mean = sum(v for _r, v in cards) / n if n else 0.0
        above = sum(1 for c in mine if view.strength(c) > strength)
        followers = float(min(n, self.following.get(suit, 0)))
        leaders = self.led_by.get(suit, set())
        return [
            mean,
            beaters / n if n else 0.0,
            sum((v for r, v in cards if r > strength), 0.0),
            sum((v for r, v in cards if r < strength), 0.0),
            value * beaters,
            float(above),
            float(len(mine) - 1 - above),
            1.0 if len(mine) == 1 else 0.0,
            1.0 if len(mine) == 2 else 0.0,
            followers,
            master * mean * followers,
            1.0 if leaders & self.partners else 0.0,
            1.0 if leaders & self.opponents else 0.0,
            value * late,
            beaters * late,
        ]
