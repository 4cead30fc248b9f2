"""The step API's card-play fast path (engine/fast_step.py) against the generic path.

tests/unit/engine/test_step_fast_paths.py compares the two on short walks of every bundled
ruleset with events; here: longer walks without events (as bots and rollouts call
`apply`), the digest overlays that change what the fast path reads (signals, claims, the
declaring window, the match check), that the fast path is actually taken, and that its
shared lists are the very tuples a later state of the same cards gets.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from engine_support import random_walk

from tressette_dsl.engine import apply, fast_step, is_over, legal_actions, new_game
from tressette_dsl.engine.actions import Claim
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset

TARGETS = ["tressette", "tressette-in-due", "briscola-chiamata", "calabresella"]

OVERLAYS = {
    "signals in tricks 1-9": ("tressette", 'signaling: {window: "trick_no <= 9"}'),
    "bluffs allowed": ("tressette", "signaling: {truthful: false}"),
    "claims only on lead": ("tressette", 'claims: {allowed: "on_lead"}'),
    "no claims": ("tressette", "claims: null"),
    "end checked at once": ("tressette", "match: {check: immediately}"),
    "after the lead, up to trick 2": (
        "tressette",
        'declaring: {at: after_lead, window: "trick_no <= 2"}',
    ),
    "clockwise": ("tressette", "players: {direction: clockwise}"),
}


def _walk(rules: Ruleset, seed: int, steps: int) -> list[tuple[GameState, tuple[object, ...]]]:
    """Random play without events: per step the state after it and the legal list."""
    out = []
    for state, events, legal in random_walk(rules, seed, steps, events=False):
        assert events == ()
        out.append((state, legal))
    return out


def _same_both_ways(rules: Ruleset, monkeypatch: pytest.MonkeyPatch, steps: int) -> None:
    for seed in (3, 4):
        fast = _walk(rules, seed, steps)
        with monkeypatch.context() as patch:
            patch.setattr(fast_step, "ENABLED", False)
            slow = _walk(rules, seed, steps)
        for step, (one, other) in enumerate(zip(fast, slow, strict=True)):
            assert one[1] == other[1], f"{rules.id} seed {seed}: legal lists differ at {step}"
            assert one[0] == other[0], f"{rules.id} seed {seed}: states differ at {step}"


@pytest.mark.parametrize("name", TARGETS)
def test_without_events_the_same_states(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _same_both_ways(load_ruleset(name), monkeypatch, 600)


@pytest.mark.parametrize("name", sorted(OVERLAYS))
def test_overlays_the_same_states(
    name: str, house: Callable[..., Ruleset], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, body = OVERLAYS[name]
    _same_both_ways(house(base, body, "house-fast"), monkeypatch, 300)


@pytest.mark.parametrize("name", TARGETS)
def test_the_fast_path_is_taken(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Most card plays of a deal take the fast `apply`, and the lists of card plays come
    from the plan, so the walks above compare something."""
    rules = load_ruleset(name)
    taken = {"card": 0, "card_generic": 0, "legal": 0}
    card, legal = fast_step.card, fast_step.legal

    def spy_card(*args: object) -> object:
        found = card(*args)  # type: ignore[arg-type]
        taken["card" if found is not None else "card_generic"] += 1
        return found

    def spy_legal(*args: object) -> object:
        found = legal(*args)  # type: ignore[arg-type]
        taken["legal"] += found is not None
        return found

    monkeypatch.setattr(fast_step, "card", spy_card)
    monkeypatch.setattr(fast_step, "legal", spy_legal)
    _walk(rules, 1, 400)
    share = taken["card"] / (taken["card"] + taken["card_generic"])
    if name == "tressette-in-due":  # 2 seats: every other card ends a trick, then both draw
        # (`on_trick_won`), and drawn cards may complete a declaration (a state-dependent
        # extra action): those cards and every legal list stay generic
        assert share > 0.4
    else:
        assert share > 0.9
        assert taken["legal"] > 0


def test_a_card_set_gets_one_shared_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another state in which the seat may play the same cards (here: the state read back
    from its plain data, whose parts are new objects, so the list remembered on the
    original does not answer) gets the very same tuple, equal to what the trick phase
    lists itself."""
    rules = load_ruleset("briscola-chiamata")
    state = new_game(rules, 2)
    rng = random.Random(2)
    checked = 0
    while not is_over(state) and state.match.deal_no == 1:
        legal = legal_actions(rules, state)
        if state.cursor.sub == "play":
            again = legal_actions(rules, GameState.from_dict(state.to_dict()))
            assert again is legal
            with monkeypatch.context() as patch:
                patch.setattr(fast_step, "ENABLED", False)
                generic = legal_actions(rules, GameState.from_dict(state.to_dict()))
            assert generic == legal and generic is not legal
            checked += 1
        state, _events = apply(rules, state, legal[rng.randrange(len(legal))])
    assert checked >= 20


def test_the_remembered_lists_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plan forgets its lists past `_MAX_LISTS` card sets (and starts again), so a long
    search cannot grow it without bound."""
    monkeypatch.setattr(fast_step, "_MAX_LISTS", 4)
    rules = load_ruleset("calabresella")
    _walk(rules, 5, 200)
    for plan in fast_step.plans(rules):
        if plan is not None:
            assert len(plan.lists) <= 4
            assert len(plan.lead_lists) <= 4


def test_rulesets_asked_in_turn_get_their_own_plans(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two rulesets stepped in turn (as the browser table's bot threads do, each table its
    own ruleset): the plans `fast_step.LAST` remembers switch at every step, and each game
    still gets its own ruleset's lists and states, as on the generic path. `LAST[0]` is one
    tuple replaced whole, so a reader that takes it once cannot pair one ruleset with
    another's plans."""
    pair = [load_ruleset("tressette"), load_ruleset("briscola-chiamata")]

    def walk_in_turn() -> list[tuple[GameState, tuple[object, ...]]]:
        rng = random.Random(9)
        states = [new_game(rules, 9) for rules in pair]
        out = []
        for step in range(240):
            which = step % 2
            rules, state = pair[which], states[which]
            if is_over(state):
                state = new_game(rules, 10 + step)
            legal = legal_actions(rules, state)
            others = [a for a in legal if not isinstance(a, Claim)] or list(legal)
            states[which], _events = apply(rules, state, others[rng.randrange(len(others))])
            out.append((states[which], legal))
        return out

    fast = walk_in_turn()
    assert isinstance(fast_step.LAST[0], tuple)
    with monkeypatch.context() as patch:
        patch.setattr(fast_step, "ENABLED", False)
        slow = walk_in_turn()
    assert fast == slow
