"""What the search tree branches on (bids cut to the cheapest few, signal variants
folded), the widening below the root, and the CPU-time budget."""

from __future__ import annotations

import random

from tressette_dsl.agents import choose, make_agent
from tressette_dsl.agents.rollout import RolloutPolicy
from tressette_dsl.agents.search import SearchAgent, _Node, _Run
from tressette_dsl.agents.search_moves import BidOrder, fold_signals, search_keys
from tressette_dsl.engine import apply, legal_actions, new_game
from tressette_dsl.engine.actions import Bid
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


def _first_auction_state(ruleset: str, seed: int) -> tuple[Ruleset, GameState]:
    rules = load_ruleset(ruleset)
    state = new_game(rules, seed)
    while not any(isinstance(a, Bid) for a in legal_actions(rules, state)):
        state, _ = apply(rules, state, legal_actions(rules, state)[0])
    return rules, state


def test_only_the_cheapest_bids_are_searched() -> None:
    rules, state = _first_auction_state("briscola-chiamata", 3)
    legal = legal_actions(rules, state)
    bids = [a for a in legal if isinstance(a, Bid)]
    assert len(bids) > 10  # ranks and a points bid: dozens of bids
    keys = search_keys(legal, BidOrder(rules), 3)
    kept = [v[0] for v in keys.values() if isinstance(v[0], Bid)]
    order = BidOrder(rules)
    assert len(kept) == 3
    assert max(order.cost(b) for b in kept) <= min(order.cost(b) for b in bids if b not in kept)
    assert len(keys) - len(kept) == len(legal) - len(bids)  # the pass stays


def test_a_few_bids_are_all_kept() -> None:
    rules, state = _first_auction_state("calabresella", 1)
    legal = legal_actions(rules, state)
    assert search_keys(legal, BidOrder(rules), 3) == fold_signals(legal)


def test_nodes_below_the_root_widen_with_their_visits() -> None:
    rules = load_ruleset("tressette")
    agent = SearchAgent(iters=1, widen=0.5)
    run = _Run(rules, ["x"], RolloutPolicy(rules, random.Random(1)), agent)
    node = _Node()
    rooms = []
    for visits in (0, 1, 4, 16, 100):
        node.visits = visits
        rooms.append(run.room(node))
    assert rooms == [1, 1, 2, 3, 6]


def test_the_time_budget_is_cpu_time() -> None:
    """`time=S` counts this process's CPU seconds: a decision stops after about S of
    them, whatever the wall clock says (a loaded machine gives fewer iterations, never
    an unbounded search)."""
    import time  # noqa: PLC0415

    rules = load_ruleset("tressette")
    state = new_game(rules, 5)
    legal = legal_actions(rules, state)
    bot = make_agent("search:time=0.2")
    began = time.process_time()
    choose(bot, rules, state, legal, random.Random(1))
    spent = time.process_time() - began
    assert 0.2 <= spent < 2.0
    assert isinstance(bot, SearchAgent) and bot.iterations_done > 1
