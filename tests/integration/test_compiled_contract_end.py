"""A contract game's last card on the kernel's side (`compiled.contractend`) against the
interpreter: the same choices give the same game.

Each contract ruleset `ContractEnd` applies to, and overlays of the scoring and payoff
options its emitted formulas read (every payoff name, big wins of no effect on the
payoff, big wins on the others' points and the deal's total, points for the declarer's
side, thirds that stay whole, a contract's value when alone, an unordered zone dealt;
people at the table, `calabresella-a-quattro`, with the one sitting out paid as a defender
or not at all, and a payoff on `adversaries`; a next dealer that reads the deal's number,
which is not tabulated per dealer), is
played deal by deal on both paths (`test_compiled_contract.compare`: the same choices
offered, the states after every deal equal field for field), and the deals must really
have been scored on the kernel's side (`ContractEnd._record`), most of them ended on the
kernel's lists (`ContractEnd.close`) and the match's last by `ContractEnd.end`. A payoff
that gives no whole number fails on both paths with the interpreter's own message.
`Packets` deals what the deal phase deals.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tests.integration.test_compiled_contract import BUNDLED, compare
from tressette_dsl.compiled import (
    Finished,
    compile_ruleset,
    contractend,
    playout,
    playout_new_match,
)
from tressette_dsl.compiled.contractend import ContractEnd
from tressette_dsl.compiled.dealing import Packets
from tressette_dsl.engine import new_game
from tressette_dsl.engine.errors import RuleEvaluationError
from tressette_dsl.engine.phases import deal as deal_kind
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import DealPhase, Ruleset

OVERLAYS: dict[str, tuple[str, str]] = {
    "a cappotto worth five times": (
        "calabresella",
        'scoring: {big_wins: {cappotto: {condition: "opp_tricks == 0", multiplier: 5}}}',
    ),
    "a big win on the others' points and the deal's total": (
        "calabresella",
        'scoring: {big_wins: {cappotto: {condition: "opp_points == 0 and deal_total > 3"}}}',
    ),
    "a point for the declarer's side": (
        "calabresella",
        'scoring: {deal_points: "floor(units / 3) + (1 if declarer_side else 0)"}',
    ),
    "a chiamo worth more alone": ("calabresella", "contracts: {chiamo: {alone_value: 3}}"),
    "thirds that stay whole": ("briscola-chiamata", 'payoff: {value: "contract_value * 3 / 3"}'),
    "every payoff name": (
        "briscola-chiamata",
        "payoff: {success: "
        '"declarer_units >= max(contract_target, bid_points) or declarer_tricks >= 7 '
        "or defender_points < 0 or contract == 'none'\", "
        'declarer: "(adversaries if alone else 2) * (value if success else -value) '
        '* multiplier"}',
    ),
    "points bid and the tricks": (
        "tressette-chiamata",
        'payoff: {success: "declarer_points >= 6 and declarer_tricks > 2"}',
    ),
    # `seating.people`: four people at three seats, the dealer sitting out (each seat's
    # amount to the person there; the one sitting out paid as a defender, or not at all,
    # and counted among the `adversaries`)
    "people: the one sitting out paid nothing": (
        "calabresella-a-quattro",
        "seating: {people: {sitting_out: nothing}}",
    ),
    "people: a soloist who pays each adversary twice": (
        "calabresella-a-quattro",
        'payoff: {declarer: "2 * adversaries * value if success else -2 * adversaries * value"}',
    ),
    # the next dealer: `next(dealer)` is tabulated per dealer (`contractend._dealers`);
    # one that reads the deal's number is `game._next_dealer`'s, deal by deal
    "a next dealer by the deal's number": (
        "calabresella",
        'phases: {deal: {next_dealer: "next(next(dealer)) if deal_no % 2 == 1 else next(dealer)"}}',
    ),
}


@pytest.fixture
def scored(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each deal the kernel's side was asked to score (`ContractEnd._record`): True when
    it scored it, False when it gave it back to `score_deal`."""
    answers: list[bool] = []
    real = ContractEnd._record

    def record(self: ContractEnd, *args: Any, **kwargs: Any) -> Any:
        made = real(self, *args, **kwargs)
        answers.append(made is not None)
        return made

    monkeypatch.setattr(ContractEnd, "_record", record)
    return answers


