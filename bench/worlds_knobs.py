"""The heuristic with other limits for its sampled-worlds endgame, to tune them in `arena`.

    tressette arena calabresella --players bench.worlds_knobs:Knobbed:worlds=16:cards=15,\\
        heuristic-v1 --deals 300 --seed 3000 --jobs 1

Run from the repository root (the module is imported from the Python path). The limits are
the module's constants of `agents/endgame_worlds.py`, set when the bot is made: one such
bot per process (the arena with `--jobs 1`). A measurement aid, not a bot to ship.
"""

from __future__ import annotations

from tressette_dsl.agents import endgame_worlds
from tressette_dsl.agents.heuristic import HeuristicAgent


class Knobbed(HeuristicAgent):
    name = "heuristic-knobbed"

    def __init__(
        self, worlds: int = 8, cards: int = 12, nodes: int = 4000, edge: int = 0, factor: int = 0
    ) -> None:
        if factor:
            Bidding(factor)
        endgame_worlds.WORLDS = worlds
        endgame_worlds.MAX_CARDS = cards
        endgame_worlds.NODES = nodes
        endgame_worlds.EDGE = edge


class Bidding(HeuristicAgent):
    """The heuristic with every bid's need scaled by `factor` percent (the mean share it is
    measured against, `heuristic._mean_share`), patched for this process."""

    name = "heuristic-bidding"

    def __init__(self, factor: int = 100) -> None:
        from tressette_dsl.agents import heuristic  # noqa: PLC0415

        base = heuristic.__dict__.setdefault("_base_mean_share", heuristic._mean_share)
        heuristic._mean_share = lambda rules, size: base(rules, size) * factor / 100
