"""The step API's fast paths against the generic path, on every bundled ruleset.

Some transitions have a fast path written beside the generic one (session 5: the card
that completes a trick begins the next trick in the same state copy, `tricks.
_next_trick_now`). This test plays random walks twice - once as the engine runs, once
with every fast path switched off (`generic`) - choosing the same index each step, and
requires equal states, equal events, equal legal lists and the same refusal, with the same
message, for an illegal action, at every step.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tressette_dsl.engine import apply, fast_step, is_over, legal_actions, new_game
from tressette_dsl.engine.actions import Claim, Play
from tressette_dsl.engine.errors import IllegalActionError
from tressette_dsl.engine.phases import tricks
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset, playable_rulesets
from tressette_dsl.rules.model import Ruleset

RULESETS = [path.stem for path in playable_rulesets()]
STEPS = 260  # per walk: a few deals of most rulesets


@contextmanager
def generic(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every fast path off: the engine takes its generic path for each transition."""
    with monkeypatch.context() as patch:
        patch.setattr(tricks, "_next_trick_now", lambda *_args: None)
        patch.setattr(fast_step, "ENABLED", False)
        yield


def _walk(rules: Ruleset, seed: int) -> list[tuple[GameState, tuple[object, ...], object]]:
    """Per step: the state after it, (the legal list, the events), what an illegal card
    gets. Claims are chosen only when nothing else is legal, as bench_engine does."""
    rng = random.Random(seed)
    state, out, game = new_game(rules, seed), [], 0
    for _step in range(STEPS):
        if is_over(state):  # another match (a random claim may end one early)
            game += 1
            state = new_game(rules, seed + 1000 * game)
        legal = legal_actions(rules, state)
        refusal = _refusal(rules, state)
        others = [a for a in legal if not isinstance(a, Claim)] or list(legal)
        action = others[rng.randrange(len(others))]
        state, events = apply(rules, state, action)
        out.append((state, (legal, events), refusal))
    return out


def _refusal(rules: Ruleset, state: GameState) -> str:
    """The message for a card the seat to act does not hold (or '' when it holds all)."""
    seat = state.cursor.to_act
    if seat is None:
        return ""
    held = state.cards.hands[seat]
    absent = [c for c in range(rules.deck.size) if not held >> c & 1]
    if not absent:
        return ""
    try:
        apply(rules, state, Play(rules.deck.card_text[absent[0]]))
    except IllegalActionError as exc:
        return str(exc)
    return "accepted"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_fast_paths_match_the_generic_path(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_ruleset(ruleset)
    for seed in (1, 2):
        fast = _walk(rules, seed)
        with generic(monkeypatch):
            slow = _walk(rules, seed)
        assert len(fast) == len(slow) > 0
        for step, (one, other) in enumerate(zip(fast, slow, strict=True)):
            assert one[0] == other[0], f"{ruleset} seed {seed}: states differ at step {step}"
            assert one[1] == other[1], f"{ruleset} seed {seed}: legal/events differ at {step}"
            assert one[2] == other[2], f"{ruleset} seed {seed}: refusals differ at {step}"
            assert one[0].to_dict() == other[0].to_dict()


def test_the_fast_path_is_taken() -> None:
    """The walk above compares something: on `tressette` most tricks take the fast path."""
    rules = load_ruleset("tressette")
    taken = []
    original = tricks._next_trick_now

    def spy(*args: object) -> tuple[bool, bool] | None:
        found = original(*args)  # type: ignore[arg-type]
        taken.append(found is not None)
        return found

    tricks._next_trick_now = spy  # type: ignore[assignment]
    try:
        _walk(rules, 1)
    finally:
        tricks._next_trick_now = original
    assert sum(taken) >= len(taken) // 2 > 0
