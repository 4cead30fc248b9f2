"""YAML text -> plain data plus a `SourceMap` (path -> `Span`), with strict scalars.

The ruleset reader never composes a YAML node graph: PyYAML's composer recurses once per
nesting level and expands aliases. Instead one iterative pass over the parser's event
stream builds the plain data (dicts, lists, str, int, bool, None) and, beside it, a table
from each path to where its key and value were written. The same pass enforces the
language's YAML subset:

* keys always stay strings; only ``true``/``false`` are booleans; integers are plain
  decimal; ``yes``/``on``/``012``/``0x1F``/``1:30``/``1.5`` are reported (TS103);
* duplicate keys are reported at the second key, pointing at the first (TS102);
* anchors, aliases and ``<<`` merge keys are rejected, so an alias bomb costs nothing (TS104);
* only the ``!!str``, ``!!map`` and ``!!seq`` tags are accepted, never ``!!python/...`` (TS106);
* nesting deeper than `MAX_DEPTH` stops the pass at once (TS107).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any

import yaml

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, Severity, Span

Path = tuple[str | int, ...]

MAX_BYTES = 1_000_000
MAX_DEPTH = 64
MAX_PROBLEMS = 100
MAX_VALUES = 20_000

CODES: dict[str, str] = {
    "TS100": "too many problems in one file: the first ones are shown",
    "TS101": "YAML syntax error",
    "TS102": "duplicate key",
    "TS103": "ambiguous scalar: a YAML 1.1 boolean or number form, or a float",
    "TS104": "anchors, aliases and merge keys are not used in rulesets",
    "TS105": "file too large",
    "TS106": "YAML tag not allowed",
    "TS107": "nesting too deep",
    "TS108": "empty file",
    "TS109": "not a UTF-8 text file",
    "TS112": "the top level is not a mapping",
    "TS113": "more than one YAML document",
    "TS114": "cannot read the file",
    "TS115": "a key that is not a plain name",
}

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_STD = "tag:yaml.org,2002:"
_ALLOWED_TAGS = {_STD + "str", _STD + "map", _STD + "seq"}


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


# ---------------------------------------------------------------------------------------
# Reading files.


def display_name(path: str | os.PathLike[str]) -> str:
    """The name a file is reported under: relative to the working folder when inside it."""
    text = os.fspath(path)
    try:
        rel = os.path.relpath(text)
    except ValueError:  # another drive on Windows
        return text
    return text if rel.startswith("..") else rel


def read_source(path: str | os.PathLike[str], name: str | None = None) -> str:
    """The text of a ruleset file, refusing large, binary and non-UTF-8 files.

    The size is checked before reading, so a 50 MB file costs one ``stat``.
    """
    name = name or display_name(path)
    where = Span(name, 1, 1)
    try:
        size = os.stat(path).st_size
        if FsPath(path).is_dir():
            raise DiagnosticError([Diagnostic("TS114", f"'{name}' is a folder, not a file", where)])
        if size > MAX_BYTES:
            raise DiagnosticError([_too_large(name, size)])
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise DiagnosticError(
            [Diagnostic("TS114", f"cannot read '{name}': {reason}", where)]
        ) from None
    if len(data) > MAX_BYTES:
        raise DiagnosticError([_too_large(name, len(data))])
    return decode_source(data, name)


def decode_source(data: bytes, name: str) -> str:
    """UTF-8 text (a BOM is allowed), or TS109 for binary and other encodings."""
    nul = data.find(b"\x00")
    if nul >= 0:
        line, col = _line_col_bytes(data, nul)
        raise DiagnosticError(
            [
                Diagnostic(
                    "TS109",
                    "this is a binary file (it contains NUL bytes), not a YAML ruleset",
                    Span(name, line, col),
                )
            ]
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line, col = _line_col_bytes(data, exc.start)
        raise DiagnosticError(
            [
                Diagnostic(
                    "TS109",
                    f"the file is not UTF-8 text (byte 0x{data[exc.start]:02x} cannot be decoded)",
                    Span(name, line, col),
                    hint="save the file as UTF-8",
                )
            ]
        ) from None


def _line_col_bytes(data: bytes, index: int) -> tuple[int, int]:
    before = data[:index]
    return before.count(b"\n") + 1, index - (before.rfind(b"\n") + 1) + 1


def _too_large(name: str, size: int) -> Diagnostic:
    return Diagnostic(
        "TS105",
        f"the file is too large ({size:,} bytes; a ruleset may have at most {MAX_BYTES:,})",
        Span(name, 1, 1),
    )


# ---------------------------------------------------------------------------------------
# Scalars: the strict resolver.

_NULLS = {"", "~", "null", "Null", "NULL"}
_TRUE_WORDS = {"y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "True", "TRUE"}
_FALSE_WORDS = {"n", "N", "no", "No", "NO", "off", "Off", "OFF", "False", "FALSE"}
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_FLOAT = re.compile(
    r"[-+]?(?:\.[0-9_]+|[0-9][0-9_]*\.[0-9_]*)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?[0-9][0-9_]*[eE][-+]?[0-9]+"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
)
_SEXAGESIMAL = re.compile(r"[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+")
_OTHER_INT = re.compile(
    r"[-+]?(?:0[0-9_]+|0[oO][0-7_]+|0[xX][0-9a-fA-F_]+|0[bB][01_]+|[0-9][0-9_]*)"
)


def resolve_plain(text: str) -> tuple[Any, tuple[str, str] | None]:
    """The value of a plain (unquoted) scalar, and a (message, hint) when it is ambiguous.

    >>> resolve_plain("12"), resolve_plain("true"), resolve_plain("on")[0], resolve_plain("x")
    ((12, None), (True, None), True, ('x', None))
    >>> resolve_plain("012")[1][1]
    "write 12, or quote it ('012') if you mean text"
    """
    if text in _NULLS:
        return None, None
    if text == "true":
        return True, None
    if text == "false":
        return False, None
    if _INT.fullmatch(text):
        return int(text), None
    problem = _ambiguity(text)
    return (_yaml11_value(text) if problem else text), problem


def _yaml11_value(text: str) -> Any:
    """What YAML 1.1 reads: later stages see the value the author probably meant, so that
    one reported surprise does not cascade (``abstract: yes`` stays abstract)."""
    if text in _TRUE_WORDS or text in _FALSE_WORDS:
        return text in _TRUE_WORDS
    value = _yaml11_int(text) if _OTHER_INT.fullmatch(text) else text
    return value


def _ambiguity(text: str) -> tuple[str, str] | None:
    if text in _TRUE_WORDS or text in _FALSE_WORDS:
        word = "true" if text in _TRUE_WORDS else "false"
        return (
            f"'{text}' is the boolean {word} in YAML 1.1 but plain text in YAML 1.2",
            f"write {word} or quote it ('{text}')",
        )
    if _FLOAT.fullmatch(text):
        return (
            f"'{text}' is a decimal fraction: rulesets count exactly, with integers and fractions",
            'write an integer number of units, or a fraction as a string such as "3/2"',
        )
    if _SEXAGESIMAL.fullmatch(text):
        return (
            f"'{text}' is a base-60 number in YAML 1.1",
            f"quote it ('{text}') if you mean text; integers are plain decimal",
        )
    if _OTHER_INT.fullmatch(text):
        return (
            f"'{text}' is not a plain decimal integer (YAML 1.1 reads it as {_yaml11_int(text)})",
            f"write {_decimal_guess(text)}, or quote it ('{text}') if you mean text",
        )
    return None


def _yaml11_int(text: str) -> int | str:
    digits = text.replace("_", "")
    sign = -1 if digits.startswith("-") else 1
    body = digits.lstrip("+-")
    try:
        if body[:2].lower() in ("0x", "0o", "0b"):
            return sign * int(body, 0)
        if body.startswith("0") and len(body) > 1:
            return sign * int(body, 8)
        return sign * int(body)
    except ValueError:
        return "a number"


def _decimal_guess(text: str) -> str:
    digits = text.replace("_", "")
    body = digits.lstrip("+-")
    if body[:2].lower() in ("0x", "0o", "0b"):
        return str(_yaml11_int(text))
    sign = "-" if digits.startswith("-") else ""
    return sign + (body.lstrip("0") or "0")


def _tag_name(tag: str) -> str:
    return "!!" + tag[len(_STD) :] if tag.startswith(_STD) else tag


# ---------------------------------------------------------------------------------------
# The event walk.


@dataclass
class _Frame:
    container: dict[str, Any] | list[Any]
    path: Path
    record: bool
    has_key: bool = False
    key: str = ""
    key_record: bool = True
    seen: dict[str, Span] = field(default_factory=dict)


class _Fatal(Exception):
    pass


class _Walker:
    """Builds data and the SourceMap from parser events, without recursion."""

    def __init__(self, text: str, file: str) -> None:
        self.text = text
        self.file = file
        self.smap = SourceMap(file, sources={file: text})
        self.problems: list[Diagnostic] = []
        self.stack: list[_Frame] = []
        self.root: Any = None
        self.documents = 0
        self.count = 0

    # -- reporting
    def span(self, mark: Any) -> Span:
        return Span(self.file, mark.line + 1, mark.column + 1)

    def report(self, code: str, message: str, mark: Any, path: Path = (), **kw: Any) -> None:
        self.problems.append(Diagnostic(code, message, self.span(mark), path=path, **kw))
        if len(self.problems) >= MAX_PROBLEMS:
            self.problems.append(
                Diagnostic(
                    "TS100",
                    f"too many problems: stopped after the first {MAX_PROBLEMS}",
                    self.span(mark),
                )
            )
            raise _Fatal

    # -- the pass
    def run(self) -> Any:
        try:
            for event in yaml.parse(self.text, Loader=_Loader):
                self.event(event)
        except yaml.MarkedYAMLError as exc:
            self.syntax_error(exc)
        except yaml.YAMLError as exc:  # ReaderError: a character YAML does not accept
            self.reader_error(exc)
        return self.root

    def event(self, ev: Any) -> None:
        if isinstance(ev, yaml.DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                self.report(
                    "TS113",
                    "a ruleset file holds one YAML document; this is a second one",
                    ev.start_mark,
                    hint="remove the '---' line and what follows, or split the file",
                )
                raise _Fatal
        elif isinstance(ev, yaml.ScalarEvent):
            self.scalar(ev)
        elif isinstance(ev, yaml.AliasEvent):
            self.alias(ev)
        elif isinstance(ev, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            self.start(ev)
        elif isinstance(ev, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            self.stack.pop()

    def scalar(self, ev: Any) -> None:
        self.check_node(ev)
        frame = self.stack[-1] if self.stack else None
        if frame is not None and isinstance(frame.container, dict) and not frame.has_key:
            self.key(frame, ev)
            return
        value: Any = ev.value
        path = self.next_path()
        plain = ev.style in (None, "") and ev.tag is None
        if plain:
            value, problem = resolve_plain(ev.value)
            if problem and self.recording():
                self.report("TS103", problem[0], ev.start_mark, path, hint=problem[1])
        style = None if ev.style in (None, "") else ev.style
        raw = self.text[ev.start_mark.index : ev.end_mark.index]
        scalar = Scalar(self.file, style, ev.value, raw, ev.start_mark.line, ev.start_mark.column)
        self.place(value, ev, scalar)

    def key(self, frame: _Frame, ev: Any) -> None:
        key = ev.value
        span = self.span(ev.start_mark)
        frame.has_key, frame.key, frame.key_record = True, key, frame.record
        path = (*frame.path, key)
        if key == "<<" and ev.style in (None, ""):
            self.report(
                "TS104",
                "merge keys ('<<') are not used in rulesets",
                ev.start_mark,
                path,
                hint="share rules between files with 'extends'",
            )
            frame.key_record = False
        elif key in frame.seen:
            self.report(
                "TS102",
                f"duplicate key '{key}'",
                ev.start_mark,
                path,
                hint="YAML keeps only one of them; remove or rename one",
                notes=(("first defined here", frame.seen[key]),),
            )
            frame.key_record = False
        else:
            frame.seen[key] = span
            if frame.record:
                self.smap.keys[path] = span

    def alias(self, ev: Any) -> None:
        frame = self.stack[-1] if self.stack else None
        if frame is not None and isinstance(frame.container, dict) and not frame.has_key:
            frame.has_key, frame.key, frame.key_record = True, "", False
        else:
            self.place(None, ev, None, record=False)
        self.report(
            "TS104",
            f"alias '*{ev.anchor}': YAML anchors and aliases are not used in rulesets",
            ev.start_mark,
            hint="share rules between files with 'extends', or write the value out",
        )

    def start(self, ev: Any) -> None:
        self.check_node(ev)
        if len(self.stack) >= MAX_DEPTH:
            self.report(
                "TS107",
                f"the document nests deeper than {MAX_DEPTH} levels",
                ev.start_mark,
            )
            raise _Fatal
        container: dict[str, Any] | list[Any] = {} if isinstance(ev, yaml.MappingStartEvent) else []
        frame = self.stack[-1] if self.stack else None
        if frame is not None and isinstance(frame.container, dict) and not frame.has_key:
            self.report(
                "TS115",
                "a key must be a plain name, not a list or a mapping",
                ev.start_mark,
                frame.path,
            )
            frame.has_key, frame.key, frame.key_record = True, "", False
            self.stack.append(_Frame(container, frame.path, record=False))
            return
        path = self.next_path()
        record = self.place(container, ev, None)
        self.stack.append(_Frame(container, path, record))

    def check_node(self, ev: Any) -> None:
        if ev.anchor is not None:
            self.report(
                "TS104",
                f"anchor '&{ev.anchor}': YAML anchors and aliases are not used in rulesets",
                ev.start_mark,
                hint="share rules between files with 'extends', or write the value out",
            )
        if ev.tag is not None and ev.tag not in _ALLOWED_TAGS and ev.tag != "!":
            self.report(
                "TS106",
                f"the tag '{_tag_name(ev.tag)}' is not allowed in a ruleset",
                ev.start_mark,
                hint="rulesets are plain data: remove the tag (quote the value for text)",
            )

    # -- placing values
    def recording(self) -> bool:
        if not self.stack:
            return True
        frame = self.stack[-1]
        if isinstance(frame.container, dict):
            return frame.record and frame.key_record
        return frame.record

    def next_path(self) -> Path:
        if not self.stack:
            return ()
        frame = self.stack[-1]
        if isinstance(frame.container, dict):
            return (*frame.path, frame.key)
        return (*frame.path, len(frame.container))

    def place(self, value: Any, ev: Any, scalar: Scalar | None, record: bool = True) -> bool:
        self.count += 1
        if self.count > MAX_VALUES:
            self.report(
                "TS105",
                f"the file has more than {MAX_VALUES:,} values: too large for a ruleset",
                ev.start_mark,
            )
            raise _Fatal
        record = record and self.recording()
        path = self.next_path()
        if not self.stack:
            self.root = value
        else:
            frame = self.stack[-1]
            if isinstance(frame.container, dict):
                if record:
                    frame.container[frame.key] = value
                frame.has_key = False
            elif record:
                frame.container.append(value)
        if record:
            self.smap.values[path] = self.span(ev.start_mark)
            if scalar is not None:
                self.smap.scalars[path] = scalar
        return record

    # -- errors from the parser
    def syntax_error(self, exc: yaml.MarkedYAMLError) -> None:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "invalid YAML"
        notes: tuple[tuple[str, Span], ...] = ()
        if exc.context and exc.context_mark is not None and exc.problem:
            notes = ((exc.context, self.span(exc.context_mark)),)
        hint = None
        if mark is not None and self.text[mark.index : mark.index + 1] == "\t":
            hint = "YAML indents with spaces, never tabs"
        span = self.span(mark) if mark is not None else Span(self.file, 1, 1)
        if "nesting depth" in problem:
            # Newer libyaml builds stop deep nesting themselves while scanning ahead, before
            # our own depth check sees the events: report it as the same problem.
            self.problems.append(
                Diagnostic("TS107", f"the document nests deeper than {MAX_DEPTH} levels", span)
            )
            return
        self.problems.append(
            Diagnostic("TS101", f"invalid YAML: {problem}", span, hint=hint, notes=notes)
        )

    def reader_error(self, exc: yaml.YAMLError) -> None:
        position = getattr(exc, "position", 0) or 0
        before = self.text[:position]
        line, col = before.count("\n") + 1, position - (before.rfind("\n") + 1) + 1
        char = getattr(exc, "character", None)
        what = f"#x{char:04x}" if isinstance(char, int) else repr(char)
        self.problems.append(
            Diagnostic(
                "TS101",
                f"invalid YAML: the character {what} is not allowed",
                Span(self.file, line, col),
                hint="control characters cannot appear in YAML; remove it",
            )
        )


def parse_yaml(text: str, file: str) -> tuple[Any, SourceMap, list[Diagnostic]]:
    """Like `load_yaml`, but returns the problems that still leave usable data.

    Fatal problems (syntax, depth, size, an empty file, a root that is not a mapping)
    raise `DiagnosticError`; the others (TS102-TS104, TS106, TS115) are returned with the
    data, so that later stages can report their own problems in the same run.
    """
    if len(text) > MAX_BYTES:
        raise DiagnosticError([_too_large(file, len(text.encode("utf-8", "replace")))])
    text = text.removeprefix("\ufeff")
    walker = _Walker(text, file)
    try:
        root = walker.run()
    except _Fatal:
        raise DiagnosticError(walker.problems) from None
    if any(d.code == "TS101" for d in walker.problems):
        raise DiagnosticError(walker.problems)
    if walker.documents == 0 or root is None:
        what = "is empty" if not text.strip() else "holds no ruleset, only comments or null"
        raise DiagnosticError(
            [
                *walker.problems,
                Diagnostic(
                    "TS108",
                    f"the file {what}: a ruleset is a mapping that starts with 'id:'",
                    Span(file, 1, 1),
                ),
            ]
        )
    if not isinstance(root, dict):
        kind = "a list" if isinstance(root, list) else f"the value {root!r}"
        raise DiagnosticError(
            [
                *walker.problems,
                Diagnostic(
                    "TS112",
                    f"the top level of a ruleset must be a mapping of keys, not {kind}",
                    walker.smap.span(()),
                    hint="start the file with 'id: my-ruleset' and other 'key: value' lines",
                ),
            ]
        )
    return root, walker.smap, walker.problems


def load_yaml(text: str, file: str) -> tuple[Any, SourceMap]:
    """Plain data and its SourceMap; raises `DiagnosticError` with every problem found.

    >>> data, smap = load_yaml("id: x\\nplayers:\\n  count: 4\\n", "r.yaml")
    >>> data, str(smap.span(("players", "count"))), str(smap.key_span(("players",)))
    ({'id': 'x', 'players': {'count': 4}}, 'r.yaml:3:10', 'r.yaml:2:1')
    """
    data, smap, problems = parse_yaml(text, file)
    if problems:
        raise DiagnosticError(problems)
    return data, smap
