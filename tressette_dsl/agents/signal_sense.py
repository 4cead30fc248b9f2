"""What a signal tells, worked out from its truth: for making signals and reading them.

The heuristic bot knows no signal by name. For each signal of the ruleset (and each value
it may carry) it estimates, once, by evaluating the signal's truth on random hands (a
random hand of the deal's size, a random card of it led, the truth read on the hand after
it, as the engine reads it):

* `rarity`: how seldom the signal is true (1 - the share of hands it is true of): a signal
  true of nearly every hand tells the partner nothing, a rare one tells a lot;
* `holds`: the share of hands it is true of that still hold a card of the suit led, so a
  signal with `holds` near 1 says "I have more of this suit" (busso, striscio: come back
  to it), one near 0 says "I have none left" (volo: lead it when you hold its master, I
  will throw points on it).

Truths that need what only the engine knows (unseen cards, zone sizes) count as never
informative. The estimate is seeded, so it is the same in every process.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tressette_dsl.engine.step import evaluate
from tressette_dsl.rules.model import Ruleset, iter_cards
from tressette_dsl.rules.zones import size_names

SAMPLES = 300
_UNREADABLE = frozenset({"unseen", *size_names()})


@dataclass(frozen=True, slots=True)
class Sense:
    rarity: float
    holds: float


_CACHE: dict[tuple[int, str, int | None], tuple[Ruleset, Sense]] = {}


def sense(rules: Ruleset, signal_id: str, value: int | None) -> Sense:
    """The rarity and the `holds` share of a signal said with `value` (cached)."""
    key = (id(rules), signal_id, value)
    found = _CACHE.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    result = _estimate(rules, signal_id, value)
    _CACHE[key] = (rules, result)
    return result


def _estimate(rules: Ruleset, signal_id: str, value: int | None) -> Sense:
    try:
        spec = rules.signal(signal_id)
    except KeyError:
        return Sense(0.0, 0.5)
    if spec.truth is None or spec.truth.names & _UNREADABLE:
        return Sense(0.0, 0.5)
    deck = rules.deck
    cards = iter_cards(deck.full_mask)
    size = max(1, min(len(cards), len(cards) // max(1, rules.players.count)))
    rng = random.Random(f"signal-sense:{signal_id}:{value}")
    true = holding = 0
    for _ in range(SAMPLES):
        hand = rng.sample(cards, size)
        card = hand[rng.randrange(size)]
        suit = deck.card_suit[card]
        after = 0
        for c in hand:
            if c != card:
                after |= 1 << c
        env = {
            "hand": after,
            "card": card,
            "led_suit": suit,
            "unseen": 0,
            "trick_no": 1,
            "seat": 0,
            "value": 0 if value is None else value,
            **dict.fromkeys(size_names(), 0),
        }
        try:
            ok = bool(evaluate(spec.truth, env))
        except Exception:  # a truth this cannot rebuild: treat it as telling nothing
            return Sense(0.0, 0.5)
        if ok:
            true += 1
            holding += bool(after & deck.suit_mask[suit])
    if not true:
        return Sense(1.0, 0.5)
    return Sense(1.0 - true / SAMPLES, holding / true)


__all__ = ["Sense", "sense"]
