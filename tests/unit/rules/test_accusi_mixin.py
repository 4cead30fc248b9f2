"""The accusi moved into one mixin (rulesets/mixins/accusi.yaml): the three rulesets that
used to copy the block play exactly the same model as before.

`before_mixins/` holds the three files as they were, each with its own copy of the
declarations; loading either form must give the same `Ruleset` (compared field by field,
expressions by their text, source positions left out), the same resolved rules and no
difference under `tressette diff`.
"""

from __future__ import annotations

import dataclasses
import io
import json
from collections.abc import Mapping
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from tressette_dsl.cli import main
from tressette_dsl.diagnostics import Span
from tressette_dsl.loader import bundled_mixins, bundled_rulesets, collect, load_ruleset
from tressette_dsl.rules.model import Expr, Rule

BEFORE = Path(__file__).parent / "before_mixins"
IDS = ("tressette", "tressette-in-due", "tressette-a-tre")
# where a model names its file, position or hash: not part of what is played
WHERE = {"file", "document_hash", "ctx", "span"}


def dump(value: Any) -> Any:
    """A plain, comparable form of a model: expressions as their text, no positions."""
    if isinstance(value, Expr):
        return ("expr", value.text)
    if isinstance(value, Rule):
        return ("rule", value.rule)
    if isinstance(value, Span):
        return None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: dump(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if f.name not in WHERE
        }
    if isinstance(value, Mapping):
        return {str(k): dump(v) for k, v in value.items()}
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [dump(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    if callable(value):
        return None
    return value


def _rules_only(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k != "extends"}


@pytest.mark.parametrize("ruleset_id", IDS)
def test_the_mixin_gives_the_same_model_as_the_copied_block(ruleset_id: str) -> None:
    before = load_ruleset(BEFORE / f"{ruleset_id}.yaml")
    after = load_ruleset(ruleset_id)
    assert dump(after) == dump(before)
    assert after.declarations and after.declaring is not None


@pytest.mark.parametrize("ruleset_id", IDS)
def test_the_resolved_rules_are_the_same(ruleset_id: str) -> None:
    before, _smap, problems = collect(BEFORE / f"{ruleset_id}.yaml")
    after, _smap2, problems2 = collect(ruleset_id)
    assert not problems and not problems2
    assert _rules_only(after) == _rules_only(before)
    assert after["extends"] == ["tressette-cards", "accusi"]


@pytest.mark.parametrize("ruleset_id", IDS)
def test_tressette_diff_finds_nothing(ruleset_id: str) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["diff", str(BEFORE / f"{ruleset_id}.yaml"), ruleset_id, "--format", "json"])
    assert code == 0
    assert json.loads(out.getvalue())["differences"] == []


def test_the_block_is_written_once() -> None:
    """No bundled ruleset copies the combinations any more: they live in the mixin."""
    holders = [
        path.name
        for path in [*bundled_rulesets(), *bundled_mixins()]
        if "napoletana:\n    pattern:" in path.read_text(encoding="utf-8")
    ]
    assert holders == ["accusi.yaml"]


def test_the_comparison_sees_a_changed_rule() -> None:
    """The dump is fine enough to fail: a target, a timing, a removed signal all show."""
    base = dump(load_ruleset("tressette"))
    for other in ("tressette-31", "tressette-accusi-first", "house-nonna"):
        assert dump(load_ruleset(other)) != base, other
