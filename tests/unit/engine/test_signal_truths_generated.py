"""The generated signal truths list the very plays the closures list (issue 8, item 4).

`engine.signals` turns each signal's truth into one Python expression (the compiled
kernel's expression writer) and offers each card's plays from it. Every legal list of a
random game, on each bundled ruleset with signals and on the digest overlays that change
signals, must equal what the closures give (`card_offers` switched off), in order.
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from tressette_dsl.engine import apply, is_over, legal_actions, new_game, signals
from tressette_dsl.engine import game as game_module
from tressette_dsl.loader import load_ruleset, playable_rulesets
from tressette_dsl.rules.model import Ruleset

_DIGEST = Path(__file__).parents[2] / "integration" / "test_digest_parameters.py"
_spec = importlib.util.spec_from_file_location("digest_parameters_for_signals", _DIGEST)
assert _spec is not None and _spec.loader is not None
_digest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_digest)
SIGNAL_OVERLAYS = {
    name: case
    for name, case in _digest.CASES.items()
    if "signal" in case[1] or "bluff" in case[1] or "truthful" in case[1]
}
WITH_SIGNALS = sorted(p.stem for p in playable_rulesets() if load_ruleset(p).signals)


def _legal_lists(rules: Ruleset, seed: int, steps: int) -> list[tuple[object, ...]]:
    rng = random.Random(seed)
    state = new_game(rules, seed)
    out = []
    while not is_over(state) and len(out) < steps:
        game_module._LAST_LEGAL = (None, None, ())  # worked out afresh, not remembered
        legal = legal_actions(rules, state)
        out.append(legal)
        state, _events = apply(rules, state, legal[rng.randrange(len(legal))], events=False)
    return out


def _same_both_ways(rules: Ruleset, monkeypatch: pytest.MonkeyPatch) -> int:
    generated = [_legal_lists(rules, seed, 300) for seed in range(4)]
    with monkeypatch.context() as m:
        m.setattr(signals, "card_offers", lambda *_args: None)  # the closures decide
        closures = [_legal_lists(rules, seed, 300) for seed in range(4)]
    assert generated == closures
    return sum(len(lists) for lists in generated)


def test_the_generated_truths_are_used() -> None:
    rules = load_ruleset("tressette")
    assert signals._tables(rules).truths["lead"] is not None


@pytest.mark.parametrize("name", WITH_SIGNALS)
def test_bundled_signals_offer_the_same_plays(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _same_both_ways(load_ruleset(name), monkeypatch) > 0


@pytest.mark.parametrize("name", sorted(SIGNAL_OVERLAYS))
def test_signal_overlays_offer_the_same_plays(
    name: str, house: Callable[..., Ruleset], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, body = SIGNAL_OVERLAYS[name]
    assert _same_both_ways(house(base, body, "house-signals"), monkeypatch) > 0
