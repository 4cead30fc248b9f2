"""`score` as written: its record in the model, its schema fragment and its builder.

What loading and validating a ruleset need of the kind, without the engine; its play
is engine/phases/score.py (rules/phases/syntax.py says why the halves are apart)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tressette_dsl.rules.model import Expr
from tressette_dsl.rules.phases.syntax import Path, PhaseBuilder, PhaseSyntax, phase_schema


@dataclass(frozen=True, slots=True)
class ScorePhase:
    """A `score` phase as built: it scores the deal by the ruleset's scoring and payoff."""

    id: str
    when: Expr | None
    kind: str = "score"


DESCRIPTION = "Scores the deal (scoring, payoff), then checks match."


PROPERTIES: Mapping[str, Any] = {}


REQUIRED: tuple[str, ...] = ()


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> ScorePhase:
    return ScorePhase(pid, when)


SYNTAX = PhaseSyntax(
    name="score",
    spec=ScorePhase,
    schema=phase_schema("score", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
)
