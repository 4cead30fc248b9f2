"""FITRES's chiamata fuori: a seat calls the *other* pair out (claims.for: opponents).

Rules digest 2.6 (FITRES): "the call is made by the opponents of the side that reached 21 to
stop a cappotto attempt; in the modern norms the calling pair loses even if the call was
premature". So the called-out side wins either way; the claim only says whether it had
reached the target."""

from __future__ import annotations

from pathlib import Path

import pytest

from tressette_dsl.engine import apply, legal_actions, new_game, result, to_act
from tressette_dsl.engine.events import Claimed
from tressette_dsl.loader import load_ruleset


@pytest.fixture
def rules(tmp_path: Path):
    path = tmp_path / "fitres.yaml"
    path.write_text("id: fitres\nextends: tressette\nclaims:\n  for: opponents\n", "utf-8")
    return load_ruleset(path)


def _claim(rules, state):
    claim = next(a for a in legal_actions(rules, state) if str(a) == "claim")
    return apply(rules, state, claim)


@pytest.mark.parametrize(("other_total", "right"), [(0, False), (21, True)])
def test_calling_the_opponents_out_makes_them_win(rules, other_total: int, right: bool) -> None:
    state = new_game(rules, 4)
    caller = to_act(state)
    own = rules.sides.side_of[caller]
    totals = [0, 0]
    totals[1 - own] = other_total
    state = state.replace(totals=tuple(totals))
    state, events = _claim(rules, state)
    claimed = next(e for e in events if isinstance(e, Claimed))
    assert claimed.side == 1 - own and claimed.right is right
    assert result(rules, state).to_dict()["winners"] == [rules.sides.names[1 - own]]
