"""The expectations: one small function per ``expect`` key, each returning ``None`` when it
holds or the message ``expected X, got Y`` when it does not.

Facts come from the engine's public API (``legal_actions``, ``to_act``, ``is_over``) and from
its plain-data state and events: ``TrickWon`` for tricks, the state's ``deals`` records for
what each scored deal gave each side, ``totals`` and ``outcome`` for the match. What a seat
may know (``view``) and the score as it stands (``running``) come from ``engine.observe``.

A check whose value has parts (``view``) returns a list of ``Located`` problems instead, each
at the part of the value that failed.

The checks live by what they look at - `checks_play` (turn, legal actions, tricks, events,
hands), `checks_score` (points, declarations, totals, contract) and `checks_view` (what a
seat may know) - over the `game.Game` wrapper and the shared pieces of `check_base`; this
module holds the registry, ``CHECKS``: expect key -> (problem code, check).
"""

from __future__ import annotations

from tressette_dsl.scenarios import codes
from tressette_dsl.scenarios.check_base import Check, Located
from tressette_dsl.scenarios.checks_play import (
    check_events,
    check_hand,
    check_hand_size,
    check_legal,
    check_legal_excludes,
    check_legal_includes,
    check_no_events,
    check_plays,
    check_to_act,
    check_trick_points,
    check_trick_winner,
    check_tricks,
)
from tressette_dsl.scenarios.checks_score import (
    check_balances,
    check_contract,
    check_deal_over,
    check_deal_points,
    check_deals_counted,
    check_declarations,
    check_declared,
    check_declarer,
    check_games,
    check_match_over,
    check_match_winner,
    check_payoffs,
    check_raw_points,
    check_running,
    check_totals,
)
from tressette_dsl.scenarios.checks_view import (
    check_view,
)
from tressette_dsl.scenarios.expect_keys import EXPECTATION_KEYS
from tressette_dsl.scenarios.game import Game

CHECKS: dict[str, tuple[str, Check]] = {
    "to_act": (codes.TO_ACT, check_to_act),
    "legal": (codes.LEGAL, check_legal),
    "legal_includes": (codes.LEGAL, check_legal_includes),
    "legal_excludes": (codes.LEGAL, check_legal_excludes),
    "plays": (codes.LEGAL, check_plays),
    "trick_winner": (codes.TRICK, check_trick_winner),
    "trick_points": (codes.TRICK, check_trick_points),
    "tricks": (codes.TRICK, check_tricks),
    "deal_over": (codes.DEAL_POINTS, check_deal_over),
    "deal_points": (codes.DEAL_POINTS, check_deal_points),
    "raw_points": (codes.DEAL_POINTS, check_raw_points),
    "declared": (codes.DECLARATIONS, check_declared),
    "declarations": (codes.DECLARATIONS, check_declarations),
    "totals": (codes.TOTALS, check_totals),
    "running": (codes.TOTALS, check_running),
    "match_over": (codes.TOTALS, check_match_over),
    "match_winner": (codes.TOTALS, check_match_winner),
    "games": (codes.TOTALS, check_games),
    "deals_counted": (codes.TOTALS, check_deals_counted),
    "contract": (codes.STATE, check_contract),
    "declarer": (codes.STATE, check_declarer),
    "payoffs": (codes.PAYOFFS, check_payoffs),
    "balances": (codes.PAYOFFS, check_balances),
    "events": (codes.EVENTS, check_events),
    "no_events": (codes.EVENTS, check_no_events),
    "hand": (codes.STATE, check_hand),
    "hand_size": (codes.STATE, check_hand_size),
    "view": (codes.VIEW, check_view),
}

assert set(CHECKS) == set(EXPECTATION_KEYS), set(CHECKS) ^ set(EXPECTATION_KEYS)

__all__ = ["CHECKS", "Check", "Game", "Located"]
