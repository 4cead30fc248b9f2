"""A seat's takes of a count on locals (`compiled.takes`) against the interpreter.

calabrasella-americana (the declarer takes back from the widow as many as he discarded:
`count: "discarded"`) and overlays (a count that reads the seat and the declarer too, on
the locals; one that reads a zone's size, which a take may change: the interpreter's
card by card) and calabresella's take without a count (scegliete: each defender takes
until `done`, the last the rest; since session 9 on the locals to the phase's end, no
card by `take.act`), deal by deal on both paths
(`test_compiled_contract.compare`: the same choices in the same order, the same
states). At most each seat's last card reaches `take.act` from `takes`, and since
session 9 not the one that ends the phase (the zone emptied, or no seat after it: the
declarer alone, as in calabrasella-americana); the others are taken on the locals. An
overlay that asks every seat (`who: all`, only the declarer owes cards; or every seat
one card, the last seat's the phase's end) plays both.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.integration.test_compiled_contract import compare
from tests.integration.test_compiled_discards import play_case
from tressette_dsl.compiled import takes as takes_module
from tressette_dsl.engine.phases import take as take_kind
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset

CASES: dict[str, tuple[str, str, bool]] = {  # (base, overlay, taken on the locals)
    "as many as discarded": ("calabrasella-americana", "", True),
    "a count that reads the seat": (
        "calabrasella-americana",
        'phases: {take_widow: {count: "discarded + (0 if seat == declarer else 1)"}}',
        True,
    ),
    "a count that reads the zone: the interpreter's": (
        "calabrasella-americana",
        'phases: {take_widow: {count: "discarded if monte_size == 0 else 0"}}',
        False,
    ),
    "no count: to the phase's end on the locals": ("calabresella", "", True),
    "every seat asked, the declarer owes": (
        "calabrasella-americana",
        "phases: {take_widow: {who: all}}",
        True,
    ),
}


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Within the compiled path's `takes`: the runs that took, the cards they drew, and
    those `act` took."""
    seen = {"runs": 0, "cards": 0, "acts": 0, "inside": 0, "acted": 0, "ended": 0}
    real_takes, real_act = takes_module.takes, take_kind.act

    def takes(*args: Any) -> bool | None:
        stats = args[4]
        before, acts = stats.actions, seen["acts"]
        seen["inside"] = 1
        try:
            got = real_takes(*args)
        finally:
            seen["inside"] = 0
        seen["runs"] += got is not None
        seen["cards"] += stats.actions - before
        if got is not None:  # the seat's last card by `act`, or the phase ended here
            seen["acted" if seen["acts"] > acts else "ended"] += 1
            assert seen["acts"] - acts <= 1
            assert seen["acts"] > acts or got is True
        return got

    def act(*args: Any) -> bool:
        seen["acts"] += seen["inside"]
        return real_act(*args)

    monkeypatch.setattr("tressette_dsl.compiled.contract.takes", takes)
    monkeypatch.setattr(take_kind, "act", act)
    return seen


@pytest.mark.parametrize("case", sorted(CASES))
def test_takes_play_the_same(
    case: str,
    house: Callable[..., Ruleset],
    counts: dict[str, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play_case(CASES[case], house, counts, monkeypatch)
    assert counts["acts"] == counts["acted"]  # each seat's last card, no other
    if case.startswith("every seat"):  # the declarer first (by `act`) or last (here)
        assert counts["acted"] >= 10 and counts["ended"] >= 10
    elif CASES[case][2]:  # the declarer alone, or no count: the phase ends on the locals
        assert counts["acts"] == 0 and counts["ended"] == counts["runs"]


def test_every_seat_takes_one(
    tmp_path: Path, counts: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each seat lays one card and takes one back: the first seats' cards by `act` (a
    seat after them still owes one), the last seat's on the locals, ending the phase."""
    path = tmp_path / "house.yaml"
    path.write_text(
        "id: house-case\nextends: calabrasella-americana\n"
        "phases: {discard: {who: all, count: 1, at_least: null}, take_widow: {who: all}}\n",
        encoding="utf-8",
    )
    compare(load_ruleset(path), 60, monkeypatch)
    assert counts["runs"] == counts["cards"] >= 60  # one card each
    assert counts["acted"] == 2 * counts["ended"] == counts["acts"]
