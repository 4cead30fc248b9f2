"""The kernel plays `seating`: a dummy decided for by its owner and shown after the first
card (`tressette-col-morto`), people who move round the seats and a dealer who sits the
deal out (`calabresella-a-quattro`).

The differential test (tests/integration/test_compiled_differential.py) plays both
rulesets deal by deal against the interpreter; the states it compares are those after
each deal, where a dummy's exposure has been dealt away. These tests hold what it cannot
see: the kernel's state written back in the middle of a deal (the dummy's cards public
from the first card on), the seat whose chooser draws at the dummy's turn, a forced first
choice at the dummy's turn, and the people's random sources seat by seat.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tressette_dsl.agents import SamplingAgent, choose
from tressette_dsl.cli import main
from tressette_dsl.compiled import (
    Finished,
    PlayoutStats,
    compile_ruleset,
    playout,
    playout_match,
    seating,
)
from tressette_dsl.compiled.kernel import Kernel, _drive
from tressette_dsl.compiled.steps import choosers, interpreted_step
from tressette_dsl.engine import apply, legal_actions, new_game, result
from tressette_dsl.engine.occupancy import dummy_of, person_seats
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset

SEATING = ("tressette-col-morto", "calabresella-a-quattro")


def _morto(tmp_path: Path, exposed: str) -> Ruleset:
    path = tmp_path / f"morto-{exposed}.yaml"
    path.write_text(
        "id: morto-house\nextends: tressette-col-morto\n"
        f"seating: {{dummy: {{exposed: {exposed}}}}}\n",
        encoding="utf-8",
    )
    return load_ruleset(path)


class Replay:
    """A policy that draws from one source per seat and writes the choices down, or
    replays choices written down before."""

    def __init__(self, seed: int, seats: int, script: list[int] | None = None) -> None:
        self.rngs = [random.Random(f"seating:{seed}:{s}") for s in range(seats)]
        self.script = script
        self.seen: list[tuple[int, int, int]] = []  # (seat asked, choices, pick)

    def __call__(self, seat: int, n: int) -> int:
        if self.script is not None:
            pick = self.script[len(self.seen)]
        else:
            pick = self.rngs[seat].randrange(n)
        self.seen.append((seat, n, pick))
        return pick


def _at_trick_play(rules: Ruleset, seed: int) -> GameState:
    """The first state of a deal in which a card is to be played (random choices before)."""
    rng = random.Random(seed)
    state = new_game(rules, seed)
    compiled = compile_ruleset(rules)
    while not (state.phase == compiled.generated.phase_index and state.sub == "play"):
        legal = [a for a in legal_actions(rules, state) if str(a) != "claim"]
        state, _events = apply(rules, state, legal[rng.randrange(len(legal))])
    return state


def test_seating_rulesets_are_covered_and_say_what_they_delegate() -> None:
    """Col morto's deals end on the kernel (the people's totals by the seats they hold);
    the contract game's deal end is the kernel's side's (`contractend`), the people's
    totals included, and the note says so."""
    morto = compile_ruleset(load_ruleset("tressette-col-morto"))
    assert morto.coverage.covers and morto.fast_end is not None
    assert not any(m.startswith("the card that ends the play") for m in morto.coverage.delegated)
    quattro = compile_ruleset(load_ruleset("calabresella-a-quattro"))
    assert quattro.coverage.covers and quattro.fast_end is None
    delegated = quattro.coverage.delegated
    assert any(
        moment.startswith(
            "seating.people: the people's totals at the end of each deal on the kernel"
        )
        for moment in delegated
    )
    assert any(moment.startswith("the card that ends the play") for moment in delegated)


def test_a_dummy_dealt_face_up_ends_its_deals_on_the_interpreter(tmp_path: Path) -> None:
    """The next deal's state shows a dummy dealt face up, which `FastEnd` does not deal:
    the end of the deal is then delegated, by name."""
    rules = _morto(tmp_path, "dealt")
    compiled = compile_ruleset(rules)
    assert compiled.coverage.covers and compiled.fast_end is None
    assert any("seating.dummy.exposed: dealt" in m for m in compiled.coverage.delegated)


@pytest.mark.parametrize("exposed", ["first_card", "dealt", "end_of_play"])
def test_the_state_written_back_mid_deal_is_the_interpreters(tmp_path: Path, exposed: str) -> None:
    """The kernel plays a deal's tricks up to the card it leaves to the interpreter; the
    state it writes back then equals the interpreter's after the same choices - the
    dummy's remaining cards public once the first card is played (`first_card`), from
    the deal (`dealt`), or hidden (`end_of_play`). The hand-over is at the deal's last
    card, so the dummy's cards show in it when that card is the dummy's."""
    rules = _morto(tmp_path, exposed)
    compiled = compile_ruleset(rules)
    assert compiled.coverage.covers
    holding = 0  # deals whose last card is the dummy's: its last card in the state
    for seed in range(1, 13):
        state = _at_trick_play(rules, seed)
        dummy, _owner = dummy_of(rules, state) or (-1, -1)
        fast = Replay(seed, state.n)
        k = Kernel(rules, state)
        stats = PlayoutStats()
        choose = choosers(state.n, None, fast)  # `_drive` gives the dummy's turn the owner's
        _drive(rules, compiled, k, choose, stats=stats, limit=1 << 30, run=True)
        assert k.stop == 1  # the last card, left to the interpreter (the deal's end)
        got = k.state(rules, k.base_state(None), compiled.generated.signal_ids)
        made = stats.actions + k.actions
        ref = Replay(seed, state.n, [pick for _seat, _n, pick in fast.seen])
        want = state
        for _ in range(made):
            want = interpreted_step(rules, want, choosers(state.n, None, ref), PlayoutStats())
        assert ref.seen == fast.seen[:made]
        assert got.public == want.public
        assert got == want
        hand = got.hands[dummy]
        holding += bool(hand)
        assert got.public[dummy] & hand == (0 if exposed == "end_of_play" else hand)
    assert holding >= 1


def test_the_dummys_turns_draw_from_its_owners_source() -> None:
    """Both engines ask the owner's chooser at the dummy's turn - never the dummy's seat,
    whose source stays untouched (`bench_compiled` gives every seat its own)."""
    rules = load_ruleset("tressette-col-morto")
    state = new_game(rules, 4)
    dummy, owner = dummy_of(rules, state) or (-1, -1)
    for engine in ("interpreted", "compiled"):
        policy = Replay(4, state.n)
        end = playout(rules, state, policy=policy, engine=engine)
        assert end.deal_ended
        asked = {seat for seat, _n, _pick in policy.seen}
        assert dummy not in asked and owner in asked
        # the owner's twenty cards - his ten and the dummy's - besides any declarations
        assert sum(seat == owner for seat, _n, _pick in policy.seen) >= 20
    rngs = [random.Random(s) for s in range(state.n)]
    untouched = random.Random(dummy).getstate()
    playout(rules, state, rngs, engine="compiled")
    assert rngs[dummy].getstate() == untouched


@pytest.mark.parametrize("engine", ["interpreted", "compiled"])
def test_a_first_choice_at_the_dummys_turn_is_the_dummys_card(engine: str) -> None:
    """A search bot tries each move of the dummy (its owner deciding): `first` is drawn by
    the owner's chooser, so move i is the i-th legal card of the dummy on both engines."""
    rules = load_ruleset("tressette-col-morto")
    state = _at_trick_play(rules, 6)
    dummy, _owner = dummy_of(rules, state) or (-1, -1)
    rng = random.Random(6)
    while state.to_act != dummy:
        legal = legal_actions(rules, state)
        state, _events = apply(rules, state, legal[rng.randrange(len(legal))])
    legal = legal_actions(rules, state)
    assert len(legal) > 1
    ends = set()
    for first in range(len(legal)):
        end = playout(rules, state, random.Random(first), first=first, engine=engine)
        assert end == playout(rules, state, random.Random(first), first=first, engine="interpreted")
        after, _events = apply(rules, state, legal[first])
        assert end == playout(rules, after, random.Random(first), engine=engine)
        ends.add(end.deals[-1])
    assert len(ends) > 1  # the tries differ: each played its own first card


