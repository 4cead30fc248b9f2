"""Data-driven expression cases (jmespath style) from tests/cases/expr/*.yaml.

Each file has ``given`` (deck, players, direction, and a scope of ``name: [TYPE, value]``)
and ``cases`` of ``{expr, start, result}`` or ``{expr, start, error: TSxxx, at: offset}``.
Set EXPR_CASES=<file stem> to run one file while developing.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from expr_support import italian, parse_type, standard, to_runtime

from tressette_dsl.expr import ExprError, StaticContext, compile_expr

CASES = Path(__file__).resolve().parents[2] / "cases" / "expr"


def _load() -> list[Any]:
    only = os.environ.get("EXPR_CASES")
    params = []
    for path in sorted(CASES.glob("*.yaml")):
        if only and path.stem != only:
            continue
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        for i, case in enumerate(doc["cases"]):
            params.append(pytest.param(doc["given"], case, id=f"{path.stem}[{i}] {case['expr']}"))
    return params


def _setup(given: dict[str, Any]) -> tuple[StaticContext, dict[str, Any], dict[str, Any]]:
    make = italian if given.get("deck") == "italian" else standard
    ctx = make(given.get("players", 4), given.get("direction", -1))
    scope, env = {}, {}
    for name, (spec, value) in (given.get("scope") or {}).items():
        scope[name] = parse_type(spec)
        env[name] = to_runtime(ctx, scope[name], value)
    return ctx, scope, env


@pytest.mark.parametrize(("given", "case"), _load())
def test_case(given: dict[str, Any], case: dict[str, Any]) -> None:
    ctx, scope, env = _setup(given)
    start = case.get("start", "any")
    if "error" in case:
        with pytest.raises(ExprError) as info:
            compile_expr(case["expr"], start, scope, ctx)
        codes = [p.code for p in info.value.problems]
        assert case["error"] in codes, info.value.problems
        if "at" in case:
            assert info.value.problems[0].start == case["at"], info.value.problems
        return
    compiled = compile_expr(case["expr"], start, scope, ctx)
    if "type" in case:
        assert str(compiled.type) == case["type"]
    expected = to_runtime(ctx, compiled.type, case["result"])
    got = compiled(env)
    assert got == expected and type(got) is type(expected), (got, expected)
