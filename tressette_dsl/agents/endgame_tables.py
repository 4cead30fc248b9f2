"""The endgame solver's per-card tables for one ruleset and trump, built once.

The solver (`agents/endgame.py`) visits some 100,000 positions a second-long `simulate`;
at each one it asked which card wins the trick so far (the engine's `winner_of`, a tuple
per card) and sorted the moves by tuple keys. Here the same answers are precomputed per
card, as ints:

* `beats[b]`: the mask of the cards that beat card `b` when `b` is winning the trick (the
  same suit and stronger, or a trump over a card that is not one). Playing a trick's cards
  in order and keeping the card that beats the best so far gives the engine's winner
  (`winner_of`: the highest trump, else the highest card of the suit led), because the
  strengths within a suit are distinct (tests/unit/agents/test_endgame_fast.py).
* `follow_rank[b][c]`: an int that orders the cards a seat may play to a trick won so far
  by `b` exactly as the tuple `(0, -value, strength)` for a card that beats `b`, else
  `(1, value, strength)` did (the most points a winner can take, else the cheapest
  throw), ties included - so a stable sort gives the same order.
* `lead_rank[c]`: the same for a lead, the tuple `(-value, -strength)`.
"""

from __future__ import annotations

from dataclasses import dataclass

from tressette_dsl.rules.model import Deck


@dataclass(frozen=True, slots=True)
class TrickTables:
    """Per-card ints for one deck and trump (see the module's docstring)."""

    beats: tuple[int, ...]
    follow_rank: tuple[tuple[int, ...], ...]
    lead_rank: tuple[int, ...]


def trick_tables(deck: Deck, trump: int) -> TrickTables:
    """The tables of `deck` with `trump` the trump suit's index (-1: no trump)."""
    suit, strength, value = deck.card_suit, deck.card_strength, deck.card_value
    cards = range(len(value))
    s_low, v_low, v_high = min(strength), min(value), max(value)
    s_span = max(strength) - s_low + 1  # a rank's strength part: 0 .. s_span - 1
    v_span = v_high - v_low + 1

    def beats(c: int, b: int) -> bool:
        if suit[c] == suit[b]:
            return strength[c] > strength[b]
        return suit[c] == trump

    def follow(c: int, b: int) -> int:
        if beats(c, b):  # (0, -value, strength)
            return (v_high - value[c]) * s_span + strength[c] - s_low
        # (1, value, strength): after every winner
        return (v_span + value[c] - v_low) * s_span + strength[c] - s_low

    return TrickTables(
        beats=tuple(sum(1 << c for c in cards if beats(c, b)) for b in cards),
        follow_rank=tuple(tuple(follow(c, b) for c in cards) for b in cards),
        lead_rank=tuple(
            (v_high - value[c]) * s_span + (s_span - 1 - (strength[c] - s_low)) for c in cards
        ),
    )


__all__ = ["TrickTables", "trick_tables"]
