"""A toy phase kind, defined outside the package, to prove that a kind is one unit.

`nod`: the seats a role names, in turn, say `keep` (nothing else happens). The whole kind
is this module: spec, schema fragment, builder, the names it sets, enter / legal / check /
act, prompt and prose; `engine.phases.register(KIND)` makes it a kind of the language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Keep
from tressette_dsl.engine.phases.common import not_legal
from tressette_dsl.engine.phases.kind import Obs, Path, PhaseBuilder, PhaseKind, Talk, phase_schema
from tressette_dsl.engine.phases.words import who_text
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import Step
from tressette_dsl.engine.table import seats_of
from tressette_dsl.rules.model import Expr, Ruleset, Who


@dataclass(frozen=True, slots=True)
class NodPhase:
    id: str
    when: Expr | None
    who: Who
    kind: str = "nod"


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> NodPhase:
    return NodPhase(pid, when, b.who((*path, "who"), "all"))


def enter(step: Step, spec: NodPhase) -> bool:
    seats = seats_of(step.rules, step.state, spec.who)
    if not seats:
        return True
    step.set(sub="nod", pending=seats, to_act=seats[0])
    return False


def legal(rules: Ruleset, spec: NodPhase, s: GameState) -> tuple[Action, ...]:
    return (Keep(),)


def check(rules: Ruleset, spec: NodPhase, s: GameState, action: Action) -> Diagnostic | None:
    return not_legal(rules, s, action, legal(rules, spec, s), spec.id)


def act(step: Step, spec: NodPhase, action: Action) -> bool:
    pending = step.state.pending[1:]
    if pending:
        step.set(pending=pending, to_act=pending[0])
        return False
    step.set(sub="", pending=(), to_act=None)
    return True


def describe(rules: Ruleset, spec: NodPhase) -> str:
    return f"{who_text(spec.who)} nods, in turn."


def _task_nod(rules: Ruleset, obs: Obs, spec: Any, legal: list[str], talk: Talk) -> str:
    return f"Nod to {talk.seat(obs.get('dealer'))}: say 'keep'."


KIND = PhaseKind(
    name="nod",
    spec=NodPhase,
    schema=phase_schema(
        "nod",
        "Each seat a role names says keep.",
        {"who": {"type": "string", "minLength": 1, "description": "Who nods (a role)."}},
    ),
    build=build,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
    tasks={"nod": _task_nod},
)
