"""The phase kinds: one unit (module) per kind, listed once, in `PHASE_KINDS`.

Each unit (engine/phases/<kind>.py) exports `KIND`, a `PhaseKind` (kind.py) holding its spec
record, JSON-Schema fragment, builder, the names it sets, `enter / legal / check / act`, its
terminal prompt and its prose. Everything that needs the list of kinds derives it from
`PHASE_KINDS`: the schema's phase `oneOf` (schema/generate.py), the builder's dispatch
(rules/build.py), the timeline check (rules/timeline.py), the prompts (cli/render.py) and the
generated description (describe.py). Adding a kind is one new module listed in `_UNITS`
(docs/engine.md, "Adding a phase kind"); `register` adds one from elsewhere (tests).
"""

from __future__ import annotations

from typing import Any

from tressette_dsl.engine.phases import (
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
from tressette_dsl.engine.phases.kind import PhaseKind, Task
from tressette_dsl.rules.phases import set_by as _written_set_by

# In the order of the schema's `oneOf` and of the documentation.
_UNITS = (deal, auction, choose, call, reveal, move, give, discard, take, tricks, score)

PHASE_KINDS: dict[str, PhaseKind[Any]] = {unit.KIND.name: unit.KIND for unit in _UNITS}


def register(kind: PhaseKind[Any]) -> None:
    """Add a phase kind to the registry (the bundled ones are listed in `_UNITS`)."""
    if kind.name in PHASE_KINDS and PHASE_KINDS[kind.name] is not kind:
        raise ValueError(f"phase kind {kind.name!r} is already registered")
    PHASE_KINDS[kind.name] = kind


def unregister(name: str) -> None:
    """Remove a kind added with `register` (tests that add a toy kind clean up with it)."""
    if any(unit.KIND.name == name for unit in _UNITS):
        raise ValueError(f"phase kind {name!r} is bundled; it cannot be removed")
    PHASE_KINDS.pop(name, None)


def registered_extra() -> tuple[str, ...]:
    """The kinds added with `register`, beyond the bundled ones (the loader's schema adds
    their fragments to the shipped file's)."""
    bundled = {unit.KIND.name for unit in _UNITS}
    return tuple(name for name in PHASE_KINDS if name not in bundled)


def tasks() -> dict[str, tuple[PhaseKind[Any], Task]]:
    """Per activity (`state.cursor.sub`), the kind that asks it and its prompt text."""
    return {
        activity: (kind, task)
        for kind in PHASE_KINDS.values()
        for activity, task in kind.tasks.items()
    }


def set_by() -> dict[str, frozenset[str]]:
    """Per name an expression may read, the kinds that give it a value (timeline check;
    the loader asks `rules.phases.set_by`, which gives the same without the engine)."""
    return _written_set_by()