def test_people_sources_follow_the_people_round_the_seats() -> None:
    """`person_sources`: each seat draws from the person sitting there (a dealer dealt out
    draws nothing), the dummy's seat from its owner's person."""
    quattro = load_ruleset("calabresella-a-quattro")
    state = new_game(quattro, 2)
    rngs = [random.Random(p) for p in range(4)]
    sources = seating.person_sources(quattro, state, rngs)
    seats = person_seats(quattro, state)
    assert len(sources) == state.n == 3
    for person, seat in enumerate(seats):
        if seat >= 0:
            assert sources[seat] is rngs[person]
        else:
            assert all(r is not rngs[person] for r in sources)
    morto = load_ruleset("tressette-col-morto")
    state = new_game(morto, 2)
    sources = seating.person_sources(morto, state, rngs[:3])
    dummy, owner = dummy_of(morto, state) or (-1, -1)
    assert sources[dummy] is sources[owner] is rngs[person_seats(morto, state).index(owner)]


def test_a_dummy_shown_after_the_first_card_with_a_draw_stays_on_the_interpreter(
    tmp_path: Path,
) -> None:
    """The exposure is written after the loop as the dummy's hand then: with cards drawn
    during the play it would show those too, so the kernel names it as not covered and
    the interpreter plays it."""
    path = tmp_path / "morto-draw.yaml"
    path.write_text(
        "id: morto-draw\nextends: tressette-col-morto\n"
        "zones: {stock: {seen_by: nobody, drawn_from: true, ordered: true}}\n"
        "phases:\n  deal: {packets: '5 stock:rest'}\n"
        "  play: {draw: {from: stock, order: winner_first, shown: false}}\n",
        encoding="utf-8",
    )
    rules = load_ruleset(path)
    coverage = compile_ruleset(rules).coverage
    assert coverage.uncovered == ("seating.dummy.exposed: first_card with a draw from the stock",)
    state = new_game(rules, 5)
    want = playout(rules, state, random.Random(5), engine="interpreted")
    assert playout(rules, state, random.Random(5)) == want


