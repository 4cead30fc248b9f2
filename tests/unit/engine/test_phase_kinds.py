"""The registry of phase kinds: every kind is one unit, and the registry derives the rest.

A toy kind (`toy_phase_kind.nod`) registered from a test module validates (the schema
gains its fragment), builds (the builder dispatches to it), plays (the game loop dispatches
to it), and is described and prompted - without any change to the package.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
import toy_phase_kind  # a test module beside this one

from tressette_dsl.cli import render
from tressette_dsl.describe import describe
from tressette_dsl.diagnostics import DiagnosticError
from tressette_dsl.engine import apply, deal_over, legal_actions, new_game
from tressette_dsl.engine.actions import Claim, Keep
from tressette_dsl.engine.observe import observe
from tressette_dsl.engine.phases import PHASE_KINDS, register, set_by, unregister
from tressette_dsl.loader import load_ruleset
from tressette_dsl.loader.schema import schema
from tressette_dsl.schema import generate

NOD_RULESET = """\
id: nodding
extends: tressette
flow: [deal, nod, play, score]
phases:
  nod: {kind: nod, who: all}
"""


@pytest.fixture
def nod() -> Iterator[None]:
    register(toy_phase_kind.KIND)
    yield
    unregister("nod")


def test_the_shipped_schema_is_generated_from_the_registry() -> None:
    assert generate.generated() == generate.shipped()


def test_every_unit_holds_its_whole_kind() -> None:
    for name, kind in PHASE_KINDS.items():
        assert kind.name == name
        assert kind.schema["properties"]["kind"] == {
            "const": name,
            "description": f"The phase kind: {name}.",
        }
        assert kind.spec.__dataclass_params__.frozen  # type: ignore[attr-defined]
        assert hasattr(kind.spec, "__slots__")


def test_names_set_by_kinds_come_from_the_units() -> None:
    found = set_by()
    assert found["contract"] == frozenset({"auction", "choose"})
    assert found["called_card"] == frozenset({"call"})
    assert found["declarer"] == frozenset({"auction"})


def test_a_toy_kind_is_not_known_until_registered(tmp_path: Path) -> None:
    path = tmp_path / "nodding.yaml"
    path.write_text(NOD_RULESET, encoding="utf-8")
    with pytest.raises(DiagnosticError) as err:
        load_ruleset(path)
    assert any(d.path[:3] == ("phases", "nod", "kind") for d in err.value.diagnostics)


def test_a_toy_kind_validates_builds_and_is_dispatched(nod: None, tmp_path: Path) -> None:
    assert "nod" in schema()["$defs"]["phase"]["properties"]["kind"]["enum"]
    path = tmp_path / "nodding.yaml"
    path.write_text(NOD_RULESET, encoding="utf-8")
    rules = load_ruleset(path)
    spec = rules.flow[1]
    assert isinstance(spec, toy_phase_kind.NodPhase) and spec.who.role == "all"

    state = new_game(rules, 7)
    assert state.sub == "nod" and legal_actions(rules, state) == (Keep(),)
    obs = observe(rules, state, state.to_act).to_dict()  # type: ignore[arg-type]
    assert render.task(rules, obs).startswith("Nod to ")
    assert "nods, in turn" in describe(rules)
    for _seat in range(rules.players.count):
        state, _events = apply(rules, state, Keep())
    assert state.sub == "play"

    rng = random.Random(7)  # the rest of the deal plays as before
    while not deal_over(state):
        legal = [a for a in legal_actions(rules, state) if not isinstance(a, Claim)]
        state, _events = apply(rules, state, legal[rng.randrange(len(legal))])
    assert state.deals[-1].counted
    assert state.over or state.sub == "nod"  # the next deal nods first


def test_a_toy_kind_checks_its_own_keys(nod: None, tmp_path: Path) -> None:
    path = tmp_path / "nodding.yaml"
    path.write_text(NOD_RULESET.replace("who: all", "who: all, loudly: true"), encoding="utf-8")
    with pytest.raises(DiagnosticError) as err:
        load_ruleset(path)
    codes = [(d.code, d.path) for d in err.value.diagnostics]
    assert ("TS203", ("phases", "nod", "loudly")) in codes, codes


def test_the_generated_schema_with_a_toy_kind_lists_it(nod: None) -> None:
    shipped = json.loads(generate.shipped())
    with_nod = generate.generate(shipped)
    refs = [b["$ref"] for b in with_nod["$defs"]["phase"]["oneOf"]]
    assert refs[-1] == "#/$defs/phase_nod"
    assert with_nod["$defs"]["phase_nod"] == json.loads(json.dumps(toy_phase_kind.KIND.schema))
    assert generate.render(shipped) == generate.shipped()  # the file is exactly its JSON
