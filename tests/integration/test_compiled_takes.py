"""A seat's takes of a count on locals (`compiled.takes`) against the interpreter.

calabrasella-americana (the declarer takes back from the widow as many as he discarded:
`count: "discarded"`) and overlays (a count that reads the seat and the declarer too, on
the locals; one that reads a zone's size, which a take may change, and calabresella's
take without a count, each the interpreter's card by card), deal by deal on both paths
(`test_compiled_contract.compare`: the same choices in the same order, the same
states). Only each seat's last card reaches `take.act` from `takes`; the others are
taken on the locals.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.integration.test_compiled_discards import play_case
from tressette_dsl.compiled import takes as takes_module
from tressette_dsl.engine.phases import take as take_kind

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
    "no count: the interpreter's": ("calabresella", "", False),
}


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Within the compiled path's `takes`: the runs that took, the cards they drew, and
    those `act` took."""
    seen = {"runs": 0, "cards": 0, "acts": 0, "inside": 0}
    real_takes, real_act = takes_module.takes, take_kind.act

    def takes(*args: Any) -> bool | None:
        stats = args[4]
        before = stats.actions
        seen["inside"] = 1
        try:
            got = real_takes(*args)
        finally:
            seen["inside"] = 0
        seen["runs"] += got is not None
        seen["cards"] += stats.actions - before
        return got

    def act(*args: Any) -> bool:
        seen["acts"] += seen["inside"]
        return real_act(*args)

    monkeypatch.setattr("tressette_dsl.compiled.contract.takes", takes)
    monkeypatch.setattr(take_kind, "act", act)
    return seen


@pytest.mark.parametrize("case", sorted(CASES))
def test_takes_play_the_same(
    case: str, tmp_path: Path, counts: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    play_case(CASES[case], tmp_path, counts, monkeypatch)
