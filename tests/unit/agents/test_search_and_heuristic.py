"""The search bot on every ruleset and decision kind; claims only when right; polarity;
the rollouts read the kernel; the heuristic's signals."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tressette_dsl.agents import choose, make_agent, seat_rng
from tressette_dsl.agents.arena import run_arena
from tressette_dsl.agents.heuristic import _View
from tressette_dsl.agents.rollout import RolloutPolicy
from tressette_dsl.compiled import playout
from tressette_dsl.diagnostics import DiagnosticError
from tressette_dsl.engine import apply, deal_over, legal_actions, new_game, observe, result
from tressette_dsl.loader import load_ruleset, playable_rulesets


def _playable() -> list[str]:
    return [path.stem for path in playable_rulesets()]


@pytest.mark.parametrize("ruleset", _playable())
def test_search_plays_a_deal_of_every_bundled_ruleset(ruleset: str) -> None:
    try:
        rules = load_ruleset(ruleset)
    except DiagnosticError as err:
        pytest.skip(f"{ruleset} does not load yet: {err}")
    bot = make_agent("search:iters=3")
    state = new_game(rules, 2)
    verbs = set()
    steps = 0
    while not (deal_over(state) and state.tricks) and state.to_act is not None and steps < 900:
        seat = state.to_act
        legal = legal_actions(rules, state)
        action = choose(bot, rules, state, legal, seat_rng(2, seat))
        assert action in legal
        verbs.add(str(action).split()[0])
        state, _ = apply(rules, state, action)
        steps += 1
    assert "play" in verbs


def test_search_is_reproducible_for_a_seed_and_budget() -> None:
    rules = load_ruleset("briscola-chiamata")
    state = new_game(rules, 4)
    legal = legal_actions(rules, state)
    picks = {
        str(choose(make_agent("search:iters=40"), rules, state, legal, random.Random(9)))
        for _ in range(3)
    }
    assert len(picks) == 1


def test_search_claims_only_when_the_claim_is_right() -> None:
    """Along heuristic matches (until one reaches a right claim), the search bot never
    makes a wrong claim late in a deal, and makes the right one when it comes."""
    rules = load_ruleset("tressette")
    checked = right_seen = 0
    for seed in range(1, 12):
        bots = [make_agent("heuristic") for _ in range(4)]
        state = new_game(rules, seed)
        rngs = [seat_rng(seed, s) for s in range(4)]
        while not state.over and not right_seen:
            seat = state.to_act
            assert seat is not None
            legal = legal_actions(rules, state)
            claim = next((a for a in legal if str(a) == "claim"), None)
            right = False
            if claim is not None:
                after, _ = apply(rules, state, claim)
                right = seat in result(rules, after).winner_seats
            if claim is not None and (right or state.trick_no >= 8):
                bot = make_agent("search:iters=2")
                chosen = choose(bot, rules, state, legal, random.Random(1))
                assert str(chosen) != "claim" or right
                if right:
                    right_seen += 1
                    assert str(chosen) == "claim"
                checked += 1
            action = choose(bots[seat], rules, state, legal, rngs[seat])
            if str(action) == "claim":
                break
            state, _ = apply(rules, state, action)
        if right_seen:
            break
    assert checked > 5 and right_seen >= 1


def test_rollouts_play_greedily_in_the_kernel() -> None:
    for ruleset in ("tressette", "briscola-chiamata"):
        rules = load_ruleset(ruleset)
        policy = RolloutPolicy(rules, random.Random(2), epsilon=0.0)
        for seed in range(3):
            playout(rules, new_game(rules, seed), policy=policy)
        assert policy.greedy > 20, "the kernel's frame is not read: rollouts are random"


def test_a_reverse_game_is_played_to_lose_points(tmp_path: Path) -> None:
    path = tmp_path / "lowest.yaml"
    path.write_text("id: house-lowest\nextends: tressette\nversion: 1\nmatch:\n  winner: lowest\n")
    rules = load_ruleset(str(path))
    report = run_arena(rules, ["heuristic", "heuristic-v1"], 12)
    heuristic = report["agents"][0]
    assert heuristic["share"] > 0.7 and heuristic["mean_margin"] > 0
    search = run_arena(rules, ["search:iters=8", "heuristic-v1"], 3)["agents"][0]
    assert search["mean_margin"] > 0


def test_heuristic_signals_volo_with_its_last_card_and_reads_it() -> None:
    rules = load_ruleset("tressette")
    hands = {
        0: "4D 3C 2C AC KC QC JC 7C 6C 5C",
        1: "3S 2S AS KS QS JS 7S 6S 5S 4S",
        2: "3D 2D AD KD QD JD 7D 6D 5D 3B",
    }
    state = new_game(rules, 1, dealer=3, hands={k: v.split() for k, v in hands.items()})
    legal = legal_actions(rules, state)
    assert any(str(a) == "play 4D volo" for a in legal)
    view = _View(rules, observe(rules, state, 0))
    volo = [a for a in legal if str(a).startswith("play 4D")]
    assert str(view._signal(volo, volo[0])) == "play 4D volo"
    state, _ = apply(rules, state, next(a for a in legal if str(a) == "play 4D volo"))
    partner = _View(rules, observe(rules, state, 2))
    _holds, void = partner.partner_suits()
    assert rules.deck.suits.index("D") in void
