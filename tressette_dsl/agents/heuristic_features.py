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

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tressette_dsl.agents.card_facts import trick_facts
from tressette_dsl.rules.model import Deck

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
    """One row of `FEATURES` per card of `cards` (the distinct cards this seat may play).

    What depends on a card's suit only (its unseen cards, the seat's holding, voids, who
    led it) is worked out once per suit of `cards` (`_Suit`), not once per card, and only
    for those suits; each number is the same expression over the same values in the same
    order as before, so the rows are the same floats, bit for bit (a test compares them
    with the first implementation's)."""
    facts = view.facts
    strength_of, value_of = facts.strength, facts.value
    unit = float(view.deck.unit or 1)
    seen = view.seen()
    partners = view.partners()
    late = 1.0 / max(1, len(view.hand))
    suits = _Suits(view, seen, partners, unit)

    trick = view.obs.trick
    following = bool(trick)
    best_seat, best = view.trick_best() if following else (-1, "")
    after = view.seats_after()
    threats = [s for s in after if s not in partners]
    trick_points = sum(value_of[c] for _s, c in trick) / unit
    led = view.suit(trick[0][1]) if following else -1
    partner_wins = following and best_seat in partners
    partner_safe = partner_wins and view.uncatchable(best, threats, seen)
    trump = view.trump()

    rows: list[list[float]] = []
    known, suit_of, beats = suits.known, facts.suit, view.beats
    for card in cards:
        suit = suit_of[card]
        info = known.get(suit) or suits.of(suit)
        strength = strength_of[card]
        value = value_of[card] / unit
        n = info.n
        beaters = n - bisect_right(info.strengths, strength)  # `_Suit.beaters`
        master = 1.0 if beaters == 0 else 0.0
        mine_strengths = info.mine_strengths
        held = len(mine_strengths)
        above = held - bisect_right(mine_strengths, strength)  # `_Suit.above`
        fbeaters = float(beaters)
        wins = following and beats(card, best)
        safe = wins and view.uncatchable(card, threats, seen)
        rows.append(
            [
                1.0 if card == rule_choice else 0.0,
                value,
                master,
                fbeaters,
                float(held),
                float(n),
                info.points,
                info.masters,
                1.0 if held and info.lowest == card else 0.0,
                info.other_points(card, value_of[card]),
                info.opponents_void,
                info.partner_void,
                info.partner_holds,
                info.partner_said_void,
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
                # the session-6 columns
                info.mean,
                fbeaters / n if n else 0.0,
                *info.sums(strength),  # the unseen points above it, below it
                value * fbeaters,
                float(above),
                float(held - 1 - above),
                1.0 if held == 1 else 0.0,
                1.0 if held == 2 else 0.0,
                info.followers,
                master * info.mean * info.followers,
                info.partner_led,
                info.opponent_led,
                value * late,
                fbeaters * late,
            ]
        )
    return rows


class _Unseen:
    """A suit's cards in play that the deciding seat has not seen, as (strength, points in
    the deck's units) in the deck's order, and what the rows read of them. A function of
    which cards they are alone, so remembered by their mask (`_SuitTable.unseen`): the
    search's rollouts meet the same few patterns of a suit's unseen cards in decision after
    decision. Each number is the expression the rows used, over the same values in the same
    order: the same floats."""

    __slots__ = ("_sums", "mean", "n", "points", "strengths", "unseen")

    def __init__(self, unseen: list[tuple[int, float]]) -> None:
        self.unseen = unseen
        self.n = n = len(unseen)
        self.strengths = sorted([st for st, _v in unseen])
        points = 0.0
        for _st, v in unseen:  # (accumulated as the unseen cards came, deck order)
            points = points + v
        self.points = points
        self.mean = sum([v for _r, v in unseen]) / n if n else 0.0
        self._sums: dict[int, tuple[float, float]] = {}

    def sums(self, strength: int) -> tuple[float, float]:
        """The points of the unseen cards stronger than `strength`, and of the weaker."""
        found = self._sums.get(strength)
        if found is None:
            unseen = self.unseen
            found = self._sums[strength] = (
                sum([v for r, v in unseen if r > strength], 0.0),
                sum([v for r, v in unseen if r < strength], 0.0),
            )
        return found


class _SuitTable:
    """A deck's cards in play by suit, in the deck's order, as (bit, strength, points in
    the deck's units: divided once), each suit's mask, and the `_Unseen` facts met so far
    by their mask (bounded: cleared when full)."""

    def __init__(self, view: _View, unit: float) -> None:
        by_suit: list[list[tuple[int, int, float]]] = [[] for _ in view.facts.by_suit]
        masks = [0] * len(by_suit)
        for index, _text, suit, strength, value in view.facts.in_order:
            by_suit[suit].append((1 << index, strength, value / unit))
            masks[suit] |= 1 << index
        self.cards = tuple(tuple(cards) for cards in by_suit)
        self.masks = tuple(masks)
        self.known: dict[int, _Unseen] = {}

    def unseen(self, suit: int, seen: int) -> _Unseen:
        """The facts of `suit`'s cards not in the mask `seen`."""
        mask = self.masks[suit] & ~seen
        found = self.known.get(mask)
        if found is None:
            if len(self.known) >= _MAX_PATTERNS:
                self.known.clear()
            found = self.known[mask] = _Unseen(
                [(st, v) for bit, st, v in self.cards[suit] if bit & mask]
            )
        return found


