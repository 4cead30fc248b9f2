"""One transition in progress: the rules, the state so far, the events so far.

Phase code receives a `Step`, replaces `step.state` with new immutable values and appends
events; `apply` hands back the final state and the events as a tuple.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
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


def evaluate_seat(expr: Expr, env: Mapping[str, Any], n: int) -> int:
    """A seat expression's value, or a located error when it names no seat (e.g. `declarer`
    before any auction, or `holder(4D)` while that card lies in the stock)."""
    value = evaluate(expr, env)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise RuleEvaluationError(
            Diagnostic(
                EVAL_FAILED,
                f"{expr.text!r} names no seat here (it gave {value!r}; "
                f"seats are 0 to {n - 1}) ({expr.cite()})",
                expr.span,
            )
        )
    return value


def evaluate_int(expr: Expr, env: Mapping[str, Any]) -> int:
    """A count or a score: a whole number, never silently rounded (write floor(...))."""
    value = evaluate(expr, env)
    if isinstance(value, bool) or not isinstance(value, int):
        hint = "; round it with floor(...)" if isinstance(value, Fraction) else ""
        raise RuleEvaluationError(
            Diagnostic(
                EVAL_FAILED,
                f"{expr.text!r} gave {value}, not a whole number{hint} ({expr.cite()})",
                expr.span,
            )
        )
    return value


def evaluate(expr: Expr, env: Mapping[str, Any]) -> Any:
    """Run a compiled expression; a failure names the rule that failed."""
    try:
        return expr.fn(env)  # not `expr(env)`: one call less (a constant's fn returns it)
    except Exception as exc:
        raise RuleEvaluationError(
            Diagnostic(
                EVAL_FAILED, f"could not evaluate {expr.text!r}: {exc} ({expr.cite()})", expr.span
            )
        ) from exc
