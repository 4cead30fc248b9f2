"""The deal's end on the compiled side (`compiled.dealend.FastEnd`) for two shapes it used
to leave to the interpreter, against the interpreter: the same choices give the same game.

* Big wins read after the points (`opp_points`, `deal_total`) and big wins that rescore
  the deal (`points` / `others`: the reverse game's cappotto, where the side holding every
  point scores 0 and the others the deal's total) - `FastEnd._big_after`, as
  `engine.scoring.score_deal` does it. `traversone-coppie` and overlays of it whose
  conditions hold often enough for random play to meet them every few deals.
* Announcing before the first trick (`declaring.at: announce_then_reveal`,
  `tresette-american`): the deal's last card is `FastEnd`'s unless its trick reveals
  what its taker announced (then the interpreter's), and the next deal begins with the
  announcing round, as the tricks phase begins it.

Each is played deal by deal on both paths (`test_compiled_differential.compare`: the
same choices offered, the states after every deal equal field for field), with the
interpreter's own step path as the reference (`fast_step.ENABLED` off: the step API's
fast path ends a deal on `FastEnd` too), and the counts say the new paths really ran.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.integration.test_compiled_differential import Recorder, compare
from tressette_dsl.compiled import compile_ruleset, playout
from tressette_dsl.compiled.dealend import FastEnd
from tressette_dsl.engine import apply, fast_step, legal_actions, new_game
from tressette_dsl.engine.errors import RuleEvaluationError
from tressette_dsl.engine.phases.tricks import winner_of
from tressette_dsl.engine.state import GameState, set_at
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset

AFTER_POINTS: dict[str, str] = {
    # the side holding all but at most a point scores 0, the others the deal's total
    "a cappotto that holds often": (
        'scoring: {big_wins: {cappotto: {condition: "opp_points <= 1", points: "0", '
        'others: "deal_total"}}}'
    ),
    # only the side that holds it rescored (`others` absent: the others keep their points)
    "a rescoring of the side alone": (
        'scoring: {big_wins: {cappotto: {condition: "opp_points <= 2", points: "deal_total"}}}'
    ),
    # read after the points, with no rescoring: the record names it, the points stand
    "a big win on the others' points, no rescoring": (
        'scoring: {big_wins: {cappotto: {condition: "opp_points < 3 and deal_total > 5"}}}'
    ),
    # two big wins: the first in order that holds is the one that counts
    "two big wins after the points": (
        "scoring: {big_wins: {"
        'cappotto: {condition: "opp_points == 0", points: "0", others: "deal_total"}, '
        'sweep: {condition: "opp_points <= 2", points: "deal_total + 1", others: "0"}}}'
    ),
}


class Counted:
    """Counts the calls of a `FastEnd` method, and of the answers that were not None."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
        self.calls = self.answered = 0
        self.found: list[Any] = []
        inner = getattr(FastEnd, name)

        def counted(fast: FastEnd, *args: Any, **kwargs: Any) -> Any:
            out = inner(fast, *args, **kwargs)
            self.calls += 1
            if out is not None:
                self.answered += 1
                self.found.append(out)
            return out

        monkeypatch.setattr(FastEnd, name, counted)


