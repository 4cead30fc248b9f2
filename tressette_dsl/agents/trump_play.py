"""The heuristic's card play where a suit is trump (`trump_card`).

The tressette-shaped rules of `heuristic.py` lead a master with points and load points on a
partner's master, which is right where nothing can trump it. With a trump suit (and, in
briscola-shaped games, no duty to follow suit) a master of a side suit is beaten by any
trump still out, so those rules led aces into the opponents' trumps and loaded points on
tricks an opponent then trumped. Here, from the ruleset's trump, ranking and values and
the seat's observation only:

* *sure friends* are the seats known to share the side: a team, the declarer and his
  revealed (or self-known) partner; a defender beside a secret partner not yet revealed
  knows only that the declarer is against him, and treats the others as neither (points
  are never loaded on a maybe-friend, and taking a trick from one costs little);
* a card is *safe* against the seats still to play when no unseen card can beat it: no
  stronger unseen card of its suit, and for a side suit no unseen trump at all (a seat that
  showed a void in trumps under follow-suit excepted);
* following: load the most valuable side-suit card on a sure friend's safe trick; last to
  play (or only friends after), take any trick with points, or with a winner that adds
  points, by the cheapest winner (a side-suit card before a trump); with opponents after,
  take a trick with points by a safe winner, or one worth the mean point card by a
  trump without points; otherwise throw the cheapest card, a side suit's before a trump;
* leading: a safe side-suit card with points first (a master once the trumps are out:
  a master trump is kept to take points later), else the
  cheapest side-suit card (the weakest of the longest suit), a trump only when nothing
  else is left, the weakest.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from tressette_dsl.rules.model import Deck

if TYPE_CHECKING:
    from tressette_dsl.agents.heuristic import _View


def sure_friends(view: _View) -> set[int]:
    """The seats known to be on this seat's side (see the module's docstring)."""
    rules, obs, me = view.rules, view.obs, view.me
    if rules.sides.mode != "contract" or obs.declarer is None:
        return view.partners()
    declarer, partner = obs.declarer, obs.partner
    if me == declarer:
        return {partner} if partner is not None else set()
    if partner == me or (obs.called_card is not None and obs.called_card in view.hand):
        return {declarer}
    if partner is None:  # a defender beside a secret partner: nobody is sure
        return set()
    return set(range(rules.players.count)) - {declarer, me, partner}


def _safe(view: _View, card: str, seats: list[int], seen: set[str], trump: int) -> bool:
    """No seat of `seats` can beat `card`: no unseen stronger card of its suit and, for a
    side-suit card, no unseen trump (unless every one of them showed a void in trumps)."""
    if not seats:
        return True
    suit, strength = view.suit(card), view.strength(card)
    voids = view.voids()
    unseen = view.unseen_strengths(seen)  # per suit, once a decision
    # a stronger unseen card of its suit, unless every seat after showed a void in it
    if any(other > strength for other in unseen.get(suit, ())) and not all(
        suit in voids.get(s, set()) for s in seats
    ):
        return False
    # a side-suit card with a trump still out, unless every seat after is void in trumps
    return not (
        suit != trump and unseen.get(trump) and not all(trump in voids.get(s, set()) for s in seats)
    )


def trump_card(view: _View, cards: list[str], trump: int) -> str:
    """The card to play from `cards` (the legal plays) in a game with trump suit `trump`."""
    return _follow(view, cards, trump) if view.obs.trick else _lead(view, cards, trump)


def _cheap_key(view: _View, trump: int) -> Callable[[str], tuple[int, int, int, int]]:
    def key(card: str) -> tuple[int, int, int, int]:
        return (
            view.value(card),
            1 if view.suit(card) == trump else 0,
            view.strength(card),
            view.suit_len(view.suit(card)),
        )

    return key


def _worth_trumping(view: _View) -> Fraction:
    """A trick worth a trump with opponents still to play: the mean value of the deck's
    cards that have points (a high card's worth, from the ruleset's values), exact;
    worked out once per deck (a `Fraction` is slow to make, and every follow asked)."""
    deck = view.deck
    found = _WORTH.get(id(deck))
    if found is None or found[0] is not deck:
        values = [deck.card_value[c] for c in deck.cards if deck.card_value[c] > 0]
        worth = Fraction(sum(values), len(values)) if values else Fraction(deck.unit or 1)
        if len(_WORTH) >= 64:
            _WORTH.clear()
        found = _WORTH[id(deck)] = (deck, worth)
    return found[1]


# id(deck) -> (the deck, `_worth_trumping`'s answer): the deck kept, so its id is not reused
_WORTH: dict[int, tuple[Deck, Fraction]] = {}


def _lead(view: _View, cards: list[str], trump: int) -> str:
    seen = view.seen()
    friends = sure_friends(view)
    n = view.rules.players.count
    others = [view.rules.players.next(view.me, k) for k in range(1, n)]
    threats = [s for s in others if s not in friends]
    safe = [
        c
        for c in cards
        if view.suit(c) != trump and view.value(c) > 0 and _safe(view, c, threats, seen, trump)
    ]
    if safe:
        return max(safe, key=lambda c: (view.value(c), view.strength(c)))
    side = [c for c in cards if view.suit(c) != trump]
    if side:
        return min(
            side,
            key=lambda c: (view.value(c), -view.suit_len(view.suit(c)), view.strength(c)),
        )
    return min(cards, key=lambda c: (view.value(c), view.strength(c)))


def _follow(view: _View, cards: list[str], trump: int) -> str:
    trick = list(view.obs.trick)
    best_seat, best = view.trick_best()
    friends = sure_friends(view)
    after = view.seats_after()
    threats = [s for s in after if s not in friends]
    seen = view.seen()
    trick_value = sum(view.value(c) for _s, c in trick)
    winners = [c for c in cards if view.beats(c, best)]
    cheap = _cheap_key(view, trump)

    if best_seat in friends and _safe(view, best, threats, seen, trump):
        # load the partner's sure trick: the most valuable side-suit card (trumps kept)
        return max(cards, key=lambda c: (view.suit(c) != trump, view.value(c), -view.strength(c)))
    if best_seat in friends:
        return min(cards, key=cheap)
    if not threats and winners:
        # the trick is ours for the taking: a side-suit winner (it adds its points), else
        # the cheapest trump, when there is anything to gain
        def gain(c: str) -> tuple[int, int, int]:
            side = view.suit(c) != trump
            return (1 if side else 0, view.value(c) if side else -view.value(c), -view.strength(c))

        pick = max(winners, key=gain)
        if trick_value + view.value(pick) > 0:
            return pick
    elif winners:
        safe = [c for c in winners if _safe(view, c, threats, seen, trump)]
        worth = _worth_trumping(view)
        if safe and trick_value > 0:
            return min(safe, key=lambda c: (view.value(c), view.strength(c)))
        if trick_value >= worth:
            pointless = [c for c in winners if view.value(c) == 0]
            if pointless:
                return max(pointless, key=view.strength)
    return min(cards, key=cheap)


__all__ = ["sure_friends", "trump_card"]