@pytest.mark.parametrize("name", SEATING)
def test_simulate_and_bench_run_the_kernel(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate --engine compiled` plays them on the kernel (no note that the interpreter
    runs them) with the interpreter's summary, and `bench` says the kernel covers them."""
    outputs = []
    for engine in ("interpreted", "compiled"):
        args = ["simulate", name, "--agents", "random", "--games", "3", "--engine", engine]
        assert main([*args, "--verbose"]) == 0
        captured = capsys.readouterr()
        assert f"engine: {engine}" in captured.err
        assert "runs on the interpreter" not in captured.err
        outputs.append([line for line in captured.out.splitlines() if not line.startswith("time")])
    assert outputs[0] == outputs[1]
    assert main(["bench", name, "--deals", "3", "--games", "1", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["compiled_covers"] is True
    assert data["paths"] == {"interpreted": "interpreter", "compiled": "kernel"}


@pytest.mark.parametrize("name", SEATING)
def test_the_sampling_bot_decides_the_same_on_both_engines(name: str) -> None:
    """Its tries at the dummy's turn (the owner deciding) and at a person's: the same
    decisions with the playouts on the kernel or on the interpreter."""
    rules = load_ruleset(name)
    picks: dict[str, list[str]] = {}
    for engine in ("interpreted", "auto"):
        agent = SamplingAgent(6, engine=engine)
        state = _at_trick_play(rules, 3)
        rng = random.Random(3)
        seen = []
        for _ in range(10):
            if state.over:
                break
            action = choose(agent, rules, state, legal_actions(rules, state), rng)
            seen.append(f"{state.to_act}:{action}")
            state, _events = apply(rules, state, action)
        picks[engine] = seen
    assert picks["auto"] == picks["interpreted"]
    if name == "tressette-col-morto":  # some of them the dummy's
        dummy = dummy_of(rules, _at_trick_play(rules, 3))
        assert dummy is not None and any(p.startswith(f"{dummy[0]}:") for p in picks["auto"])


@pytest.mark.parametrize("name", SEATING)
def test_a_match_record_gives_the_people_result_of_the_final_state(name: str) -> None:
    """`Finished.result` is `engine.result` of the final state, per seat too: with
    people, the totals and winners of the seats they held in the last deal."""
    rules = load_ruleset(name)
    for seed in (3, 4):
        state = new_game(rules, seed)
        rngs = [random.Random(f"people:{seed}:{s}") for s in range(state.n)]
        end = playout(rules, state, rngs, until="match", engine="interpreted")
        rngs = [random.Random(f"people:{seed}:{s}") for s in range(state.n)]
        finished = playout_match(rules, state, rngs)
        assert finished == Finished.of(end)
        assert finished.result(rules, state.n) == result(rules, end)
        assert any(result(rules, end).seat_totals)
