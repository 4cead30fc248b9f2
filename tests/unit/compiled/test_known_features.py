"""A feature the kernel was not written for is named and sent to the interpreter.

Other parts of the language grow (new keys, phase kinds, option values); the kernel must
not play a ruleset that uses one as if it were not there. These build such models by
hand - a record with one field more, a phase of a new kind, an option value the kernel
does not list - and check that `coverage` names each and does not cover the ruleset,
while the same new field left at its default changes nothing.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from tressette_dsl.compiled import compile_ruleset
from tressette_dsl.compiled.coverage import structural
from tressette_dsl.compiled.known import unknown
from tressette_dsl.loader import load_ruleset, playable_rulesets
from tressette_dsl.rules.model import Ruleset, TricksPhase


def _with_tricks_field(rules: Ruleset, value: int) -> Ruleset:
    fields = [(f.name, f.type, f) for f in dataclasses.fields(TricksPhase)]
    grown: Any = dataclasses.make_dataclass(
        "TricksPhase",
        [*fields, ("lead_twice", int, dataclasses.field(default=0))],
        frozen=True,
    )
    flow = tuple(
        grown(**{f.name: getattr(p, f.name) for f in dataclasses.fields(p)}, lead_twice=value)
        if isinstance(p, TricksPhase)
        else p
        for p in rules.flow
    )
    return dataclasses.replace(rules, flow=flow, document_hash="")


def test_what_the_kernel_does_not_know_is_never_covered() -> None:
    """Every bundled ruleset: known to the kernel, or named and left to the interpreter;
    the Tressette family itself is known."""
    for path in playable_rulesets():
        rules = load_ruleset(path.stem)
        coverage = compile_ruleset(rules).coverage
        for feature in unknown(rules):
            assert feature in coverage.uncovered, path.stem
    for name in ("tressette", "tressette-in-due", "calabresella", "briscola-chiamata"):
        assert unknown(load_ruleset(name)) == [], name


def test_a_new_key_in_use_is_not_covered() -> None:
    rules = _with_tricks_field(load_ruleset("tressette"), 2)
    assert unknown(rules) == ["TricksPhase.lead_twice (new to the compiled kernel)"]
    uncovered, _delegated = structural(rules)
    assert "TricksPhase.lead_twice (new to the compiled kernel)" in uncovered


def test_a_new_key_at_its_default_is_not_a_feature() -> None:
    assert unknown(_with_tricks_field(load_ruleset("tressette"), 0)) == []


def test_a_new_phase_kind_is_not_covered() -> None:
    @dataclasses.dataclass(frozen=True)
    class ShufflePhase:
        id: str = "cut"
        when: Any = None
        kind: str = "cut"

    rules = load_ruleset("tressette")
    grown = dataclasses.replace(rules, flow=(*rules.flow, ShufflePhase()), document_hash="")
    assert "phase kind 'cut' (new to the compiled kernel)" in unknown(grown)


def test_a_new_option_value_is_not_covered() -> None:
    rules = load_ruleset("tressette")
    match = dataclasses.replace(rules.match, winner="nearest")  # type: ignore[arg-type]
    grown = dataclasses.replace(rules, match=match, document_hash="")
    assert unknown(grown) == ["Match.winner: 'nearest' (new to the compiled kernel)"]
