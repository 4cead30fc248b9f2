"""The keys an ``expect`` mapping may hold; ``checks.CHECKS`` implements each one.

``VIEW_KEYS`` are the keys of one seat's entry under ``view`` (what that seat may know).
"""

from __future__ import annotations

EXPECTATION_KEYS = (
    # whose turn and what they may do
    "to_act", "legal", "legal_includes", "legal_excludes", "plays",
    # tricks
    "trick_winner", "trick_points", "tricks",
    # the deal
    "deal_over", "deal_points", "raw_points", "declared", "declarations",
    # the match
    "totals", "running", "match_over", "match_winner", "games", "deals_counted",
    # contract games
    "contract", "declarer", "payoffs", "balances",
    # anything else the engine reports
    "events", "no_events", "hand", "hand_size",
    # what one seat may know
    "view",
)  # fmt: skip

VIEW_KEYS = ("sees", "not_sees", "hand_of", "partner", "monte", "stock")
