"""A contract deal's start on plain values (`compiled.prelude`) against the general path.

`Prelude` runs the auction, the call and the play's start of the flows `[deal, auction,
call, tricks, ...]` and `[deal, call, tricks, ...]` without `_advance` and `enter`
between them, and `Opening` enters the phase after a kernel-dealt deal as the deal is
written. Here: which bundled rulesets they are built for (by the flow's shape), that
they are taken there in random matches (every deal's start to its play, every deal
the kernel dealt), and that whole matches end in the state the same matches reach
with both turned off (the general compiled path) and on the interpreter - also where
the run hands over (auctions everybody passed, a forced bid, a called suit for trump).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.integration.test_compiled_contract import BUNDLED, passing
from tressette_dsl.compiled.kernel import playout
from tressette_dsl.compiled.prelude import Opening, Prelude, prelude_of
from tressette_dsl.engine import new_game
from tressette_dsl.loader import load_ruleset, playable_rulesets
from tressette_dsl.rules.model import Ruleset

OVERLAYS: dict[str, tuple[str, str]] = {
    "a forced bid for the eldest": (
        "tressette-chiamata",
        'phases: {auction: {speeches: until_pass, forced: {who: "next(dealer)", bid: punti}}}',
    ),
    "the partner shown at once, trump the called suit": (
        "tressette-chiamata",
        "phases: {call: {reveal: immediately, trump: called_suit}, play: {trump: none}}",
    ),
    "2 + points only after a 2, the declarer leads": (
        "briscola-chiamata",
        'phases: {auction: {bids: {due_punti: {after: due}}}, play: {first_lead: "declarer"}}',
    ),
}


def _shape(rules: Ruleset) -> bool:
    """The flows `Prelude` is for, read off the phases' kinds: after the deal an auction
    whose declarer calls, or a call, then the tricks - none with a `when`."""
    flow = rules.flow
    kinds = [p.kind for p in flow]
    if kinds[:1] != ["deal"] or rules.players.dummy is not None:
        return False
    start = 2 if kinds[1:3] == ["auction", "call"] else 1
    if kinds[start : start + 2] != ["call", "tricks"]:
        return False
    if start == 2 and getattr(flow[2].who, "role", None) != "declarer":
        return False
    return all(p.when is None for p in flow[1 : start + 2])


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """The runs `Prelude.run` made, those that ended at the play's start, and the deals
    `Opening.open` entered (and was asked to)."""
    seen = {"runs": 0, "played": 0, "opened": 0, "asked": 0}
    real_run, real_open = Prelude.run, Opening.open

    def run(self: Prelude, step: Any, *more: Any) -> None:
        seen["runs"] += 1
        real_run(self, step, *more)
        seen["played"] += step.state.cursor.sub == "play"

    def open_(self: Opening, dealt: Any) -> bool:
        seen["asked"] += 1
        opened = real_open(self, dealt)
        seen["opened"] += opened
        return opened

    monkeypatch.setattr(Prelude, "run", run)
    monkeypatch.setattr(Opening, "open", open_)
    return seen


def _matches(rules: Ruleset, seeds: range, engine: str) -> Iterator[Any]:
    for seed in seeds:
        rngs = [random.Random(seed * 17 + x) for x in range(rules.players.count)]
        yield playout(rules, new_game(rules, seed), rngs, until="match", engine=engine)


def _general(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both turned off: `contract_run` and `ContractEnd` go the general way."""
    monkeypatch.setattr("tressette_dsl.compiled.contract.prelude_of", lambda rules: None)
    monkeypatch.setattr(Opening, "open", lambda self, dealt: False)


