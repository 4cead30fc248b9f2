"""The search bot's use of the heuristic's knowledge (agents/search.py): the last tricks
without a tree (`endgame`: the exact solver where the observation places every card, the
sampled worlds each solved exactly where it does not) and the heuristic's choice kept at
the root unless another is clearly better (`trust`).

Positions come from seeded deals played by heuristic bots."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.unit.agents.test_endgame_worlds import _card_states
from tressette_dsl.agents import Worlds, make_agent
from tressette_dsl.agents.action_words import card_of
from tressette_dsl.agents.endgame import solve
from tressette_dsl.agents.endgame_worlds import MAX_CARDS, sampled_totals
from tressette_dsl.agents.search import SearchAgent
from tressette_dsl.engine import legal_actions, observe
from tressette_dsl.engine.actions import Play
from tressette_dsl.engine.observe import Observation
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


def _late(rules: Ruleset, seeds: range) -> Iterator[tuple[GameState, int, Observation]]:
    """(state, seat to act, its observation) of seeded heuristic deals where that seat has
    a choice of cards and the hands hold at most `MAX_CARDS` cards."""
    for state in _card_states(rules, seeds):
        seat = state.to_act
        assert seat is not None
        obs = observe(rules, state, seat)
        if sum(obs.hand_sizes) <= MAX_CARDS:
            yield state, seat, obs


def _no_tree(*_args: object, **_kwargs: object) -> str:
    raise AssertionError("the last tricks are played without a tree")


def test_endgame_plays_the_exact_solvers_card_where_every_card_is_placed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = load_ruleset("tressette-in-due")  # the stock runs out: the last cards are known
    bot = SearchAgent(iters=4, endgame=1, policy="greedy")
    monkeypatch.setattr(bot, "_search", _no_tree)
    checked = 0
    for state, seat, obs in _late(rules, range(1, 4)):
        legal = legal_actions(rules, state)
        cards = sorted({card_of(a) for a in legal if isinstance(a, Play)})
        if solve(rules, obs, cards) is None:
            continue
        preferred = card_of(make_agent("heuristic").act(rules, obs, legal, random.Random(3)))
        ordered = list(dict.fromkeys(card_of(a) for a in legal if isinstance(a, Play)))
        solved = solve(rules, obs, ordered, preferred)
        assert solved is not None
        action = bot.act(rules, obs, legal, random.Random(3), worlds=Worlds(rules, state, seat))
        assert card_of(action) == solved[0]
        checked += 1
    assert checked >= 5


def test_endgame_over_sampled_worlds_plays_their_best_card_without_a_tree(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In a four-seat game nobody's observation places the last cards: the card is the
    best summed over the sampled worlds (the same draw as `sampled_totals` from the same
    random source), and ``endgame=1`` searches there as before."""
    rules = load_ruleset("tressette")
    sampled = SearchAgent(iters=4, endgame=2, policy="greedy")
    monkeypatch.setattr(sampled, "_search", _no_tree)
    checked = 0
    for state, seat, obs in _late(rules, range(1, 3)):
        # no claim: its check draws worlds from the random source first
        legal = [a for a in legal_actions(rules, state) if isinstance(a, Play)]
        cards = list(dict.fromkeys(card_of(a) for a in legal))
        worlds = Worlds(rules, state, seat)
        if solve(rules, obs, cards) is not None:
            continue
        totals = sampled_totals(rules, obs, cards, worlds=worlds, rng=random.Random(5))
        if totals is None:
            continue
        action = sampled.act(rules, obs, legal, random.Random(5), worlds=worlds)
        assert totals[card_of(action)] == max(totals.values())
        exact_only = SearchAgent(iters=4, endgame=1, policy="greedy")
        searched: list[bool] = []
        real = exact_only._search

        def spy(
            *args: object, real: object = real, searched: list[bool] = searched, **kwargs: object
        ) -> str:
            searched.append(True)
            return real(*args, **kwargs)  # type: ignore[operator, no-any-return]

        monkeypatch.setattr(exact_only, "_search", spy)
        exact_only.act(rules, obs, legal, random.Random(5), worlds=worlds)
        assert searched
        checked += 1
    assert checked >= 5


def test_full_trust_plays_the_heuristics_choice_and_none_changes_nothing() -> None:
    """With a trust no gap can pass the root keeps the heuristic's choice (its card
    without the sampled endgame); with none (the default) the decision is the plain
    search's, for the same random source."""
    rules = load_ruleset("tressette")
    heuristic = make_agent("heuristic")
    trusting = SearchAgent(iters=20, trust=1e9, policy="greedy")
    plain = SearchAgent(iters=20, policy="greedy")
    default = SearchAgent(iters=20, trust=0.0, policy="greedy")
    checked = 0
    for index, state in enumerate(_card_states(rules, range(1, 2))):
        if index % 3:
            continue
        seat = state.to_act
        assert seat is not None
        obs = observe(rules, state, seat)
        legal = legal_actions(rules, state)
        worlds = Worlds(rules, state, seat)
        expected = heuristic.act(rules, obs, legal, random.Random(7))
        picked = trusting.act(rules, obs, legal, random.Random(7), worlds=worlds)
        if str(picked) == "claim":
            continue
        assert card_of(picked) == card_of(expected)
        a = plain.act(rules, obs, legal, random.Random(8), worlds=Worlds(rules, state, seat))
        b = default.act(rules, obs, legal, random.Random(8), worlds=Worlds(rules, state, seat))
        assert a == b
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("options", [{"endgame": 3}, {"trust": -0.1}])
def test_bad_options_are_refused(options: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        SearchAgent(**options)  # type: ignore[arg-type]
