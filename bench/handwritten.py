"""A hand-written engine for the default ruleset, the yardstick for the generic one.

It plays exactly the rules of ``rulesets/tressette.yaml`` that matter for a random playout
(four seats, anticlockwise, 10 cards each, must follow suit, highest card of the led suit
wins, thirds with the last trick, floor per side) and nothing else: no declarations,
signals or claims. It is written the way a competent programmer would write a single-variant
engine (lists, ints, no interpretation), so the ratio between the two figures is the price of
being generic.
"""

from __future__ import annotations

import random

SUITS = 4
RANKS = 10
# rank index 0..9 = A 2 3 4 5 6 7 J Q K; trick strength 3 > 2 > A > K > Q > J > 7 > 6 > 5 > 4
STRENGTH = [7, 8, 9, 0, 1, 2, 3, 4, 5, 6]
THIRDS = [3, 1, 1, 0, 0, 0, 0, 1, 1, 1]
DECK = list(range(SUITS * RANKS))


def play_deal(rng: random.Random, dealer: int) -> tuple[tuple[int, int], int]:
    """Play one random legal deal; return (points per side, number of card plays)."""
    deck = DECK[:]
    rng.shuffle(deck)
    hands: list[list[int]] = [[], [], [], []]
    seat = (dealer - 1) % 4  # anticlockwise: the next seat is seat - 1
    pos = 0
    for packet in (5, 5):
        for i in range(4):
            s = (seat - i) % 4
            hands[s].extend(deck[pos : pos + packet])
            pos += packet
    thirds = [0, 0]
    leader = seat
    plays = 0
    for trick_no in range(10):
        led_suit = -1
        best = -1
        best_seat = leader
        cards = []
        for i in range(4):
            s = (leader - i) % 4
            hand = hands[s]
            legal = hand
            if led_suit >= 0:
                legal = [c for c in hand if c // RANKS == led_suit] or hand
            card = legal[rng.randrange(len(legal))]
            hand.remove(card)
            plays += 1
            cards.append(card)
            if led_suit < 0:
                led_suit = card // RANKS
            if card // RANKS == led_suit and STRENGTH[card % RANKS] > best:
                best = STRENGTH[card % RANKS]
                best_seat = s
        side = best_seat % 2
        thirds[side] += sum(THIRDS[c % RANKS] for c in cards)
        if trick_no == 9:
            thirds[side] += 3
        leader = best_seat
    return (thirds[0] // 3, thirds[1] // 3), plays


def play_deals(n: int, seed: int = 1) -> int:
    """Play n deals; return the number of card plays (for the benchmark's rate)."""
    rng = random.Random(seed)
    total = 0
    for d in range(n):
        _, plays = play_deal(rng, d % 4)
        total += plays
    return total
