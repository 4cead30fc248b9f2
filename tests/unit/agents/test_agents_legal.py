"""Every agent plays only legal actions, on every bundled ruleset, reproducibly."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tressette_dsl.agents import AGENT_KINDS, Agent, make_agent
from tressette_dsl.agents.runner import play_match
from tressette_dsl.diagnostics import DiagnosticError
from tressette_dsl.loader import load_ruleset, playable_rulesets


def _playable() -> list[str]:
    return [path.stem for path in playable_rulesets()]


def _rules(ruleset: str) -> Any:
    try:
        return load_ruleset(ruleset)
    except DiagnosticError as err:
        pytest.skip(f"{ruleset} does not load yet: {err}")


@pytest.mark.parametrize("kind", sorted(AGENT_KINDS))
@pytest.mark.parametrize("ruleset", _playable())
def test_agent_plays_legal_moves_to_the_end(kind: str, ruleset: str) -> None:
    rules = _rules(ruleset)
    agents = [make_agent(kind) for _ in range(rules.players.count)]
    for seed in (1, 2):
        _state, summary = play_match(rules, seed, agents)  # AgentError if an action is illegal
        assert summary.over
        assert summary.winners


def test_mixed_agents_and_protocol() -> None:
    rules = _rules("tressette")
    agents = [make_agent(k) for k in ("random", "heuristic", "bot", "heuristic")]
    assert all(isinstance(a, Agent) for a in agents)
    _state, summary = play_match(rules, 3, agents)
    assert summary.over


def test_unknown_kind() -> None:
    with pytest.raises(ValueError, match="unknown agent kind 'genius'"):
        make_agent("genius")


@pytest.mark.parametrize("kind", sorted(AGENT_KINDS))
@pytest.mark.parametrize("ruleset", ["tressette", "calabresella"])
def test_same_seed_same_match_even_if_global_random_is_disturbed(kind: str, ruleset: str) -> None:
    rules = _rules(ruleset)

    def transcript(disturb: bool) -> list[str]:
        seen: list[str] = []

        def record(seat: int, action: Any, events: Any, state: Any) -> None:
            seen.append(f"{seat}:{action}")
            if disturb:
                random.seed(len(seen))
                random.random()

        agents = [make_agent(kind) for _ in range(rules.players.count)]
        play_match(rules, 11, agents, on_step=record)
        return seen

    assert transcript(False) == transcript(True)
