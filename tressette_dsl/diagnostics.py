"""Positions and problems: the one record every stage reports in.

Every stage, from YAML reading to an illegal move in a game, speaks in `Diagnostic`s that
carry a `Span`, so that the CLI can always print ``file:line:col: error[CODE]: message``
with the source line and a caret, and tools can read the same facts as JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from tressette_dsl.text import cut_line, escape


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """A place in a file: 1-based line and column, like editors count."""

    file: str
    line: int
    col: int
    end_line: int | None = None
    end_col: int | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def shifted(self, cols: int) -> Span:
        """The same line, `cols` characters further right (for offsets inside a scalar)."""
        return Span(self.file, self.line, self.col + cols)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    message: str
    span: Span
    severity: Severity = Severity.ERROR
    path: tuple[str | int, ...] = ()
    hint: str | None = None
    notes: tuple[tuple[str, Span], ...] = field(default=())

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.span.file, self.span.line, self.span.col, self.code)


class DiagnosticError(Exception):
    """Raised when a stage found problems; carries all of them, already sorted."""

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics: tuple[Diagnostic, ...] = tuple(
            sorted(diagnostics, key=Diagnostic.sort_key)
        )
        first = self.diagnostics[0] if self.diagnostics else None
        super().__init__(f"{first.span}: {first.message}" if first else "no diagnostics")


def _source_line(span: Span, sources: dict[str, str] | None) -> str | None:
    if not sources or span.file not in sources:
        return None
    lines = sources[span.file].splitlines()
    if 1 <= span.line <= len(lines):
        return lines[span.line - 1]
    return None


def render_text(diag: Diagnostic, sources: dict[str, str] | None = None) -> str:
    """``file:line:col: error[TS203]: message``, then the source line and a caret.

    A long line is cut around the column and control characters are escaped, in the
    line and the message alike, so that no input can flood or drive the terminal.

    >>> d = Diagnostic("TS203", "unknown key 'colour'", Span("r.yaml", 2, 3))
    >>> print(render_text(d, {"r.yaml": "a: 1\\n  colour: red\\n"}))
    r.yaml:2:3: error[TS203]: unknown key 'colour'
      colour: red
      ^
    """
    head = f"{diag.span}: {diag.severity.value}[{diag.code}]: {diag.message}"
    out = [escape(head, keep_tabs=True)]
    line = _source_line(diag.span, sources)
    if line is not None:
        shown, caret = cut_line(line, diag.span.col)
        out.append(shown)
        out.append(" " * (caret - 1) + "^")
    if diag.hint:
        out.append(escape(f"  hint: {diag.hint}"))
    for text, span in diag.notes:
        out.append(escape(f"  note: {span}: {text}"))
    return "\n".join(out)


def to_json(diag: Diagnostic) -> dict[str, object]:
    return {
        "code": diag.code,
        "severity": diag.severity.value,
        "message": diag.message,
        "file": diag.span.file,
        "line": diag.span.line,
        "col": diag.span.col,
        "path": list(diag.path),
        "hint": diag.hint,
        "notes": [
            {"message": m, "file": s.file, "line": s.line, "col": s.col} for m, s in diag.notes
        ],
    }


def render_json(diags: Sequence[Diagnostic]) -> str:
    return json.dumps([to_json(d) for d in diags], ensure_ascii=False, indent=2)


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """A ``did you mean 'x'?`` hint when one choice is close to ``word``.

    >>> did_you_mean("pionts", ["points", "pattern"])
    "did you mean 'points'?"
    """
    import difflib  # noqa: PLC0415 - only needed when there is a problem to explain

    close = difflib.get_close_matches(word, sorted(set(choices)), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None
