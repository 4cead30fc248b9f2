"""The phase kinds as written: one module per kind (rules/phases/<kind>.py), listed once.

Each module exports `SYNTAX`, a `PhaseSyntax` (syntax.py): the kind's spec record, schema
fragment, builder, the names it sets and the keys that name a zone. The loader and
`tressette validate` read the kinds here, never the engine (engine/phases/, where each
kind's `KIND` adds its play to this `SYNTAX`). `written(name)` is the loader's look-up: a
bundled kind from `PHASE_SYNTAX`; any other (a kind that is one engine module, such as
one a test registers with `engine.phases.register`) from the engine's registry, which it
then imports - correct for every kind, light for the bundled ones.
"""

from __future__ import annotations

import sys
from typing import Any

from tressette_dsl.rules.phases import (
    auction,
    call,
    choose,
    deal,
    discard,
    give,
    move,
    reveal,
    score,
    take,
    tricks,
)
from tressette_dsl.rules.phases.syntax import PhaseSyntax, WrittenKind

# In the order of the schema's `oneOf` and of the documentation (engine/phases: `_UNITS`).
_UNITS = (deal, auction, choose, call, reveal, move, give, discard, take, tricks, score)

PHASE_SYNTAX: dict[str, PhaseSyntax[Any]] = {unit.SYNTAX.name: unit.SYNTAX for unit in _UNITS}

_ENGINE_KINDS = "tressette_dsl.engine.phases"


def written(name: str) -> WrittenKind | None:
    """The kind called `name` as the loader reads it; None for no such kind."""
    found = PHASE_SYNTAX.get(name)
    if found is not None:
        return found
    engine_kinds = _engine_registry(load=True)
    return engine_kinds.get(name)


def set_by() -> dict[str, frozenset[str]]:
    """Per name an expression may read, the kinds that give it a value (timeline check):
    the bundled kinds, and those of the engine's registry once it is imported."""
    out: dict[str, set[str]] = {}
    kinds: dict[str, WrittenKind] = {**PHASE_SYNTAX, **_engine_registry(load=False)}
    for kind in kinds.values():
        for name in kind.sets:
            out.setdefault(name, set()).add(kind.name)
    return {name: frozenset(kinds) for name, kinds in out.items()}


def _engine_registry(*, load: bool) -> dict[str, WrittenKind]:
    """The engine's `PHASE_KINDS` (imported when `load`, else only if already imported)."""
    module = sys.modules.get(_ENGINE_KINDS)
    if module is None and load:
        import importlib  # noqa: PLC0415 - the engine, only for a kind not bundled here

        module = importlib.import_module(_ENGINE_KINDS)
    if module is None:
        return {}
    registry: dict[str, WrittenKind] = module.PHASE_KINDS
    return registry
