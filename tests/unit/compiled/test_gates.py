"""`compiled.gates`: each phase's emitted `when` gives the truth `evaluate` gives over
`deal_env`, on every state of random games, for the bundled contract rulesets and for
conditions over every name it writes; names it does not write stay the interpreter's.
A tricks phase entered with its emitted first leader and trump (`Gates.enter`, session
9) is the state `tricks.enter` makes, at every moment the play began in random games;
a call's emitted `cards` offer the calls `call.legal` lists; an auction entered with its
emitted first speaker is the state `auction.enter` makes."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from tressette_dsl.compiled import contract
from tressette_dsl.compiled.gates import Gates
from tressette_dsl.engine import apply, legal_actions, new_game
from tressette_dsl.engine.errors import RuleEvaluationError
from tressette_dsl.engine.phases import PHASE_KINDS
from tressette_dsl.engine.phases import auction as auction_kind
from tressette_dsl.engine.phases import call as call_kind
from tressette_dsl.engine.phases import tricks as tricks_kind
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import Step, evaluate
from tressette_dsl.engine.table import deal_env
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset

CONTRACTS = [
    "calabresella",
    "briscola-chiamata",
    "tressette-chiamata",
    "tressette-chiamata-del-tre",
    "calabrasella-americana",
    "calabresella-a-quattro",
]

# a condition (on the phase after the call) reading each name `gates` writes (and one it does not)
EVERY_NAME = (
    "dealer == declarer or deal_no > 3 or deals_counted > 2 or players == 2 "
    "or contract == 'solo' or bid == 'chiamo' or bid_rank == 3 or bid_points > 0 "
    "or called_from_defender or trick_no > 5 or target > 0 "
    "or (called_card == called_card and alone)"
)


def _states(rules: Ruleset, seeds: range, actions: int = 400) -> list[GameState]:
    """Every state of random games from these seeds (a few hundred actions each)."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        s = new_game(rules, seed)
        for _ in range(actions):
            if s.over:
                break
            out.append(s)
            choices = legal_actions(rules, s)
            s, _events = apply(rules, s, choices[rng.randrange(len(choices))])
    return out


def _agree(rules: Ruleset, states: list[GameState]) -> int:
    gates = Gates(rules)
    emitted = 0
    for index, phase in enumerate(rules.flow):
        if phase.when is None:
            continue
        emitted += gates.tests[index] is not None
        for s in states:
            want = bool(evaluate(phase.when, deal_env(rules, s)))
            assert bool(gates.passes(index, s)) == want, (phase.id, s.deal_no)
    return emitted


@pytest.mark.parametrize("name", CONTRACTS)
def test_emitted_conditions_agree_on_random_games(name: str) -> None:
    rules = load_ruleset(name)
    _agree(rules, _states(rules, range(1, 4)))


def test_calabresella_conditions_are_all_emitted() -> None:
    rules = load_ruleset("calabresella")
    assert _agree(rules, _states(rules, range(1, 2))) == 11