@pytest.fixture
def closed(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each `ContractEnd.close`'s answer: True when the deal was ended on the kernel's
    lists (no state written back), False when `end` played the card."""
    answers: list[bool] = []
    real = ContractEnd.close

    def close(self: ContractEnd, k: Any, stats: Any) -> Any:
        got = real(self, k, stats)
        answers.append(got is not None)
        return got

    monkeypatch.setattr(ContractEnd, "close", close)
    return answers


@pytest.mark.parametrize("name", [*BUNDLED, "calabresella-a-quattro"])
def test_contract_deal_ends_play_the_same(
    name: str, scored: list[bool], closed: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = load_ruleset(name)
    assert compile_ruleset(rules).contract_end is not None
    compare(rules, 150, monkeypatch)
    assert sum(scored) >= 100, "the deals were not scored on the kernel's side"
    assert sum(closed) >= 80, "the deals were not ended on the kernel's lists"
    assert False in closed  # and some by `end` (the last deal of a match)


@pytest.mark.parametrize("case", sorted(OVERLAYS))
def test_contract_end_overlay_plays_the_same(
    case: str,
    house: Callable[..., Ruleset],
    scored: list[bool],
    closed: list[bool],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    base, body = OVERLAYS[case]
    rules = house(base, body)
    assert compile_ruleset(rules).contract_end is not None
    compare(rules, 100, monkeypatch)
    assert sum(scored) >= 60, "the deals were not scored on the kernel's side"
    assert sum(closed) >= 40, "the deals were not ended on the kernel's lists"


@pytest.mark.parametrize(
    ("base", "body"),
    [
        ("calabrasella-americana", ""),
        ("calabrasella-americana", "phases: {speak: {all_pass_dealer: same}}"),
    ],
)
def test_all_pass_deals_are_dealt_again_on_the_kernel_side(
    base: str, body: str, house: Callable[..., Ruleset], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deal everybody passed (session 9): recorded and its next dealer chosen by the
    interpreter's `_abandon`, the next deal dealt by `Packets` (`ContractEnd.restart`),
    never by the interpreter's `_restart` - the same game on both paths."""
    rules = house(base, body)
    again: list[bool] = []
    fallbacks: list[int] = []
    real = ContractEnd.restart
    real_restart = contractend._restart

    def restart(self: ContractEnd, step: Any) -> None:
        deal_no = step.state.match.deal_no
        real(self, step)
        again.append(step.state.match.deal_no == deal_no + 1)

    def interpreters(step: Any) -> None:
        fallbacks.append(1)
        real_restart(step)

    monkeypatch.setattr(ContractEnd, "restart", restart)
    monkeypatch.setattr(contractend, "_restart", interpreters)
    compare(rules, 150, monkeypatch)
    assert len(again) >= 8 and all(again)
    assert not fallbacks


def _error(rules: Ruleset, state: GameState, seed: int, engine: str) -> str:
    rngs = [random.Random(f"whole:{seed}:{x}") for x in range(state.n)]
    with pytest.raises(RuleEvaluationError) as raised:
        playout(rules, state, rngs, until="match", engine=engine)
    return str(raised.value)


def test_a_payoff_of_no_whole_number_fails_the_same(
    house: Callable[..., Ruleset], scored: list[bool]
) -> None:
    """Half the value for a defender is no whole number: the kernel's side gives the deal
    back to `score_deal`, which fails with the message the interpreter gives."""
    rules = house("calabresella", 'payoff: {value: "contract_value / 2"}')
    state = new_game(rules, 3)
    want = _error(rules, state, 3, "interpreted")
    assert "not a whole number" in want
    assert _error(rules, state, 3, "compiled") == want
    assert False in scored


def test_other_shapes_stay_the_interpreters(house: Callable[..., Ruleset]) -> None:
    """People at the table (`calabresella-a-quattro`) end their deals on the kernel's
    side, which `tressette compile` says; a big win that ends the match keeps the
    interpreter's deal end."""
    people = compile_ruleset(load_ruleset("calabresella-a-quattro"))
    assert people.contract_end is not None
    assert any(
        d.startswith("seating.people: the people's totals at the end of each deal on the kernel")
        for d in people.coverage.delegated
    )
    once = "{multiplier: null, games: 1}"
    body = f"scoring: {{big_win_effect: win_match, big_wins: {{cappotto: {once}}}}}"
    rules = house("calabresella", f"{body[:-2]}, stramazzo: {once}}}}}")
    assert ContractEnd.applies(rules) == "scoring.big_win_effect: win_match"
    assert compile_ruleset(rules).contract_end is None


def test_coverage_names_the_kernel_side_moments() -> None:
    delegated = compile_ruleset(load_ruleset("calabresella")).coverage.delegated
    score = next(d for d in delegated if d.startswith("phase 'score' "))
    assert score.endswith("scored on the kernel's side (compiled.contractend)")
    deal = next(d for d in delegated if d.startswith("phase 'deal' "))
    assert "shuffled and dealt on the kernel's side" in deal
    assert "after a scored deal or a deal everybody passed" in deal
    assert any(d.startswith("the card that ends the play: its trick") for d in delegated)


@pytest.mark.parametrize("name", [*BUNDLED, "tressette"])
def test_packets_deal_as_the_deal_phase(name: str) -> None:
    """`Packets.deal`: the hands (as masks) and zones the deal phase's `_deal` gives, for
    every dealer, over a few seeds and deal numbers."""
    rules = load_ruleset(name)
    spec = rules.flow[0]
    assert isinstance(spec, DealPhase)
    packets = Packets(rules, spec)
    for seed in (1, 7, 99):
        for deal_no in (1, 2, 5):
            for dealer in range(rules.players.count):
                s = new_game(rules, seed)
                s = s.with_parts(match=s.match.but(deal_no=deal_no, dealer=dealer))
                hands, zones = deal_kind._deal(rules, spec, s)
                want = (tuple([sum([1 << c for c in h]) for h in hands]), zones)
                assert packets.deal(seed, deal_no, dealer) == want


@pytest.mark.parametrize("name", [*BUNDLED, "calabresella-a-quattro"])
def test_a_new_match_is_dealt_on_the_kernel_side(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`playout_new_match` of a contract game (session 9): the first deal dealt by
    `ContractEnd.first` (`Packets`, the gates), the state `new_game` makes, and the
    match the interpreter plays from it."""
    rules = load_ruleset(name)
    firsts: list[int] = []
    real = ContractEnd.first

    def first(self: ContractEnd, seed: int) -> GameState:
        got = real(self, seed)
        assert got == new_game(rules, seed)
        firsts.append(seed)
        return got

    monkeypatch.setattr(ContractEnd, "first", first)
    for seed in range(1, 4):
        rngs = [random.Random(f"first:{seed}:{x}") for x in range(rules.players.count)]
        want = playout(rules, new_game(rules, seed), rngs, until="match", engine="interpreted")
        rngs = [random.Random(f"first:{seed}:{x}") for x in range(rules.players.count)]
        assert playout_new_match(rules, seed, rngs) == Finished.of(want)
    assert firsts == [1, 2, 3]
