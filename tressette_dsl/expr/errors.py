"""Problems found in an expression, located by 0-based offsets into its text.

The expression layer knows nothing about files: the loader adds the scalar's position to
``start`` to build a `Diagnostic` with an exact ``file:line:col``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple


class ExprProblem(NamedTuple):
    code: str
    message: str
    start: int
    end: int
    hint: str | None = None


class ExprError(Exception):
    """One or more problems with one text; ``problems`` is sorted by offset."""

    def __init__(self, problems: Iterable[ExprProblem]) -> None:
        self.problems: tuple[ExprProblem, ...] = tuple(
            sorted(problems, key=lambda p: (p.start, p.code))
        )
        first = self.problems[0] if self.problems else None
        super().__init__(
            f"{first.code} at {first.start}: {first.message}" if first else "no problems"
        )


def fail(code: str, message: str, start: int, end: int, hint: str | None = None) -> ExprError:
    """Shorthand for the common case of a single problem: ``raise fail(...)``."""
    return ExprError([ExprProblem(code, message, start, end, hint)])
