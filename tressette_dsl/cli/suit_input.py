"""What a player types for a suit: the ruleset's letter, the symbol shown, or a French letter.

The terminal shows cards with symbols (``7♥``) but rulesets name suits with their own letters
(Italian suits: C coppe = ♥, D denari = ♦, S spade = ♠, B bastoni = ♣). A player who reads
``♣`` as clubs and types ``7C`` means 7♣, yet ``C`` is coppe (♥) in the ruleset: reading it
either way silently plays a card the player may not have meant. So every typed card word is
read into *all* the cards it can mean - the ruleset's letter, the symbol, and the French
letter of the symbol shown (H ♥, D ♦, S ♠, C ♣) - and the table asks when there is more than
one. A French letter that is no letter of the ruleset (``H``) is unambiguous and accepted.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from tressette_dsl.rules.model import Ruleset

# The French suit letters by the symbol they stand for (hearts, diamonds, spades, clubs).
FRENCH_LETTERS: Mapping[str, str] = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}


def symbol_suits(rules: Ruleset) -> dict[str, str]:
    """Suit symbol -> suit id, for the suits that have one."""
    deck = rules.deck
    return {sym: sid for sid, sym in zip(deck.suits, deck.suit_symbols, strict=True) if sym}


def suit_readings(
    rules: Ruleset, typed: str, letters: Mapping[str, str] | None = None
) -> list[str]:
    """The suit ids a typed suit (letter or symbol, any case) may mean, the ruleset's first;
    `letters` holds what the player said a clashing letter means."""
    symbols = symbol_suits(rules)
    if typed in symbols:
        return [symbols[typed]]
    upper = typed.upper()
    if letters and upper in letters:
        return [letters[upper]]
    found: list[str] = []
    if upper in rules.deck.suits:
        found.append(upper)
    french = symbols.get(FRENCH_LETTERS.get(upper, ""))
    if french is not None and french not in found:
        found.append(french)
    return found


def card_readings(rules: Ruleset, word: str, letters: Mapping[str, str] | None = None) -> list[str]:
    """The card texts a typed word may mean (``7c`` -> ``['7C', '7B']``); [] if no card."""
    deck = rules.deck
    word = word.replace("\ufe0f", "")  # the emoji form of a suit symbol
    if len(word) < 2:
        return []
    rank, suit = word[:-1].upper(), word[-1]
    if rank not in deck.ranks:
        return []
    return [rank + s for s in suit_readings(rules, suit, letters) if rank + s in deck.by_text]


def word_readings(rules: Ruleset, word: str, letters: Mapping[str, str] | None = None) -> list[str]:
    """What one typed word may mean: cards, a lone suit (``H`` -> ``C``), or the word."""
    cards = card_readings(rules, word, letters)
    if cards:
        return cards
    bare = word.replace("\ufe0f", "")
    if len(bare) == 1:
        suits = suit_readings(rules, bare, letters)
        if suits:
            return suits
    return [word]


def readings(rules: Ruleset, text: str, letters: Mapping[str, str] | None = None) -> list[str]:
    """Every reading of a typed line: each card word replaced by each card it may mean, the
    other words kept as typed. One element when nothing is ambiguous."""
    words = text.split()
    options: list[list[str]] = []
    for word in words:
        options.append(word_readings(rules, word, letters))
    return [" ".join(choice) for choice in itertools.product(*options)] or [text]


def reading_count(rules: Ruleset, text: str, letters: Mapping[str, str] | None = None) -> int:
    """How many readings `readings` would give, without listing them."""
    count = 1
    for word in text.split():
        count *= len(word_readings(rules, word, letters))
    return count


def legend(rules: Ruleset) -> str:
    """``C=♥ D=♦ S=♠ B=♣``: the letters to type for the symbols shown."""
    deck = rules.deck
    return " ".join(
        f"{sid}={sym}" for sid, sym in zip(deck.suits, deck.suit_symbols, strict=True) if sym
    )


def french_clashes(rules: Ruleset) -> list[tuple[str, str, str]]:
    """(letter, ruleset suit id, French suit id) for each letter that names one suit in the
    ruleset and another in French: the letters the table asks about."""
    out = []
    for letter in rules.deck.suits:
        found = suit_readings(rules, letter)
        if len(found) > 1:
            out.append((letter, found[0], found[1]))
    return out
