"""The step API's last card of a deal on the compiled `FastEnd` (compiled/step_end.py), and
a lead's legal list by suit blocks (engine/lead_suits.py), against the generic path.

Random walks of every bundled ruleset, once as the engine runs and once with the fast
paths off, choosing the same index each step: equal states, events (with and without) and
legal lists at every step. Then that the paths are taken where they should be, and the
parse-tree test that admits a lead's truths to the suit blocks.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_support import random_walk

from tressette_dsl.compiled import step_end
from tressette_dsl.engine import deal_over, fast_step
from tressette_dsl.engine.lead_suits import _suit_local, suit_local_at_lead
from tressette_dsl.loader import load_ruleset, playable_rulesets
from tressette_dsl.rules.model import Ruleset

RULESETS = [path.stem for path in playable_rulesets()]
STEPS = 300  # a walk: six deals or more of most rulesets


def _walk(rules: Ruleset, seed: int, log: bool) -> list[tuple[object, ...]]:
    """Per step: the state after it, its events and the legal list it was chosen from."""
    return list(random_walk(rules, seed, STEPS, events=log))


def _off(rules: Ruleset, monkeypatch: pytest.MonkeyPatch) -> None:
    """The deal's end and the lead's suit blocks off (the plans made again without them)."""
    monkeypatch.setattr(fast_step, "CLOSE_ENABLED", False)
    for plan in fast_step.plans(rules):
        if plan is not None:
            monkeypatch.setattr(plan, "closer", False)
            monkeypatch.setattr(plan, "suit_masks", ())


@pytest.mark.parametrize("log", [True, False], ids=["events", "no-events"])
@pytest.mark.parametrize("name", RULESETS)
def test_the_same_as_the_generic_path(
    name: str, log: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = load_ruleset(name)
    for seed in (1, 2):
        fast = _walk(rules, seed, log)
        with monkeypatch.context() as patch:
            _off(rules, patch)
            slow = _walk(rules, seed, log)
        for step, (one, other) in enumerate(zip(fast, slow, strict=True)):
            assert one[2] == other[2], f"{name} seed {seed}: legal lists differ at {step}"
            assert one[0] == other[0], f"{name} seed {seed}: states differ at {step}"
            assert one[1] == other[1], f"{name} seed {seed}: events differ at {step}"


def test_a_match_ended_by_the_last_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """A walk long enough to end matches on their last card, events kept: the same
    `MatchEnded` (the last card scored on `FastEnd`) both ways."""
    rules = load_ruleset("tressette")
    fast = _walk(rules, 5, True)
    with monkeypatch.context() as patch:
        _off(rules, patch)
        slow = _walk(rules, 5, True)
    ended = [one for one in fast if one[0].match.over]  # type: ignore[attr-defined]
    assert ended, "no match ended in the walk"
    assert fast == slow


def test_the_last_card_is_taken_on_fast_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """On `tressette` every deal's last card goes through `step_end.last_card`, with and
    without events, and returns a state (never the generic path's None)."""
    rules = load_ruleset("tressette")
    calls: list[bool] = []
    real = step_end.last_card

    def counted(*args: object, **kwargs: object) -> object:
        done = real(*args, **kwargs)  # type: ignore[arg-type]
        calls.append(done is not None)
        return done

    monkeypatch.setattr(step_end, "last_card", counted)
    for log in (True, False):
        calls.clear()
        deals = sum(1 for state, _events, _legal in _walk(rules, 9, log) if deal_over(state))  # type: ignore[arg-type]
        assert deals > 3
        assert calls and all(calls), (log, calls)
        assert len(calls) == deals


def test_tressette_leads_by_suit_blocks() -> None:
    rules = load_ruleset("tressette")
    assert suit_local_at_lead(rules)
    plans = [p for p in fast_step.plans(rules) if p is not None]
    assert plans and all(len(p.suit_masks) == len(rules.deck.suits) for p in plans)


@pytest.mark.parametrize(
    ("truth", "local"),
    [
        ("count(hand[suit == led_suit]) >= 1", True),
        ("count(hand[led_suit == suit]) == 0", True),
        ("count(hand[suit == led_suit and strength <= strength(KD)]) >= 1", True),
        ("count(hand[suit == led_suit]) >= 2 and not (rank(card) in {3, 2, A})", True),
        ("count(hand) >= 1", False),  # the whole hand
        ("count(hand[suit == C]) >= 1", False),  # another suit
        ("count(hand[suit == led_suit or rank == A]) >= 1", False),  # not only the suit
        ("count(hand[suit != led_suit]) >= 1", False),
        ("count(hand[suit == led_suit and count(hand) > 3]) >= 1", False),  # inner hand
    ],
)
def test_which_truths_read_the_suit_led_alone(truth: str, local: bool) -> None:
    assert _suit_local(truth) is local


def test_a_truth_on_the_whole_hand_keeps_the_lists_by_hand(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(
        "id: house-whole-hand\nextends: tressette\n"
        'signals:\n  volo:\n    truth: "count(hand) >= 1"\n',
        encoding="utf-8",
    )
    rules = load_ruleset(path)
    assert not suit_local_at_lead(rules)
    assert all(p is None or p.suit_masks == () for p in fast_step.plans(rules))


def test_every_tressette_card_and_done_on_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """On `tressette` no card reaches the trick phase's `_play` (the first lead of a deal,
    the card that completes the first trick before the declaring round, the last card all
    on the fast path) and every `Done` of the declaring round is `fast_step.done`'s."""
    rules = load_ruleset("tressette")
    from tressette_dsl.engine.phases import tricks  # noqa: PLC0415 - patched here only

    generic: list[object] = []
    real_play = tricks._play
    monkeypatch.setattr(tricks, "_play", lambda *args: generic.append(args[3]) or real_play(*args))
    dones: list[bool] = []
    real_done = fast_step.done

    def counted(plan: fast_step.Plan, s: object) -> object:
        after = real_done(plan, s)  # type: ignore[arg-type]
        dones.append(after is not None)
        return after

    monkeypatch.setattr(fast_step, "done", counted)
    for log in (True, False):
        _walk(rules, 11, log)
    assert generic == []
    assert dones and all(dones)


@pytest.mark.parametrize("name", ["calabresella", "briscola-chiamata"])
def test_a_contract_games_last_card_without_events(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A contract game's last card goes through `ContractEnd` without events (a state
    back every time) and keeps the generic path with them (None every time)."""
    rules = load_ruleset(name)
    calls: list[tuple[bool, bool]] = []
    real = step_end.last_card

    def counted(*args: object, **kwargs: object) -> object:
        done = real(*args, **kwargs)  # type: ignore[arg-type]
        calls.append((bool(kwargs["log"]), done is not None))
        return done

    monkeypatch.setattr(step_end, "last_card", counted)
    for log in (True, False):
        _walk(rules, 4, log)
    assert {taken for log, taken in calls if log} == {False}
    assert {taken for log, taken in calls if not log} == {True}


@pytest.mark.parametrize("log", [True, False], ids=["events", "no-events"])
@pytest.mark.parametrize("seats", [2, 3, 6])
def test_the_reverse_game_at_other_counts(
    seats: int, log: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`traversone` at counts the bundled walk does not play: a stock (2 seats), cards
    laid before the deal (3 and 6), eliminations between - the same states, events and
    legal lists with the deal's end on `FastEnd` and without."""
    rules = load_ruleset("traversone").for_seats(seats)
    for seed in (1, 2):
        fast = _walk(rules, seed, log)
        with monkeypatch.context() as patch:
            _off(rules, patch)
            slow = _walk(rules, seed, log)
        assert fast == slow, f"{seats} seats, seed {seed}"
