"""A discard's and a move's `enter` written once (`compiled.enters`) against the kinds'.

At every discard and move phase `_advance` enters in random compiled playouts of the
contract rulesets with such phases (and overlays: a move shown, a move of a count to
the defenders, a discard of every seat), the emitted `enter` and the kind's own are
run on the same entered state: the same answer and the same state, field for field.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tressette_dsl.compiled.gates import Gates
from tressette_dsl.compiled.kernel import playout
from tressette_dsl.engine import new_game
from tressette_dsl.engine.phases import PHASE_KINDS
from tressette_dsl.engine.step import Step
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset

CASES: dict[str, tuple[str, str]] = {
    "calabresella": ("calabresella", ""),
    "americana": ("calabrasella-americana", ""),
    "the monte taken shown": ("calabresella", "phases: {take_monte: {shown: true}}"),
    "calabresella a quattro": ("calabresella-a-quattro", ""),
}


def _entered(rules: Ruleset, seeds: range, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """(phase index, the state `enter` was called on) for each discard and move the
    compiled path entered in whole matches of `seeds`."""
    seen: list[Any] = []
    real = Gates.enter

    def enter(self: Gates, index: int, step: Step, spec: Any) -> bool:
        if spec.kind in ("discard", "move"):
            seen.append((index, step.state))
        return real(self, index, step, spec)

    monkeypatch.setattr(Gates, "enter", enter)
    for seed in seeds:
        rngs = [random.Random(seed * 7 + x) for x in range(rules.players.count)]
        playout(rules, new_game(rules, seed), rngs, until="match", engine="compiled")
    monkeypatch.setattr(Gates, "enter", real)
    return seen


@pytest.mark.parametrize("case", sorted(CASES))
def test_enters_write_the_kinds_state(
    case: str, house: Callable[..., Ruleset], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, body = CASES[case]
    rules = house(base, body) if body else load_ruleset(base)
    gates = Gates(rules)
    phases: dict[str, int] = {}
    for index, state in _entered(rules, range(1, 7), monkeypatch):
        spec = rules.flow[index]
        emitted = gates.enters[index]
        assert emitted is not None, spec.id
        want, got = Step(rules, state, False), Step(rules, state, False)
        answer = PHASE_KINDS[spec.kind].enter(want, spec)
        assert emitted(got, spec) == answer, spec.id
        assert got.state == want.state, spec.id
        phases[spec.id] = phases.get(spec.id, 0) + 1
    # every discard and move phase of the flow entered, the common ones often
    assert set(phases) == {p.id for p in rules.flow if p.kind in ("discard", "move")}
    assert max(phases.values()) >= 10


def test_a_move_of_a_count_the_state_gives_is_the_kinds(house: Callable[..., Ruleset]) -> None:
    """A count that is an expression (it may read a zone's size, which an earlier
    seat's cards change): no emitted `enter`, the kind's own - and the same matches."""
    rules = house("calabresella", 'phases: {dividete_deal: {count: "deals_counted * 0 + 2"}}')
    index = next(i for i, p in enumerate(rules.flow) if p.id == "dividete_deal")
    assert Gates(rules).enters[index] is None
    assert Gates(rules).enters[index - 1] is not None  # the discard before it: emitted
