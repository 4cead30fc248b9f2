"""The heuristic's facts read from the state behind an observation (`observe.seen_texts`,
`observe.trick_history`, `card_facts.trick_facts`) are the ones its fields give, and a
decision from an observation `observe` made is the decision from the same fields held
eagerly (the reference path, which reads every field), on random games of every bundled
ruleset: the state is a faster way to the same public facts, never more than them."""

from __future__ import annotations

import dataclasses
import random
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tressette_dsl.agents.card_facts import CardFacts, card_facts, seen_cards, trick_facts
from tressette_dsl.agents.endgame_view import position
from tressette_dsl.agents.heuristic import HeuristicAgent
from tressette_dsl.engine import apply, is_over, legal_actions, new_game, observe
from tressette_dsl.engine.observe import Observation, known_masks, seen_texts, trick_history
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset

RULESETS = sorted(p.stem for p in (Path(__file__).parents[3] / "rulesets").glob("*.yaml"))


def _eager(obs: Observation) -> Observation:
    """The same fields in a plain `Observation` (every lazy field read)."""
    return Observation(**{f.name: getattr(obs, f.name) for f in dataclasses.fields(obs)})


def _states(rules: Ruleset, games: int, steps: int) -> Iterator[GameState]:
    """The states of `games` seeded games, random actions, at most `steps` each."""
    for game in range(games):
        state, rng = new_game(rules, game), random.Random(game)
        for _ in range(steps):
            if is_over(state) or state.to_act is None:
                break
            yield state
            state, _events = apply(rules, state, rng.choice(legal_actions(rules, state)))


def _views(rules: Ruleset) -> Iterator[tuple[Observation, Observation]]:
    """Every seat's observation of the states of three random games, with a plain copy of
    its fields (the reference path)."""
    for state in _states(rules, games=3, steps=200):
        for seat in range(state.n):
            obs = observe(rules, state, seat)
            yield obs, _eager(obs)


def _field_facts(
    obs: Observation, facts: CardFacts
) -> tuple[dict[int, set[int]], dict[int, set[int]]]:
    """The voids and the suits' leaders worked out from `obs.tricks` (as the heuristic did
    before `trick_facts`)."""
    voids: dict[int, set[int]] = {}
    leaders: dict[int, set[int]] = {}
    for trick in obs.tricks:
        plays = trick["plays"]
        if plays and plays[0][1] in facts.index:
            leaders.setdefault(facts.suit[plays[0][1]], set()).add(int(plays[0][0]))
        if not trick.get("follow", False) or not plays:
            continue
        led = facts.suit[plays[0][1]]
        for seat, card in plays[1:]:
            if facts.suit[card] != led:
                voids.setdefault(int(seat), set()).add(led)
    return voids, leaders


@pytest.mark.parametrize("name", RULESETS)
def test_state_facts_are_the_fields_facts(name: str) -> None:
    rules = load_ruleset(name)
    facts = card_facts(rules.deck)
    checked = 0
    for obs, eager in _views(rules):
        texts = seen_texts(obs)
        if rules.players.dummy is None:
            assert texts is not None
            assert set(texts) == seen_cards(eager, eager.hand)
        else:  # a dummy's owner sees its hand: read from the fields
            assert texts is None
        assert seen_texts(eager) is None
        assert seen_cards(obs, obs.hand) == seen_cards(eager, eager.hand)
        assert len(trick_history(obs)) == len(eager.tricks)
        assert trick_history(eager) is eager.tricks
        got = trick_facts(obs, facts, rules.deck)
        assert (got.voids, got.leaders) == _field_facts(eager, facts)
        assert got.firsts == {
            int(t["trick_no"]): t["plays"][0][1] for t in eager.tricks if t["plays"]
        }
        checked += 1
    assert checked > 20


def test_a_replaced_observation_is_read_from_its_fields() -> None:
    """`dataclasses.replace` of an observation `observe` made keeps its class but not its
    state: its facts come from its (changed) fields."""
    rules = load_ruleset("tressette")
    state = next(s for s in _states(rules, 1, 60) if s.play.tricks)
    obs = observe(rules, state, state.to_act or 0)
    changed = dataclasses.replace(obs, tricks=(), hand=obs.hand[1:])
    assert seen_texts(changed) is None
    assert trick_history(changed) == ()
    fields = {c for _s, c in obs.trick} | set(obs.discarded) | {c for k in obs.known for c in k}
    assert seen_cards(changed, changed.hand) == set(changed.hand) | fields


@pytest.mark.parametrize("name", RULESETS)
def test_decisions_from_observe_are_the_eager_fields_decisions(name: str) -> None:
    """Random rollouts: at every decision the heuristic (endgame off, as in the search's
    rollouts, and on with the seat's worlds service) picks the same action from `observe`'s
    observation as from a plain copy of its fields, with the same random source."""
    rules = load_ruleset(name)
    off = HeuristicAgent(endgame=False)
    decided = 0
    for state in _states(rules, games=2, steps=150):
        legal = legal_actions(rules, state)
        if len(legal) < 2:
            continue
        seat = state.to_act
        assert seat is not None
        obs = observe(rules, state, seat)
        fast = off.act(rules, obs, legal, random.Random(decided))
        slow = off.act(rules, _eager(obs), legal, random.Random(decided))
        assert fast == slow, (name, decided)
        decided += 1
    assert decided > 10


def test_trick_facts_of_two_games_in_threads_stay_their_own() -> None:
    """The remembered last trick history is one entry replaced whole and read once: bots
    of two games asking in turn from several threads (the browser table's pool) each get
    their own game's facts, never a key of one paired with the facts of the other. A
    guard, not a reproduction: CPython 3.11 does not switch threads between the reads of
    the old four-slot list either, so that version passed too; the entry read once does
    not depend on where an interpreter may switch."""
    rules = load_ruleset("tressette")
    facts = card_facts(rules.deck)
    games = []
    for seed in (3, 4):  # one state of each game, four tricks in
        state, rng = new_game(rules, seed), random.Random(seed)
        while len(state.play.tricks) < 4:  # random cards, no claim (it ends the match)
            plays = [a for a in legal_actions(rules, state) if str(a) != "claim"]
            state, _events = apply(rules, state, rng.choice(plays))
        obs = observe(rules, state, 0)
        games.append((obs, _field_facts(_eager(obs), facts)))
    assert games[0][1] != games[1][1]  # two different histories, or the test shows nothing

    def ask(k: int) -> bool:
        obs, want = games[k % 2]
        got = trick_facts(obs, facts, rules.deck)
        return (got.voids, got.leaders) == want

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads switch between almost any two bytecodes
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            assert all(pool.map(ask, range(20_000)))
    finally:
        sys.setswitchinterval(interval)


@pytest.mark.parametrize("name", RULESETS)
def test_the_endgame_position_from_the_state_is_the_fields_position(name: str) -> None:
    """`endgame_view.position` reads the hands' known cards (`observe.known_masks`) and the
    voids (`trick_facts`) from the state behind an observation `observe` made: the same
    position (or the same None) as from the fields, at every seat of random games."""
    rules = load_ruleset(name)
    deck = rules.deck
    found = 0
    for obs, eager in _views(rules):
        masks = known_masks(obs)
        if rules.players.dummy is None:
            assert masks is not None
            assert tuple(deck.texts(m) for m in masks) == eager.known
        else:
            assert masks is None
        assert known_masks(eager) is None
        got = position(rules, obs)
        assert got == position(rules, eager)
        found += got is not None
    if name in ("tressette-in-due", "calabresella", "briscola-chiamata"):
        assert found > 0, name  # some positions determined, not only Nones compared