def test_every_name_written(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(
        f'id: house-case\nextends: calabresella\nphases: {{give_back: {{when: "{EVERY_NAME}"}}}}\n',
        encoding="utf-8",
    )
    rules = load_ruleset(path)
    give = next(i for i, p in enumerate(rules.flow) if p.id == "give_back")
    assert Gates(rules).tests[give] is not None
    # the states of calabresella's own games: the condition is tested, not played
    _agree(rules, _states(load_ruleset("calabresella"), range(1, 4)))


def test_a_zone_size_stays_the_interpreters(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    body = "phases: {show_monte: {when: \"contract in {'chiamo', 'solo'} and monte_size > 0\"}}"
    path.write_text(f"id: house-case\nextends: calabresella\n{body}\n", encoding="utf-8")
    rules = load_ruleset(path)
    show = next(i for i, p in enumerate(rules.flow) if p.id == "show_monte")
    assert Gates(rules).tests[show] is None
    _agree(rules, _states(rules, range(1, 3)))


def test_alone_with_a_called_partner(tmp_path: Path) -> None:
    """`alone` where a call finds a partner (briscola-chiamata): both truths occur."""
    path = tmp_path / "house.yaml"
    path.write_text(
        'id: house-case\nextends: briscola-chiamata\nphases: {score: {when: "not alone"}}\n',
        encoding="utf-8",
    )
    rules = load_ruleset(path)
    states = [
        s for s in _states(load_ruleset("briscola-chiamata"), range(1, 6)) if s.declarer is not None
    ]
    score = len(rules.flow) - 1
    truths = {bool(Gates(rules).passes(score, s)) for s in states}
    assert truths == {True, False}
    _agree(rules, states)


def _before_play(rules: Ruleset, seeds: range) -> list[Step]:
    """The moments the tricks phase is about to be entered, from random games: the
    last action before the play acted by its phase kind (`act`, no `_advance`), the
    cursor moved to the tricks phase, as `game._advance` moves it."""
    index = next(i for i, p in enumerate(rules.flow) if p.kind == "tricks")
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        s = new_game(rules, seed)
        for _ in range(300):
            if s.over:
                break
            choices = legal_actions(rules, s)
            action = choices[rng.randrange(len(choices))]
            after, _events = apply(rules, s, action)
            if after.cursor.phase == index and s.cursor.phase < index:
                begun = s.with_parts(match=s.match.but(deal_ended=False))  # as `apply`
                step = Step(rules, begun, False)
                spec = rules.flow[s.cursor.phase]
                assert PHASE_KINDS[spec.kind].act(step, spec, action)
                cursor = step.state.cursor.but(phase=index, sub="", step=0, to_act=None)
                out.append(Step(rules, step.state.with_parts(cursor=cursor, local=None), False))
            s = after
    return out


def _entered(rules: Ruleset, steps: list[Step], own: bool) -> list[tuple[bool, GameState]]:
    """The tricks phase entered from each moment (`tricks.enter`, or with `own` the
    emitted `Gates.enter`): its answer and the state."""
    gates = Gates(rules)
    index = next(i for i, p in enumerate(rules.flow) if p.kind == "tricks")
    spec = rules.flow[index]
    out = []
    for moment in steps:
        step = Step(rules, moment.state, False)
        got = gates.enter(index, step, spec) if own else tricks_kind.enter(step, spec)
        out.append((got, step.state))
    return out


@pytest.mark.parametrize("name", [*CONTRACTS, "calabresella-1-2-3"])
def test_tricks_enter_emitted_agrees(name: str) -> None:
    """A tricks phase entered with the emitted first leader and trump (session 9) is
    the state `tricks.enter` makes, on every state of random games before the play
    (briscola-chiamata: trump the called card's suit)."""
    rules = load_ruleset(name)
    index = next(i for i, p in enumerate(rules.flow) if p.kind == "tricks")
    assert Gates(rules).enters[index] is not None
    moments = _before_play(rules, range(1, 5))
    want = _entered(rules, moments, own=False)
    assert len(want) >= 10
    assert _entered(rules, moments, own=True) == want


def test_a_first_lead_not_emitted_is_enters(tmp_path: Path) -> None:
    """A first lead reading `holder` (a name `gates` does not write) is not emitted:
    the phase kind's own `enter` enters the play."""
    path = tmp_path / "house.yaml"
    path.write_text(
        "id: house-lead\nextends: tressette-chiamata\n"
        "phases: {play: {first_lead: 'holder(called_card)'}}\n",
        encoding="utf-8",
    )
    rules = load_ruleset(path)
    index = next(i for i, p in enumerate(rules.flow) if p.kind == "tricks")
    assert Gates(rules).enters[index] is None


@pytest.mark.parametrize(
    ("name", "body"),
    [
        *((name, "") for name in CONTRACTS),
        ("calabresella", 'phases: {call: {cards: "of_rank(deck, 3) - hand"}}'),
        ("calabresella", 'phases: {call: {cards: "deck - hand if dealer == seat else hand"}}'),
    ],
)
def test_call_cards_emitted_agree(name: str, body: str, house: Callable[..., Ruleset]) -> None:
    """A call's `cards` emitted over the state (session 9: `Gates.calls`, read by
    `contract._count_call`) offers the calls `call.legal` lists, in its order, at every
    state of random games that waits for a call."""
    rules = house(name, body, "house-call")
    assert any(c is not None for c in Gates(rules).calls)
    asked = 0
    for s in _states(rules, range(1, 13)):
        if s.cursor.sub != "call" or s.cursor.to_act is None:
            continue
        spec = rules.flow[s.cursor.phase]
        n, nth = contract._count_call(rules, spec, s)
        assert tuple(nth(i) for i in range(n)) == call_kind.legal(rules, spec, s)
        asked += 1
    assert asked >= 3


@pytest.mark.parametrize(
    ("name", "body"),
    [
        *((name, "") for name in CONTRACTS if name != "tressette-chiamata-del-tre"),
        (
            "calabresella",
            'phases: {auction: {first: "next(next(dealer)) if deal_no > 2 else dealer"}}',
        ),
    ],
)
def test_auction_enter_emitted_agrees(name: str, body: str, house: Callable[..., Ruleset]) -> None:
    """An auction entered with its first speaker emitted (session 9) is the state
    `auction.enter` makes, from states of random games (an error would be `enter`'s
    own, with its message)."""
    rules = house(name, body, "house-auction")
    gates = Gates(rules)
    index = next(i for i, p in enumerate(rules.flow) if p.kind == "auction")
    assert gates.enters[index] is not None
    spec = rules.flow[index]
    for s in _states(rules, range(1, 4))[::7]:
        at = s.with_parts(cursor=s.cursor.but(phase=index, sub="", to_act=None, pending=()))
        want, got = Step(rules, at, False), Step(rules, at, False)
        try:
            answer = auction_kind.enter(want, spec)
        except RuleEvaluationError as error:
            with pytest.raises(RuleEvaluationError, match=str(error)[:30]):
                gates.enter(index, got, spec)
            continue
        assert gates.enter(index, got, spec) == answer
        assert got.state == want.state
