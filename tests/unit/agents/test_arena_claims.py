"""The arena scores a deal that a claim ends by the claim, not as a tie.

A claim decides the match before the deal is scored, so the totals have not moved and the
margin is 0. Counting that as a tie gave a bot that claims wrongly whenever it is losing
half a game for each deal it would have lost (an omniscient bound in bench/ceiling.py did
exactly that). `random:claims=true` claims like any move, and a random claim in the first
deal of `tressette` is wrong: the claimer's side loses those games.
"""

from __future__ import annotations

from tressette_dsl.agents.arena import Pairing, assignments, play_game
from tressette_dsl.loader import load_ruleset


def test_a_wrong_claim_loses_the_game_instead_of_tying_it() -> None:
    rules = load_ruleset("tressette")
    ended_by_claims = 0
    pairing = Pairing("random", "random:claims=true")
    for seed in (5, 6, 7):
        for asg in range(len(assignments(rules))):
            game = play_game(rules, "random", "random:claims=true", seed, asg)
            pairing.games.append(game)
            if game.margin == 0:  # nothing scored: the claim ended the match
                ended_by_claims += 1
                assert game.outcome == 1.0  # B claimed wrongly: A wins
            else:
                assert game.outcome == (1.0 if game.margin > 0 else 0.0)
    assert ended_by_claims >= 3  # the test exercises the claim path, not only scored deals
    summary = pairing.summary()
    assert summary["ties"] == 0
    a, b = summary["agents"]
    assert a["share"] >= ended_by_claims / len(pairing.games)
    assert a["share"] + b["share"] == 1.0
