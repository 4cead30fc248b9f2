"""A call made in one write (`compiled.calls`) against the interpreter.

Every contract ruleset with a call (a card handed over, `effect: transfer`; a secret
partner, `effect: partner`) and overlays (the partner shown at once, trump the called
card's suit, a partner called in calabresella, calls of a 3 only) are played deal by
deal on both paths (`test_compiled_contract.compare`: the same choices in the same
order, the same states). No call reaches `call.act` from the contract run: each is
`calls.called`'s, and each case calls a card another seat holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.integration.test_compiled_contract import BUNDLED, compare
from tests.unit.compiled.test_gates import _states
from tressette_dsl.compiled import calls as calls_module
from tressette_dsl.engine.actions import Call
from tressette_dsl.engine.phases import call as call_kind
from tressette_dsl.engine.step import Step
from tressette_dsl.engine.table import holder
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset, iter_cards

OVERLAYS: dict[str, tuple[str, str]] = {
    "the partner shown at once, trump the called suit": (
        "tressette-chiamata",
        "phases: {call: {reveal: immediately, trump: called_suit}, play: {trump: none}}",
    ),
    "a partner called in calabresella": ("calabresella", "phases: {call: {effect: partner}}"),
    "calls of a 3 only": ("calabresella", 'phases: {call: {cards: "of_rank(deck, 3) - hand"}}'),
}


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """The calls `called` made (of a card another seat held, or not) and the calls that
    reached `call.act` (from either path: the interpreter's are not counted)."""
    seen = {"called": 0, "elsewhere": 0, "acts": 0, "inside": 0}
    real_called, real_act = calls_module.called, call_kind.act

    def called(step: Any, spec: Any, card: int) -> bool:
        s = step.state
        owner = holder(s, card)
        seen["elsewhere" if owner < 0 or owner == s.cursor.to_act else "called"] += 1
        seen["inside"] = 1
        try:
            return real_called(step, spec, card)
        finally:
            seen["inside"] = 0

    def act(*args: Any) -> bool:
        seen["acts"] += seen["inside"]
        return real_act(*args)

    monkeypatch.setattr("tressette_dsl.compiled.contract.called", called)
    monkeypatch.setattr(call_kind, "act", act)
    return seen


def _check(
    rules: Any, deals: int, counts: dict[str, int], mp: pytest.MonkeyPatch, least: int
) -> None:
    compare(rules, deals, mp)
    assert counts["acts"] == 0
    assert counts["called"] + counts["elsewhere"] >= least and counts["called"] >= 1


@pytest.mark.parametrize("name", BUNDLED)
def test_calls_play_the_same(
    name: str, counts: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = load_ruleset(name)
    if not any(p.kind == "call" for p in rules.flow):
        pytest.skip("no call")
    _check(rules, 100, counts, monkeypatch, 1)


@pytest.mark.parametrize("case", sorted(OVERLAYS))
def test_call_overlays_play_the_same(
    case: str,
    house: Callable[..., Ruleset],
    counts: dict[str, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _check(house(*OVERLAYS[case]), 100, counts, monkeypatch, 5)


@pytest.mark.parametrize(
    ("base", "body"),
    [*((name, "") for name in BUNDLED if "del-tre" not in name), *OVERLAYS.values()],
)
def test_every_call_writes_acts_state(base: str, body: str, house: Callable[..., Ruleset]) -> None:
    """At every call of random games, each card that may be called: `called` leaves the
    state `call.act` leaves (what the deal's end would not show: the partner shown at
    once, the reveal of a card handed over), and answers as it does."""
    rules = house(base, body)
    text = rules.deck.card_text
    tried = 0
    for s in _states(rules, range(1, 9)):
        if s.cursor.sub != "call" or s.cursor.to_act is None:
            continue
        spec = rules.flow[s.cursor.phase]
        for card in iter_cards(call_kind.callable_cards(rules, spec, s)):
            want, got = Step(rules, s, False), Step(rules, s, False)
            answer = call_kind.act(want, spec, Call(text[card]))
            assert calls_module.called(got, spec, card) == answer
            assert got.state == want.state
            tried += 1
    assert tried >= 10
