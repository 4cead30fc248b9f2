"""What a phase kind provides: the `PhaseKind` record each unit (engine/phases/<kind>.py)
exports as `KIND`, and the small interfaces it is handed.

A phase kind is one unit: its written half (rules/phases/<kind>.py: spec record, schema
fragment, builder - what loading and validating need, without the engine) and its play
(engine/phases/<kind>.py: `KIND = kind_of(SYNTAX, enter=..., ...)`). Everything else that
used to name the kinds one by one - the schema's `oneOf`, the builder's dispatch, the names
a kind sets for later expressions, the terminal's prompts, the generated description - is
derived from `PHASE_KINDS` (engine/phases/__init__.py) or, on the loader's side, from
`PHASE_SYNTAX` (rules/phases/__init__.py), which list the units.

* `PhaseBuilder` is the builder's side: read the document, compile expressions against a
  slot's scope, report a problem located in the YAML. `rules/build.py` implements it
  (defined in rules/phases/syntax.py, re-exported here).
* `Talk` is the terminal's side: how seats, suits and actions are written. `cli/render.py`
  implements it, so that prompt text needs no import of the CLI.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, Protocol

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.rules.phases.syntax import (
    WHEN_SCHEMA,
    Build,
    Path,
    PhaseBuilder,
    PhaseSyntax,
    SpecT,
    phase_schema,
)

Obs = Mapping[str, Any]  # an observation as the terminal reads it (`Observation.to_dict`)


class Talk(Protocol):
    """How the terminal writes a seat, a suit and an action (cli/render.py)."""

    def seat(self, index: int | None) -> str: ...

    def suit(self, suit_id: str) -> str: ...

    def action(self, text: str) -> str: ...


Task = Callable[[Ruleset, Obs, Any, list[str], Talk], str]  # (rules, obs, spec, legal, talk)
Stage = Callable[[Ruleset, Obs], str]
Progress = Callable[[Ruleset, SpecT, GameState], tuple[int, int] | None]

_NO_TASKS: Mapping[str, Task] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class PhaseKind(Generic[SpecT]):
    """One phase kind: its spec, how it is written and built, how it plays, how it reads.

    `enter(step, spec) -> bool` starts the phase (True: it finished by itself); `legal`
    lists the choices of `state.cursor.to_act`; `check` says why an action is refused (None: it is
    allowed); `act(step, spec, action) -> bool` applies a checked action (True: the phase
    is done). `sets` are the names this kind gives a value for expressions evaluated after
    it (the load-time timeline check). `tasks` (per `state.cursor.sub`, the observation's
    `activity`) and `stage` are the terminal's prompt; `describe` is the prose of the
    generated rules page; `progress` is `(done, owed)` for a step that takes several cards
    from the seat, one action each; `link(rules, spec)`, run once the whole ruleset is
    built, gives the spec with what the kind precomputes from the other parts.
    `zone_keys` are the key paths inside the phase's mapping that name a zone (`("from",)`,
    `("draw", "from")`): the loader checks them against the declared zones; `zone_fills`
    are those of them that put cards into the zone (a discard's `to`), so that a later
    phase may take from it.
    """

    name: str
    spec: type[SpecT]
    schema: Mapping[str, Any]
    build: Build[SpecT]
    enter: Callable[[Step, SpecT], bool]
    legal: Callable[[Ruleset, SpecT, GameState], tuple[Action, ...]]
    check: Callable[[Ruleset, SpecT, GameState, Action], Diagnostic | None]
    act: Callable[[Step, SpecT, Action], bool]
    describe: Callable[[Ruleset, SpecT], str]
    sets: frozenset[str] = frozenset()
    tasks: Mapping[str, Task] = field(default_factory=lambda: _NO_TASKS)
    stage: Stage | None = None
    progress: Progress[SpecT] | None = None
    link: Callable[[Ruleset, SpecT], SpecT] | None = None
    zone_keys: tuple[tuple[str, ...], ...] = ()
    zone_fills: tuple[tuple[str, ...], ...] = ()


def fixed_stage(word: str) -> Stage:
    """A `stage` that is always the same word (``auction``, ``exchange``...)."""

    def stage(rules: Ruleset, obs: Obs) -> str:
        return word

    return stage


def kind_of(
    syntax: PhaseSyntax[SpecT],
    *,
    enter: Callable[[Step, SpecT], bool],
    legal: Callable[[Ruleset, SpecT, GameState], tuple[Action, ...]],
    check: Callable[[Ruleset, SpecT, GameState, Action], Diagnostic | None],
    act: Callable[[Step, SpecT, Action], bool],
    describe: Callable[[Ruleset, SpecT], str],
    tasks: Mapping[str, Task] = _NO_TASKS,
    stage: Stage | None = None,
    progress: Progress[SpecT] | None = None,
) -> PhaseKind[SpecT]:
    """The kind whose written half is `syntax` (rules/phases/<kind>.py), with its play."""
    return PhaseKind(
        name=syntax.name,
        spec=syntax.spec,
        schema=syntax.schema,
        build=syntax.build,
        enter=enter,
        legal=legal,
        check=check,
        act=act,
        describe=describe,
        sets=syntax.sets,
        tasks=tasks,
        stage=stage,
        progress=progress,
        link=syntax.link,
        zone_keys=syntax.zone_keys,
        zone_fills=syntax.zone_fills,
    )


# The written half's names, re-exported for the units that import them from here.
__all__ = [
    "WHEN_SCHEMA",
    "Build",
    "Obs",
    "Path",
    "PhaseBuilder",
    "PhaseKind",
    "PhaseSyntax",
    "Progress",
    "SpecT",
    "Stage",
    "Talk",
    "Task",
    "fixed_stage",
    "kind_of",
    "phase_schema",
]
