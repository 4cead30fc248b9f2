"""What the heuristic's card evaluator sees of one candidate card: a few numbers.

`card_features` describes each card a seat may play by facts read from its observation
and the ruleset only (no variant by name): the card's points and rank against the cards
of its suit still unseen, the seat's holding in the suit, the suit's unseen points, the
voids other seats have shown in it, what a partner said of it, and, when following, what
the card does to the trick (wins it, safely or not, on whose trick it lands its points).
Points are in the deck's units (``deck.unit``: a point of the score), so that the weights
fitted on one deck mean the same on another with the same scale.

The weights that turn these numbers into a choice are data (`heuristic_weights.json`,
fitted by bench/heuristic_fit.py); `FEATURES` names the columns in the order the weights
use them. A feature is a float, and every feature but the first (the heuristic's own
choice) is worked out the same way whatever rule picked the card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tressette_dsl.agents.heuristic import _View

FEATURES: tuple[str, ...] = (
    "rule_choice",  # 1 when the hand-written rules pick this card
    "value",  # the card's points
    "master",  # no unseen card of its suit beats it
    "beaters",  # unseen cards of its suit that beat it
    "mine_in_suit",  # cards of the suit in hand (this one included)
    "unseen_in_suit",  # cards of the suit nobody has shown
    "unseen_points",  # their points
    "masters_in_suit",  # own cards of the suit that are masters
    "lowest_of_suit",  # the weakest card held in its suit
    "other_points_in_suit",  # points of the other cards held in the suit
    "opponents_void",  # opponents who showed a void in the suit
    "partner_void",  # a partner showed a void in the suit
    "partner_said_holds",  # a partner signalled he holds the suit
    "partner_said_void",  # a partner signalled he has none of it
    "late",  # 1 / cards in hand: the end of the deal is near
    "master_late",  # a master near the end (the last trick has a bonus)
    "value_master",  # points on a master
    "follows",  # of the suit led (following only)
    "wins_now",  # beats the trick's best card so far
    "wins_safe",  # wins and nobody after (not a partner) can overtake it
    "wins_points",  # wins_now times the trick's points so far
    "safe_points",  # wins_safe times the trick's points so far
    "feeds_partner",  # its points on a partner's trick that nobody after can overtake
    "feeds_partner_open",  # its points on a partner's trick that may still be overtaken
    "feeds_opponent",  # its points on an opponent's trick that it does not win
    "wins_last_seat",  # wins as the last to play
    "master_wasted",  # a master that does not win (thrown or beaten)
    "trump",  # a trump card (rulesets with trumps)
    # session 6: what a lead (or a follow) may harvest or lose, read from the unseen cards
    "avg_unseen_value",  # the mean points of the suit's unseen cards (what a follower drops)
    "beater_share",  # the share of the suit's unseen cards that beat it
    "beater_points",  # points of the unseen cards that beat it
    "under_points",  # points of the unseen cards it beats (what it may capture)
    "value_beaters",  # its points times the unseen cards that beat it (points at risk)
    "own_above",  # own cards of the suit stronger than it
    "own_below",  # own cards of the suit weaker than it
    "singleton",  # the only card held in its suit
    "doubleton",  # one of two cards held in its suit
    "followers",  # other seats that may still follow the suit (no void shown), capped
    "harvest",  # a master times the mean unseen points times the followers
    "partner_led_suit",  # a partner led this suit in an earlier trick
    "opponent_led_suit",  # an opponent led this suit in an earlier trick
    "value_late",  # its points times `late`
    "beaters_late",  # the unseen cards that beat it times `late`
)


def card_features(view: _View, cards: Sequence[str], rule_choice: str) -> list[list[float]]:
    """One row of `FEATURES` per card of `cards` (the distinct cards this seat may play)."""
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


__all__ = ["FEATURES", "card_features"]
