"""A seat's discards on locals (`compiled.discards`) against the interpreter.

Calabresella (four to the monte, two by each defender in dividete, a count read from
the state in scegliete: `taken`, which a discard leaves as it was) and overlays (one card
each in dividete, calabrasella-americana's unordered zone without `at_least`, and with
it: `done` among the choices once one is laid; an `at_least` read from the seat; an
`at_least` read from a zone's size and a count from the hand's, which a discard changes:
the interpreter's), deal by deal on both paths
(`test_compiled_contract.compare`: the same choices in the same order, the same states).
No card of a fixed count (nor a `done`) reaches `discard.act` from `discards` since
session 9: every seat's cards, the last ones too, are laid on the locals, one run a
phase.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.integration.test_compiled_contract import compare
from tressette_dsl.compiled import discards as discards_module
from tressette_dsl.engine.phases import discard as discard_kind
from tressette_dsl.rules.model import Ruleset

CASES: dict[str, tuple[str, str, bool]] = {  # (base, overlay, laid on the locals)
    "calabresella": ("calabresella", "", True),
    "dividete, one card each": (
        "calabresella",
        "phases: {dividete_deal: {count: 1}, dividete_discard: {count: 1}}",
        True,
    ),
    "an unordered zone": ("calabrasella-americana", "phases: {discard: {at_least: null}}", True),
    "at least one": ("calabrasella-americana", "", True),
    "an at_least read from the seat": (
        "calabrasella-americana",
        'phases: {discard: {at_least: "1 if seat == declarer else 2"}}',
        True,
    ),
    "an at_least read from a zone's size: the interpreter's": (
        "calabrasella-americana",
        'phases: {discard: {at_least: "1 if monte_size == 0 else 2"}}',
        False,
    ),
    "a count read from the hand's size: the interpreter's": (
        "calabrasella-americana",
        'phases: {discard: {count: "hand_size - 8", at_least: null}}',
        False,
    ),
}


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Within the compiled path's `discards`: the cards chosen, and those `act` laid."""
    seen = {"runs": 0, "cards": 0, "acts": 0, "inside": 0}
    real_discards, real_act, real_nth = (
        discards_module.discards,
        discard_kind.act,
        discards_module.nth_bit,
    )

    def discards(*args: Any) -> bool | None:
        seen["inside"] = 1
        try:
            got = real_discards(*args)
        finally:
            seen["inside"] = 0
        seen["runs"] += got is not None
        return got

    def nth_bit(*args: Any) -> int:
        seen["cards"] += seen["inside"]
        return real_nth(*args)

    def act(*args: Any) -> bool:
        seen["acts"] += seen["inside"]
        return real_act(*args)

    monkeypatch.setattr("tressette_dsl.compiled.contract.discards", discards)
    monkeypatch.setattr(discards_module, "nth_bit", nth_bit)
    monkeypatch.setattr(discard_kind, "act", act)
    return seen


@pytest.mark.parametrize("case", sorted(CASES))
def test_discards_play_the_same(
    case: str,
    house: Callable[..., Ruleset],
    counts: dict[str, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play_case(CASES[case], house, counts, monkeypatch)
    assert counts["acts"] == 0  # every card on the locals, the last ones too


def play_case(
    case: tuple[str, str, bool],
    house: Callable[..., Ruleset],
    counts: dict[str, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Play `case` (base, overlay, done on the locals) on both paths; how many cards
    reached the phase kind's `act` from the locals' run (`counts["acts"]`) is the
    caller's to check (here none, in test_compiled_takes each seat's last card but
    where the phase ends with it)."""
    base, body, on_locals = case
    compare(house(base, body), 100, monkeypatch)
    if on_locals:
        assert counts["runs"] >= 20
        assert counts["cards"] > counts["runs"]
    else:  # a count read from the state: every card by `act`
        assert counts["runs"] == counts["cards"] == 0
