"""The compiled kernel's expression emitter against the interpreter's closures.

Every valid expression of tests/cases/expr/*.yaml is emitted as Python source
(`compiled.exprgen`) and evaluated on the case's env; the value must equal the one the
interpreter's compiled closure gives. A construct the emitter does not translate must say
so (`Uncovered`, naming it), never emit something else; the share it translates is checked
too, so that a regression that makes everything uncovered fails.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_expr_cases import _load, _setup

from tressette_dsl.compiled.exprgen import Emitter, Uncovered
from tressette_dsl.expr import compile_expr

CASES = [p for p in _load() if "error" not in p.values[1]]
_emitted: list[str] = []


def _run(source: str, symbols: dict[str, Any], env: dict[str, Any]) -> Any:
    namespace = dict(symbols)
    code = compile(f"def value(env):\n    return {source}\n", "<emitted>", "exec")
    exec(code, namespace)  # source the emitter built from the parse tree, in a test
    return namespace["value"](env)


@pytest.mark.parametrize(("given", "case"), CASES)
def test_emitted_expression_matches_the_interpreter(
    given: dict[str, Any], case: dict[str, Any]
) -> None:
    ctx, scope, env = _setup(given)
    start = case.get("start", "any")
    want = compile_expr(case["expr"], start, scope, ctx).fn(env)
    em = Emitter(ctx)
    names = {name: f"env[{name!r}]" for name in scope}
    try:
        source = em.emit(case["expr"], start, scope, names)
    except Uncovered as exc:
        assert exc.feature  # named
        return
    _emitted.append(case["expr"])
    got = _run(source, {**em.table_symbols(), **em.symbols}, env)
    assert got == want
    assert type(got) is type(want) or isinstance(want, bool) is isinstance(got, bool)


def test_most_cases_are_translated() -> None:
    translated = 0
    for param in CASES:
        given, case = param.values
        ctx, scope, _env = _setup(given)
        names = {name: f"env[{name!r}]" for name in scope}
        try:
            Emitter(ctx).emit(case["expr"], case.get("start", "any"), scope, names)
        except Uncovered:
            continue
        translated += 1
    assert translated >= len(CASES) * 0.6, f"{translated} of {len(CASES)}"
