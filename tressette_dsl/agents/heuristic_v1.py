"""The first rule-based bot, kept unchanged as `heuristic-v1` to measure the new one against.

It never signals, reads no signal, bids by a fixed ratio threshold and plays to take
points whatever the match polarity. What follows is its original description.

It reads only the ruleset model (rank strength, card values, sides, the auction's bid
levels) and its own observation, and decides by the *kind* of each legal action (the first
word of its text), never by the name of a variant:

* declarations and announcements: always, the most valuable first; a hopeless hand is
  annulled when the rules allow it; a claim only when the running total reaches the target;
* card play: lead a *master* card (no unseen card of its suit beats it) with points, else a
  low card of the longest suit; follow by loading points on a partner's safe winner, winning
  cheaply when nobody can overtake (or with a master), and otherwise throwing the cheapest
  card; signals are never added (the plain play is always chosen);
* auction: bid the cheapest legal bid when the hand's strength (card values plus top cards,
  against the average hand) clears a threshold that rises with the bid's level, else pass;
* aggravations are declined; call the strongest card of the longest suit one lacks; give
  and discard the cheapest cards, voiding short suits; take a shown card if it beats the
  worst card in hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tressette_dsl.agents.action_words import by_verb as actions_by_verb
from tressette_dsl.agents.action_words import card_of, plain_plays
from tressette_dsl.agents.card_facts import card_lookups, seen_cards
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.observe import Observation
from tressette_dsl.rules.model import AuctionPhase, Ruleset

CardKey = tuple[int, int]


class HeuristicV1Agent:
    name = "heuristic-v1"

    def act(
        self, rules: Ruleset, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        view = _View(rules, observation)
        by_verb = actions_by_verb(legal)
        if "declare" in by_verb:
            return max(by_verb["declare"], key=view.declaration_points)
        for verb in ("announce", "annul"):
            if verb in by_verb:
                return by_verb[verb][0]
        if "claim" in by_verb and view.claim_is_safe():
            return by_verb["claim"][0]
        if "bid" in by_verb or ("pass" in by_verb and "play" not in by_verb):
            return view.bid(by_verb.get("bid", []), by_verb.get("pass", []), legal)
        if "keep" in by_verb:
            return by_verb["keep"][0]
        if "choose" in by_verb:
            return by_verb["choose"][0]
        if "call" in by_verb:
            return view.call(by_verb["call"])
        if "give" in by_verb:
            return view.cheapest(by_verb["give"])
        if "discard" in by_verb:
            return view.cheapest(by_verb["discard"], void_short=True)
        if "take" in by_verb:
            return view.take(by_verb["take"], by_verb.get("done", []))
        if "play" in by_verb:
            return view.play(by_verb["play"])
        if "done" in by_verb:
            return by_verb["done"][0]
        others = [a for a in legal if not str(a).startswith(("claim", "signal"))]
        return (others or list(legal))[0]


class _View:
    """The facts one decision needs, from the rules and this seat's observation."""

    def __init__(self, rules: Ruleset, obs: Observation) -> None:
        self.rules = rules
        self.obs = obs
        self.deck = rules.deck
        self.me: int = obs.seat
        self.hand: tuple[str, ...] = tuple(obs.hand)
        # the deck's facts by card text (one dict lookup a question, `card_facts`), and
        # what one decision asks several times, worked out on its first question
        self.facts, self.idx, self.suit, self.strength, self.value = card_lookups(rules.deck)
        self._suit_lens: dict[int, int] | None = None
        self._seen: set[str] | None = None

    # --- cards --------------------------------------------------------------------------
    def suit_len(self, suit: int) -> int:
        lens = self._suit_lens
        if lens is None:
            lens = self._suit_lens = self.facts.suit_lengths(self.hand)
        return lens.get(suit, 0)

    def seen(self) -> set[str]:
        """Cards whose place this seat knows: its hand, everything played, shown cards.
        Worked out once a decision; callers only read it."""
        if self._seen is not None:
            return self._seen
        out = self._seen = seen_cards(self.obs, self.hand)
        return out

    def is_master(self, card: str, seen: set[str]) -> bool:
        """No card still unseen by this seat, of the same suit, is stronger."""
        return self.facts.is_master(card, seen)

    def trump(self) -> int | None:
        trump = self.obs.trump
        return self.deck.suits.index(trump) if trump in self.deck.suits else None

    def beats(self, card: str, best: str) -> bool:
        trump = self.trump()
        suit, best_suit = self.suit(card), self.suit(best)
        if trump is not None and suit == trump and best_suit != trump:
            return True
        return suit == best_suit and self.strength(card) > self.strength(best)

    # --- seats and sides --------------------------------------------------------------------
    def partners(self) -> set[int]:
        rules, obs, me = self.rules, self.obs, self.me
        if rules.sides.mode == "teams":
            return set(rules.sides.seats[rules.sides.side_of[me]]) - {me}
        if rules.sides.mode != "contract" or obs.declarer is None:
            return set()
        declarer, partner = obs.declarer, obs.partner
        if me == declarer:
            return {partner} if partner is not None else set()
        if partner == me or (obs.called_card is not None and obs.called_card in self.hand):
            return {declarer}
        return (
            set(range(rules.players.count))
            - {declarer, me}
            - ({partner} if partner is not None else set())
        )

    def my_slot(self) -> int:
        sides = self.rules.sides
        return int(sides.side_of[self.me]) if sides.mode == "teams" else self.me

    # --- simple choices ---------------------------------------------------------------------
    def declaration_points(self, action: Action) -> int:
        decl_id = str(action).split()[1]
        try:
            return int(self.rules.declaration(decl_id).points)
        except KeyError:
            return 0

    def claim_is_safe(self) -> bool:
        target = self.rules.match.target
        running = tuple(self.obs.running)
        slot = self.my_slot()
        return target is not None and target > 0 and slot < len(running) and running[slot] >= target

    def cheapest(self, actions: Sequence[Action], *, void_short: bool = False) -> Action:
        def key(action: Action) -> tuple[int, int, int]:
            card = card_of(action)
            short = self.suit_len(self.suit(card)) if void_short else 0
            return (self.value(card), short, self.strength(card))

        return min(actions, key=key)

    def take(self, takes: Sequence[Action], done: Sequence[Action]) -> Action:
        best = max(takes, key=lambda a: (self.value(card_of(a)), self.strength(card_of(a))))
        card = card_of(best)
        if not done or not self.hand:
            return best
        worst = min(self.hand, key=lambda c: (self.value(c), self.strength(c)))
        if (self.value(card), self.strength(card)) > (self.value(worst), self.strength(worst)):
            return best
        return done[0]

    def call(self, calls: Sequence[Action]) -> Action:
        top = max(self.deck.card_strength) or 1

        def key(action: Action) -> tuple[int, float]:
            card = card_of(action)
            mine = card in self.hand
            return (
                0 if mine else 1,
                self.suit_len(self.suit(card)) + 2.0 * self.strength(card) / top,
            )

        return max(calls, key=key)

    # --- auction ----------------------------------------------------------------------------
    def hand_ratio(self) -> float:
        """This hand's strength against an average hand of the same size (1.0 = average)."""
        deck = self.deck
        order = sorted({deck.card_strength[c] for c in deck.cards}, reverse=True)

        def score(card_index: int) -> float:
            bonus = {order[0]: 2.0, order[1]: 1.0} if len(order) > 1 else {}
            unit = deck.unit or 1
            return deck.card_value[card_index] / unit + bonus.get(deck.card_strength[card_index], 0)

        total = sum(score(c) for c in deck.cards)
        if not self.hand or not total:
            return 1.0
        mine = sum(score(self.idx(c)) for c in self.hand)
        return mine / (total * len(self.hand) / len(deck.cards))

    def bid(
        self, bids: Sequence[Action], passes: Sequence[Action], legal: Sequence[Action]
    ) -> Action:
        if not bids:
            return (passes or list(legal))[0]
        difficulty = self._difficulties()
        cheapest = min(bids, key=difficulty)
        if not passes or self.hand_ratio() >= 1.3 + 0.7 * difficulty(cheapest):
            return cheapest
        return passes[0]

    def _difficulties(self) -> Callable[[Action], float]:
        specs = {}
        for phase in self.rules.flow:
            if isinstance(phase, AuctionPhase):
                specs.update({b.id: b for b in phase.bids})
        levels = [b.level for b in specs.values()] or [0]
        low, high = min(levels), max(levels)

        def difficulty(action: Action) -> float:
            words = str(action).split()
            spec = specs.get(words[1]) if len(words) > 1 else None
            if spec is None:
                return 0.0
            d = (spec.level - low) / (high - low) if high > low else 0.0
            if spec.points and len(words) > 2 and words[2].isdigit():
                lo, hi = spec.points
                frac = (int(words[2]) - lo) / (hi - lo) if hi > lo else 0.0
                step = 1.0 / (high - low + 1) if high > low else 1.0
                d = min(1.0, d + step * frac) if high > low else frac
            return d

        return difficulty

    # --- card play --------------------------------------------------------------------------
    def play(self, plays: Sequence[Action]) -> Action:
        plain = plain_plays(plays)
        cards = list(plain)
        choice = self._follow(cards) if self.obs.trick else self._lead(cards)
        return plain[choice]

    def _lead(self, cards: list[str]) -> str:
        seen = self.seen()
        masters = [c for c in cards if self.value(c) > 0 and self.is_master(c, seen)]
        trump = self.trump()
        if masters:
            return max(
                masters,
                key=lambda c: (self.value(c), self.suit_len(self.suit(c)), self.strength(c)),
            )

        def low_from_long(card: str) -> tuple[int, int, int, int]:
            is_trump = 1 if trump is not None and self.suit(card) == trump else 0
            return (
                is_trump,
                -self.suit_len(self.suit(card)),
                self.value(card),
                self.strength(card),
            )

        return min(cards, key=low_from_long)

    def _follow(self, cards: list[str]) -> str:
        obs, players = self.obs, self.rules.players
        trick = list(obs.trick)
        best_seat, best = trick[0]
        for seat, card in trick[1:]:
            if self.beats(card, best):
                best_seat, best = seat, card
        partners = self.partners()
        remaining = players.count - len(trick) - 1
        after = [players.next(self.me, k) for k in range(1, remaining + 1)]
        opponents_after = any(s not in partners for s in after)
        seen = self.seen()
        trick_value = sum(self.value(c) for _s, c in trick)
        winners = [c for c in cards if self.beats(c, best)]

        if best_seat in partners and (not opponents_after or self.is_master(best, seen)):
            return max(cards, key=lambda c: (self.value(c), -self.strength(c)))
        if winners:
            cheap = min(winners, key=lambda c: (self.strength(c), self.value(c)))
            if not opponents_after:
                if trick_value + self.value(cheap) > 0 or self.value(cheap) == 0:
                    return cheap
            else:
                safe = [c for c in winners if self.is_master(c, seen)]
                if safe:
                    return min(safe, key=lambda c: (self.strength(c), -self.value(c)))
                if trick_value >= (self.deck.unit or 1):
                    return max(winners, key=self.strength)
        return self._throw(cards)

    def _throw(self, cards: list[str]) -> str:
        """The cheapest card to give away: no points, a short suit, a weak rank."""
        seen = self.seen()

        def key(card: str) -> tuple[int, int, int, int]:
            return (
                self.value(card),
                1 if self.is_master(card, seen) else 0,
                self.strength(card),
                self.suit_len(self.suit(card)),
            )

        return min(cards, key=key)
