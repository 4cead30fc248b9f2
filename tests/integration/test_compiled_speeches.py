"""An auction's speeches on locals (`compiled.speeches`) against the interpreter.

Every contract ruleset and overlays of the auction's options (speeches until all pass,
a bid that closes, 2 + points only after a 2, the forced bid, the same dealer after an
all-pass deal with only some bids then) are played deal by deal on both paths
(`test_compiled_contract.compare`: the same choices offered in the same order, the
states equal after every deal). Since session 9 no speech reaches `auction.act` from
`speeches` but the last one of an auction everybody passed with a forced bid (`_forced`):
the others, the last too, are made on the locals - the auctions won and those everybody
passed both seen ending there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.integration.test_compiled_contract import OVERLAYS as CONTRACT_OVERLAYS
from tests.integration.test_compiled_contract import compare, passing
from tressette_dsl.compiled import speeches as speeches_module
from tressette_dsl.engine.actions import Pass
from tressette_dsl.engine.phases import auction as auction_kind
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset

BUNDLED = [
    "calabresella",
    "briscola-chiamata",
    "tressette-chiamata",
    "calabrasella-americana",
]  # (tressette-chiamata-del-tre has no auction)

AUCTION_CASES = (  # the contract tests' overlays of the auction's options
    "bidding until all pass",
    "2 + points only after a 2",
    "a forced chiamo for the eldest",
    "the same dealer after all pass, then only solo or solissimo",
)
OVERLAYS: dict[str, tuple[str, str]] = {
    **{case: CONTRACT_OVERLAYS[case] for case in AUCTION_CASES},
    "chiamo closes": ("calabresella", "phases: {auction: {bids: {chiamo: {closes: true}}}}"),
}


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Within the compiled path's `speeches`: the auctions, the speeches chosen, and the
    speeches that reached `auction.act` (the interpreter's path is not counted)."""
    seen = {"auctions": 0, "speeches": 0, "acts": 0, "inside": 0, "forced": 0}
    seen.update(won=0, all_passed=0)
    real_speeches, real_act = speeches_module.speeches, auction_kind.act

    def speeches(*args: Any) -> bool:
        stats, step = args[4], args[2]  # each speech chosen counts one action
        before, acts = stats.actions, seen["acts"]
        seen["auctions"] += 1
        seen["inside"] = 1
        try:
            got = real_speeches(*args)
        finally:
            seen["inside"] = 0
            seen["speeches"] += stats.actions - before
        if seen["acts"] == acts:  # ended on the locals: won, or everybody passed
            seen["won" if got else "all_passed"] += 1
            assert got or step.restart == "all_pass"
        return got

    def act(*args: Any) -> bool:
        step, spec, action = args
        seen["acts"] += seen["inside"]
        seen["forced"] += seen["inside"] and (  # everybody passed, a bid forced
            spec.forced is not None
            and step.state.contract_part.bid is None
            and isinstance(action, Pass)
        )
        return real_act(*args)

    monkeypatch.setattr("tressette_dsl.compiled.contract.speeches", speeches)
    monkeypatch.setattr(auction_kind, "act", act)
    return seen


def _check(rules: Any, deals: int, counts: dict[str, int], mp: pytest.MonkeyPatch) -> None:
    compare(rules, deals, mp)
    assert counts["auctions"] >= deals // 2
    # none by `act` but a forced bid's, the others (the last ones too) on the locals
    assert counts["acts"] == counts["forced"]
    assert counts["won"] + counts["forced"] + counts["all_passed"] == counts["auctions"]
    assert counts["speeches"] > counts["auctions"]


@pytest.mark.parametrize("name", BUNDLED)
def test_speeches_play_the_same(
    name: str, counts: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    _check(load_ruleset(name), 100, counts, monkeypatch)


@pytest.mark.parametrize("case", sorted(OVERLAYS))
def test_speeches_overlay_plays_the_same(
    case: str,
    house: Callable[..., Ruleset],
    counts: dict[str, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _check(house(*OVERLAYS[case]), 80, counts, monkeypatch)


@pytest.mark.parametrize(
    ("base", "body"),
    [
        ("briscola-chiamata", ""),
        ("tressette-chiamata", "phases: {auction: {speeches: until_pass}}"),
        ("calabresella", ""),
    ],
)
def test_mostly_passing_auctions_play_the_same(
    base: str, body: str, house: Callable[..., Ruleset], counts: dict[str, int]
) -> None:
    """Seats that mostly pass (`test_compiled_contract.passing`): the auctions that end
    with the last seat left bidding, or with everybody passing, as the interpreter ends
    them - on auctions that really went so."""
    rules = house(base, body)
    last_alone = 0
    for state in passing(rules, range(1, 6), 12):
        for deal in state.match.deals:
            last_alone += deal.counted and deal.declarer is not None
    assert last_alone >= 5
    assert counts["acts"] == counts["forced"]
    assert counts["won"] >= 5 and counts["all_passed"] >= 3  # both ends on the locals
