"""Rollout improvement of the heuristic at the root (`search:policy=heuristic`,
agents/search_improve.py): the heuristic's choice stands unless another candidate is
clearly better on the same worlds, the rollouts finish a deal with the heuristic in every
seat, and a decision is a function of the observation, the worlds and the random source.

Positions come from seeded deals played by heuristic bots."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.unit.agents.test_endgame_worlds import _card_states
from tressette_dsl.agents import Worlds, make_agent
from tressette_dsl.agents.heuristic import HeuristicAgent
from tressette_dsl.agents.search import SearchAgent
from tressette_dsl.agents.search_improve import _choose, _still_racing, finish
from tressette_dsl.engine import deal_over, legal_actions, new_game, observe
from tressette_dsl.engine.actions import Action, Bid
from tressette_dsl.engine.observe import Observation
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


def test_the_preferred_key_stands_unless_another_is_clearly_better() -> None:
    # b better by 1 in every world but one: its paired differences have a small spread
    clear = {"a": [0.0, 1.0, 2.0, 0.0], "b": [1.0, 2.0, 3.0, 0.5]}
    assert _choose(clear, "a", z=1.0) == "b"
    # b better on average, but by luck: one world of four
    lucky = {"a": [0.0, 1.0, 2.0, 0.0], "b": [0.0, 1.0, 2.0, 4.0]}
    assert _choose(lucky, "a", z=1.0) == "a"
    assert _choose(lucky, "a", z=0.0) == "b"
    # one world tells nothing; a tie keeps the preferred
    assert _choose({"a": [0.0], "b": [5.0]}, "a", z=0.0) == "a"
    assert _choose({"a": [1.0, 2.0], "b": [1.0, 2.0]}, "a", z=0.0) == "a"


def test_the_race_drops_clearly_worse_candidates_but_never_the_preferred() -> None:
    outcomes = {
        "pref": [0.0, -3.0, 1.0, -2.0],  # the heuristic's: worse, but it stays
        "best": [2.0, 1.0, 3.0, 2.0],
        "bad": [0.0, -1.5, 1.0, 0.5],  # about 2 below the best in every world: out
        "noisy": [4.0, -3.0, 5.0, 1.0],  # below the best by luck, maybe: stays
    }
    assert _still_racing(outcomes, "pref", race=2.0) == ["pref", "best", "noisy"]
    # a race nothing can lose keeps everyone
    assert _still_racing(outcomes, "pref", race=1e9) == list(outcomes)


def test_finish_plays_the_deal_to_its_end_as_the_heuristic_does() -> None:
    rules = load_ruleset("tressette")
    state = new_game(rules, 5)
    end = finish(rules, state, HeuristicAgent(endgame=False), random.Random(1))
    assert deal_over(end)
    again = finish(rules, state, HeuristicAgent(endgame=False), random.Random(1))
    assert end.match == again.match


Position = tuple[Ruleset, GameState, Observation, list[Action], Action]


def _positions(ruleset: str, seeds: range, every: int) -> Iterator[Position]:
    """(rules, state, observation, legal actions without claims, the heuristic bot's
    choice with its worlds and ``random.Random(7)``) every `every`-th card play of seeded
    heuristic deals."""
    rules = load_ruleset(ruleset)
    heuristic = make_agent("heuristic")
    for index, state in enumerate(_card_states(rules, seeds)):
        if index % every:
            continue
        seat = state.to_act
        assert seat is not None
        obs = observe(rules, state, seat)
        legal = [a for a in legal_actions(rules, state) if str(a) != "claim"]
        worlds = Worlds(rules, state, seat)
        yield (
            rules,
            state,
            obs,
            legal,
            heuristic.act(rules, obs, legal, random.Random(7), worlds=worlds),
        )


def _decide(bot: SearchAgent, position: Position, seed: int) -> Action:
    rules, state, obs, legal, _expected = position
    worlds = Worlds(rules, state, obs.seat)
    return bot.act(rules, obs, legal, random.Random(seed), worlds=worlds)


@pytest.mark.parametrize("ruleset", ["tressette", "briscola-chiamata"])
def test_one_world_plays_the_heuristics_card_and_a_budget_is_reproducible(ruleset: str) -> None:
    """With a single world (the budget smaller than the candidates) nothing can be shown
    better, so the bot plays what the heuristic bot plays with the same worlds; with a
    real budget the same random source gives the same decision."""
    checked = 0
    for position in _positions(ruleset, range(1, 2), every=3):
        assert _decide(SearchAgent(iters=1, policy="heuristic"), position, 7) == position[-1]
        bot = SearchAgent(iters=24, policy="heuristic", z=0.0)
        assert _decide(bot, position, 9) == _decide(bot, position, 9)
        checked += 1
    assert checked >= 4


def test_a_clearly_better_card_replaces_the_heuristics_somewhere() -> None:
    """Over a few seeded positions the improvement does change some decisions (else it
    would be the heuristic under another name)."""
    changed = 0
    for position in _positions("tressette", range(1, 3), every=2):
        picked = _decide(SearchAgent(iters=60, policy="heuristic", z=0.0), position, 7)
        assert picked in position[3]
        changed += picked != position[-1]
    assert changed >= 1


def test_the_default_search_improves_the_heuristic_and_keeps_speeches_on_the_tree() -> None:
    """Since session 9 `search` (no options) is ``policy=heuristic`` for every decision
    but a speech: with one world it plays the heuristic's card, as ``policy=heuristic``
    does; a speech is still the tree's (its iterations are the budget, all spent)."""
    assert SearchAgent().policy == "heuristic"
    position = next(iter(_positions("tressette", range(1, 2), every=3)))
    assert _decide(SearchAgent(iters=1), position, 7) == position[-1]
    rules = load_ruleset("calabresella")
    state = new_game(rules, 4)
    seat = state.to_act
    assert seat is not None
    legal = legal_actions(rules, state)
    assert any(isinstance(a, Bid) for a in legal)  # the first speech
    bot = SearchAgent(iters=41)
    worlds = Worlds(rules, state, seat)
    bot.act(rules, observe(rules, state, seat), legal, random.Random(3), worlds=worlds)
    assert bot.iterations_done == 41


@pytest.mark.parametrize("options", [{"policy": "random"}, {"z": -1.0}, {"race": -2.0}])
def test_bad_improvement_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        SearchAgent(**options)  # type: ignore[arg-type]
