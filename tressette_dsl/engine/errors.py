"""The two ways an action can be refused, after python-chess.

`InvalidActionError`: the text is not an action of this ruleset (`plya 3D`, `play 3X`).
`IllegalActionError`: a well-formed action the rules forbid now; it carries a `Diagnostic`
(code TS5xx) whose message says why and which rule forbids it, located at that rule.
Both subclass `ValueError`. `ArgumentTypeError` (a TypeError) and `ArgumentValueError` (a
ValueError) are raised for arguments that are not what a public function takes.
"""

from __future__ import annotations

from tressette_dsl.diagnostics import Diagnostic, Span


class InvalidActionError(ValueError):
    """Malformed action text."""


class IllegalActionError(ValueError):
    """A well-formed action that the rules forbid in this state."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        self.diagnostic = diagnostic
        super().__init__(diagnostic.message)


class _ArgumentProblem:
    """Mixed into the argument errors: the function and the argument, for tools."""

    function: str
    argument: str

    def _set(self, function: str, argument: str) -> None:
        self.function = function
        self.argument = argument


class ArgumentTypeError(_ArgumentProblem, TypeError):
    """A public function was given an argument of the wrong type (``seat='South'``,
    ``rng=None``, an action as text). ``str()`` is ``fn: argument ...``."""

    def __init__(self, function: str, argument: str, problem: str) -> None:
        self._set(function, argument)
        super().__init__(f"{function}: {argument} {problem}")


class ArgumentValueError(_ArgumentProblem, ValueError):
    """A public function was given an argument of the right type that does not fit the
    ruleset or the state (a seat out of range, a hand of the wrong size, a state of another
    ruleset, a zone the ruleset lacks). ``str()`` is ``fn: argument ...``."""

    def __init__(self, function: str, argument: str, problem: str) -> None:
        self._set(function, argument)
        super().__init__(f"{function}: {argument} {problem}")


class RuleEvaluationError(RuntimeError):
    """An expression failed while the game ran (e.g. it used `declarer` before the auction)."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        self.diagnostic = diagnostic
        super().__init__(f"{diagnostic.span}: {diagnostic.message}")


NO_SPAN = Span("<engine>", 1, 1)

# Codes of runtime rule violations (TS5xx), stable for tests and tools.
NOT_YOUR_TURN = "TS501"
MATCH_OVER = "TS502"
NOT_IN_HAND = "TS503"
MUST_FOLLOW = "TS504"
NOT_ALLOWED_NOW = "TS505"
FALSE_SIGNAL = "TS506"
BAD_DECLARATION = "TS507"
BAD_BID = "TS508"
BAD_CHOICE = "TS509"
EVAL_FAILED = "TS510"
