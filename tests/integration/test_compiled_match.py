"""Whole matches on the kernel: deal after deal without a state in between, the same game.

`playout(..., until="match")` keeps the kernel's own lists across the end of a deal (the
scoring, the match's end, the next deal's shuffle and first trick on the kernel's data,
`compiled.chain`) and builds a `GameState` only at the end. Every bundled ruleset plays
a few matches from the same start with the same per-seat random sources on both engines:
the final states must be equal field for field, and the counts `simulate` reports (actions,
card plays, deals dealt) the same.
"""

from __future__ import annotations

import random

import pytest

from tressette_dsl.compiled import (
    Finished,
    PlayoutStats,
    playout,
    playout_match,
    playout_new_match,
)
from tressette_dsl.engine import apply, legal_actions, new_game, result
from tressette_dsl.loader import load_ruleset, playable_rulesets

BUNDLED = [p.stem for p in playable_rulesets()]


def _rngs(seed: int, n: int) -> list[random.Random]:
    return [random.Random(f"match:{seed}:{s}") for s in range(n)]


@pytest.mark.parametrize("name", BUNDLED)
def test_whole_matches_are_the_interpreters(name: str) -> None:
    rules = load_ruleset(name)  # (one the kernel does not cover plays on the interpreter)
    for seed in range(1, 7):
        start = new_game(rules, seed)
        ref, fast = PlayoutStats(), PlayoutStats()
        want = playout(
            rules, start, _rngs(seed, start.n), until="match", engine="interpreted", stats=ref
        )
        got = playout(rules, start, _rngs(seed, start.n), until="match", stats=fast)
        diff = [f for f in want.__dataclass_fields__ if getattr(want, f) != getattr(got, f)]
        assert not diff, f"seed {seed}: {diff} differ"
        assert (fast.actions, fast.card_plays) == (ref.actions, ref.card_plays)
        assert want.over and fast.deals_dealt == ref.deals_dealt


@pytest.mark.parametrize("decisions", [2, 6])
def test_a_match_from_the_middle_of_a_deal(decisions: int) -> None:
    """The kernel may start anywhere: a card or two into the second deal's first trick,
    or in the declaring round after it."""
    rules = load_ruleset("tressette")
    state = playout(rules, new_game(rules, 3), random.Random(1))  # the first deal
    rng = random.Random(2)
    for _ in range(decisions):  # into the second deal, on the interpreter
        legal = [a for a in legal_actions(rules, state) if str(a) != "claim"]
        state, _events = apply(rules, state, legal[rng.randrange(len(legal))])
    assert state.deal_no == 2 and not state.over
    want = playout(rules, state, _rngs(9, state.n), until="match", engine="interpreted")
    got = playout(rules, state, _rngs(9, state.n), until="match")
    assert got == want and got.over


@pytest.mark.parametrize("name", ["tressette", "tressette-in-due", "calabresella", "nonna"])
def test_a_match_result_without_a_state(name: str) -> None:
    """`playout_match` gives the record of the interpreter's final state, and the same
    counts, whether the kernel ended the match on its own lists or not."""
    rules = load_ruleset(name)
    for seed in range(1, 6):
        start = new_game(rules, seed)
        ref, fast = PlayoutStats(), PlayoutStats()
        want = playout(
            rules, start, _rngs(seed, start.n), until="match", engine="interpreted", stats=ref
        )
        got = playout_match(rules, start, _rngs(seed, start.n), stats=fast)
        assert got == Finished.of(want), f"seed {seed}"
        assert got.result(rules, start.n) == result(rules, want)
        assert (fast.actions, fast.card_plays) == (ref.actions, ref.card_plays)


@pytest.mark.parametrize("name", BUNDLED)
def test_a_new_match_dealt_by_the_kernel(name: str) -> None:
    """`playout_new_match(rules, seed)` is the match `new_game(rules, seed)` begins: the
    same record and counts as the interpreter's, the first deal dealt by the kernel."""
    rules = load_ruleset(name)
    for seed in range(1, 5):
        start = new_game(rules, seed)
        ref, fast = PlayoutStats(), PlayoutStats()
        want = playout(
            rules, start, _rngs(seed, start.n), until="match", engine="interpreted", stats=ref
        )
        got = playout_new_match(rules, seed, _rngs(seed, start.n), stats=fast)
        assert got == Finished.of(want), f"seed {seed}"
        assert (fast.actions, fast.card_plays) == (ref.actions, ref.card_plays)
        assert fast.deals_dealt == ref.deals_dealt


@pytest.mark.parametrize("name", ["tressette", "tressette-col-morto", "traversone-coppie"])
def test_a_new_match_builds_no_state_for_its_first_deal(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The chain deals the first deal itself whether the first dealer is random or a
    seat expression (`tressette-col-morto`: `first_dealer: 1`): `new_game` is not asked."""
    from tressette_dsl.compiled import kernel  # noqa: PLC0415

    rules = load_ruleset(name)
    want = [playout_new_match(rules, seed, _rngs(seed, rules.players.count)) for seed in (1, 2)]

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("new_game called")

    monkeypatch.setattr(kernel, "new_game", refused)
    got = [playout_new_match(rules, seed, _rngs(seed, rules.players.count)) for seed in (1, 2)]
    assert got == want
