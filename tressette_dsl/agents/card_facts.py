"""A deck's card facts by card text, worked out once per deck for the rule-based bots.

The bots see cards as text (`3D`) and ask, many times a decision, a card's suit, strength
and value, and whether an unseen card of its suit is stronger (`is_master`). Through
`Deck.by_text` and the per-index tuples that is two lookups and an `int` per question,
and the master test walked the whole deck; here each is one dict lookup, and the master
test walks only the stronger cards of the suit. The answers are the deck's own: same
cards, same numbers, so the same decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from tressette_dsl.engine.observe import Observation, finished_plays, seen_texts, trick_history
from tressette_dsl.rules.model import Deck


@dataclass(frozen=True, slots=True)
class CardFacts:
    """Per card text of the cards in play: its index, suit, strength and value; per suit,
    its cards in play from the strongest down as (strength, text)."""

    index: dict[str, int]
    suit: dict[str, int]
    strength: dict[str, int]
    value: dict[str, int]
    by_suit: tuple[tuple[tuple[int, str], ...], ...]
    # the cards in play in the deck's order: (index, text, suit, strength, value) - the
    # value as the deck holds it
    in_order: tuple[tuple[int, str, int, int, int], ...]

    def is_master(self, card: str, seen: set[str] | frozenset[str]) -> bool:
        """No card of `card`'s suit in play and not in `seen` is stronger than it."""
        strength = self.strength[card]
        for other_strength, other in self.by_suit[self.suit[card]]:
            if other_strength <= strength:
                return True
            if other not in seen:
                return False
        return True

    def suit_lengths(self, hand: Iterable[str]) -> dict[int, int]:
        """How many cards of `hand` each suit holds (a suit it lacks is not a key)."""
        lens: dict[int, int] = {}
        suit = self.suit
        for card in hand:
            s = suit[card]
            lens[s] = lens.get(s, 0) + 1
        return lens


CardLookup = Callable[[str], int]


def card_lookups(deck: Deck) -> tuple[CardFacts, CardLookup, CardLookup, CardLookup, CardLookup]:
    """The deck's facts and its index, suit, strength and value by card text, as the
    bots' views bind them (`view.suit(card)` is then one dict lookup)."""
    facts = card_facts(deck)
    found = _LOOKUPS.get(id(facts))
    if found is not None and found[0] is facts:
        return found
    lookups = (
        facts,
        facts.index.__getitem__,
        facts.suit.__getitem__,
        facts.strength.__getitem__,
        facts.value.__getitem__,
    )
    if len(_LOOKUPS) >= _MAX_DECKS:
        _LOOKUPS.clear()
    _LOOKUPS[id(facts)] = lookups  # (bound once: every decision's view asks)
    return lookups


# id(facts) -> the facts and their lookups (the facts kept, so the id is not reused)
_LOOKUPS: dict[int, tuple[CardFacts, CardLookup, CardLookup, CardLookup, CardLookup]] = {}


# id(deck) -> (that deck, its facts): the deck is kept, so its id cannot be reused while
# the entry lives; bounded by the decks loaded (cleared when full).
_FACTS: dict[int, tuple[Deck, CardFacts]] = {}
_MAX_DECKS = 64


def card_facts(deck: Deck) -> CardFacts:
    """The facts of `deck`'s cards in play (built on the first call for that deck)."""
    found = _FACTS.get(id(deck))
    if found is not None and found[0] is deck:
        return found[1]
    texts = dict(deck.by_text)
    suits = {t: int(deck.card_suit[i]) for t, i in texts.items()}
    strengths = {t: int(deck.card_strength[i]) for t, i in texts.items()}
    by_suit = tuple(
        tuple(sorted(((strengths[t], t) for t in texts if suits[t] == s), reverse=True))
        for s in range(max([len(deck.suits), *(x + 1 for x in suits.values())]))
    )
    facts = CardFacts(
        index=texts,
        suit=suits,
        strength=strengths,
        value={t: int(deck.card_value[i]) for t, i in texts.items()},
        by_suit=by_suit,
        in_order=tuple(
            (i, deck.card_text[i], int(deck.card_suit[i]), int(deck.card_strength[i]), v)
            for i in deck.cards
            if deck.card_text[i] in deck.by_text
            for v in (deck.card_value[i],)
        ),
    )
    if len(_FACTS) >= _MAX_DECKS:
        _FACTS.clear()
    _FACTS[id(deck)] = (deck, facts)
    return facts


