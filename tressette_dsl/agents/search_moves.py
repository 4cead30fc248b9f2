"""What the search tree branches on: the legal actions folded and pruned.

A tree node's children are *keys*, not actions: a card play and its signal variants share
the key ``play CARD`` (a signal changes what a partner knows, which a rollout cannot
value; the signal is added after the search, truthfully, as the heuristic says it), and
an auction's bids are cut to the cheapest few (`max_bids`, by the ruleset's bid level,
then the points named). Why cut the bids: in a descending-rank auction with a points bid
there are dozens of legal bids; a few hundred iterations then visit each a handful of
times, and the *largest* of many noisy means is almost always a bid's - the winner's curse
that made the search the declarer of nearly every deal. A higher bid stays reachable:
the auction comes back round, and the cheapest bids then are the next ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from tressette_dsl.engine.actions import Action, Bid
from tressette_dsl.rules.model import AuctionPhase, Ruleset


def fold_signals(legal: Sequence[Action]) -> dict[str, list[Action]]:
    """The legal actions by key: a card play and its signal variants share the key
    ``play CARD`` (the plain play first when there is one); every other action is its own.
    Claims are left out (the search decides them apart)."""
    out: dict[str, list[Action]] = {}
    for action in legal:
        text = str(action)
        if text == "claim":
            continue
        words = text.split()
        key = " ".join(words[:2]) if words[0] == "play" and len(words) > 2 else text
        group = out.setdefault(key, [])
        if len(words) <= 2:
            group.insert(0, action)
        else:
            group.append(action)
    return out


class BidOrder:
    """The cost of a bid by the ruleset's auction specs: (level, points named)."""

    def __init__(self, rules: Ruleset) -> None:
        self.levels: dict[str, int] = {}
        for phase in rules.flow:
            if isinstance(phase, AuctionPhase):
                for spec in phase.bids:
                    self.levels.setdefault(spec.id, spec.level)

    def cost(self, action: Action) -> tuple[int, int]:
        assert isinstance(action, Bid)
        return (self.levels.get(action.bid, 0), action.points or 0)


def search_keys(legal: Sequence[Action], order: BidOrder, max_bids: int) -> dict[str, list[Action]]:
    """`fold_signals(legal)` with only the `max_bids` cheapest bids kept (every other
    action, passes included, kept)."""
    keys = fold_signals(legal)
    bids = [k for k, v in keys.items() if isinstance(v[0], Bid)]
    if len(bids) <= max_bids:
        return keys
    keep = set(sorted(bids, key=lambda k: order.cost(keys[k][0]))[:max_bids])
    return {k: v for k, v in keys.items() if not isinstance(v[0], Bid) or k in keep}


__all__ = ["BidOrder", "fold_signals", "search_keys"]
