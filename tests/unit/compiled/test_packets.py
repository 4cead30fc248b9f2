"""The generated packets of a deal hold the cards the plan's slices give, seat by seat."""

from __future__ import annotations

import pytest

from tressette_dsl.compiled.dealend import FastEnd
from tressette_dsl.compiled.draws import shuffled
from tressette_dsl.loader import load_ruleset, playable_rulesets


def _sliced(fast: FastEnd, order: tuple[int, ...], dealer: int, n: int) -> tuple[object, ...]:
    plan = fast._plan(dealer, n, len(order))
    hands = [0] * n
    for seat, a, b in plan[0]:
        for c in order[a:b]:
            hands[seat] |= 1 << c
    monte = tuple(c for a, b in plan[1] for c in order[a:b])
    stock = tuple(c for a, b in plan[2] for c in order[a:b])
    return hands, monte, stock


@pytest.mark.parametrize("name", [p.stem for p in playable_rulesets()])
def test_packets_equal_the_plan_slices(name: str) -> None:
    rules = load_ruleset(name)
    fast = FastEnd.build(rules)
    if fast is None:
        pytest.skip("not of the fast end's shape")
    n = rules.players.count
    for dealer in range(n):
        for deal_no in (1, 2, 9):
            order = shuffled(rules.deck.cards, 31, deal_no)
            got = fast.deal_cards(31, deal_no, dealer, n)
            assert got == _sliced(fast, order, dealer, n)
