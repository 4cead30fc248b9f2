"""The heuristic bot's rules of thumb, on hand-made observations of the default game.

Seats are numbered anticlockwise and play goes anticlockwise in `tressette`, so in a trick
led by East (1) the order is East, North (2), West (3), South (0); South and North are
partners.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.unit.agents.heuristic_views import heuristic_choice, rules_of_thumb
from tressette_dsl.engine import new_game
from tressette_dsl.loader import load_ruleset


@pytest.fixture(autouse=True)
def _rules_only() -> Iterator[None]:
    """These are the rules of thumb: the fitted evaluator, which may overrule them in
    `tressette`-shaped games, is off here (`heuristic_views.rules_of_thumb`)."""
    with rules_of_thumb():
        yield


@pytest.fixture(scope="module")
def rules() -> Any:
    return load_ruleset("tressette")


@pytest.fixture(scope="module")
def state(rules: Any) -> Any:
    return new_game(rules, 1)


_choose = heuristic_choice  # seat 0's choice on a hand-made observation


def test_wins_cheaply_when_last_to_play(rules: Any, state: Any) -> None:
    trick = ((1, "KD"), (2, "4D"), (3, "5D"))
    hand = ["3D", "2D", "6D", "AC"]
    assert _choose(rules, state, hand, ["play 3D", "play 2D", "play 6D"], trick=trick) == "play 2D"


def test_follows_with_the_lowest_card_when_it_cannot_win(rules: Any, state: Any) -> None:
    hand = ["2D", "AD", "4D", "KC"]
    legal = ["play 2D", "play AD", "play 4D"]
    assert _choose(rules, state, hand, legal, trick=((1, "3D"),)) == "play 4D"


def test_loads_the_ace_on_the_partners_winning_three(rules: Any, state: Any) -> None:
    trick = ((1, "4D"), (2, "3D"), (3, "5D"))
    legal = ["play AD", "play KD", "play 6D"]
    assert _choose(rules, state, ["AD", "KD", "6D"], legal, trick=trick) == "play AD"


def test_leads_a_master_card_with_points(rules: Any, state: Any) -> None:
    hand = ["3S", "4D", "5D", "6D"]
    assert _choose(rules, state, hand, [f"play {c}" for c in hand]) == "play 3S"


def test_leads_low_from_the_longest_suit_without_masters(rules: Any, state: Any) -> None:
    hand = ["KS", "4D", "5D", "6D", "7C"]
    assert _choose(rules, state, hand, [f"play {c}" for c in hand]) == "play 4D"


def test_prefers_the_plain_play_to_a_signal(rules: Any, state: Any) -> None:
    hand = ["3S", "4S"]
    legal = ["play 3S busso", "play 3S", "play 4S", "play 4S busso"]
    assert _choose(rules, state, hand, legal) == "play 3S"


def test_declares_the_most_valuable_combination(rules: Any, state: Any) -> None:
    legal = ["declare tris A-C", "declare napoletana D", "done"]
    hand = ["AD", "2D", "3D", "AS", "AB"]
    assert _choose(rules, state, hand, legal) in {"declare tris A-C", "declare napoletana D"}
    legal = ["declare poker A", "declare napoletana D", "done"]
    assert _choose(rules, state, hand, legal) == "declare poker A"


def test_claims_only_when_the_running_total_reaches_the_target(rules: Any, state: Any) -> None:
    legal = ["play 4D", "claim"]
    assert _choose(rules, state, ["4D"], legal, running=(21, 3)) == "claim"
    assert _choose(rules, state, ["4D"], legal, running=(20, 3)) == "play 4D"


@pytest.fixture(scope="module")
def calabresella() -> tuple[Any, Any]:
    rules = load_ruleset("calabresella")
    return rules, new_game(rules, 1)


STRONG = ["3C", "2C", "AC", "3D", "2D", "AD", "3S", "2S", "AS", "3B", "2B", "AB"]
WEAK = ["4C", "5C", "6C", "7C", "4D", "5D", "6D", "7D", "4S", "5S", "6S", "7S"]


def test_bids_with_a_strong_hand_and_passes_with_a_weak_one(
    calabresella: tuple[Any, Any],
) -> None:
    rules, state = calabresella
    legal = ["pass", "bid chiamo", "bid solo", "bid solissimo"]
    assert _choose(rules, state, STRONG, legal, known=((),) * 3) == "bid chiamo"
    assert _choose(rules, state, WEAK, legal, known=((),) * 3) == "pass"


def test_calls_the_strongest_missing_card_of_a_long_suit(calabresella: tuple[Any, Any]) -> None:
    rules, state = calabresella
    hand = ["2C", "AC", "KC", "QC", "JC", "3D", "AD", "4S", "5S", "6S", "7B", "6B"]
    legal = [f"call {c}" for c in ("3C", "2D", "3S", "3B", "KD")]
    assert _choose(rules, state, hand, legal, known=((),) * 3) == "call 3C"


def test_discards_worthless_cards_from_short_suits(calabresella: tuple[Any, Any]) -> None:
    rules, state = calabresella
    hand = ["3C", "2C", "AC", "7C", "6C", "4D", "KS", "QS"]
    legal = [f"discard {c}" for c in hand]
    assert _choose(rules, state, hand, legal, known=((),) * 3) == "discard 4D"
