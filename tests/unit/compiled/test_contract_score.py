"""A contract deal's scoring as one generated function (`compiled.contractscore`) against
`ContractEnd._record(..., general=True)`, the step-by-step computation it replaces.

Every deal a playout scores on the kernel's side is scored both ways from the same facts
(the seats' captures and tricks, the last trick, the contract): the same totals and the
same `DealRecord`, field for field and of the same types, on every contract ruleset and
on overlays whose formulas read every name the generated code writes (the big wins on
the other side's points and the deal's total, the declarer's side, the payoff's
names, people at the table). Captures that overlap go to the general way.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tests.integration.test_compiled_contract import BUNDLED
from tests.integration.test_compiled_contract_end import OVERLAYS as END_OVERLAYS
from tressette_dsl.compiled import compile_ruleset, playout_new_match
from tressette_dsl.compiled.contractend import ContractEnd
from tressette_dsl.engine.state import Contract, Match
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset

# every contract ruleset (calabresella-1-2-3 is a house rule, by its path), people too
CONTRACT_RULESETS = [*BUNDLED, "calabresella-a-quattro"]

# the contract end's overlays (every payoff name, the declarer's side, people at the
# table...) and big wins that read every name a side's facts give
OVERLAYS: dict[str, tuple[str, str]] = {
    **END_OVERLAYS,
    "big wins on the others' points and the deal's total, by side": (
        "calabresella",
        "scoring: {big_wins: {"
        'cappotto: {condition: "opp_points == 0 and deal_total > 3", multiplier: 5}, '
        "stramazzo: {multiplier: 3, "
        'condition: "declarer_side and opp_tricks > 0 and opp_cards_units < 3"}, '
        "best: {multiplier: 2, "
        'condition: "best_seat_tricks > 6 and units_outside_best_seat < 40"}}}',
    ),
}


def _scored_facts(rules: Ruleset, deals: int, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The arguments of every `_record` of random matches until `deals` were scored."""
    calls: list[Any] = []
    real = ContractEnd._record

    def record(self: ContractEnd, cp: Contract, m: Match, **facts: Any) -> Any:
        calls.append((cp, m, facts))
        return real(self, cp, m, **facts)

    monkeypatch.setattr(ContractEnd, "_record", record)
    seed = 0
    while len(calls) < deals:
        seed += 1
        playout_new_match(rules, seed, random.Random(seed))
    monkeypatch.setattr(ContractEnd, "_record", real)
    return calls


def _check(rules: Ruleset, deals: int, monkeypatch: pytest.MonkeyPatch) -> None:
    end = compile_ruleset(rules).contract_end
    assert end is not None
    calls = _scored_facts(rules, deals, monkeypatch)
    for cp, m, facts in calls:
        want = end._record(cp, m, general=True, **facts)
        got = end._record(cp, m, **facts)
        assert got == want
        if want is not None and got is not None:
            assert [type(v) for v in got[0]] == [type(v) for v in want[0]]
            for name in ("units", "cards_units", "points", "deltas", "totals"):
                assert [type(v) for v in getattr(got[1], name)] == [
                    type(v) for v in getattr(want[1], name)
                ]
    # the deals were scored by generated functions, one per declarer and partner met
    made = [f for f in end.records.values() if f is not None]
    assert made, "no scoring function was generated"
    assert len(made) == len(end.records)


@pytest.mark.parametrize("name", CONTRACT_RULESETS)
def test_generated_scoring_is_the_general_ways(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _check(load_ruleset(name), 150, monkeypatch)


@pytest.mark.parametrize("case", sorted(OVERLAYS))
def test_generated_scoring_of_overlays(
    case: str, house: Callable[..., Ruleset], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, body = OVERLAYS[case]
    _check(house(base, body), 120, monkeypatch)


def test_overlapping_captures_take_the_general_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """Captures that share a card (no real deal has them) are summed card by card by
    `_record`'s general way, not by the seats' tables added up: the generated function
    hands them over, and its answer is the general way's."""
    rules = load_ruleset("calabresella")
    end = compile_ruleset(rules).contract_end
    assert end is not None
    cp, m, facts = _scored_facts(rules, 1, monkeypatch)[0]
    won = list(facts["won"])
    shared = won[0] & -won[0] if won[0] else won[1] & -won[1]
    won = [w | shared for w in won]
    facts = {**facts, "won": won}
    handed: list[bool] = []
    real = end._record

    def general(*args: Any, **kwargs: Any) -> Any:
        handed.append(kwargs.get("general", False))
        return real(*args, **kwargs)

    monkeypatch.setattr(end, "_record", general)
    end.records.clear()  # made again, with the fallback above
    assert end._record(cp, m, **facts) == real(cp, m, general=True, **facts)
    assert handed == [False, True]  # the call, then its fallback: the general way
