"""The one iterative pass over PyYAML's event stream that builds plain data and the source map.

It never composes a node graph (PyYAML's composer recurses per nesting level and expands
aliases), and it enforces the language's YAML subset as it goes: see the package docstring.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, Span
from tressette_dsl.source.decode import too_large
from tressette_dsl.source.limits import MAX_BYTES, MAX_DEPTH, MAX_PROBLEMS, MAX_VALUES, Path
from tressette_dsl.source.scalars import resolve_plain
from tressette_dsl.source.sourcemap import Scalar, SourceMap

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_STD = "tag:yaml.org,2002:"
_ALLOWED_TAGS = {_STD + "str", _STD + "map", _STD + "seq"}


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
        raise DiagnosticError([too_large(file, len(text.encode("utf-8", "replace")))])
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
