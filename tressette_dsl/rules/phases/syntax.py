"""How a phase kind is written: the `PhaseSyntax` record each kind's written half
(rules/phases/<kind>.py) exports as `SYNTAX`, and the builder services it is handed.

A phase kind has two halves. This one - its record in the model, its JSON-Schema fragment,
its builder, the names it sets for later expressions, the keys that name a zone - is what
loading and validating a ruleset needs. The other - `enter / legal / check / act`, its
prompts and prose (engine/phases/<kind>.py, whose `KIND` is made from this `SYNTAX`) - is
what playing needs. The halves are apart so that `tressette validate` and the loader never
import the engine: its records, events and actions cost more to import than the whole
validation of a ruleset. A kind may also be one engine module only (a `PhaseKind` made
from scratch, e.g. one registered by a test): the loader then finds it in the engine's
registry, importing it (rules/phases/__init__.py, `written`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from tressette_dsl.expr import ExprError, StaticContext, Type
from tressette_dsl.rules import scopes
from tressette_dsl.rules.model import Expr, PhaseSpec, Rule, Ruleset, Who

Path = tuple[str | int, ...]
SpecT = TypeVar("SpecT", bound=PhaseSpec)


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


Build = Callable[[PhaseBuilder, str, Path, Expr | None], SpecT | None]
Link = Callable[[Ruleset, SpecT], SpecT]


class WrittenKind(Protocol):
    """What the loader reads of a phase kind: a `PhaseSyntax`, or an engine `PhaseKind`
    (which has the same fields)."""

    @property
    def name(self) -> str: ...

    @property
    def schema(self) -> Mapping[str, Any]: ...

    @property
    def build(self) -> Build[Any]: ...

    @property
    def sets(self) -> frozenset[str]: ...

    @property
    def link(self) -> Link[Any] | None: ...

    @property
    def zone_keys(self) -> tuple[tuple[str, ...], ...]: ...

    @property
    def zone_fills(self) -> tuple[tuple[str, ...], ...]: ...


@dataclass(frozen=True, slots=True)
class PhaseSyntax(Generic[SpecT]):
    """A phase kind as written: its spec record, schema fragment and builder.

    `sets` are the names this kind gives a value for expressions evaluated after it (the
    load-time timeline check); `link(rules, spec)`, run once the whole ruleset is built,
    gives the spec with what the kind precomputes from the other parts (from the model
    only: the engine resolves what it needs itself); `zone_keys` are the key paths inside
    the phase's mapping that name a zone (`("from",)`, `("draw", "from")`), checked against
    the declared zones; `zone_fills` those of them that put cards into the zone (a
    discard's `to`), so that a later phase may take from it."""

    name: str
    spec: type[SpecT]
    schema: Mapping[str, Any]
    build: Build[SpecT]
    sets: frozenset[str] = frozenset()
    link: Link[SpecT] | None = None
    zone_keys: tuple[tuple[str, ...], ...] = ()
    zone_fills: tuple[tuple[str, ...], ...] = ()


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
