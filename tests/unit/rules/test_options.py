"""The typed options of `rules/options.py`: they equal the schema's enums, and every value
of every option plays.

The values come from `options.OPTIONS`, so a value added to an alias without a way to
exercise it here fails `test_every_option_has_a_recipe`.
"""

from __future__ import annotations

import json
import random
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tressette_dsl.engine import apply, is_over, legal_actions, new_game
from tressette_dsl.engine.actions import Claim
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules import options
from tressette_dsl.rules.model import Ruleset

SCHEMA = Path(__file__).parents[3] / "tressette_dsl" / "schema" / "ruleset.schema.json"


def _enums(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """(path, values) of every `enum` and every non-`kind` string `const` of the schema."""
    if isinstance(node, dict):
        if "enum" in node:
            yield "/".join(path), tuple(node["enum"])
        if isinstance(node.get("const"), str) and path[-1:] != ("kind",):
            yield "/".join(path), (node["const"],)
        for key, value in node.items():
            yield from _enums(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _enums(value, (*path, str(i)))


def test_every_schema_enum_is_an_option_alias() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    governed = {path: opt for opt in options.OPTIONS for path in opt.schema}
    seen = set()
    for path, values in _enums(schema):
        if path in options.NOT_OPTIONS:
            continue
        assert path in governed, f"schema enum at {path} {values} has no alias in options.py"
        assert values == governed[path].written, (path, values, governed[path].written)
        seen.add(path)
    assert seen == set(governed), f"options.py names schema places that are gone: {governed}"


# --- every value plays ----------------------------------------------------------------------

# option name -> value -> overlay text (YAML); `extends` names the bundled base.
Recipe = Callable[[str], str]
_TEAMS = "extends: tressette\n"


def _choose_for(role: str) -> str:
    """A contract ruleset with an extra `choose` phase asked of `role`."""
    return f"""
    extends: tressette-chiamata
    contracts: {{chiamata: {{value: 1}}, doppia: {{value: 2}}}}
    flow: [deal, auction, call, raise, play, score]
    phases:
      raise: {{kind: choose, who: {role}, options: [doppia], keep: true}}
    """


RECIPES: dict[str, Recipe] = {
    "Direction": lambda v: f"{_TEAMS}players: {{direction: {v}}}\n",
    "SidesMode": lambda v: (
        {
            "teams": _TEAMS,
            "individual": "extends: tressette-a-tre\n",
            "contract": "extends: tressette-chiamata\n",
        }[v]
        + f"sides: {{mode: {v}}}\n"
    ),
    "Role": lambda v: "extends: calabresella\n" if v == "call_supplier" else _choose_for(v),
    "FirstDealer": lambda v: f"{_TEAMS}phases: {{deal: {{first_dealer: {v}}}}}\n",
    "Speeches": lambda v: f"extends: tressette-chiamata\nphases: {{auction: {{speeches: {v}}}}}\n",
    "AllPass": lambda v: f"extends: tressette-chiamata\nphases: {{auction: {{all_pass: {v}}}}}\n",
    "MisdealDealer": lambda v: (
        f'{_TEAMS}phases: {{deal: {{misdeal: {{condition: "hand_units < 3", dealer: {v}}}}}}}\n'
    ),
    "CallEffect": lambda v: (
        "extends: calabresella\n"
        if v == "transfer"
        else "extends: tressette-chiamata\nphases: {call: {effect: partner}}\n"
    ),
    "CallReveal": lambda v: f"extends: tressette-chiamata\nphases: {{call: {{reveal: {v}}}}}\n",
    "CallTrump": lambda v: f"extends: briscola-chiamata\nphases: {{call: {{trump: {v}}}}}\n",
    "DrawOrder": lambda v: (
        f"extends: tressette-in-due\nphases: {{play: {{draw: {{order: {v}}}}}}}\n"
    ),
    "Says": lambda v: (
        f"{_TEAMS}declarations: {{napoletana: {{says: {v}}}}}\n"
        if v != "cards"
        else f"{_TEAMS}declarations: {{napoletana: {{says: null}}}}\n"
    ),
    "DeclareAt": lambda v: f"{_TEAMS}declaring: {{at: {v}, window: 'trick_no <= 2'}}\n",
    "DeclScored": lambda v: f"{_TEAMS}declaring: {{scored: {v}}}\n",
    "DeclReveal": lambda v: f"{_TEAMS}declaring: {{reveal: {v}}}\n",
    "SignalAt": lambda v: (
        f"{_TEAMS}signals: {{extra: {{at: {v}, means: something, truth: 'count(hand) >= 0'}}}}\n"
    ),
    "ClaimFor": lambda v: f"{_TEAMS}claims: {{for: {v}}}\n",
    "ClaimRight": lambda v: f"{_TEAMS}claims: {{right: {v}, target: '0'}}\n",
    "ClaimWrong": lambda v: f"{_TEAMS}claims: {{wrong: {v}, target: '1000'}}\n",
    "LeftoverTo": lambda v: f"extends: calabresella\nscoring: {{leftover_to: {v}}}\n",
    "ZoneSeenBy": lambda v: (
        f"extends: calabresella\nzones: {{monte: {{seen_by: {v}, owner: declarer}}}}\n"
    ),
    "BigWinEffect": lambda v: (
        f"{_TEAMS}scoring: {{big_win_effect: {v}}}\n"
        if v == "win_match"
        else "extends: calabresella\n"
        if v == "multiply"
        else f"{_TEAMS}scoring: {{big_wins: null, big_win_effect: null}}\n"
    ),
    "DummyExposed": lambda v: (
        f"extends: tressette-col-morto\nseating: {{dummy: {{exposed: {v}}}}}\n"
    ),
    "SittingOut": lambda v: (
        f"extends: calabresella-a-quattro\nseating: {{people: {{sitting_out: {v}}}}}\n"
    ),
    "AllPassDealer": lambda v: (
        f"extends: calabresella\nphases: {{auction: {{all_pass_dealer: {v}}}}}\n"
    ),
    "MatchCheck": lambda v: f"{_TEAMS}match: {{check: {v}, target: 3}}\n",
    "MatchWinner": lambda v: f"{_TEAMS}match: {{winner: {v}}}\n",
    "ResidualTo": lambda v: f"{_TEAMS}scoring: {{residual_to: {v}}}\n",
    "MatchTie": lambda v: f"extends: tressette-chiamata\nmatch: {{tie: {v}}}\n",
    "MatchReason": lambda v: (
        f"{_TEAMS}match: {{target: 5}}\n" if v == "target" else "extends: tressette-chiamata\n"
    ),
}


def _roles(rules: Ruleset) -> set[str]:
    """Every role a phase of the flow names (`who` or `to`)."""
    found = {
        getattr(getattr(p, key, None), "role", None) for p in rules.flow for key in ("who", "to")
    }
    return {role for role in found if role is not None}


# Where the value shows in the built model, to prove the overlay really uses it (a set:
# the value is one of them).
READ: dict[str, Callable[[Ruleset], Any]] = {
    "Direction": lambda r: r.players.direction,
    "SidesMode": lambda r: r.sides.mode,
    "Role": _roles,
    "FirstDealer": lambda r: "random" if r.flow[0].first_dealer is None else None,  # type: ignore[union-attr]
    "Speeches": lambda r: r.flow[1].speeches,  # type: ignore[union-attr]
    "AllPass": lambda r: r.flow[1].all_pass,  # type: ignore[union-attr]
    "MisdealDealer": lambda r: r.flow[0].misdeal.dealer,  # type: ignore[union-attr]
    "CallEffect": lambda r: next(p.effect for p in r.flow if p.kind == "call"),  # type: ignore[attr-defined]
    "CallReveal": lambda r: next(p.reveal for p in r.flow if p.kind == "call"),  # type: ignore[attr-defined]
    "CallTrump": lambda r: (
        "called_suit" if next(p for p in r.flow if p.kind == "call").trump_called_suit else None  # type: ignore[attr-defined]
    ),
    "DrawOrder": lambda r: next(p.draw.order for p in r.flow if p.kind == "tricks"),  # type: ignore[attr-defined]
    "Says": lambda r: r.declaration("napoletana").says,
    "DeclareAt": lambda r: r.declaring.at,  # type: ignore[union-attr]
    "DeclScored": lambda r: r.declaring.scored,  # type: ignore[union-attr]
    "DeclReveal": lambda r: r.declaring.reveal,  # type: ignore[union-attr]
    "SignalAt": lambda r: r.signal("extra").at,
    "ClaimFor": lambda r: r.claims.about,  # type: ignore[union-attr]
    "ClaimRight": lambda r: r.claims.right,  # type: ignore[union-attr]
    "ClaimWrong": lambda r: r.claims.wrong,  # type: ignore[union-attr]
    "LeftoverTo": lambda r: r.scoring.leftover_to,
    "ZoneSeenBy": lambda r: r.zones[r.zone_index("monte")].seen_by,
    "BigWinEffect": lambda r: r.scoring.big_win_effect,
    "DummyExposed": lambda r: r.players.dummy.exposed,  # type: ignore[union-attr]
    "SittingOut": lambda r: r.players.people.sitting_out,  # type: ignore[union-attr]
    "AllPassDealer": lambda r: r.flow[1].all_pass_dealer,  # type: ignore[union-attr]
    "MatchCheck": lambda r: r.match.check,
    "MatchWinner": lambda r: r.match.winner,
    "ResidualTo": lambda r: r.scoring.residual_to,
    "MatchTie": lambda r: r.match.tie,
    "MatchReason": lambda r: r.match.reason,
}


CASES = [(opt.name, value) for opt in options.OPTIONS for value in opt.values]


def test_every_option_has_a_recipe() -> None:
    names = {opt.name for opt in options.OPTIONS}
    assert names == set(RECIPES) == set(READ)


def _play_deals(rules: Ruleset, seed: int, deals: int = 2, claim: bool = False) -> int:
    """Random legal play until `deals` counted deals are over (or the match ends)."""
    rng = random.Random(seed)
    state = new_game(rules, seed)
    for _ in range(20_000):
        if is_over(state) or sum(d.counted for d in state.deals) >= deals:
            return len(state.deals)
        legal = legal_actions(rules, state)
        claims = [a for a in legal if isinstance(a, Claim)]
        others = [a for a in legal if not isinstance(a, Claim)] or legal
        action = claims[0] if claim and claims else others[rng.randrange(len(others))]
        state, _events = apply(rules, state, action)
    raise AssertionError("the deal never ended")


@pytest.mark.parametrize(("option", "value"), CASES, ids=[f"{o}={v}" for o, v in CASES])
def test_every_option_value_loads_and_plays(tmp_path: Path, option: str, value: str) -> None:
    path = tmp_path / f"{option}-{value}.yaml"
    text = f"id: overlay-{option.lower()}\n" + textwrap.dedent(RECIPES[option](value))
    path.write_text(text, encoding="utf-8")
    rules = load_ruleset(path)
    used = READ[option](rules)
    assert value in used if isinstance(used, set) else used == value
    claim = option in ("ClaimFor", "ClaimRight", "ClaimWrong")
    for seed in (1, 2, 3):
        assert _play_deals(rules, seed, claim=claim) >= 1


def test_prose_tables_name_every_value() -> None:
    """The generated page has words for every role, declaring moment and signal moment."""
    from tressette_dsl.describe import DECLARE_AT, SIGNAL_AT  # noqa: PLC0415
    from tressette_dsl.engine.phases.words import ROLE_WORDS  # noqa: PLC0415

    assert set(ROLE_WORDS) == set(options.ROLES)
    assert set(DECLARE_AT) == set(options.DECLARE_AT)
    assert set(SIGNAL_AT) == set(options.SIGNAL_AT)
