"""The bots' shortcuts give the answers of the text and the deck they stand for.

`card_facts` answers a card's suit, strength and value and the master test from tables
built once per deck; `action_words` reads an action's first word and card from the
record. Each is held here to the long way it replaced (the deck's per-index tuples, a
walk of the whole deck, `str(action).split()`), on every playable bundled ruleset.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tressette_dsl.agents.action_words import VERBS, by_verb, card_of, plain_plays, verb
from tressette_dsl.agents.card_facts import card_facts
from tressette_dsl.engine import apply, is_over, legal_actions, new_game
from tressette_dsl.engine.actions import Action, Play, parse_text
from tressette_dsl.loader import load_ruleset, playable_rulesets
from tressette_dsl.rules.model import Deck

RULESETS = [p.stem for p in playable_rulesets()]


def _is_master_long_way(deck: Deck, card: str, seen: set[str]) -> bool:
    """The master test as the bots wrote it before `card_facts`: a walk of the deck."""
    i = deck.by_text[card]
    suit, strength = deck.card_suit[i], deck.card_strength[i]
    for other in deck.card_text:
        if other in seen or other not in deck.by_text:
            continue
        j = deck.by_text[other]
        if j in deck.cards and deck.card_suit[j] == suit and deck.card_strength[j] > strength:
            return False
    return True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_card_facts_are_the_decks(ruleset: str) -> None:
    deck = load_ruleset(ruleset).deck
    facts = card_facts(deck)
    assert card_facts(deck) is facts  # built once per deck
    texts = list(deck.by_text)
    assert set(facts.index) == set(texts)
    for text in texts:
        i = deck.by_text[text]
        assert facts.index[text] == i
        assert facts.suit[text] == deck.card_suit[i]
        assert facts.strength[text] == deck.card_strength[i]
        assert facts.value[text] == deck.card_value[i]
    rng = random.Random(ruleset)
    for _ in range(40):
        seen = set(rng.sample(texts, rng.randrange(len(texts) + 1)))
        for text in texts:
            assert facts.is_master(text, seen) == _is_master_long_way(deck, text, seen), text
    assert facts.in_order == tuple(
        (i, deck.card_text[i], deck.card_suit[i], deck.card_strength[i], deck.card_value[i])
        for i in deck.cards
    )
    for size in (0, 1, 5, len(texts)):
        hand = rng.sample(texts, size)
        lengths = facts.suit_lengths(hand)
        for suit in range(len(deck.suits)):
            held = sum(1 for t in hand if deck.card_suit[deck.by_text[t]] == suit)
            assert lengths.get(suit, 0) == held
            assert (suit in lengths) == (held > 0)
    masters = [t for t in texts if facts.is_master(t, set())]
    assert masters and len(masters) < len(texts)  # the test is not vacuous


def test_every_action_class_has_its_first_word() -> None:
    texts = [
        "play 3D",
        "play 3D busso",
        "declare napoli D",
        "announce",
        "signal busso",
        "signal volo 2",
        "claim",
        "bid due 70",
        "bid uno",
        "pass",
        "choose x",
        "keep",
        "call 3D",
        "give 3D",
        "discard 3D",
        "take 3D",
        "done",
        "annul",
    ]
    samples = [parse_text(t, lambda word: word, lambda sig: sig == "volo") for t in texts]
    assert [str(a) for a in samples] == texts
    assert {type(a) for a in samples} == set(VERBS)
    for action in samples:
        assert verb(action) == str(action).split(" ", 1)[0]
        if verb(action) in ("play", "call", "give", "discard", "take"):
            assert card_of(action) == str(action).split()[1]


def _by_verb_long_way(legal: Sequence[Action]) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {}
    for action in legal:
        out.setdefault(str(action).split(" ", 1)[0], []).append(action)
    return out


def _plain_long_way(plays: Sequence[Action]) -> dict[str, Action]:
    plain: dict[str, Action] = {}
    for action in plays:
        card = str(action).split()[1]
        if card not in plain or len(str(action).split()) == 2:
            plain[card] = action
    return plain


@pytest.mark.parametrize("ruleset", RULESETS)
def test_words_of_listed_actions_are_their_texts(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    rng = random.Random(7)
    state = new_game(rules, 7)
    signalled = 0
    for _ in range(300):
        if is_over(state):
            break
        legal = legal_actions(rules, state)
        groups = by_verb(legal)
        assert groups == _by_verb_long_way(legal)
        if "play" in groups:
            plain = plain_plays(groups["play"])
            assert list(plain.items()) == list(_plain_long_way(groups["play"]).items())
            assert all(
                p is q
                for p, q in zip(
                    plain.values(), _plain_long_way(groups["play"]).values(), strict=True
                )
            )
            signalled += any(type(a) is Play and a.signals for a in groups["play"])
        state, _ = apply(rules, state, legal[rng.randrange(len(legal))], events=False)
    if ruleset == "tressette":
        assert signalled  # plays with signals were met
