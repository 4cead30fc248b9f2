"""The contract phases played without the step API (`compiled.contract`) against the
interpreter: the same choices give the same game.

Each contract ruleset, and overlays that exercise the phases' options (a forced bid for
the eldest, the same dealer after an all-pass deal, only some bids after one, a bid only
after another, calls by priority, a discard of one to four cards, a take of as many as
discarded), is played deal by deal twice from the same state with the same per-seat
random sources: every action on the interpreter, then on the compiled path. The seats
must be offered the same number of choices in the same order, the states after every
deal must be equal field for field, and the contract phases' decisions must really have
been played by `contract_run` (not handed to the interpreter one by one).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.integration import recording
from tressette_dsl.compiled import PlayoutStats, compile_ruleset, contract, kernel, playout
from tressette_dsl.compiled.steps import Chooser
from tressette_dsl.engine import new_game
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset

BUNDLED = [
    "calabresella",
    "briscola-chiamata",
    "tressette-chiamata",
    "tressette-chiamata-del-tre",
    "calabrasella-americana",
    str(Path(__file__).parents[2] / "rulesets" / "house" / "calabresella-1-2-3.yaml"),
]

OVERLAYS: dict[str, tuple[str, str]] = {
    "a forced chiamo for the eldest": (
        "calabresella",
        'phases: {auction: {forced: {who: "next(dealer)", bid: chiamo}}}',
    ),
    "the same dealer after all pass, then only solo or solissimo": (
        "calabresella",
        "phases: {auction: {all_pass_dealer: same, after_all_pass: [solo, solissimo]}}",
    ),
    "calls of a 3 only": ("calabresella", 'phases: {call: {cards: "of_rank(deck, 3) - hand"}}'),
    "2 + points only after a 2": (
        "briscola-chiamata",
        "phases: {auction: {bids: {due_punti: {after: due}}}}",
    ),
    "chiamata without an ace, partner shown at once": (
        "tressette-chiamata",
        'phases: {call: {cards: "deck - of_rank(deck, A)", reveal: immediately}}',
    ),
    "bidding until all pass": ("tressette-chiamata", "phases: {auction: {speeches: until_pass}}"),
}


class Recorder(recording.Recorder):
    """The shared random policy (`recording.Recorder`), with this file's own sources."""

    prefix = "contract"


class Counted:
    """`contract_run` as the kernel calls it, counting the decisions it played."""

    def __init__(self) -> None:
        self.decisions = 0

    def __call__(
        self,
        rules: Ruleset,
        state: GameState,
        choose: Sequence[Chooser],
        stats: PlayoutStats,
        *more: Any,
    ) -> GameState | None:
        before = stats.actions
        got = contract.contract_run(rules, state, choose, stats, *more)
        self.decisions += stats.actions - before
        return got


def _diff(a: GameState, b: GameState) -> list[str]:
    return [f for f in a.__dataclass_fields__ if getattr(a, f) != getattr(b, f)]


