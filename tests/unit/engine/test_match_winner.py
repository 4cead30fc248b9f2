"""`match.winner`: with `lowest` the points are penalties and the lowest total wins the match.

The reverse game (rules-digest-wider A.6: "lowest total then wins") needs this; the same
overlay with `highest` must name the other side, so the key is not silently ignored.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tressette_dsl.engine import apply, is_over, legal_actions, new_game, result
from tressette_dsl.engine.actions import Claim
from tressette_dsl.loader import load_ruleset


def _finished_match(tmp_path: Path, winner: str, seed: int) -> tuple[dict[str, int], set[str]]:
    path = tmp_path / f"one-deal-{winner}.yaml"
    path.write_text(
        "id: one-deal\nextends: tressette\n"
        f'match: {{winner: {winner}, end: "deals_counted >= 1", tie: shared}}\n',
        encoding="utf-8",
    )
    rules = load_ruleset(path)
    rng = random.Random(seed)
    state = new_game(rules, seed)
    while not is_over(state):
        # no claims: a wrong claim ends the match whatever the totals say
        legal = [a for a in legal_actions(rules, state) if not isinstance(a, Claim)]
        state, _ = apply(rules, state, legal[rng.randrange(len(legal))])
    out = result(rules, state)
    assert out.reason == "target"
    return out.totals, set(out.winners)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_lowest_total_wins_and_highest_the_other(tmp_path: Path, seed: int) -> None:
    totals, low_winners = _finished_match(tmp_path, "lowest", seed)
    assert low_winners == {n for n, t in totals.items() if t == min(totals.values())}
    same_totals, high_winners = _finished_match(tmp_path, "highest", seed)
    assert same_totals == totals  # the key changes who wins, never the play or the points
    assert high_winners == {n for n, t in totals.items() if t == max(totals.values())}
    if min(totals.values()) != max(totals.values()):
        assert low_winners.isdisjoint(high_winners)