_CARD = itemgetter(1)  # the card of a (seat, card) play


def call_preference(suit_length: int, strength: int, top: int) -> float:
    """How much the heuristic wants to call a card: the length of its suit in the caller's
    hand, then its strength (`top` is the deck's strongest). One rule for the call itself
    (`heuristic._View.call`) and for the card the bidding table assumes will be called
    (`bid_table.call_candidate`)."""
    return suit_length + 2.0 * strength / top


def seen_cards(obs: Observation, hand: Iterable[str]) -> set[str]:
    """Cards whose place a seat knows: its hand, everything played, shown cards, its
    discards (the rule-based bots' `seen`; each play's card read by `itemgetter`, not a
    generator per trick). From the state's masks when `observe` made `obs` (`seen_texts`:
    the same cards), else from the fields."""
    texts = seen_texts(obs)
    if texts is not None:
        return set(texts)
    out = set(hand)
    for trick in obs.tricks:
        out.update(map(_CARD, trick["plays"]))
    out.update(map(_CARD, obs.trick))
    for known in obs.known:
        out.update(known)
    out.update(obs.discarded)
    return out


@dataclass(frozen=True, slots=True)
class TrickFacts:
    """What the heuristic reads from the deal's finished tricks (`obs.tricks`), the same
    for every seat: the suits each seat showed it lacks (a card off the suit led while
    follow-suit was in force), the seats that led each suit, and each trick's first card
    by its number. Callers only read them (they are shared by every decision of a trick)."""

    voids: dict[int, set[int]]
    leaders: dict[int, set[int]]
    firsts: dict[int, str]


def trick_facts(obs: Observation, facts: CardFacts, deck: Deck) -> TrickFacts:
    """`obs`'s `TrickFacts`, worked out once per trick history (`trick_history`: the
    same object from one card to the next until a trick is taken), not once a decision;
    from the state's records by card index when `observe` made `obs` (`finished_plays`),
    else from `obs.tricks`: the same facts (a test compares them on every bundled
    ruleset)."""
    key = trick_history(obs)
    last = _LAST_TRICKS[0]  # read once: a bot in another thread may store another entry
    if last is not None and last[0] is key and last[1] is facts and last[2] is deck:
        return last[3]
    plays_of = finished_plays(obs)
    if plays_of is None:  # a plain observation: its fields
        plays_of = tuple(
            (int(t["trick_no"]), bool(t.get("follow", False)), t["plays"]) for t in obs.tricks
        )
        suit_of: Mapping[Any, int] | Sequence[int] = facts.suit
        text_of: Mapping[Any, str] | Sequence[str] | _Same = _same
    else:  # the state's records: card indices
        suit_of, text_of = deck.card_suit, deck.card_text
    in_play = facts.index
    voids: dict[int, set[int]] = {}
    leaders: dict[int, set[int]] = {}
    firsts: dict[int, str] = {}
    for trick_no, follow, plays in plays_of:
        if not plays:
            continue
        first = plays[0][1]
        text = text_of[first]
        firsts[trick_no] = text
        if text in in_play:
            leaders.setdefault(int(suit_of[first]), set()).add(int(plays[0][0]))
        if not follow:
            continue
        led = suit_of[first]
        for seat, card in plays[1:]:
            if suit_of[card] != led:
                voids.setdefault(int(seat), set()).add(int(led))
    out = TrickFacts(voids, leaders, firsts)
    _LAST_TRICKS[0] = (key, facts, deck, out)  # replaced whole; the key kept alive with it
    return out


class _Same:
    """`text_of` for plays already given by text: the text itself."""

    def __getitem__(self, text: str) -> str:
        return text


_same = _Same()
# the last trick history worked out, as one entry (its key, the deck's facts, the deck, its
# TrickFacts) replaced whole and read once: the browser table's bots run in a thread pool,
# and an entry changed a slot at a time could pair one game's key with another's facts
_LAST_TRICKS: list[tuple[Any, CardFacts, Deck, TrickFacts] | None] = [None]
