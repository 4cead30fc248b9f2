"""Invariants of random play on every playable bundled ruleset.

At every step: each card is in exactly one zone; legal actions are unique and never empty
until the match is over; `observe` never names a hidden card of another seat; the state
pickles and round-trips through JSON. Per deal: the units add up to the deck's units plus
the last-trick bonus (35 thirds in the Tressette family). Per match: the same seed and the
same choices give the same transcript, whatever the global `random` does.
"""

from __future__ import annotations

import json
import pickle
import random
import re

import pytest
from engine_support import bundled
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tressette_dsl.engine import apply, is_over, legal_actions, new_game, observe
from tressette_dsl.engine.events import DealScored
from tressette_dsl.engine.occupancy import shares_view
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import bundled_rulesets


def playable_ids() -> list[str]:
    out = []
    for path in bundled_rulesets():
        text = path.read_text(encoding="utf-8")
        if re.search(r"^abstract:\s*true", text, re.M):
            continue
        out.append(str(path))
    return sorted(out)


def counts_every_card(rules) -> bool:
    """Every card ends in someone's captures (no monte left uncounted)."""
    has_monte = any(
        p.zone == "monte" for phase in rules.flow for p in getattr(phase, "packets", ())
    )
    return rules.scoring.leftover_to != "none" or not has_monte


def check_zones(rules, s: GameState) -> None:
    seen = 0
    count = 0
    masks = [*s.hands, *s.won]
    masks += [1 << c for zone in s.zones for c in zone]  # every zone (a laid one too)
    masks += [1 << c for _x, c in s.trick]
    for mask in masks:
        assert not seen & mask, "a card is in two zones"
        seen |= mask
        count += mask.bit_count()
    assert seen == rules.deck.full_mask and count == rules.deck.size


def hidden_from(s: GameState, seat: int, rules=None) -> set[int]:
    """Cards in other hands that `seat` cannot know of (a dummy and its owner know each
    other's hands: `seating.dummy`)."""
    revealed = 0
    for r in s.reveals:
        revealed |= r.cards
    out = set()
    for other, hand in enumerate(s.hands):
        if other != seat and not (rules is not None and shares_view(rules, s, seat, other)):
            mask = hand & ~s.public[other] & ~revealed
            out |= {c for c in range(mask.bit_length()) if mask >> c & 1}
    return out


def check_no_leak(rules, s: GameState) -> None:
    """No hidden card of another seat is named anywhere in a view (the called card is named
    by the call itself: only its holder is secret), and a secret partner stays secret."""
    for seat in range(s.n):
        view = observe(rules, s, seat)
        data = view.to_dict()
        data.pop("called_card")
        data.pop("legal")  # a call names cards of others; plays come from its own hand
        words = set(re.findall(r"[0-9A-Za-z]+", json.dumps(data)))
        for card in hidden_from(s, seat, rules):
            if card != s.called_card:
                assert rules.deck.card_text[card] not in words, (seat, rules.deck.card_text[card])
        if view.partner is not None:
            assert s.partner_revealed or seat == s.partner


def playout(
    rules,
    seed: int,
    choices: random.Random,
    *,
    checks: bool,
    disturb: bool = False,
    max_steps: int = 4000,
) -> list[str]:
    state = new_game(rules, seed)
    transcript: list[str] = []
    steps = 0
    while not is_over(state) and steps < max_steps:
        legal = legal_actions(rules, state)
        assert legal, "no legal action before the end"
        texts = [str(a) for a in legal]
        assert len(set(texts)) == len(texts)
        quiet = [a for a in legal if str(a) != "claim"] or list(legal)
        action = quiet[choices.randrange(len(quiet))]
        if disturb:
            random.seed(steps)
            random.random()
        state, events = apply(rules, state, action)
        transcript.append(str(action))
        transcript.extend(json.dumps(e.to_dict(), sort_keys=True) for e in events)
        if checks:
            check_zones(rules, state)
            for event in events:
                if isinstance(event, DealScored) and counts_every_card(rules):
                    deal = state.deals[-1]
                    total = rules.deck.units(rules.deck.full_mask) + rules.scoring.last_trick
                    assert sum(deal.units) == total
            if steps % 7 == 0:
                check_no_leak(rules, state)
                assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
                assert pickle.loads(pickle.dumps(state)) == state
        steps += 1
    assert is_over(state), "the match did not end"
    return transcript


@pytest.mark.parametrize("path", playable_ids())
def test_random_play_keeps_the_invariants(path: str) -> None:
    rules = bundled(path)
    for seed in (1, 2):
        playout(rules, seed, random.Random(seed), checks=True)


@pytest.mark.parametrize("path", playable_ids())
def test_same_seed_same_transcript(path: str) -> None:
    rules = bundled(path)
    first = playout(rules, 5, random.Random(9), checks=False)
    second = playout(rules, 5, random.Random(9), checks=False, disturb=True)
    assert first == second


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(min_value=0, max_value=100),
    seed=st.integers(0, 2**32),
    pick=st.integers(0, 2**32),
)
def test_hypothesis_random_matches(index: int, seed: int, pick: int) -> None:
    ids = playable_ids()
    rules = bundled(ids[index % len(ids)])
    playout(rules, seed, random.Random(pick), checks=True)
