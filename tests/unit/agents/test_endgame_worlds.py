"""The heuristic's endgame over sampled worlds (agents/endgame_worlds.py) and its card play
with trumps (agents/trump_play.py).

Positions come from seeded deals played by heuristic bots. A sampled world's position must
be the observation's own where the observation pins every card down (the two builders
agree on the true deal); the sampled card must be a legal card, a function of the
observation and the seat's random source (the same on a scrambled state), and the
heuristic's card wherever the exact solver decides or nothing is sampled.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tressette_dsl.agents import Worlds, choose, make_agent
from tressette_dsl.agents.endgame_view import position
from tressette_dsl.agents.endgame_worlds import MAX_CARDS, sampled_card, world_position
from tressette_dsl.agents.heuristic import _View
from tressette_dsl.agents.trump_play import sure_friends, trump_card
from tressette_dsl.engine import apply, deal_over, determinize, legal_actions, new_game, observe
from tressette_dsl.engine.actions import Play
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


def _card_states(rules: Ruleset, seeds: range, kind: str = "heuristic") -> Iterator[GameState]:
    """Every state of seeded deals where the seat to act plays a card with a choice."""
    bot = make_agent(kind)
    for seed in seeds:
        state = new_game(rules, seed)
        rng = random.Random(seed)
        while state.to_act is not None and not (deal_over(state) and state.tricks):
            legal = legal_actions(rules, state)
            if state.sub == "play" and len(_cards(legal)) > 1:
                yield state
            state, _ = apply(rules, state, choose(bot, rules, state, legal, rng))


def _cards(legal: list[object]) -> list[str]:
    return sorted({str(a).split()[1] for a in legal if isinstance(a, Play)})


@pytest.mark.parametrize("ruleset", ["tressette-in-due", "calabresella", "briscola-chiamata"])
def test_world_position_of_the_true_deal_is_the_observed_position(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    compared = 0
    for state in _card_states(rules, range(1, 5), "heuristic-v1"):
        seat = state.to_act
        assert seat is not None
        obs = observe(rules, state, seat)
        known = position(rules, obs)
        if known is None:
            continue
        assert world_position(rules, obs, state) == known
        compared += 1
    if ruleset == "tressette-in-due":
        assert compared > 20


@pytest.mark.parametrize("ruleset", ["calabresella", "briscola-chiamata"])
def test_sampled_card_is_legal_and_reads_only_the_observation(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    sampled = changed = 0
    for state in _card_states(rules, range(1, 4)):
        seat = state.to_act
        assert seat is not None
        obs = observe(rules, state, seat)
        cards = _cards(legal_actions(rules, state))
        preferred = cards[0]
        answer = sampled_card(
            rules, obs, cards, preferred, worlds=Worlds(rules, state, seat), rng=random.Random(7)
        )
        assert answer in cards
        if sum(obs.hand_sizes) > MAX_CARDS or position(rules, obs) is not None:
            assert answer == preferred  # too early, or the exact solver's to decide
            continue
        sampled += 1
        changed += answer != preferred
        scrambled = determinize(rules, state, seat, random.Random(99))
        assert observe(rules, scrambled, seat) == obs
        again = sampled_card(
            rules,
            obs,
            cards,
            preferred,
            worlds=Worlds(rules, scrambled, seat),
            rng=random.Random(7),
        )
        assert again == answer
        assert (
            sampled_card(rules, obs, cards, preferred, worlds=None, rng=random.Random(7))
            == preferred
        )
    assert sampled > 5
    assert changed > 0  # the worlds do overrule the first card somewhere


def test_trump_leads_keep_points_and_trumps_back() -> None:
    """Leading in a trump game with a side-suit card without points in hand, and an unseen
    trump, the heuristic leads a card without points that is not a trump."""
    rules = load_ruleset("briscola-chiamata")
    leads = 0
    for state in _card_states(rules, range(1, 6)):
        seat = state.to_act
        assert seat is not None
        obs = observe(rules, state, seat)
        if obs.trick:
            continue
        view = _View(rules, obs)
        trump = view.trump()
        assert trump is not None
        seen = view.seen()
        unseen_trump = any(
            rules.deck.card_suit[c] == trump and rules.deck.card_text[c] not in seen
            for c in rules.deck.cards
        )
        cards = _cards(legal_actions(rules, state))
        plain = [c for c in cards if view.value(c) == 0 and view.suit(c) != trump]
        if not plain or not unseen_trump:
            continue
        card = trump_card(view, cards, trump)
        assert view.value(card) == 0 and view.suit(card) != trump
        leads += 1
    assert leads > 5


def test_trump_follow_loads_a_sure_friends_safe_trick() -> None:
    """The last to play, its sure friend winning the trick, throws its most valuable
    side-suit card on it."""
    rules = load_ruleset("briscola-chiamata")
    loads = 0
    for state in _card_states(rules, range(1, 12)):
        seat = state.to_act
        assert seat is not None
        obs = observe(rules, state, seat)
        if len(obs.trick) != rules.players.count - 1:
            continue
        view = _View(rules, obs)
        trump = view.trump()
        assert trump is not None
        best_seat, best = obs.trick[0]
        for x, c in obs.trick[1:]:
            if view.beats(c, best):
                best_seat, best = x, c
        if best_seat not in sure_friends(view):
            continue
        cards = _cards(legal_actions(rules, state))
        side = [c for c in cards if view.suit(c) != trump]
        if not side:
            continue
        card = trump_card(view, cards, trump)
        assert view.suit(card) != trump
        assert view.value(card) == max(view.value(c) for c in side)
        loads += 1
    assert loads > 0


def test_heuristic_without_the_endgame_plays_as_if_nothing_were_sampled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`heuristic:endgame=false` asks for no worlds and plays every deal as the heuristic
    does when the sampled endgame never applies (no hand small enough for it)."""
    rules = load_ruleset("tressette")
    bare = make_agent("heuristic:endgame=false")
    assert not bare.needs_worlds and make_agent("heuristic").needs_worlds

    def deal(bot: object, seed: int) -> list[str]:
        state, played = new_game(rules, seed), []
        rng = random.Random(seed)
        while not deal_over(state):
            action = choose(bot, rules, state, legal_actions(rules, state), rng)
            played.append(str(action))
            state, _ = apply(rules, state, action)
        return played

    bare_deals = [deal(bare, seed) for seed in range(3)]
    monkeypatch.setattr("tressette_dsl.agents.endgame_worlds.MAX_CARDS", 0)
    assert bare_deals == [deal(make_agent("heuristic"), seed) for seed in range(3)]
    monkeypatch.undo()
    # and the endgame does change some card in these deals when it is on
    assert bare_deals != [deal(make_agent("heuristic"), seed) for seed in range(3)]
