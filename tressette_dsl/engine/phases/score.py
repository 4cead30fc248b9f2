"""`score`: score the deal (`scoring`, `payoff`) and check whether the match is over."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.phases.kind import Path, PhaseBuilder, PhaseKind, phase_schema
from tressette_dsl.engine.scoring import score_deal
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Expr, Ruleset


@dataclass(frozen=True, slots=True)
class ScorePhase:
    id: str
    when: Expr | None
    kind: str = "score"


def enter(step: Step, spec: ScorePhase) -> bool:
    score_deal(step)
    return True


def legal(rules: Ruleset, spec: ScorePhase, s: GameState) -> tuple[Action, ...]:
    return ()


def check(rules: Ruleset, spec: ScorePhase, s: GameState, action: Action) -> Diagnostic | None:
    raise AssertionError("a score phase never waits for an action")


def act(step: Step, spec: ScorePhase, action: Action) -> bool:
    raise AssertionError("a score phase never waits for an action")


# --- how it is written and built ---------------------------------------------------------

DESCRIPTION = "Scores the deal (scoring, payoff), then checks match."
PROPERTIES: Mapping[str, Any] = {}
REQUIRED: tuple[str, ...] = ()


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> ScorePhase:
    return ScorePhase(pid, when)


def describe(rules: Ruleset, ph: ScorePhase) -> str:
    return "the deal is scored (see Scoring), then the end of the match is checked."


KIND = PhaseKind(
    name="score",
    spec=ScorePhase,
    schema=phase_schema("score", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
)