def compare(rules: Ruleset, deals: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """Play `deals` deals over matches of seeds 1, 2...; the decisions `contract_run` made."""
    assert compile_ruleset(rules).coverage.covers, compile_ruleset(rules).coverage.note()
    assert contract.plays(rules)
    counted = Counted()
    monkeypatch.setattr(kernel, "contract_run", counted)
    played = 0
    for seed in range(1, 1000):
        state = new_game(rules, seed)
        ref, fast = Recorder(seed, state.n), Recorder(seed, state.n)
        while not state.over and played < deals:
            want = playout(rules, state, policy=ref, engine="interpreted")
            stats = PlayoutStats()
            got = playout(rules, state, policy=fast, engine="compiled", stats=stats)
            assert fast.seen == ref.seen, f"seed {seed}, deal {state.deal_no}: choices differ"
            assert got == want, f"seed {seed}, deal {state.deal_no}: {_diff(want, got)} differ"
            state = want
            played += 1
        if played >= deals:
            break
    return counted.decisions


@pytest.mark.parametrize("name", BUNDLED)
def test_contract_phases_play_the_same(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_ruleset(name)
    assert compare(rules, 200, monkeypatch) >= 200  # at least a decision a deal


@pytest.mark.parametrize("case", sorted(OVERLAYS))
def test_contract_overlay_plays_the_same(
    case: str, house: Callable[..., Ruleset], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert compare(house(*OVERLAYS[case]), 120, monkeypatch) >= 120


def test_random_matches_agree_with_their_stats() -> None:
    """A whole match: the same final state and the same counts of actions and deals as
    the interpreter's (what `simulate`'s summary reports)."""
    rules = load_ruleset("calabresella")
    for seed in (2, 9):
        state = new_game(rules, seed)
        ref, fast = PlayoutStats(), PlayoutStats()
        rngs = [random.Random(f"m:{seed}:{s}") for s in range(3)]
        want = playout(rules, state, rngs, until="match", engine="interpreted", stats=ref)
        rngs = [random.Random(f"m:{seed}:{s}") for s in range(3)]
        got = playout(rules, state, rngs, until="match", engine="compiled", stats=fast)
        assert got == want
        assert (fast.actions, fast.card_plays, fast.deals_dealt) == (
            ref.actions,
            ref.card_plays,
            ref.deals_dealt,
        )


def test_coverage_says_which_phases_run_in_one_go() -> None:
    """`tressette compile`'s list: the phases with decisions played by `contract_run` say
    so; the others (deal, reveal, move, score) are entered by the interpreter as before."""
    rules = load_ruleset("calabresella")
    delegated = compile_ruleset(rules).coverage.delegated
    ran = "its decisions in one run (compiled.contract)"
    for phase in rules.flow:
        if phase.kind == "tricks":
            continue
        note = next(d for d in delegated if d.startswith(f"phase {phase.id!r} "))
        assert note.endswith(ran) == (phase.kind in contract.PLAYED), note


class Passer(Recorder):
    """Mostly the last choice (in an auction: pass), else any: deals everybody passes."""

    def __call__(self, seat: int, n: int) -> int:
        self.seen.append((seat, n))
        rng = self.rngs[seat]
        return n - 1 if rng.random() < 0.8 else rng.randrange(n)


def passing(rules: Ruleset, seeds: range, deals: int) -> list[GameState]:
    """Up to `deals` deals of the match of each seed with `Passer` seats, deal by deal on
    both paths (the same choices offered, the same states): each match's last state."""
    ends = []
    for seed in seeds:
        state = new_game(rules, seed)
        ref, fast = Passer(seed, state.n), Passer(seed, state.n)
        for _ in range(deals):
            if state.over:
                break
            want = playout(rules, state, policy=ref, engine="interpreted")
            got = playout(rules, state, policy=fast, engine="compiled")
            assert fast.seen == ref.seen, f"seed {seed}, deal {state.deal_no}: choices differ"
            assert got == want, f"seed {seed}, deal {state.deal_no}: {_diff(want, got)} differ"
            state = want
        ends.append(state)
    return ends


@pytest.mark.parametrize(
    ("case", "body"),
    [
        ("forced", 'phases: {auction: {forced: {who: "next(dealer)", bid: chiamo}}}'),
        ("same dealer", "phases: {auction: {all_pass_dealer: same, after_all_pass: [solo]}}"),
        ("next dealer", ""),
    ],
)
def test_all_pass_deals_play_the_same(
    case: str, body: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Deals everybody passes (a policy that mostly passes): redealt by the same or the
    next dealer, with only some bids in the deal after, or the forced bid - as the
    interpreter plays them, on deals that really went so."""
    from tressette_dsl.engine.phases import auction  # noqa: PLC0415

    path = tmp_path / "house.yaml"
    path.write_text(f"id: house-case\nextends: calabresella\n{body}\n", encoding="utf-8")
    rules = load_ruleset(path)
    forced = []
    real = auction._forced
    monkeypatch.setattr(auction, "_forced", lambda *a: forced.append(1) or real(*a))
    passed = 0
    for state in passing(rules, range(1, 4), 30):
        passed += sum(d.reason == "all_pass" for d in state.match.deals)
    if case == "forced":
        assert forced and not passed  # forced on the eldest, never redealt
    else:
        assert passed >= 3
