"""The phase kinds as written: one module per kind (rules/phases/<kind>.py), listed once.

Each module exports `SYNTAX`, a `PhaseSyntax` (syntax.py): the kind's spec record, schema
fragment, builder, the names it sets and the keys that name a zone. The loader and
`tressette validate` read the kinds here, never the engine (engine/phases/, where each
kind's `KIND` adds its play to this `SYNTAX`). `written(name)` is the loader's look-up: a
bundled kind from its module; any other (a kind that is one engine module, such as one a
test registers with `engine.phases.register`) from the engine's registry, which it then
imports - correct for every kind, light for the bundled ones.

A bundled kind's module is imported on first look-up, not with this package: each defines
frozen records, and building a dataclass costs about a millisecond, so validating a file
imports only the kinds it uses (a plain trick game: deal, tricks, score). What the loader
needs of every kind without building it - the names each sets (`set_by`), the keys that
name a zone - it reads from the schema's annotations, which the schema generator writes
from the units (`x-sets`, `x-zone-keys`; a test keeps the file current). `PHASE_SYNTAX`,
every bundled kind, imports them all.
"""

from __future__ import annotations

import sys
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

from tressette_dsl.rules.phases.syntax import PhaseSyntax, WrittenKind

# In the order of the schema's `oneOf` and of the documentation (engine/phases: `_UNITS`).
KIND_NAMES = (
    "deal",
    "auction",
    "choose",
    "call",
    "reveal",
    "move",
    "give",
    "discard",
    "take",
    "tricks",
    "score",
)

# The schema annotation of a phase fragment listing the names its kind sets (`sets`).
SETS = "x-sets"

_ENGINE_KINDS = "tressette_dsl.engine.phases"

if TYPE_CHECKING:  # made on access, see `__getattr__`
    PHASE_SYNTAX: dict[str, PhaseSyntax[Any]]


@cache
def bundled(name: str) -> PhaseSyntax[Any]:
    """The bundled kind `name` (one of `KIND_NAMES`), its module imported on first use."""
    syntax: PhaseSyntax[Any] = import_module(f"{__name__}.{name}").SYNTAX
    return syntax


def written(name: str) -> WrittenKind | None:
    """The kind called `name` as the loader reads it; None for no such kind."""
    if name in KIND_NAMES:
        return bundled(name)
    engine_kinds = _engine_registry(load=True)
    return engine_kinds.get(name)


def set_by() -> dict[str, frozenset[str]]:
    """Per name an expression may read, the kinds that give it a value (timeline check):
    the bundled kinds, and those of the engine's registry once it is imported. Read from
    the schema's phase fragments (`x-sets`), which hold every kind the loader knows (the
    shipped ones, and any registered at run time), so that no kind's module is imported."""
    from tressette_dsl.loader.schema import schema  # noqa: PLC0415 (the loader imports us)

    defs = schema()["$defs"]
    out: dict[str, set[str]] = {}
    for kind in defs["phase"]["properties"]["kind"]["enum"]:
        for name in defs.get(f"phase_{kind}", {}).get(SETS, ()):
            out.setdefault(str(name), set()).add(str(kind))
    return {name: frozenset(kinds) for name, kinds in out.items()}


def _engine_registry(*, load: bool) -> dict[str, WrittenKind]:
    """The engine's `PHASE_KINDS` (imported when `load`, else only if already imported)."""
    module = sys.modules.get(_ENGINE_KINDS)
    if module is None and load:
        module = import_module(_ENGINE_KINDS)
    if module is None:
        return {}
    registry: dict[str, WrittenKind] = module.PHASE_KINDS
    return registry


def __getattr__(name: str) -> Any:
    """`PHASE_SYNTAX`: every bundled kind, by name (imports each kind's module)."""
    if name == "PHASE_SYNTAX":
        return {kind: bundled(kind) for kind in KIND_NAMES}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
