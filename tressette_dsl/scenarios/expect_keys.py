"""The keys an ``expect`` mapping may hold; ``checks.CHECKS`` implements each one.

``VIEW_KEYS`` are the keys of one seat's entry under ``view`` (what that seat may know).
"""

from __future__ import annotations

import difflib
import re

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

# ... and, besides these, the id of any zone of the ruleset (`monte: hidden`, `out: [AC]`):
# which of the cards lying there the seat's view names (`zone_key`)
VIEW_KEYS = ("sees", "not_sees", "hand_of", "partner")


def zone_key(key: object, known: tuple[str, ...]) -> bool:
    """Whether a key of a scenario (setup) or of a view entry names a zone: it has a
    zone id's form and is not a misspelling of one of the `known` keys (which stays an
    unknown-key error, with its did-you-mean). Whether the ruleset has that zone is
    checked when the scenario runs, against `rules.zones`."""
    return (
        isinstance(key, str)
        and re.fullmatch(ZONE_ID, key) is not None
        and key not in known
        and not difflib.get_close_matches(key, known, n=1, cutoff=0.6)
    )


ZONE_ID = "[a-z][a-z0-9_]*"
