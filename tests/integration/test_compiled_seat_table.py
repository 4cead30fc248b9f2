"""The kernel on a seat count chosen per game and a table that shrinks (`traversone`).

Each count of a seat table is its own game, so it gets its own kernel (`compiled.seats`);
elimination happens at the end of a deal, which the kernel leaves to the interpreter. The
same choices must give the same game as the interpreter at every count the ruleset allows
(2, 3, 5 and 8 seats here; 4 is the bundled differential's), deal by deal and over whole
matches in which seats leave and the table is numbered again - where each seat's chooser
must follow its player, as `simulate`'s runner binds an agent to a person.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.integration import recording
from tressette_dsl.agents import SamplingAgent, choose
from tressette_dsl.cli import main
from tressette_dsl.cli.simulate import simulate
from tressette_dsl.compiled import (
    Finished,
    PlayoutStats,
    compile_ruleset,
    kernel,
    playout,
    playout_match,
    playout_new_match,
    playout_result,
)
from tressette_dsl.compiled.matches import engine_for
from tressette_dsl.engine import apply, legal_actions, new_game, result
from tressette_dsl.engine.seating import rules_for
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset

RULES = load_ruleset("traversone")
COUNTS = (2, 3, 5, 8)


class Recorder(recording.Recorder):
    """The shared random policy (`recording.Recorder`), with this file's own sources."""

    prefix = "seat-table"


def _diff(a: GameState, b: GameState) -> list[str]:
    return [f for f in a.__dataclass_fields__ if getattr(a, f) != getattr(b, f)]


def test_every_count_is_covered_with_its_own_kernel() -> None:
    coverage = compile_ruleset(RULES).coverage
    assert coverage.covers, coverage.note()
    assert any("match.eliminate" in moment for moment in coverage.delegated)
    kernels = {n: compile_ruleset(RULES.for_seats(n)) for n in range(2, 9)}
    for n, compiled in kernels.items():
        assert compiled.coverage.covers
        assert f"N = {n}  # seats" in compiled.source  # not another count's loop
    assert compile_ruleset(RULES.for_seats(5)) is kernels[5]  # kept, like any kernel


@pytest.mark.parametrize("seats", COUNTS)
def test_deals_play_the_same_at_every_count(seats: int) -> None:
    """Deal by deal, through the eliminations, from the same states."""
    played = kernel_actions = 0
    for seed in range(1, 50):
        state = new_game(RULES, seed, seats=seats)
        ref, fast = Recorder(seed, seats), Recorder(seed, seats)
        while not state.over and played < 40:
            stats = PlayoutStats()
            want = playout(RULES, state, policy=ref, engine="interpreted")
            got = playout(RULES, state, policy=fast, engine="compiled", stats=stats)
            assert fast.seen == ref.seen, f"seed {seed}, deal {state.deal_no}: choices differ"
            assert got == want, f"seed {seed}, deal {state.deal_no}: {_diff(want, got)} differ"
            kernel_actions += stats.kernel_actions
            state = want
            played += 1
        if played >= 40:
            break
    assert kernel_actions > 0


@pytest.mark.parametrize("seats", COUNTS)
def test_whole_matches_follow_the_shrinking_table(seats: int) -> None:
    """Whole matches in one playout: the table shrinks inside it, and the kernel of each
    smaller count takes over; `playout_match` gives the record of the same final state."""
    shrank = 0
    for seed in (1, 2, 3):
        start = new_game(RULES, seed, seats=seats)
        ref, fast = Recorder(seed, seats), Recorder(seed, seats)
        want = playout(RULES, start, policy=ref, engine="interpreted", until="match")
        got = playout(RULES, start, policy=fast, engine="compiled", until="match")
        assert fast.seen == ref.seen and got == want, (seed, _diff(want, got))
        rngs = [random.Random(f"match:{seed}:{s}") for s in range(seats)]
        again = [random.Random(f"match:{seed}:{s}") for s in range(seats)]
        end = playout(RULES, start, again, engine="interpreted", until="match")
        assert playout_match(RULES, start, rngs) == Finished.of(end)
        assert playout_new_match(RULES.for_seats(seats), seed, random.Random(seed)).over
        shrank += bool(want.match.left) and want.n < seats
    assert shrank or seats == 2  # two seats: the first to leave ends the match


def test_a_playout_from_a_shrunk_table_uses_its_count() -> None:
    """A state at a table that shrank, given with the ruleset the game began with."""
    state = new_game(RULES, 4, seats=5)
    rng = random.Random(4)
    while not state.match.roster:
        state = playout(RULES, state, rng, engine="interpreted")
    assert rules_for(RULES, state).players.count == state.n < 5
    ref, fast = Recorder(4, 5), Recorder(4, 5)
    want = playout(RULES, state, policy=ref, engine="interpreted")
    stats = PlayoutStats()
    assert playout(RULES, state, policy=fast, engine="compiled", stats=stats) == want
    assert fast.seen == ref.seen and stats.kernel_actions > 0
    one, two = random.Random(9), random.Random(9)
    assert playout_result(RULES, state, one, first=1) == result(
        RULES, playout(RULES, state, two, engine="interpreted", first=1)
    )


