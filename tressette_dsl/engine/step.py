"""One transition in progress: the rules, the state so far, the events so far.

Phase code receives a `Step`, replaces `step.state` with new immutable values and appends
events; `apply` hands back the final state and the events as a tuple.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.errors import EVAL_FAILED, RuleEvaluationError
from tressette_dsl.engine.events import Event
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Expr, Ruleset


class Step:
    __slots__ = ("events", "restart", "rules", "state")

    def __init__(self, rules: Ruleset, state: GameState) -> None:
        self.rules = rules
        self.state = state
        self.events: list[Event] = []
        self.restart: str | None = None  # all_pass | misdeal: abandon the deal, deal again

    def set(self, **changes: Any) -> GameState:
        self.state = self.state.replace(**changes)
        return self.state

    def emit(self, event: Event) -> None:
        self.events.append(event)


def evaluate(expr: Expr, env: Mapping[str, Any]) -> Any:
    """Run a compiled expression; a failure names the rule that failed."""
    try:
        return expr.fn(env)  # not `expr(env)`: one call less (a constant's fn returns it)
    except Exception as exc:
        raise RuleEvaluationError(
            Diagnostic(EVAL_FAILED, f"could not evaluate {expr.text!r}: {exc} ({expr.cite()})",
                       expr.span)
        ) from exc
