"""The fused card play (engine/phases/trick_step.py) against the generic path.

`apply` of a listed card in a trick phase takes `trick_step.play_card` (one function, no
`Step`), and the legal list of a seat about to play a card `trick_step.play_legal`. The
reference is the generic path (`tricks._play` through the phase's `act`, and
`tricks._play_legal`): this test plays random walks on every bundled ruleset twice, with
the fused path on and off, choosing the same index each step, and requires at every step
equal states (and their plain data), equal events - with and without events asked for -
equal legal lists, and the same refusal, with the same message, for a card not held and
for a card of another suit when the seat must follow.
"""

from __future__ import annotations

import random

import pytest

from tressette_dsl.engine import apply, is_over, legal_actions, new_game
from tressette_dsl.engine.actions import Claim, Play
from tressette_dsl.engine.errors import IllegalActionError
from tressette_dsl.engine.phases import trick_step
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset, playable_rulesets
from tressette_dsl.rules.model import Ruleset

RULESETS = [path.stem for path in playable_rulesets()]
STEPS = 300  # per walk: several deals of most rulesets

Walk = list[tuple[GameState, object, object, tuple[str, str]]]


def _walk(rules: Ruleset, seed: int) -> Walk:
    """Per step: the state after it, the legal list, the events, the refusals of a card
    not held and of a card that does not follow. Claims only when nothing else is legal."""
    rng = random.Random(seed)
    state, out, game = new_game(rules, seed), [], 0
    for _step in range(STEPS):
        if is_over(state):
            game += 1
            state = new_game(rules, seed + 1000 * game)
        legal = legal_actions(rules, state)
        refusals = (_refused(rules, state, held=False), _refused(rules, state, held=True))
        others = [a for a in legal if not isinstance(a, Claim)] or list(legal)
        action = others[rng.randrange(len(others))]
        quiet, _none = apply(rules, state, action, events=False)
        state, events = apply(rules, state, action)
        assert quiet == state and _none == ()
        out.append((state, legal, events, refusals))
    return out


def _refused(rules: Ruleset, state: GameState, *, held: bool) -> str:
    """The message for a card the seat does not hold (`held` False) or holds but may not
    play now (True); '' when there is no such card."""
    seat = state.cursor.to_act
    if seat is None:
        return ""
    hand = state.cards.hands[seat]
    listed = {a.card for a in legal_actions(rules, state) if isinstance(a, Play)}
    texts = rules.deck.card_text
    pool = [c for c in range(rules.deck.size) if bool(hand >> c & 1) == held]
    pool = [c for c in pool if texts[c] not in listed]
    if not pool:
        return ""
    try:
        apply(rules, state, Play(texts[pool[0]]))
    except IllegalActionError as exc:
        return str(exc)
    return "accepted"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_fused_card_play_matches_the_generic_path(
    ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = load_ruleset(ruleset)
    for seed in (1, 2):
        fused = _walk(rules, seed)
        with monkeypatch.context() as patch:
            patch.setattr(trick_step, "ENABLED", False)
            generic = _walk(rules, seed)
        assert len(fused) == len(generic) > 0
        for step, (one, other) in enumerate(zip(fused, generic, strict=True)):
            where = f"{ruleset} seed {seed} step {step}"
            assert one[0] == other[0], f"{where}: states differ"
            assert hash(one[0]) == hash(other[0]), f"{where}: hashes differ"
            assert one[1] == other[1], f"{where}: legal lists differ"
            assert one[2] == other[2], f"{where}: events differ"
            assert one[3] == other[3], f"{where}: refusals differ"
            assert one[0].to_dict() == other[0].to_dict(), f"{where}: plain data differs"


def test_the_fused_path_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """The walks above compare something: on `tressette` most cards take the fused path."""
    rules = load_ruleset("tressette")
    answers: list[bool] = []
    original = trick_step.play_card

    def spy(*args: object) -> object:
        found = original(*args)  # type: ignore[arg-type]
        answers.append(found is not None)
        return found

    monkeypatch.setattr(trick_step, "play_card", spy)
    _walk(rules, 1)
    assert sum(answers) >= 3 * len(answers) // 4 > 0
