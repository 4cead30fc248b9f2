"""What a phase kind provides: the `PhaseKind` record each unit (engine/phases/<kind>.py)
exports as `KIND`, and the small interfaces it is handed.

A phase kind is one module. Everything else that used to name the kinds one by one - the
schema's `oneOf`, the builder's dispatch, the names a kind sets for later expressions, the
terminal's prompts, the generated description - is derived from `PHASE_KINDS`
(engine/phases/__init__.py), which lists the units.

* `PhaseBuilder` is the builder's side: read the document, compile expressions against a
  slot's scope, report a problem located in the YAML. `rules/build.py` implements it.
* `Talk` is the terminal's side: how seats, suits and actions are written. `cli/render.py`
  implements it, so that prompt text needs no import of the CLI.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeVar

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import Step
from tressette_dsl.expr import ExprError, StaticContext, Type
from tressette_dsl.rules import scopes
from tressette_dsl.rules.model import Expr, PhaseSpec, Rule, Ruleset, Who

Path = tuple[str | int, ...]
SpecT = TypeVar("SpecT", bound=PhaseSpec)
Obs = Mapping[str, Any]  # an observation as the terminal reads it (`Observation.to_dict`)


class PhaseBuilder(Protocol):
    """The builder services a unit's `build` uses; every problem is located at `path`."""

    @property
    def ctx(self) -> StaticContext | None: ...

    def get(self, path: Path, default: Any = None) -> Any: ...

    def problem(self, code: str, message: str, path: Path, hint: str | None = None) -> None: ...

    def expr_problems(self, err: ExprError, path: Path) -> None: ...

    def expr(
        self,
        path: Path,
        start: str,
        scope: scopes.Scope,
        default: str | None = None,
        expect: Type | None = None,
    ) -> Expr | None: ...

    def const_expr(self, path: Path, value: Any) -> Expr: ...

    def rule(self, path: Path) -> Rule: ...

    def who(self, path: Path, default: str) -> Who: ...

    def count(self, path: Path, scope: scopes.Scope, default: int | None) -> Expr | None: ...


class Talk(Protocol):
    """How the terminal writes a seat, a suit and an action (cli/render.py)."""

    def seat(self, index: int | None) -> str: ...

    def suit(self, suit_id: str) -> str: ...

    def action(self, text: str) -> str: ...


Build = Callable[[PhaseBuilder, str, Path, Expr | None], SpecT | None]
Task = Callable[[Ruleset, Obs, Any, list[str], Talk], str]  # (rules, obs, spec, legal, talk)
Stage = Callable[[Ruleset, Obs], str]
Progress = Callable[[Ruleset, SpecT, GameState], tuple[int, int] | None]

_NO_TASKS: Mapping[str, Task] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class PhaseKind(Generic[SpecT]):
    """One phase kind: its spec, how it is written and built, how it plays, how it reads.

    `enter(step, spec) -> bool` starts the phase (True: it finished by itself); `legal`
    lists the choices of `state.to_act`; `check` says why an action is refused (None: it is
    allowed); `act(step, spec, action) -> bool` applies a checked action (True: the phase
    is done). `sets` are the names this kind gives a value for expressions evaluated after
    it (the load-time timeline check). `tasks` (per `state.sub`, the observation's
    `activity`) and `stage` are the terminal's prompt; `describe` is the prose of the
    generated rules page; `progress` is `(done, owed)` for a step that takes several cards
    from the seat, one action each; `link(rules, spec)`, run once the whole ruleset is
    built, gives the spec with what the kind precomputes from the other parts.
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


def fixed_stage(word: str) -> Stage:
    """A `stage` that is always the same word (``auction``, ``exchange``...)."""

    def stage(rules: Ruleset, obs: Obs) -> str:
        return word

    return stage


WHEN_SCHEMA: Mapping[str, Any] = {
    "type": "string",
    "minLength": 1,
    "maxLength": 4000,
    "description": "The phase runs only when this holds; it is skipped otherwise (a condition "
    "expression. See docs/expressions.md.)",
}


def phase_schema(
    name: str,
    description: str,
    properties: Mapping[str, Any],
    required: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The JSON-Schema fragment of a phase kind (`$defs/phase_<name>`): its own keys, after
    the `kind` and `when` that every phase has."""
    return {
        "type": "object",
        "description": description,
        "additionalProperties": False,
        "properties": {
            "kind": {"const": name, "description": f"The phase kind: {name}."},
            "when": dict(WHEN_SCHEMA),
            **properties,
        },
        "required": ["kind", *required],
    }
