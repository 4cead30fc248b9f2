"""Cheap, sensible playouts for the search bot: greedy card play, heuristic elsewhere.

`compiled.playout(rules, state, policy=...)` asks ``policy(seat, n) -> index`` for every
decision, where the index is into the legal actions in canonical order (claims left out).
The index alone says nothing about the cards, so `RolloutPolicy` looks at the frame that
asks: the kernel's generated trick loop keeps the seat's playable cards in ``p``, the trick
so far in ``trick``, the kernel in ``k`` (with ``cnt``, the choices per card, at a lead with
signals); the interpreter's step keeps ``state`` and ``choices``. With those it plays

* in the kernel: a greedy card (win a trick worth taking as cheaply as possible, load
  points on a partner who wins last, otherwise throw the cheapest card; in a reverse game,
  where points are penalties, duck under the trick and shed high cards);
* on the interpreter: what the heuristic bot would choose from that seat's observation
  (bids, calls, discards, declarations...), so that an auction's rollouts are realistic;

and, with chance `epsilon` in card play, or whenever the frame is not one it knows (a
kernel of another shape), a uniformly random choice. The auction and the exchanges get no
such noise: a random bid (a weak hand bidding the hardest contract) in one rollout of five
made every pass look worth more than bidding a good hand, the other seat's random contract
failing against it. Playing well in the rollouts is what makes a Monte Carlo
search strong at cards: greedy rollouts gained about a point a deal over random ones in
`tressette` (issue 9's measurements). Reading the caller's frame is an optimisation with a
safe fallback, never a semantic dependency: any choice it returns is a legal index.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from tressette_dsl.engine.observe import observe
from tressette_dsl.rules.model import Ruleset


class RolloutPolicy:
    """``policy(seat, n)`` for `compiled.playout`; one per search (it keeps the tables)."""

    def __init__(
        self, rules: Ruleset, rng: random.Random, *, epsilon: float = 0.1, heuristic: Any = None
    ) -> None:
        from tressette_dsl.agents.heuristic import HeuristicAgent  # noqa: PLC0415 - cycle

        deck = rules.deck
        self.rules = rules
        self.rng = rng
        self.epsilon = epsilon
        self.suit = list(deck.card_suit)
        self.strength = list(deck.card_strength)
        self.value = list(deck.card_value)
        self.suit_mask = [0] * (max(self.suit, default=0) + 1)
        for card in deck.cards:
            self.suit_mask[self.suit[card]] |= 1 << card
        self.n = rules.players.count
        self.reverse = rules.match.winner == "lowest"
        sides = rules.sides
        self.team_of: list[int] | None = (
            [int(sides.side_of[x]) for x in range(self.n)] if sides.mode == "teams" else None
        )
        self.contract = sides.mode == "contract"
        self.heuristic = heuristic if heuristic is not None else HeuristicAgent()
        self.order = [rules.players.order_from(x) for x in range(self.n)]
        self.greedy = 0  # decisions taken greedily (for tests and measurements)
        self.guided = 0  # decisions taken by the heuristic on the interpreter

    def __call__(self, seat: int, n: int) -> int:
        rng = self.rng
        if n <= 1:
            return 0
        frame = sys._getframe(1)
        local = frame.f_locals
        p = local.get("p")
        trick = local.get("trick")
        k = local.get("k")
        if type(p) is int and type(trick) is list and k is not None:
            if rng.random() < self.epsilon:
                return rng.randrange(n)
            pick = self._card(seat, n, local)
            if pick is not None:
                self.greedy += 1
                return pick
            return rng.randrange(n)
        state = local.get("state")
        choices = local.get("choices")
        if state is not None and isinstance(choices, list) and len(choices) == n:
            try:
                obs = observe(self.rules, state, seat)
                action = self.heuristic.act(self.rules, obs, choices, rng)
                self.guided += 1
                return choices.index(action)
            except (ValueError, KeyError, IndexError):
                pass
        return rng.randrange(n)

    # --- card play in the kernel -----------------------------------------------------------

    def _same_side(self, a: int, b: int, k: Any) -> bool:
        if a == b:
            return True
        if self.team_of is not None:
            return self.team_of[a] == self.team_of[b]
        if not self.contract:
            return False
        contract = k.origin.contract_part
        declarer, partner = contract.declarer, contract.partner
        if declarer is None:
            return False
        side_a = a in (declarer, partner)
        side_b = b in (declarer, partner)
        return bool(side_a == side_b)

    def _card(self, seat: int, n: int, local: dict[str, Any]) -> int | None:
        p, trick, k = local["p"], local["trick"], local["k"]
        cards = []
        x = p
        while x:
            b = x & -x
            cards.append(b.bit_length() - 1)
            x ^= b
        count = len(cards)
        offsets: list[int] | None = None
        if n != count:  # signal variants per card at a lead: the counts are in `cnt`
            cnt = local.get("cnt")
            if trick or not isinstance(cnt, list) or sum(cnt[:count]) != n:
                return None
            offsets = []
            total = 0
            for j in range(count):
                offsets.append(total)
                total += cnt[j]
        j = self._follow(seat, cards, k, local) if trick else self._lead(seat, cards, local)
        return offsets[j] if offsets is not None else j

    def _lead(self, seat: int, cards: list[int], local: dict[str, Any]) -> int:
        """A master with points (no card left in another hand beats it), else a low card of
        the longest suit; in a reverse game the lowest card."""
        value, strength, suit = self.value, self.strength, self.suit
        idx = range(len(cards))
        if self.reverse:  # lead low, keep control away
            return min(idx, key=lambda j: (strength[cards[j]], value[cards[j]]))
        hands = local.get("hands")
        h = local.get("h", 0)
        if isinstance(hands, list) and type(h) is int:
            others = 0
            for x, mask in enumerate(hands):
                if x != seat:
                    others |= mask
            masters = [
                j for j in idx if value[cards[j]] > 0 and not self._stronger(cards[j], others, -1)
            ]
            if masters:
                return max(masters, key=lambda j: (value[cards[j]], strength[cards[j]]))
            length = [(h & self.suit_mask[suit[c]]).bit_count() for c in cards]
            return min(idx, key=lambda j: (-length[j], value[cards[j]], strength[cards[j]]))
        return self.rng.randrange(len(cards))

    def _stronger(self, card: int, mask: int, trump: int) -> bool:
        """Does `mask` hold a card that beats `card` led or played to its suit?"""
        s = self.suit[card]
        strength = self.strength[card]
        x = mask & self.suit_mask[s]
        while x:
            b = x & -x
            if self.strength[b.bit_length() - 1] > strength:
                return True
            x ^= b
        return trump >= 0 and s != trump and bool(mask & self.suit_mask[trump])

    def _follow(self, seat: int, cards: list[int], k: Any, local: dict[str, Any]) -> int:
        suit, strength, value = self.suit, self.strength, self.value
        trick: list[int] = local["trick"]
        trump = local.get("trump", -1)
        trump = trump if type(trump) is int else -1
        best_i = 0
        for i in range(1, len(trick)):
            c, bc = trick[i], trick[best_i]
            if (suit[c] == suit[bc] and strength[c] > strength[bc]) or (
                trump >= 0 and suit[c] == trump and suit[bc] != trump
            ):
                best_i = i
        best = trick[best_i]
        leader = local.get("leader")
        order = self.order[leader] if type(leader) is int else None
        best_seat = order[best_i] if order is not None else -1
        after = order[len(trick) + 1 :] if order is not None else ()
        last = not after
        hands = local.get("hands")
        led = suit[trick[0]]

        def beats(c: int, top: int) -> bool:
            if suit[c] == suit[top]:
                return strength[c] > strength[top]
            return trump >= 0 and suit[c] == trump and suit[top] != trump

        def holds(top: int, top_seat: int) -> bool:
            """No seat after me of the other side can beat `top` (perfect information)."""
            if not isinstance(hands, list):
                return last
            for y in after:
                if self._same_side(y, top_seat, k):
                    continue
                hand = hands[y]
                playable = hand & self.suit_mask[led] or hand
                x = playable
                while x:
                    b = x & -x
                    if beats(b.bit_length() - 1, top):
                        return False
                    x ^= b
            return True

        idx = range(len(cards))
        winners = [j for j in idx if beats(cards[j], best)]
        if self.reverse:
            losers = [j for j in idx if j not in winners]
            if losers:
                return max(losers, key=lambda j: (value[cards[j]], strength[cards[j]]))
            return max(idx, key=lambda j: (strength[cards[j]], value[cards[j]]))
        partner_wins = best_seat >= 0 and self._same_side(best_seat, seat, k)
        if partner_wins and holds(best, best_seat):
            return max(idx, key=lambda j: (value[cards[j]], -strength[cards[j]]))
        safe = [j for j in winners if holds(cards[j], seat)]
        if safe:
            return max(safe, key=lambda j: (value[cards[j]], -strength[cards[j]]))
        return min(idx, key=lambda j: (value[cards[j]], strength[cards[j]], suit[cards[j]]))


__all__ = ["RolloutPolicy"]