@pytest.fixture(autouse=True)
def reference_is_the_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step of the reference the generic way (the kernel calls `FastEnd` itself)."""
    monkeypatch.setattr(fast_step, "ENABLED", False)


@pytest.fixture
def big_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counted]:
    yield Counted(monkeypatch, "_big_after")


def _rescored(counted: Counted) -> int:
    """How many deals a big win held for (`_big_after` found one)."""
    return sum(1 for big, _points in counted.found if big is not None)


def test_the_reverse_game_in_pairs_ends_its_deals_on_the_compiled_side(
    big_after: Counted,
) -> None:
    rules = load_ruleset("traversone-coppie")
    assert FastEnd.applies(rules) is None
    assert compile_ruleset(rules).fast_end is not None
    assert compare(rules, 120, range(1, 1000)) > 0
    assert big_after.calls >= 100  # every deal's end scored by `_big_after`


@pytest.mark.parametrize("name", sorted(AFTER_POINTS))
def test_big_wins_after_the_points_play_the_same(
    name: str, house: Callable[..., Ruleset], big_after: Counted
) -> None:
    rules = house("traversone-coppie", AFTER_POINTS[name])
    assert compile_ruleset(rules).fast_end is not None
    compare(rules, 80, range(1, 1000))
    assert big_after.calls >= 60
    assert _rescored(big_after) >= 5, "the big win never held: the test would prove nothing"


def test_a_rescoring_that_is_not_a_whole_number_is_the_interpreters(
    house: Callable[..., Ruleset], big_after: Counted
) -> None:
    """`deal_total / 2` may be a fraction: `_big_after` says None, the interpreter scores
    that deal and refuses it with its own message, and the compiled path the same; the
    deals before it play the same on both paths."""
    rules = house(
        "traversone-coppie",
        'scoring: {big_wins: {cappotto: {condition: "opp_points <= 1", points: "0", '
        'others: "deal_total / 2"}}}',
    )
    refused = 0
    for seed in range(1, 40):
        state = new_game(rules, seed)
        while not state.over:
            ref, fast = Recorder(seed, state.n), Recorder(seed, state.n)
            try:
                want = playout(rules, state, policy=ref, engine="interpreted")
            except RuleEvaluationError as exc:
                assert "not a whole number" in str(exc)
                with pytest.raises(RuleEvaluationError) as got:
                    playout(rules, state, policy=fast, engine="compiled")
                assert str(got.value) == str(exc)
                refused += 1
                break
            assert playout(rules, state, policy=fast, engine="compiled") == want
            state = want
    assert refused >= 3, "no deal gave a fraction: the test would prove nothing"
    assert big_after.calls > refused


def test_announcing_rulesets_end_their_deals_on_the_compiled_side(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = load_ruleset("tresette-american")
    assert rules.declaring is not None and rules.declaring.at == "announce_then_reveal"
    assert FastEnd.applies(rules) is None
    ends = Counted(monkeypatch, "end")
    assert compare(rules, 150, range(1, 1000)) > 0
    assert ends.answered >= 100  # the deals end on `FastEnd`
    # every deal `FastEnd` began opens with the announcing round
    began = [s for s in ends.found if not s.over]
    assert began and all(s.sub == "announce" and s.pending[0] == s.to_act for s in began)


def _last_card(rules: Ruleset, seed: int) -> GameState:
    """A state of seeded random play where one card is left in the hands."""
    state = new_game(rules, seed)
    rng = random.Random(seed)
    while sum(h.bit_count() for h in state.hands) != 1 or state.sub != "play":
        legal = legal_actions(rules, state)
        state, _ = apply(rules, state, legal[rng.randrange(len(legal))], events=False)
    return state


def test_a_last_trick_that_reveals_is_the_interpreters() -> None:
    """The last trick's taker announced and never won a trick: its combinations are
    revealed (and scored) by that trick, which `FastEnd` leaves to the interpreter; one
    already revealed, or none announced, is `FastEnd`'s."""
    rules = load_ruleset("tresette-american")
    fast = FastEnd.build(rules)
    assert fast is not None
    state = _last_card(rules, 11)
    seat = state.to_act
    assert seat is not None
    card = state.hands[seat].bit_length() - 1
    taker = winner_of(rules, (*state.trick, (seat, card)), state.trump)
    held = state.played[taker] | state.hands[taker]
    announced = state.replace(
        announced=set_at(state.announced, taker, held),
        revealed_announce=set_at(state.revealed_announce, taker, False),
    )
    assert fast.end(announced, seat, card, ()) is None
    shown = announced.replace(revealed_announce=set_at(state.revealed_announce, taker, True))
    assert fast.end(shown, seat, card, ()) is not None
    quiet = state.replace(announced=set_at(state.announced, taker, 0))
    assert fast.end(quiet, seat, card, ()) is not None


def test_signals_with_values_are_counted_once_per_card() -> None:
    """The kernel of a ruleset whose follow signal carries a count (`i_hold`: ten values,
    one true) counts a card's choices by the rest of the suit led, remembered
    (`FOLLOW_COUNT`), and evaluates the shared count once for all its values."""
    source = compile_ruleset(load_ruleset("tresette-american")).source
    assert "FOLLOW_COUNT.get(key, 0)" in source
    assert "tc0 = hs.bit_count()" in source
    assert source.count("(h2 & SUIT_MASK[led]).bit_count()") <= 1


def test_a_follow_signal_that_reads_the_suit_led_plays_the_same(
    house: Callable[..., Ruleset],
) -> None:
    """The follow memo is kept by the rest of the suit led, or by the suit itself when
    none is left: a truth that also reads which suit was led (`led_suit == D`) must not
    share the count of an empty rest between suits."""
    rules = house(
        "tresette-american",
        "signals: {i_hold: {truth: "
        '"count(hand[suit == led_suit]) == value and (value > 0 or led_suit == D)"}}',
    )
    assert "FOLLOW_COUNT" in compile_ruleset(rules).source
    compare(rules, 60, range(1, 1000))


@pytest.mark.parametrize("seats", range(2, 9))
def test_the_reverse_game_ends_its_deals_on_the_compiled_side_at_every_count(
    seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`traversone` at each count of its seat table: the residual to the last trick's
    taker, `deal_total`, the cappotto's rescoring and the cards laid before the deal (3,
    6 and 7 seats) on `FastEnd`; a deal after which a seat leaves (`match.eliminate`) is
    the interpreter's (`FastEnd.end` says None), the same game either way."""
    rules = load_ruleset("traversone").for_seats(seats)
    assert FastEnd.applies(rules) is None
    ends = Counted(monkeypatch, "end")
    assert compare(rules, 60, range(1, 1000)) > 0
    assert ends.answered >= 20  # deals ended on `FastEnd`
    assert ends.calls > ends.answered  # and some that sent a seat away were not
    base = load_ruleset("traversone")
    laid = 0
    for s in ends.found:  # the laid cards of the state's own table (seats leave) in place
        table = base.for_seats(s.n)
        for z in table.zones:
            if z.laid:
                assert s.zones[table.zone_index(z.id)] == tuple(sorted(z.laid))
            laid += len(z.laid)
    assert laid > 0 or seats not in (3, 6, 7)
