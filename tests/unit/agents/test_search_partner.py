"""Briscola chiamata's secret partner as the search sees him: a defender who does not know
him samples him (whoever holds the called card in the world, several seats across worlds,
or nobody when the declarer may hold it; never the defender's own seat); the partner
himself knows; once the called card is played every world has the true partner."""

from __future__ import annotations

import random

from tressette_dsl.agents import choose, make_agent, seat_rng
from tressette_dsl.agents.base import Worlds
from tressette_dsl.agents.bid_reading import AuctionWorlds
from tressette_dsl.engine import apply, deal_over, legal_actions, new_game
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


def _first_trick(seed: int) -> tuple[Ruleset, GameState]:
    rules = load_ruleset("briscola-chiamata")
    bot = make_agent("heuristic")
    state = new_game(rules, seed)
    while rules.flow[state.phase].kind != "tricks" and not deal_over(state):
        legal = legal_actions(rules, state)
        state, _ = apply(rules, state, choose(bot, rules, state, legal, seat_rng(seed, 0)))
    return rules, state


def test_defenders_sample_the_partner_and_the_partner_knows() -> None:
    for seed in range(1, 40):
        rules, state = _first_trick(seed)
        c = state.contract_part
        if c.partner is not None and c.partner != c.declarer and not c.partner_revealed:
            break
    else:
        raise AssertionError("no deal with a secret partner in 39 seeds")
    assert c.called_card is not None and c.declarer is not None
    defender = next(x for x in range(state.n) if x not in (c.declarer, c.partner))
    rng = random.Random(5)
    seen = set()
    for _ in range(60):
        world = AuctionWorlds(Worlds(rules, state, defender)).sample(rng)
        partner = world.contract_part.partner
        holder = partner if partner is not None else c.declarer  # None: he called his own
        assert holder != defender
        assert world.cards.hands[holder] >> c.called_card & 1
        seen.add(partner)
    assert len(seen) >= 2  # the defender cannot tell which of the others it is
    for _ in range(10):
        world = Worlds(rules, state, c.partner).sample(rng)
        assert world.contract_part.partner == c.partner


def test_the_partner_is_known_once_the_called_card_is_played() -> None:
    bot = make_agent("heuristic")
    for seed in range(1, 40):
        rules, state = _first_trick(seed)
        c = state.contract_part
        if c.partner is None or c.partner == c.declarer:
            continue
        while not state.contract_part.partner_revealed and not deal_over(state):
            legal = legal_actions(rules, state)
            state, _ = apply(rules, state, choose(bot, rules, state, legal, seat_rng(seed, 1)))
        if deal_over(state):
            continue
        watcher = next(x for x in range(state.n) if x not in (c.declarer, c.partner))
        rng = random.Random(2)
        for _ in range(20):
            assert Worlds(rules, state, watcher).sample(rng).contract_part.partner == c.partner
        return
    raise AssertionError("no partner revealed in 39 seeds")
