"""A declaring round from a trick's winner (`declaring.at: end_of_trick`, optional) is
played inside the generated loop under the random policy (`codegen.in_loop_round`), and
by the driver (`rounds.kernel_round`) for any other chooser. Both make the same draws, so
a match played with each, from the same seeds, is the same match: the same deals, the
same totals and outcome, the same final state (its last deal's declarations with their
tricks); and declarations were made."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tressette_dsl.compiled import compile_ruleset, kernel
from tressette_dsl.compiled.kernel import playout, playout_new_match
from tressette_dsl.compiled.steps import PlayoutStats
from tressette_dsl.engine import new_game
from tressette_dsl.loader import load_ruleset, playable_rulesets


def _optional_rounds() -> list[str]:
    names = []
    for p in playable_rulesets():
        rules = load_ruleset(p.stem)
        d = rules.declaring
        if d is None or d.at != "end_of_trick" or d.mandatory:
            continue
        if compile_ruleset(rules).fast_end is not None:
            names.append(p.stem)
    return names


NAMES = _optional_rounds()


def _drawing(rng: random.Random) -> Any:
    """A policy drawing as the random one does, but not known as it (no inline draws)."""
    return lambda _seat, n: rng.randrange(n)


def test_there_are_such_rulesets() -> None:
    assert "tressette" in NAMES


@pytest.mark.parametrize("name", NAMES)
def test_the_round_in_the_loop_is_the_drivers(name: str, monkeypatch: Any) -> None:
    rules = load_ruleset(name)
    calls = [0]
    original = kernel.kernel_round

    def counted(*args: Any) -> Any:
        calls[0] += 1
        return original(*args)

    monkeypatch.setattr(kernel, "kernel_round", counted)
    declared = driver = 0
    for seed in range(1, 9):
        rng = random.Random(seed)
        fast_stats = PlayoutStats()
        calls[0] = 0
        in_loop = playout_new_match(rules, seed, rng, stats=fast_stats)
        assert calls[0] == 0  # the random policy: every round in the loop
        other = random.Random(seed)
        drv_stats = PlayoutStats()
        driven = playout_new_match(rules, seed, policy=_drawing(other), stats=drv_stats)
        driver += calls[0]
        assert in_loop == driven
        assert fast_stats.card_plays == drv_stats.card_plays
        assert fast_stats.actions == drv_stats.actions
        declared += sum(1 for d in in_loop.deals for p in d.declared if p)
        # the final states too: the last deal's declarations, each with its trick
        start = new_game(rules, seed)
        mine, theirs = random.Random(seed), random.Random(seed)
        got = playout(rules, start, mine, until="match")
        want = playout(rules, start, policy=_drawing(theirs), until="match")
        assert got == want
    assert driver > 0  # the other chooser: the driver's rounds
    assert declared > 0