_MAX_PATTERNS = 1 << 16  # a deck's remembered unseen patterns (4 suits of 10 cards: 4,096)
# id(deck) -> (the deck, its unit, its table); bounded by the decks loaded
_TABLES: dict[int, tuple[Deck, float, _SuitTable]] = {}


def _suit_table(view: _View, unit: float) -> _SuitTable:
    deck = view.deck
    found = _TABLES.get(id(deck))
    if found is not None and found[0] is deck and found[1] == unit:
        return found[2]
    table = _SuitTable(view, unit)
    if len(_TABLES) >= 64:
        _TABLES.clear()
    _TABLES[id(deck)] = (deck, unit, table)
    return table


class _Suits:
    """The facts of one decision that depend on a suit only, each suit worked out on its
    first question (`of`): a decision asks about the suits of its cards, one to four."""

    def __init__(self, view: _View, seen: set[str], partners: set[int], unit: float) -> None:
        self.view, self.seen, self.partners, self.unit = view, seen, partners, unit
        self.table = _suit_table(view, unit)
        self.seen_mask = view.seen_mask()
        self.known: dict[int, _Suit] = {}
        self.voids = view.voids()
        self.opponents = view.opponents()
        self.holds, self.said_void = view.partner_suits()
        self.held: dict[int, list[str]] = {}
        suit_of = view.facts.suit
        for card in view.hand:
            self.held.setdefault(suit_of[card], []).append(card)
        self.led_by: dict[int, set[int]] | None = None
        self.opponent_set = set(self.opponents)
        others = [x for x in range(view.rules.players.count) if x != view.me]
        self.others = others
        # no void shown yet (most decisions): every suit's void columns are the same
        self.no_voids = (0.0, 0.0, len(others)) if not any(self.voids.values()) else None

    def void_facts(self, suit: int) -> tuple[float, float, int]:
        """The opponents who showed a void in `suit`, whether a partner did (1.0 or 0.0),
        and how many other seats may still follow it (no void shown)."""
        if self.no_voids is not None:
            return self.no_voids
        voids = self.voids
        empty: set[int] = set()
        return (
            float(sum([1 for s in self.opponents if suit in voids.get(s, empty)])),
            1.0 if any(suit in voids.get(s, empty) for s in self.partners) else 0.0,
            sum([1 for x in self.others if suit not in voids.get(x, empty)]),
        )

    def of(self, suit: int) -> _Suit:
        found = self.known.get(suit)
        if found is None:
            found = self.known[suit] = _Suit(self, suit)
        return found

    def leaders(self, suit: int) -> set[int]:
        """The seats that led `suit` in a finished trick (`card_facts.trick_facts`)."""
        led_by = self.led_by
        if led_by is None:
            led_by = self.led_by = trick_facts(
                self.view.obs, self.view.facts, self.view.deck
            ).leaders
        return led_by.get(suit, set())


class _Suit:
    """One suit's columns for a decision: its unseen cards (strength, points) in the deck's
    order, the seat's holding, voids shown in it, who led it, what a partner said of it."""

    def __init__(self, suits: _Suits, suit: int) -> None:
        view = suits.view
        strength_of = view.facts.strength
        info = suits.table.unseen(suit, suits.seen_mask)
        self.unseen, self.n, self.strengths = info.unseen, info.n, info.strengths
        n, strengths = info.n, info.strengths
        self.points, self.mean, self.sums = info.points, info.mean, info.sums
        self.mine = mine = suits.held.get(suit, [])
        self.mine_strengths = mine_strengths = sorted([strength_of[c] for c in mine])
        # a master: no unseen card stronger (`beaters` 0)
        top = strengths[-1] if strengths else None
        self.masters = float(
            len(mine) if top is None else len(mine) - bisect_left(mine_strengths, top)
        )
        self.lowest = min(mine, key=strength_of.__getitem__) if mine else ""
        self.held_points = sum([view.facts.value[c] for c in mine])
        self.unit = suits.unit
        self.opponents_void, self.partner_void, following = suits.void_facts(suit)
        self.followers = float(min(n, following))
        self.partner_holds = 1.0 if suit in suits.holds else 0.0
        self.partner_said_void = 1.0 if suit in suits.said_void else 0.0
        leaders = suits.leaders(suit)
        self.partner_led = 1.0 if leaders & suits.partners else 0.0
        self.opponent_led = 1.0 if leaders & suits.opponent_set else 0.0

    def above(self, strength: int) -> int:
        """The cards held in the suit stronger than `strength`."""
        return len(self.mine_strengths) - bisect_right(self.mine_strengths, strength)

    def beaters(self, strength: int) -> int:
        """The unseen cards of the suit stronger than `strength`."""
        return self.n - bisect_right(self.strengths, strength)

    def other_points(self, card: str, value: int) -> float:
        """The points of the other cards held in the suit (exact ints, then the unit)."""
        held = self.held_points - value if card in self.mine else self.held_points
        return held / self.unit


__all__ = ["FEATURES", "card_features"]
