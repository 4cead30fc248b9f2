"""Worlds weighted by the card play (`agents/play_reading.py`): the true deal of a game the
heuristic bots played is fully consistent with their plays, uniform worlds are not, a
weighted world still meets every hard fact, the reader knows which card plays it reads,
and a deal it cannot rebuild (a stock, an auction) is left unweighted."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tressette_dsl.agents import make_agent, perspective
from tressette_dsl.agents.base import Worlds
from tressette_dsl.agents.heuristic import HeuristicAgent
from tressette_dsl.agents.play_reading import PlayReader, PlayWorlds
from tressette_dsl.agents.rollout import RolloutPolicy
from tressette_dsl.agents.search import SearchAgent, _Run, deal_outcomes
from tressette_dsl.engine import apply, legal_actions, new_game, observe
from tressette_dsl.engine.actions import Play
from tressette_dsl.engine.state import Cards, GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


def _played(ruleset: str, seed: int, plays: int) -> tuple[Ruleset, GameState]:
    """A deal of `ruleset` after `plays` card plays, every seat the reader's own model
    (`heuristic:endgame=false`) with a fresh `Random(0)` a decision, as the reader asks it."""
    rules = load_ruleset(ruleset)
    bot = HeuristicAgent(endgame=False)
    state = new_game(rules, seed)
    done = 0
    while done < plays:
        legal = legal_actions(rules, state)
        seat = state.to_act
        assert seat is not None
        action = bot.act(rules, observe(rules, state, seat), legal, random.Random(0))
        done += isinstance(action, Play)
        state, _ = apply(rules, state, action)
    return rules, state


@pytest.mark.parametrize(("seed", "plays"), [(5, 9), (6, 14), (7, 21)])
def test_the_true_deal_is_consistent_and_uniform_worlds_are_less_so(seed: int, plays: int) -> None:
    rules, state = _played("tressette", seed, plays)
    seat = state.to_act
    assert seat is not None
    reader = PlayReader(rules, state, seat)
    assert reader.likelihood(state) == 1.0
    assert reader.replayable
    rng = random.Random(seed)
    plain = Worlds(rules, state, seat)
    uniform = [reader.likelihood(plain.sample(rng)) for _ in range(40)]
    assert max(uniform) <= 1.0
    assert sum(uniform) / len(uniform) < 0.5  # most uniform worlds contradict some play
    assert all(w > 0 for w in uniform)  # a soft model: never impossible


def test_weighted_worlds_meet_the_hard_facts_and_are_likelier() -> None:
    rules, state = _played("tressette", 6, 14)
    seat = state.to_act
    assert seat is not None
    reader = PlayReader(rules, state, seat)
    rng = random.Random(11)
    plain, weighted = Worlds(rules, state, seat), PlayWorlds(Worlds(rules, state, seat))
    seen = observe(rules, state, seat)
    uniform, read = [], []
    for _ in range(40):
        uniform.append(reader.likelihood(plain.sample(rng)))
        world = weighted.sample(rng)
        assert observe(rules, world, seat) == seen  # what the seat knows is kept
        assert world.cards.played == state.cards.played
        read.append(reader.likelihood(world))
    assert sum(read) / len(read) > 2 * sum(uniform) / len(uniform)


def test_a_world_with_a_card_the_model_would_not_play_counts_less() -> None:
    """Swap, between two other seats, a card one of them played against one it still
    holds of the same suit: the replay sees a different choice somewhere (or an illegal
    replay, which is no rebuild at all), never a consistent deal."""
    rules, state = _played("tressette", 5, 9)
    seat = state.to_act
    assert seat is not None
    reader = PlayReader(rules, state, seat)
    mismatches = 0
    for other in range(state.n):
        if other == seat:
            continue
        for x in range(state.n):
            if x in (seat, other):
                continue
            hands = list(state.cards.hands)
            mine, theirs = hands[other], hands[x]
            if not mine or not theirs:
                continue
            a, b = mine & -mine, theirs & -theirs
            hands[other], hands[x] = mine ^ a | b, theirs ^ b | a
            world = state.with_parts(cards=_with_hands(state, tuple(hands)))
            if reader.likelihood(world) < 1.0:
                mismatches += 1
            assert reader.replayable
    assert mismatches > 0


def _with_hands(state: GameState, hands: tuple[int, ...]) -> Cards:
    """The state's cards with other hands (a world the sampler would not draw)."""
    return dataclasses.replace(state.cards, hands=hands)


