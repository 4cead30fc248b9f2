"""Claims out of turn (`claims.out_of_turn`, seed 003 "at any moment"): the per-seat API,
refusals, bots interrupting, logs that replay, and rulesets that do not allow it."""

from __future__ import annotations

import pytest

from tressette_dsl import load_ruleset
from tressette_dsl.agents import make_agent
from tressette_dsl.agents.base import interruption, seat_rng
from tressette_dsl.agents.runner import play_match
from tressette_dsl.engine import (
    IllegalActionError,
    apply,
    is_over,
    legal_actions,
    new_game,
    observe,
    result,
    to_act,
)
from tressette_dsl.engine.actions import Claim
from tressette_dsl.engine.errors import ArgumentValueError


@pytest.fixture(scope="module")
def rules():
    return load_ruleset("house-any-moment")


def test_which_bundled_rulesets_allow_claims_out_of_turn(rules) -> None:
    assert rules.claims is not None and rules.claims.out_of_turn
    for other in ("tressette", "house-nonna", "tressette-31"):
        claims = load_ruleset(other).claims
        assert claims is not None and not claims.out_of_turn, other


def test_a_seat_not_to_act_is_offered_only_the_claim(rules) -> None:
    state = new_game(rules, seed=5)
    actor = to_act(state)
    assert actor is not None
    assert legal_actions(rules, state, actor) == legal_actions(rules, state)
    for seat in range(4):
        if seat != actor:
            assert legal_actions(rules, state, seat) == (Claim(),)
            assert observe(rules, state, seat).legal == ("claim",)
            assert observe(rules, state, seat).progress is None


def test_an_out_of_turn_claim_ends_the_match_whoever_was_to_act(rules) -> None:
    state = new_game(rules, seed=5)
    actor = to_act(state)
    other = (actor + 1) % 4
    final, events = apply(rules, state, Claim(), seat=other)
    assert is_over(final)
    claimed = events[0]
    assert type(claimed).__name__ == "Claimed" and claimed.seat == other
    assert not claimed.right  # nothing scored yet: a wrong claim loses
    assert result(rules, final).reason == "claim"


def test_only_the_claim_may_interrupt(rules) -> None:
    state = new_game(rules, seed=5)
    other = (to_act(state) + 1) % 4
    card = next(a for a in legal_actions(rules, state) if str(a).startswith("play"))
    with pytest.raises(IllegalActionError) as err:
        apply(rules, state, card, seat=other)
    assert err.value.diagnostic.code == "TS501"
    assert "only a claim may interrupt" in str(err.value)
    with pytest.raises(ArgumentValueError):
        legal_actions(rules, state, 9)


def test_without_the_key_nothing_is_offered_out_of_turn() -> None:
    rules = load_ruleset("tressette")  # claims at one's own turn
    state = new_game(rules, seed=5)
    other = (to_act(state) + 1) % 4
    assert legal_actions(rules, state, other) == ()
    assert observe(rules, state, other).legal == ()
    with pytest.raises(IllegalActionError) as err:
        apply(rules, state, Claim(), seat=other)
    assert "claims.out_of_turn" in str(err.value)
    spizzichino = load_ruleset("spizzichino")  # no claims at all
    state = new_game(spizzichino, seed=1)
    assert legal_actions(spizzichino, state, 1 - to_act(state)) == ()


def test_the_heuristic_bot_interrupts_to_claim_when_it_is_safe(rules) -> None:
    agents = [make_agent("heuristic") for _ in range(4)]
    rngs = [seat_rng(0, s) for s in range(4)]
    assert interruption(agents, rules, new_game(rules, seed=5), rngs) is None  # nothing yet
    interrupted = 0
    for seed in range(12):
        expected: list[int | None] = []
        claims: list[tuple[int, int | None]] = []

        def track(seat, action, events, after, *, expected=expected, claims=claims) -> None:
            if str(action) == "claim":
                claims.append((seat, expected[-1] if expected else None))
            expected.append(to_act(after))

        final, summary = play_match(rules, seed, agents, on_step=track)
        assert summary.over
        if summary.reason == "claim":
            ((claimer, was_to_act),) = claims
            claimed = next(e for e in reversed(final.match.deals) if e.reason == "claim")
            assert claimed is not None
            # a safe claim is right: the claimer's side wins
            assert claimer in result(rules, final).winner_seats
            interrupted += claimer != was_to_act
    assert interrupted >= 1


def test_random_bots_never_interrupt(rules) -> None:
    agents = [make_agent("random") for _ in range(4)]
    rngs = [seat_rng(0, s) for s in range(4)]
    state = new_game(rules, seed=2)
    assert interruption(agents, rules, state, rngs) is None


def test_an_out_of_turn_query_leaves_the_seat_to_act_alone(rules) -> None:
    """The engine remembers the last list it offered (for the seat to act); asking for
    another seat, or applying its claim, must neither answer from nor replace it."""
    state = new_game(rules, seed=5)
    actor = to_act(state)
    other = (actor + 1) % 4
    mine = legal_actions(rules, state)
    assert legal_actions(rules, state, other) == (Claim(),)
    assert legal_actions(rules, state) == mine
    assert legal_actions(rules, state, actor) == mine
    claim = next(a for a in mine if isinstance(a, Claim))  # the same object out of turn
    final, events = apply(rules, state, claim, seat=other)
    assert events[0].seat == other and is_over(final)
    final, events = apply(rules, state, claim)  # in turn: the seat to act claims
    assert events[0].seat == actor