@pytest.mark.parametrize("seats", (3, 8))
def test_simulate_gives_the_same_summaries(seats: int) -> None:
    rules = RULES.for_seats(seats)
    kinds = ["random"] * seats
    assert engine_for(rules, kinds, "auto") == ("compiled", None)
    want = simulate(rules, "traversone", range(1, 4), kinds, engine="interpreted")
    got = simulate(rules, "traversone", range(1, 4), kinds, engine="compiled")
    assert [dataclasses.replace(s, seconds=0.0) for s in got] == [
        dataclasses.replace(s, seconds=0.0) for s in want
    ]
    assert all(s.error is None and s.over for s in got)


def test_cli_simulate_runs_compiled(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for engine in ("interpreted", "compiled"):
        args = ["simulate", "traversone", "--agents", "random", "--games", "3", "--seats", "6"]
        assert main([*args, "--engine", engine, "--verbose"]) == 0
        captured = capsys.readouterr()
        assert f"engine: {engine}" in captured.err
        assert "runs on the interpreter" not in captured.err
        outputs.append([line for line in captured.out.splitlines() if not line.startswith("time")])
    assert outputs[0] == outputs[1]


def test_the_sampling_bot_decides_the_same_on_both_engines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its playouts on the kernel (each move, random play to the deal's end), at a count
    other than the default: the same decisions as with every playout on the interpreter,
    and the kernel really played them."""
    rules = RULES.for_seats(3)
    steps = []
    real = kernel.kernel_step

    def counted(*args: Any, **kwargs: Any) -> Any:
        steps.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(kernel, "kernel_step", counted)
    picks: dict[str, list[str]] = {}
    for engine in ("interpreted", "auto"):
        agent = SamplingAgent(6, engine=engine)
        state = new_game(rules, 3)
        rng = random.Random(3)
        seen = []
        for _ in range(10):
            action = choose(agent, rules, state, legal_actions(rules, state), rng)
            seen.append(str(action))
            state, _events = apply(rules, state, action)
        picks[engine] = seen
        assert bool(steps) == (engine == "auto")
    assert picks["auto"] == picks["interpreted"]


def test_the_search_bot_rolls_out_on_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search bot's greedy rollouts (`agents.rollout`, reading the generated loop's
    frame) at five seats: its playouts run on the kernel and pick cards greedily there."""
    from tressette_dsl.agents.rollout import RolloutPolicy  # noqa: PLC0415
    from tressette_dsl.agents.search import SearchAgent  # noqa: PLC0415

    greedy: list[int] = []
    real = RolloutPolicy._card

    def counted(self: RolloutPolicy, *args: Any) -> int | None:
        got = real(self, *args)
        greedy.append(got is not None)
        return got

    monkeypatch.setattr(RolloutPolicy, "_card", counted)
    rules = RULES.for_seats(5)
    state = new_game(rules, 2)
    agent = SearchAgent(iters=20, policy="greedy")  # the tree: its rollouts are the kernel's
    rng = random.Random(2)
    for _ in range(6):
        legal = legal_actions(rules, state)
        action = choose(agent, rules, state, legal, rng)
        assert action in legal
        state, _events = apply(rules, state, action)
    assert any(greedy)


@pytest.mark.parametrize("seats", (6, 8))
def test_a_short_limit_shrinks_the_table_deal_after_deal(seats: int, tmp_path: Path) -> None:
    """A house rule with a limit of 6: seats leave almost every deal, so one match goes
    through most of the counts below `seats`, each on its own kernel."""
    path = tmp_path / "short.yaml"
    path.write_text("id: traversone-short\nextends: traversone\nmatch:\n  target: 6\n")
    rules = load_ruleset(path)
    counts: set[int] = set()
    for seed in (1, 2):
        start = new_game(rules, seed, seats=seats)
        ref, fast = Recorder(seed, seats), Recorder(seed, seats)
        state = start
        while not state.over:  # deal by deal, to see each table
            counts.add(state.n)
            want = playout(rules, state, policy=ref, engine="interpreted")
            assert playout(rules, state, policy=fast, engine="compiled") == want
            state = want
        assert fast.seen == ref.seen
        ref, fast = Recorder(seed, seats), Recorder(seed, seats)
        want = playout(rules, start, policy=ref, engine="interpreted", until="match")
        assert playout(rules, start, policy=fast, engine="compiled", until="match") == want
        assert fast.seen == ref.seen
    assert len(counts) >= 3
    kinds = ["random"] * seats
    one = rules.for_seats(seats)
    want_s = simulate(one, "short", range(1, 4), kinds, engine="interpreted")
    got_s = simulate(one, "short", range(1, 4), kinds, engine="compiled")
    assert [dataclasses.replace(s, seconds=0.0) for s in got_s] == [
        dataclasses.replace(s, seconds=0.0) for s in want_s
    ]


def test_compile_and_bench_take_a_seat_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compile", "traversone", "--seats", "8", "--show"]) == 0
    assert "N = 8  # seats" in capsys.readouterr().out
    assert main(["compile", "traversone", "--seats", "9"]) == 2
    assert "2 to 8 players, not 9" in capsys.readouterr().err
    for extra in ([], ["--seats", "5"]):
        args = ["bench", "traversone", "--deals", "3", "--games", "1", "--format", "json"]
        assert main([*args, *extra]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["compiled_covers"] is True
        assert data["paths"]["compiled"] == "kernel"