@pytest.mark.parametrize("ruleset", ["tressette-in-due", "calabresella"])
def test_a_deal_the_replay_cannot_rebuild_is_not_weighted(ruleset: str) -> None:
    """A stock (cards not in the hands when the deal began) or an auction before the play:
    every world counts 1 and the reader says it cannot replay."""
    rules = load_ruleset(ruleset)
    bot = make_agent("heuristic:endgame=false")
    state = new_game(rules, 3)
    plays = 0
    while plays < 6 and state.to_act is not None:
        legal = legal_actions(rules, state)
        action = bot.act(rules, observe(rules, state, state.to_act), legal, random.Random(0))
        plays += isinstance(action, Play)
        state, _ = apply(rules, state, action)
    seat = state.to_act
    assert seat is not None
    reader = PlayReader(rules, state, seat)
    world = Worlds(rules, state, seat).sample(random.Random(1))
    assert reader.likelihood(world) == 1.0
    assert not reader.replayable
    weighted = PlayWorlds(Worlds(rules, state, seat))
    a, b = random.Random(4), random.Random(4)
    assert weighted.sample(a) == Worlds(rules, state, seat).sample(b)  # the plain world


def test_nothing_to_read_at_the_first_lead() -> None:
    rules = load_ruleset("tressette")
    state = new_game(rules, 2)
    seat = state.to_act
    assert seat is not None
    reader = PlayReader(rules, state, seat)
    assert not reader.readable
    assert reader.likelihood(state) == 1.0


def test_search_options_for_the_play_reading() -> None:
    assert SearchAgent(read_play=0).read_play == 0
    with pytest.raises(ValueError, match="read_play"):
        SearchAgent(read_play=-1)
    with pytest.raises(ValueError, match="play_mismatch"):
        SearchAgent(play_mismatch=0)
    with pytest.raises(ValueError, match="play_mismatch"):
        SearchAgent(play_mismatch=1.5)
    agent = make_agent("search:read_play=3:play_mismatch=0.5")
    assert isinstance(agent, SearchAgent)
    assert (agent.read_play, agent.play_mismatch) == (3, 0.5)


def test_a_world_that_breaks_a_record_is_unlikely_not_unreadable() -> None:
    """A world where a seat holds a suit it showed void in: its recorded play is not legal
    there, so the world counts less than any consistent one, and the reader goes on
    reading the other worlds."""
    rules, state = _played("tressette", 7, 21)
    seat = state.to_act
    assert seat is not None
    reader = PlayReader(rules, state, seat)
    deck = rules.deck
    for trick in state.play.tricks:
        led = deck.card_suit[trick.plays[0][1]]
        for who, card in trick.plays[1:]:
            if who == seat or deck.card_suit[card] == led:
                continue
            # `who` did not follow: give it a card of the suit led from a third hand
            for x in range(state.n):
                spare = state.cards.hands[x] & deck.suit_mask[led]
                mine = state.cards.hands[who]
                if x in (seat, who) or not spare or not mine:
                    continue
                a, b = spare & -spare, mine & -mine
                hands = list(state.cards.hands)
                hands[x], hands[who] = hands[x] ^ a | b, mine ^ b | a
                world = state.with_parts(cards=_with_hands(state, tuple(hands)))
                assert reader.likelihood(world) <= reader.mismatch**2
                assert reader.replayable
                assert reader.likelihood(state) == 1.0
                return
    pytest.skip("no shown void with a spare card in this deal")


def test_reward_by_deal_is_the_sign_of_the_points_outcome() -> None:
    """``search:reward=deals`` values a rollout by whether the deal was won (the arena's
    share), the points outcome by how much: the same order of sides, only the signs."""
    rules, state = _played("tressette", 1, 39)  # the deal's last card to play
    before = perspective.totals(rules, state)
    legal = legal_actions(rules, state)
    state, _ = apply(rules, state, legal[0])
    assert state.match.deals  # the deal was scored
    points = deal_outcomes(rules, before, state, reverse=False, bonus=0)
    won = deal_outcomes(rules, before, state, reverse=False, bonus=0, by_deal=True)
    assert [(p > 0) - (p < 0) for p in points] == won
    assert points != won  # a deal won by more than one point: the two ways differ
    assert any(w != 0 for w in won)
    assert perspective.gains(rules, before, state)  # the gains both read
    # the tree's rollouts (speeches, `policy=greedy`) are valued the same way
    agent = SearchAgent(reward="deals", policy="greedy")
    run = _Run(rules, (), RolloutPolicy(rules, random.Random(0), heuristic=agent.heuristic), agent)
    run.before = before
    assert run.rewards(state) == won
    with pytest.raises(ValueError, match="reward"):
        SearchAgent(reward="margin")
    assert make_agent("search:reward=deals").by_deal  # type: ignore[attr-defined]
