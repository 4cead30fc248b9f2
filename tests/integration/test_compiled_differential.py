"""The compiled kernel against the interpreter: the same choices give the same game.

Every playable bundled ruleset, and every digest overlay of test_digest_parameters.py, is
played deal by deal twice from the same state with the same per-seat random sources: once
with every action on the interpreter, once on the kernel. At every decision both must
offer the same number of choices to the same seat (the kernel counts what the interpreter
lists: cards in deck order with their signals, any-time signals, declarations), and after
every deal the two states must be equal field for field: hands, tricks with their winners,
signals, declarations, points, the deal records with their payoffs, the totals and the end
of the match. A difference is a compiler bug and fails here.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.integration import recording
from tressette_dsl.compiled import PlayoutStats, compile_ruleset, playout
from tressette_dsl.engine import new_game
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset, playable_rulesets
from tressette_dsl.rules.model import Ruleset

_DIGEST = Path(__file__).with_name("test_digest_parameters.py")
_spec = importlib.util.spec_from_file_location("digest_parameters", _DIGEST)
assert _spec is not None and _spec.loader is not None
_digest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_digest)
OVERLAYS: dict[str, tuple[str, str]] = _digest.CASES

# Every bundled ruleset is compiled (issue 8 item 2): `test_every_bundled_ruleset_is_covered`.
# The fallback for a ruleset the kernel does not cover is tested on a house overlay whose
# `match.check: immediately` it reports by name: `test_uncovered_house_rules_play_the_same`.
_COVERS = {p.stem: compile_ruleset(load_ruleset(p)).coverage for p in playable_rulesets()}
BUNDLED = sorted(_COVERS)
UNCOVERED_HOUSE = "id: house-check-at-once\nextends: tressette\nmatch: {check: immediately}\n"


class Recorder(recording.Recorder):
    """The shared random policy (`recording.Recorder`), with this file's own sources."""

    prefix = "differential"


def _diff(a: GameState, b: GameState) -> list[str]:
    return [f for f in a.__dataclass_fields__ if getattr(a, f) != getattr(b, f)]


def compare(rules: Ruleset, deals: int, seeds: range) -> int:
    """Play `deals` deals over matches started from `seeds`; returns the kernel's actions."""
    assert compile_ruleset(rules).coverage.covers, compile_ruleset(rules).coverage.note()
    played = kernel_actions = 0
    for seed in seeds:
        state = new_game(rules, seed)
        ref, fast = Recorder(seed, state.n), Recorder(seed, state.n)
        while not state.over and played < deals:
            stats = PlayoutStats()
            want = playout(rules, state, policy=ref, engine="interpreted")
            got = playout(rules, state, policy=fast, engine="compiled", stats=stats)
            assert fast.seen == ref.seen, f"seed {seed}, deal {state.deal_no}: choices differ"
            assert got == want, f"seed {seed}, deal {state.deal_no}: {_diff(want, got)} differ"
            kernel_actions += stats.kernel_actions
            state = want
            played += 1
        if played >= deals:
            break
    return kernel_actions


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_ruleset_plays_the_same_compiled(name: str) -> None:
    rules = load_ruleset(name)
    kernel_actions = compare(rules, 150, range(1, 1000))
    assert kernel_actions > 0  # the kernel really played (not all delegated)


def test_every_bundled_ruleset_is_covered() -> None:
    """The kernel plays every bundled ruleset; only moments are delegated, never a whole game."""
    assert {name: c.uncovered for name, c in _COVERS.items() if not c.covers} == {}


def test_uncovered_house_rules_play_the_same(tmp_path: Path) -> None:
    """Not compiled: `playout` hands it to the interpreter, which must play it exactly, and
    the coverage note says which features sent it there."""
    path = tmp_path / "house.yaml"
    path.write_text(UNCOVERED_HOUSE, encoding="utf-8")
    rules = load_ruleset(path)
    coverage = compile_ruleset(rules).coverage
    assert coverage.uncovered and all(f in coverage.note() for f in coverage.uncovered)
    for seed in (3, 5):
        state = new_game(rules, seed)
        ref, fast = Recorder(seed, state.n), Recorder(seed, state.n)
        want = playout(rules, state, policy=ref, engine="interpreted")
        assert playout(rules, state, policy=fast, engine="auto") == want
        assert fast.seen == ref.seen


@pytest.mark.parametrize("name", sorted(OVERLAYS))
def test_digest_overlay_plays_the_same_compiled(name: str, house: Callable[..., Ruleset]) -> None:
    rules = house(*OVERLAYS[name])
    if not compile_ruleset(rules).coverage.covers:
        # not compiled: the interpreter plays it, which `playout` must still do exactly
        state = new_game(rules, 5)
        ref, fast = Recorder(5, state.n), Recorder(5, state.n)
        want = playout(rules, state, policy=ref, engine="interpreted")
        assert playout(rules, state, policy=fast, engine="auto") == want
        assert fast.seen == ref.seen
        return
    compare(rules, 40, range(1, 1000))


@pytest.mark.slow
@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_ruleset_many_deals(name: str) -> None:
    compare(load_ruleset(name), 2000, range(1000, 100_000))
