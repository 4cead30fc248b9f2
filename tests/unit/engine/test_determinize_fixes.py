"""Determinisation fixes of issue 9: public facts that were missed, and exact sampling.

* the called card the caller holds (calabresella: nobody hands it over, the shown monte
  lacks it, so every seat knows the caller has it);
* a truthful `volo` (no card left of the suit) is a hard void, not a soft wish;
* when uniform tries fail, the fallback is exactly uniform (assignment.uniform);
* `unseen()` does not count a shown monte as seen after face-down discards went into it;
* `Observation.tricks` carries the follow-suit flag of the trick records.
"""

from __future__ import annotations

import importlib
import itertools
import random
from collections import Counter

import pytest

from tressette_dsl.engine import apply, determinize, legal_actions, new_game, observe
from tressette_dsl.engine.assignment import count, uniform
from tressette_dsl.engine.signals import unseen
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset

det_module = importlib.import_module("tressette_dsl.engine.determinize")


def _chiamo_own_card(rules: Ruleset, seed: int, until: str) -> GameState:
    """Seat 0 bids chiamo and calls a card it holds; first legal actions otherwise, until
    the phase `until` is reached."""
    s = new_game(rules, seed)
    while rules.flow[s.phase].id != until:
        legal = legal_actions(rules, s)
        texts = [str(a) for a in legal]
        seat = s.to_act
        assert seat is not None
        pick = legal[0]
        if "bid chiamo" in texts:
            pick = legal[texts.index("bid chiamo" if seat == 0 else "pass")]
        elif "pass" in texts:
            pick = legal[texts.index("pass")]
        elif texts[0].startswith("call "):
            own = [a for a in legal if s.hands[seat] >> rules.deck.by_text[str(a).split()[1]] & 1]
            pick = own[0]
        s, _ = apply(rules, s, pick)
    return s


@pytest.mark.parametrize("until", ["discard", "play"])
def test_a_called_card_the_caller_holds_stays_with_him(until: str) -> None:
    rules = load_ruleset("calabresella")
    for seed in (1, 2, 3):
        s = _chiamo_own_card(rules, seed, until)
        called = s.contract_part.called_card
        assert called is not None and s.contract_part.declarer == 0
        assert s.contract_part.call_supplier is None  # nobody handed it over
        rng = random.Random(seed)
        for seat in (1, 2):
            for _ in range(40):
                world = determinize(rules, s, seat, rng)
                holder = world.hands[0] | world.discarded[0]
                assert holder >> called & 1, (seed, seat, until)
                assert not (world.hands[1] | world.hands[2]) >> called & 1


def _volo_state(rules: Ruleset) -> GameState:
    """Seat 0 leads 4D with volo (its last diamond); seat 1 shows a void in diamonds."""
    hands = {
        0: "4D 3C 2C AC KC QC JC 7C 6C 5C",
        1: "3S 2S AS KS QS JS 7S 6S 5S 4S",
        2: "3D 2D AD KD QD JD 7D 6D 5D 3B",
    }  # seat 3: 4C and the rest of the B
    s = new_game(rules, 1, dealer=3, hands={k: v.split() for k, v in hands.items()})
    for text in ("play 4D volo", "play 3S"):
        s, _ = apply(rules, s, next(a for a in legal_actions(rules, s) if str(a) == text))
    return s


def test_volo_is_a_hard_void_for_every_other_seat() -> None:
    rules = load_ruleset("tressette")
    s = _volo_state(rules)
    diamonds = rules.deck.suit_mask[rules.deck.suits.index("D")]
    rng = random.Random(7)
    for seat in (2, 3):
        problem = det_module._Problem(rules, s, seat)
        assert (0, rules.deck.suits.index("D")) in problem.voids()
        for _ in range(300):
            world = determinize(rules, s, seat, rng)
            assert not world.hands[0] & diamonds
            assert not world.hands[1] & diamonds


def test_the_fallback_is_exactly_uniform(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no uniform tries, the exact sampler gives each consistent deal the same
    chance: the frequency of a hidden card in a hand matches the rejection sampler's."""
    rules = load_ruleset("tressette")
    s = _volo_state(rules)
    card = rules.deck.by_text["3D"]

    def share(tries: int, n: int = 1500) -> float:
        monkeypatch.setattr(det_module, "UNIFORM_TRIES", tries)
        rng = random.Random(11)
        hits = sum(determinize(rules, s, 3, rng).hands[2] >> card & 1 for _ in range(n))
        return hits / n

    exact, rejection = share(0), share(500)
    assert abs(exact - rejection) < 0.06, (exact, rejection)


def test_uniform_placements_match_brute_force() -> None:
    allowed = [0b011, 0b011, 0b110, 0b111, 0b100, 0b101, 0b111]
    caps = [2, 3, 2]
    valid = [
        combo
        for combo in itertools.product(range(3), repeat=len(allowed))
        if all(a >> g & 1 for a, g in zip(allowed, combo, strict=True))
        and all(combo.count(g) == caps[g] for g in range(3))
    ]
    assert count(allowed, caps) == len(valid) > 5
    rng = random.Random(3)
    seen = Counter(tuple(uniform(allowed, caps, rng)) for _ in range(200 * len(valid)))
    assert set(seen) == set(valid)
    assert max(seen.values()) < 1.4 * 200 and min(seen.values()) > 0.6 * 200
    assert count([0b01, 0b01], [1, 5]) == 0
    with pytest.raises(ValueError, match="no placement"):
        uniform([0b01, 0b01], [1, 5], rng)


def test_unseen_after_face_down_discards_into_a_shown_monte() -> None:
    rules = load_ruleset("calabresella")
    s = _chiamo_own_card(rules, 4, "play")
    monte = 0
    for card in s.monte:
        monte |= 1 << card
    assert monte and s.discarded[0] & monte == monte  # the soloist's face-down discards
    for seat in (1, 2):
        assert unseen(rules, s, seat) & monte == monte  # a defender has not seen them
    assert not unseen(rules, s, 0) & monte  # the soloist has


def test_observation_tricks_say_whether_suit_had_to_be_followed() -> None:
    rules = load_ruleset("tressette-in-due")
    s = new_game(rules, 2)
    while not s.tricks:
        s, _ = apply(rules, s, legal_actions(rules, s)[0])
    obs = observe(rules, s, 0)
    assert [t["follow"] for t in obs.tricks] == [t.follow for t in s.tricks]
