"""`score`: score the deal (`scoring`, `payoff`) and check whether the match is over."""

from __future__ import annotations

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.phases.kind import kind_of
from tressette_dsl.engine.scoring import score_deal
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.rules.phases.score import SYNTAX, ScorePhase


def enter(step: Step, spec: ScorePhase) -> bool:
    score_deal(step)
    return True


def legal(rules: Ruleset, spec: ScorePhase, s: GameState) -> tuple[Action, ...]:
    return ()


def check(rules: Ruleset, spec: ScorePhase, s: GameState, action: Action) -> Diagnostic | None:
    raise AssertionError("a score phase never waits for an action")


def act(step: Step, spec: ScorePhase, action: Action) -> bool:
    raise AssertionError("a score phase never waits for an action")


# --- how it reads: the rules page and the prompts (its written half: rules/phases/) -----


def describe(rules: Ruleset, ph: ScorePhase) -> str:
    return "the deal is scored (see Scoring), then the end of the match is checked."


KIND = kind_of(
    SYNTAX,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
)


# The spec records live in the written half; imported from here too.
__all__ = ["ScorePhase"]
