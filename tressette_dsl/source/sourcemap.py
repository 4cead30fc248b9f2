"""Where each value of a document was written: the `SourceMap` side table and `Scalar` records.

The walker fills it in one pass; diagnostics read spans from it, and an offset inside an
expression string finds its line:col through the scalar's recorded text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tressette_dsl.diagnostics import Diagnostic, Severity, Span
from tressette_dsl.source.limits import Path

# ---------------------------------------------------------------------------------------
# Where scalars sit, so that an offset inside an expression string finds its line:col.


@dataclass(frozen=True, slots=True)
class Scalar:
    """A scalar's decoded value and its raw source text, to map offsets to positions."""

    file: str
    style: str | None  # None plain, "'" or '"' quoted, "|" literal, ">" folded
    value: str
    raw: str  # the source text from the scalar's first character (or tag) to its end
    line: int  # 0-based position of raw[0]
    col: int

    def position(self, offset: int) -> tuple[int, int] | None:
        """The 1-based (line, col) of ``value[offset]``, or None when it cannot be exact."""
        j = self._raw_index(offset)
        if j is None:
            return None
        newlines = self.raw.count("\n", 0, j)
        if newlines == 0:
            return self.line + 1, self.col + j + 1
        return self.line + newlines + 1, j - self.raw.rfind("\n", 0, j)

    def _raw_index(self, offset: int) -> int | None:
        raw, value = self.raw, self.value
        j = self._first_char()
        i = 0
        offset = max(0, min(offset, len(value)))
        while i < offset:
            if j >= len(raw):
                return None
            v, r = value[i], raw[j]
            if v in " \n" and r in " \t\r\n":  # a line break folded or kept, indentation
                while i < offset and value[i] in " \n":
                    i += 1
                while j < len(raw) and raw[j] in " \t\r\n":
                    j += 1
            elif self.style == "'" and v == "'" and raw.startswith("''", j):
                i, j = i + 1, j + 2
            elif v == r and not (self.style == '"' and r == "\\"):
                i, j = i + 1, j + 1
            else:
                return None  # an escape sequence: the caller falls back to the start
        return j

    def _first_char(self) -> int:
        raw, j = self.raw, 0
        if raw.startswith("!"):  # an explicit tag such as !!str precedes the text
            while j < len(raw) and raw[j] not in " \t\r\n":
                j += 1
            while j < len(raw) and raw[j] in " \t":
                j += 1
        if self.style in ("'", '"'):
            return j + 1
        if self.style in ("|", ">"):
            nl = raw.find("\n", j)
            if nl < 0:
                return len(raw)
            j = nl + 1
            while j < len(raw) and raw[j] == " ":
                j += 1
        return j


# ---------------------------------------------------------------------------------------
# The side table.


@dataclass
class SourceMap:
    """Where each path of a document was written: value spans, key spans, scalar text.

    After `extends`, spans point at the file that last set each path; `inherited` says
    which file pulled each base file in, and where its ``extends`` value sits.
    """

    file: str
    values: dict[Path, Span] = field(default_factory=dict)
    keys: dict[Path, Span] = field(default_factory=dict)
    scalars: dict[Path, Scalar] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    inherited: dict[str, tuple[Span, str]] = field(default_factory=dict)
    # keys written as ``key: null`` (or with nothing after the colon), which the merge drops:
    # where the key was written, and whether it removed an inherited value
    removed: dict[Path, tuple[Span, bool]] = field(default_factory=dict)

    def span(self, path: Path) -> Span:
        """The value's span; the nearest existing parent's when the path is absent."""
        path = tuple(path)
        while path not in self.values and path:
            path = path[:-1]
        return self.values.get(path, Span(self.file, 1, 1))

    def key_span(self, path: Path) -> Span:
        """The key's own span (falls back to the value's span)."""
        path = tuple(path)
        return self.keys.get(path) or self.span(path)

    def locate(self, path: Path, offset: int) -> Span:
        """The span of ``offset`` (0-based) inside the scalar string at ``path``."""
        path = tuple(path)
        scalar = self.scalars.get(path)
        if scalar is None:
            return self.span(path)
        where = scalar.position(offset)
        if where is None:
            return self.span(path)
        return Span(scalar.file, where[0], where[1])

    def diagnostic(
        self,
        code: str,
        message: str,
        path: Path,
        *,
        offset: int | None = None,
        hint: str | None = None,
        at_key: bool = False,
        severity: Severity = Severity.ERROR,
        notes: tuple[tuple[str, Span], ...] = (),
    ) -> Diagnostic:
        """A `Diagnostic` at the right place, naming the inheriting files if need be."""
        path = tuple(path)
        if offset is not None:
            span = self.locate(path, offset)
        elif at_key:
            span = self.key_span(path)
        else:
            span = self.span(path)
        notes = (*notes, *self.provenance(span.file))
        return Diagnostic(code, message, span, severity, path, hint, notes)

    def provenance(self, file: str) -> tuple[tuple[str, Span], ...]:
        """Notes ``inherited by ...`` from ``file`` up to the file being loaded."""
        out: list[tuple[str, Span]] = []
        seen = {file}
        while file != self.file and file in self.inherited:
            span, base = self.inherited[file]
            out.append((f"inherited by this file (extends: {base})", span))
            file = span.file
            if file in seen:
                break
            seen.add(file)
        return tuple(out)
