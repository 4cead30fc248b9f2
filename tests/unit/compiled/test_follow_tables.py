"""The followers' tables of the generated loop: every holding of every suit to its cards.

`FOLLOW_OF[suit][holding]` must list, in deck order, exactly the cards of that suit the
holding has (the cards the card-by-card loop finds by walking the bits of the hand within
the suit), with their number and its bit length (the draw's), and the expression
`--show` prints for it must build the same table.
"""

from __future__ import annotations

import pytest

from tressette_dsl.compiled import compile_ruleset
from tressette_dsl.loader import load_ruleset, playable_rulesets

NAMES = [p.stem for p in playable_rulesets()]


@pytest.mark.parametrize("name", NAMES)
def test_every_holding_lists_its_cards(name: str) -> None:
    rules = load_ruleset(name)
    ns = compile_ruleset(rules).generated.namespace
    if "FOLLOW_OF" not in ns:
        pytest.skip("no follow tables: a suit whose cards are not one run of the deck")
    follow, low, suit_mask = ns["FOLLOW_OF"], ns["SUIT_LO"], ns["SUIT_MASK"]
    suit_of = ns["SUIT_OF"]
    assert follow[-1] == (((), 0, 0),)  # no suit led
    for s, table in enumerate(follow[:-1]):
        cards = [c for c in sorted(rules.deck.cards) if suit_of[c] == s]
        assert len(table) == 1 << len(cards)
        for holding, got in enumerate(table):
            hand = holding << low[s]
            assert hand & ~suit_mask[s] == 0
            walked = []
            x = hand
            while x:
                b = x & -x
                x ^= b
                walked.append(b.bit_length() - 1)
            assert got == (tuple(walked), len(walked), len(walked).bit_length())


@pytest.mark.parametrize("name", ["tressette", "calabresella", "briscola-chiamata"])
def test_the_listing_builds_the_same_table(name: str) -> None:
    compiled = compile_ruleset(load_ruleset(name))
    line = next(x for x in compiled.listing().splitlines() if x.startswith("FOLLOW_OF = "))
    built: dict[str, object] = {}
    exec(line, built)  # the listing's own expression for the table
    assert built["FOLLOW_OF"] == compiled.generated.namespace["FOLLOW_OF"]
