"""The endgame solver's fast search against its reference (the search before session 11).

The search (`endgame._Search`) plays positions on per-card int tables
(`endgame_tables`) and remembers its move lists; the reference
(`endgame_reference.ReferenceSearch`) is the old code. Over many positions - sampled
worlds of seeded deals in games of two to five seats, with and without trumps, fixed
sides and contracts, both the additive and the exhaustive search - each root card must get
the same value from both, in a full and in a null window, after the same number of
positions visited, and a budget must run out in both or in neither: then every decision,
node budgets included, is the same.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.unit.agents.endgame_reference import ReferenceSearch
from tressette_dsl.agents import Worlds, choose, make_agent
from tressette_dsl.agents.endgame import _INF, OutOfBudget, _model, _Search
from tressette_dsl.agents.endgame_tables import trick_tables
from tressette_dsl.agents.endgame_worlds import world_position
from tressette_dsl.engine import apply, deal_over, legal_actions, new_game, observe
from tressette_dsl.engine.actions import Play
from tressette_dsl.engine.observe import Observation
from tressette_dsl.engine.phases.tricks import winner_of
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


def _worlds(rules: Ruleset, deals: int, max_cards: int) -> Iterator[tuple[Observation, object]]:
    """(observation, a sampled world's position) at the card plays with a choice of
    `deals` seeded deals (heuristic-v1 in every seat) with at most `max_cards` cards in
    the hands."""
    bot = make_agent("heuristic-v1")
    for seed in range(deals):
        state = new_game(rules, seed)
        rng = random.Random(seed)
        while state.to_act is not None and not (deal_over(state) and state.tricks):
            legal = legal_actions(rules, state)
            plays = [a for a in legal if isinstance(a, Play) and not a.signals]
            left = sum(h.bit_count() for h in state.cards.hands)
            if state.sub == "play" and len(plays) > 1 and left <= max_cards:
                seat = state.to_act
                obs = observe(rules, state, seat)
                world = Worlds(rules, state, seat).sample(random.Random(seed * 1000 + left))
                yield obs, world_position(rules, obs, world)
            state, _ = apply(rules, state, choose(bot, rules, state, legal, rng))


def _run(search: _Search, cards: list[int]) -> list[tuple[int, int] | str]:
    """Per root card: (value in a full window, the nodes visited so far), then a null
    window around the first card's value; 'out' when the budget runs out."""
    out: list[tuple[int, int] | str] = []
    try:
        first = None
        for card in cards:
            v = search.root(card, -_INF, _INF)
            first = v if first is None else first
            out.append((v, search.nodes))
        for card in cards:
            assert first is not None
            out.append((search.root(card, first, first + 1), search.nodes))
    except OutOfBudget:
        out.append("out")
    return out


@pytest.mark.parametrize(
    ("ruleset", "deals", "max_cards"),
    [
        ("tressette-in-due", 6, 16),
        ("tressette", 6, 12),
        ("calabresella", 6, 12),
        ("briscola-chiamata", 4, 12),
        ("traversone-coppie", 6, 12),
        ("calabrasella-americana", 6, 12),
        ("spizzichino", 6, 16),
    ],
)
def test_the_fast_search_equals_the_reference(ruleset: str, deals: int, max_cards: int) -> None:
    rules = load_ruleset(ruleset)
    model = _model(rules)
    assert model is not None
    compared = 0
    out_of_budget = 0
    for obs, pos in _worlds(rules, deals, max_cards):
        for exhaustive in (False, True):
            # no bound, a small one, and the reference's own count and one less (the
            # budget runs out at its last position, or just does not)
            budgets = [10**6, 300]
            while budgets:
                budget = budgets.pop(0)
                fast = _Search.of(model, rules, obs, pos, budget, exhaustive=exhaustive)  # type: ignore[arg-type]
                ref = _Search.of(model, rules, obs, pos, budget, exhaustive=exhaustive)  # type: ignore[arg-type]
                if fast is None or ref is None:
                    assert fast is None and ref is None
                    break
                hand = pos.hands[obs.seat]  # type: ignore[attr-defined]
                cards = [c for c in range(len(rules.deck.card_value)) if hand >> c & 1]
                cards = [c for c in cards if fast.playable(hand, pos.trick) >> c & 1]  # type: ignore[attr-defined]
                got = _run(fast, cards)
                want = _run(ReferenceSearch.wrap(ref), cards)
                assert got == want, (ruleset, obs.seat, exhaustive, budget)
                compared += 1
                out_of_budget += want[-1] == "out"
                if budget == 10**6:
                    last = want[-1]
                    assert isinstance(last, tuple)
                    budgets += [last[1], last[1] - 1]
    assert compared > 100
    assert out_of_budget > 20


@pytest.mark.parametrize("ruleset", ["tressette", "briscola-chiamata", "traversone-coppie"])
def test_the_beats_table_gives_the_engines_trick_winner(ruleset: str) -> None:
    """Random tricks of every size the table plays, with every trump and none: the card
    that beats the best so far, kept in order, is `winner_of`'s."""
    rules = load_ruleset(ruleset)
    rng = random.Random(7)
    deck = list(range(len(rules.deck.card_value)))
    for trump in (-1, *range(len(rules.deck.suits))):
        beats = trick_tables(rules.deck, trump).beats
        for _ in range(300):
            cards = rng.sample(deck, rng.randint(2, rules.players.count))
            best = 0
            for i in range(1, len(cards)):
                if beats[cards[best]] >> cards[i] & 1:
                    best = i
            trick = tuple(enumerate(cards))
            assert best == winner_of(rules, trick, None if trump < 0 else trump)
