"""Game logs as JSON Lines: one header, one line per action, one closing line.

A log is written while the game is played (each line flushed), so that an interrupted game
keeps everything up to the interruption. Its shape, one JSON object per line::

    {"type": "header", "format": "tressette-log/1", "ruleset": "tressette",
     "ruleset_path": null, "ruleset_hash": "sha256:...", "seed": 1, "dealer": 3,
     "seats": ["South", ...], "players": ["heuristic", ...], "setup": {},
     "events": [{"type": "Dealt", ...}], ...}
    {"type": "action", "n": 1, "seat": 0, "action": "play 3D", "events": [{...}, ...]}
    ...
    {"type": "result", "result": {...}}                  # a finished game
    {"type": "end", "complete": false, "reason": "..."}  # or: stopped before the end

The header's optional ``events`` are those of ``engine.start`` (the first deal and any
automatic step before the first decision), so that a log tells the whole game; logs
written before it was added have none.

`read_log` validates every line and raises `LogError` (``file:line: message``) at the first
malformed one: bad JSON, a missing or mistyped field, a gap in the action numbers, a
truncated file, a binary or empty file. Whether the actions are *legal* and the events
*true* is checked by replaying them through the engine (`tressette replay`).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, cast, get_args

from tressette_dsl.engine.codec import decode
from tressette_dsl.engine.events import Event
from tressette_dsl.engine.match import MatchResult
from tressette_dsl.loader import load_document
from tressette_dsl.rules.build import document_hash
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.source.files import FileProblem, open_regular
from tressette_dsl.text import quote_input

FORMAT = "tressette-log/1"


class LogError(Exception):
    """A malformed log line; ``str()`` is ``file:line: message``."""

    def __init__(self, path: str, line: int, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        super().__init__(f"{path}:{line}: {message}")


@dataclass(frozen=True, slots=True)
class LogAction:
    line: int
    n: int
    seat: int
    action: str
    events: tuple[dict[str, Any], ...]  # as written (the JSON objects of the line)
    records: tuple[Event, ...] = ()  # the same events decoded into the engine's records


@dataclass(frozen=True, slots=True)
class LogEnd:
    line: int
    complete: bool
    result: dict[str, Any] | None
    reason: str | None


@dataclass(frozen=True, slots=True)
class GameLog:
    path: str
    header: dict[str, Any]
    actions: tuple[LogAction, ...]
    end: LogEnd
    line_count: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


# --- values as JSON -------------------------------------------------------------------


def to_jsonable(value: Any) -> Any:
    """Plain JSON data for an engine record (event, result) or anything already plain.

    Records offer ``to_dict()``; the result is then passed through a JSON round trip so
    that what is written and what a replay recomputes compare equal (tuples become lists,
    keys become strings).
    """
    if hasattr(value, "to_dict"):
        value = value.to_dict()
    return json.loads(json.dumps(value, ensure_ascii=False, default=_fallback))


def _fallback(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return str(value)


_EVENT_TYPES: dict[str, type] = {cls.__name__: cls for cls in get_args(Event)}


def event_record(data: Mapping[str, Any]) -> Event:
    """The engine's event record for its plain form (``event.to_dict()``, a log's line).

    Raises ValueError when `data` is not one: an unknown ``type`` or fields that do not
    match the record's. A per-seat view (``views.event_for``) decodes too: its hidden
    cards stay None.
    """
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _EVENT_TYPES:
        raise ValueError(f"not an event type: {kind!r}")
    try:
        record = decode(dict(data))
    except (TypeError, KeyError, ValueError) as exc:
        raise ValueError(f"{kind}: {exc}") from None
    if not isinstance(record, _EVENT_TYPES[kind]):  # pragma: no cover - the codec's registry
        raise ValueError(f"{kind}: decoded as {type(record).__name__}")
    return cast(Event, record)


# --- the ruleset fingerprint ------------------------------------------------------------


def ruleset_hash(source: Ruleset | str | Path) -> str:
    """``sha256:<hex>`` of the ruleset as played: a loaded `Ruleset` (its
    ``document_hash``), or a bundled id or file path (the document is loaded, not built).

    The hash covers the resolved document (after ``extends``, as the loader returns it),
    serialised as canonical JSON: a change to the ruleset or to any base it extends changes
    it, while comments and formatting do not. Raises `DiagnosticError` if the ruleset does
    not load.
    """
    if isinstance(source, Ruleset):
        if source.document_hash:
            return source.document_hash
        source = source.file
    doc, _smap = load_document(source)
    return document_hash(doc)


# --- writing ------------------------------------------------------------------------------


class LogWriter:
    """Appends one JSON line per call and flushes, so an interrupted game keeps its log."""

    def __init__(self, path: str | os.PathLike[str], header: dict[str, Any]) -> None:
        self.path = str(path)
        self._file: IO[str] | None = open(self.path, "w", encoding="utf-8")  # noqa: SIM115
        self._n = 0
        self.closed_with: str | None = None
        self._write({"type": "header", "format": FORMAT, **header})

    def _write(self, obj: dict[str, Any]) -> None:
        if self._file is None:
            raise ValueError(f"{self.path}: log already closed")
        self._file.write(json.dumps(obj, ensure_ascii=False, default=_fallback) + "\n")
        self._file.flush()

    def action(self, seat: int, text: str, events: Iterable[Event]) -> None:
        self._n += 1
        self._write(
            {
                "type": "action",
                "n": self._n,
                "seat": seat,
                "action": text,
                "events": [to_jsonable(e) for e in events],
            }
        )

    def finish(self, result: MatchResult) -> None:
        self._write({"type": "result", "result": to_jsonable(result)})
        self.closed_with = "result"
        self.close()

    def abort(self, reason: str) -> None:
        """Marks the log incomplete (interrupted, stopped, crashed) and closes it."""
        if self._file is None:
            return
        self._write({"type": "end", "complete": False, "reason": reason})
        self.closed_with = "end"
        self.close()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._file is not None:
            self.abort("the program stopped before the end of the game")


# --- reading ---------------------------------------------------------------------------------

_HEADER_FIELDS: dict[str, type | tuple[type, ...]] = {
    "format": str,
    "ruleset": str,
    "ruleset_hash": str,
    "seed": int,
    "seats": list,
    "players": list,
}


MAX_LINE_BYTES = 1_000_000  # one line: a header with its first deal is a few KB
MAX_LOG_LINES = 200_000  # a match stopped by --max-deals 500 has ~20,000 actions
MAX_JSON_DEPTH = 64  # as deep as a ruleset may nest; a log line nests 4 or 5 levels


def read_log(path: str | os.PathLike[str]) -> GameLog:
    """Parses and validates a log; raises `LogError` at the first bad line.

    Only a regular file is opened (never a FIFO or a device); it is read line by line,
    each line at most `MAX_LINE_BYTES` and nested at most `MAX_JSON_DEPTH` deep, so that a
    hostile log costs little memory and never exhausts the stack. A UTF-8 BOM is skipped.
    """
    name = str(path)
    try:
        fd = open_regular(path)
    except FileProblem as exc:
        raise LogError(quote_input(name), 0, f"cannot read: {exc.reason}") from None
    with os.fdopen(fd, "rb") as handle:
        lines, truncated = _read_lines(name, handle)
    return _parse_lines(name, lines, truncated)


def _read_lines(name: str, handle: IO[bytes]) -> tuple[list[str], bool]:
    lines: list[str] = []
    raw = b""
    while True:
        raw = handle.readline(MAX_LINE_BYTES + 1)
        if not raw:
            break
        number = len(lines) + 1
        if len(raw) > MAX_LINE_BYTES:
            message = f"the line is longer than {MAX_LINE_BYTES:,} bytes: not a log line"
            raise LogError(name, number, message)
        if number == 1:
            wide = _wide_encoding(raw)
            if wide:
                raise LogError(name, 1, f"the log is {wide} text, not UTF-8: save it as UTF-8")
            raw = raw.removeprefix(b"\xef\xbb\xbf")
        if b"\0" in raw:
            raise LogError(name, number, "not a text file (binary data)")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LogError(name, number, f"not UTF-8 text (column {exc.start + 1})") from None
        if number > MAX_LOG_LINES:
            raise LogError(name, number, f"more than {MAX_LOG_LINES:,} lines: not a game log")
        lines.append(text.removesuffix("\n").removesuffix("\r"))
        last = text
    if not lines or not any(line.strip() for line in lines):
        raise LogError(name, 1, "empty log: expected a header line")
    truncated = not last.endswith("\n")
    return lines, truncated


def _wide_encoding(raw: bytes) -> str | None:
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "UTF-16"
    if len(raw) >= 4 and raw[:8].count(0) >= 3:
        return "UTF-16"
    return None


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def _too_deep(line: str) -> int | None:
    """The 1-based column where `line` nests deeper than `MAX_JSON_DEPTH`, or None.

    Checked before ``json.loads``, whose recursion a line of 100,000 ``[`` would exhaust."""
    if line.count("[") + line.count("{") <= MAX_JSON_DEPTH:
        return None
    depth = 0
    blanked = _STRINGS.sub(lambda m: " " * len(m.group()), line)
    for match in _BRACKETS.finditer(blanked):
        depth += 1 if match.group() in "[{" else -1
        if depth > MAX_JSON_DEPTH:
            return match.start() + 1
    return None


def _parse_lines(name: str, lines: list[str], truncated: bool) -> GameLog:
    header: dict[str, Any] | None = None
    actions: list[LogAction] = []
    end: LogEnd | None = None
    for number, line in enumerate(lines, start=1):
        is_last = number == len(lines)
        if not line.strip():
            raise LogError(name, number, "blank line")
        obj = _json_object(name, number, line, truncated and is_last)
        kind = obj.get("type")
        if header is None:
            if kind != "header":
                raise LogError(name, number, f"expected the header line, got type {kind!r}")
            header = _check_header(name, number, obj)
            continue
        if end is not None:
            raise LogError(name, number, f"unexpected line after the {end_kind(end)} line")
        if kind == "action":
            actions.append(_check_action(name, number, obj, len(actions) + 1))
        elif kind == "result":
            result = obj.get("result")
            if not isinstance(result, dict):
                raise LogError(name, number, "result line: 'result' must be an object")
            end = LogEnd(number, True, result, None)
        elif kind == "end":
            reason = obj.get("reason")
            if not isinstance(reason, str):
                raise LogError(name, number, "end line: 'reason' must be a string")
            end = LogEnd(number, False, None, reason)
        elif kind == "header":
            raise LogError(name, number, "a second header line")
        else:
            raise LogError(name, number, f"unknown line type {kind!r}")
    if header is None:  # pragma: no cover - empty files are caught before
        raise LogError(name, 1, "empty log: expected a header line")
    if end is None:
        raise LogError(
            name,
            len(lines) + 1,
            "truncated: the log ends without a result or end line",
        )
    return GameLog(name, header, tuple(actions), end, len(lines))


def end_kind(end: LogEnd) -> str:
    return "result" if end.complete else "end"


def _json_object(name: str, number: int, line: str, maybe_cut: bool) -> dict[str, Any]:
    deep = _too_deep(line)
    if deep is not None:
        message = f"JSON nested more than {MAX_JSON_DEPTH} levels deep at column {deep}"
        raise LogError(name, number, message)
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        what = "truncated line" if maybe_cut else "invalid JSON"
        raise LogError(name, number, f"{what}: {exc.msg} at column {exc.colno}") from None
    if not isinstance(obj, dict):
        raise LogError(name, number, f"expected a JSON object, got {type(obj).__name__}")
    return obj


def _check_header(name: str, number: int, obj: dict[str, Any]) -> dict[str, Any]:
    for key, typ in _HEADER_FIELDS.items():
        if key not in obj:
            raise LogError(name, number, f"header: missing field {key!r}")
        if not isinstance(obj[key], typ) or isinstance(obj[key], bool):
            raise LogError(name, number, f"header: field {key!r} has the wrong type")
    if obj["format"] != FORMAT:
        raise LogError(name, number, f"header: unknown format {obj['format']!r} (want {FORMAT!r})")
    if len(obj["players"]) != len(obj["seats"]):
        raise LogError(name, number, "header: 'players' and 'seats' differ in length")
    events = obj.get("events", [])
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        raise LogError(name, number, "header: 'events' must be a list of objects")
    return obj


def _check_action(name: str, number: int, obj: dict[str, Any], expected_n: int) -> LogAction:
    n = obj.get("n")
    if not isinstance(n, int) or isinstance(n, bool):
        raise LogError(name, number, "action line: missing or non-integer 'n'")
    if n != expected_n:
        raise LogError(
            name, number, f"expected action #{expected_n}, got #{n} (a line is missing or moved)"
        )
    seat = obj.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise LogError(name, number, "action line: missing or non-integer 'seat'")
    text = obj.get("action")
    if not isinstance(text, str) or not text:
        raise LogError(name, number, "action line: missing 'action' text")
    events = obj.get("events")
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        raise LogError(name, number, "action line: 'events' must be a list of objects")
    records = []
    for i, data in enumerate(events, start=1):
        try:
            records.append(event_record(data))
        except ValueError as exc:
            message = f"action line: event {i} is not an engine event: {exc}"
            raise LogError(name, number, message) from None
    return LogAction(number, n, seat, text, tuple(events), tuple(records))