def _same_matches(rules: Ruleset, seeds: range, counts: dict[str, int]) -> tuple[int, int]:
    """Whole matches on the plain run, on the general compiled path and on the
    interpreter: the same final states, field for field. The deals they dealt, and
    those counted (the others everybody passed)."""
    fast = list(_matches(rules, seeds, "compiled"))
    runs = dict(counts)
    with pytest.MonkeyPatch.context() as mp:
        _general(mp)
        general = list(_matches(rules, seeds, "compiled"))
    interpreted = list(_matches(rules, seeds, "interpreted"))
    assert counts == runs  # the general path's matches ran neither
    for seed, a, b, c in zip(seeds, fast, general, interpreted, strict=True):
        assert a == b, f"seed {seed}: the plain run's match differs from the general path's"
        assert a == c, f"seed {seed}: the plain run's match differs from the interpreter's"
    deals = [d for end in fast for d in end.match.deals]
    return len(deals), sum(d.counted for d in deals)


def test_built_for_the_flows_of_its_shape() -> None:
    built = set()
    for name in playable_rulesets():
        rules = load_ruleset(name)
        assert (prelude_of(rules) is not None) == _shape(rules), name
        if prelude_of(rules) is not None:
            built.add(rules.id)
    assert {"briscola-chiamata", "tressette-chiamata", "tressette-chiamata-del-tre"} <= built
    assert not built & {"calabresella", "calabrasella-americana", "tressette"}


@pytest.mark.parametrize("name", BUNDLED)
def test_matches_end_as_on_the_general_path(name: str, counts: dict[str, int]) -> None:
    rules = load_ruleset(name)
    seeds = range(1000, 1006)
    dealt, counted = _same_matches(rules, seeds, counts)
    if _shape(rules):  # every deal's start run, to its play unless everybody passed
        assert counts["runs"] == dealt and counts["played"] == counted >= 10
    else:
        assert counts["runs"] == 0
    # every deal the kernel dealt (all but a match's first) opened as it was written
    assert counts["opened"] == counts["asked"] == dealt - len(seeds) >= 10


@pytest.mark.parametrize("case", sorted(OVERLAYS))
def test_overlay_matches_end_as_on_the_general_path(
    case: str, house: Callable[..., Ruleset], counts: dict[str, int]
) -> None:
    rules = house(*OVERLAYS[case])
    assert prelude_of(rules) is not None
    dealt, counted = _same_matches(rules, range(1000, 1005), counts)
    assert counts["runs"] == dealt and counts["played"] == counted >= 10


@pytest.mark.parametrize(
    ("base", "body"),
    [
        ("tressette-chiamata", ""),
        ("briscola-chiamata", ""),
        ("tressette-chiamata", 'phases: {auction: {forced: {who: "next(dealer)", bid: punti}}}'),
    ],
)
def test_auctions_everybody_passed_hand_over(
    base: str, body: str, house: Callable[..., Ruleset], counts: dict[str, int]
) -> None:
    """Seats that mostly pass (`test_compiled_contract.passing`, deal by deal against the
    interpreter): the run hands the deals everybody passed back to be dealt again, and
    runs the next deal's start - or the forced bid's call - to the play."""
    rules = house(base, body)
    assert prelude_of(rules) is not None
    ends = passing(rules, range(1, 6), 12)
    passed = sum(not d.counted for s in ends for d in s.match.deals)
    if "forced" in body:
        assert passed == 0
    else:
        assert passed >= 3 and counts["played"] < counts["runs"]
    assert counts["played"] >= 10


def test_a_run_gives_the_general_paths_state_deal_by_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """From each deal's start of random matches: the play's start the run writes is the
    state the general compiled path reaches with the same draws."""
    rules = load_ruleset("briscola-chiamata")
    made = prelude_of(rules)
    assert made is not None
    tried = 0
    for state in _starts(rules, range(1, 4)):
        fast = playout(rules, state, [random.Random(tried + x) for x in range(5)])
        with pytest.MonkeyPatch.context() as mp:
            _general(mp)
            general = playout(rules, state, [random.Random(tried + x) for x in range(5)])
        assert fast == general
        tried += 1
    assert tried >= 20


def _starts(rules: Ruleset, seeds: range) -> Iterator[Any]:
    """The state at each deal's auction, from matches played on the interpreter."""
    for seed in seeds:
        state = new_game(rules, seed)
        rng = random.Random(seed)
        while not state.over:
            yield state
            state = playout(rules, state, rng, engine="interpreted")
