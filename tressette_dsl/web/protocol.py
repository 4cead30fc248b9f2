"""The messages a client may send, validated before a table sees them (docs/web.md).

Every frame is JSON text holding one object with a ``type``. `parse` turns a frame into one
of the records below or raises `ProtocolError` with a code and a message for the error
reply; nothing else in the server ever looks at raw client input. Limits are enforced here
too (frame size, string lengths, batch length), so a hostile client costs a few checks.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

MAX_FRAME = 16 * 1024  # characters in one text frame from a client
MAX_TEXT = 200  # characters in a token or an action text
MAX_BATCH = 16  # actions in one `act` (a whole discard is at most a hand)


class ProtocolError(ValueError):
    """A frame that is not a valid message; `code` names the problem for clients."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Join:
    """Take (or retake, after a reload) the seat this secret token belongs to."""

    token: str


@dataclass(frozen=True, slots=True)
class Claim:
    """Take a free human seat; the reply carries its token."""

    seat: int


@dataclass(frozen=True, slots=True)
class Watch:
    """Watch as a spectator: public information only."""


@dataclass(frozen=True, slots=True)
class Act:
    """One action, or several applied together (all or none), e.g. a whole discard."""

    actions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NextMatch:
    """Deal a new match at the same table, once the current one is over."""


@dataclass(frozen=True, slots=True)
class Ping:
    pass


Message = Join | Claim | Watch | Act | NextMatch | Ping


def parse(frame: str | bytes) -> Message:
    """One client frame to a message record; `ProtocolError` for anything else."""
    if isinstance(frame, bytes):
        raise ProtocolError("binary", "send JSON text frames, not binary ones")
    if len(frame) > MAX_FRAME:
        raise ProtocolError("too_large", f"a message may have at most {MAX_FRAME} characters")
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "a message must be one JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "a message must be one JSON object")
    kind = data.get("type")
    if kind == "join":
        return Join(_text(data, "token"))
    if kind == "claim":
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 64:
            raise ProtocolError("bad_field", "'seat' must be a seat number")
        return Claim(seat)
    if kind == "watch":
        return Watch()
    if kind == "act":
        return Act(_actions(data))
    if kind == "next":
        return NextMatch()
    if kind == "ping":
        return Ping()
    raise ProtocolError(
        "unknown_type", "'type' must be one of: join, claim, watch, act, next, ping"
    )


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
        raise ProtocolError("bad_field", f"{key!r} must be a non-empty string (at most {MAX_TEXT})")
    return value


def _actions(data: dict[str, Any]) -> tuple[str, ...]:
    if "actions" in data:
        items = data["actions"]
        if not isinstance(items, list) or not 1 <= len(items) <= MAX_BATCH:
            raise ProtocolError("bad_field", f"'actions' must be a list of 1 to {MAX_BATCH} texts")
        if not all(isinstance(i, str) and i.strip() and len(i) <= MAX_TEXT for i in items):
            raise ProtocolError("bad_field", "each action must be a non-empty string")
        return tuple(items)
    return (_text(data, "action"),)


def error(code: str, message: str) -> dict[str, Any]:
    """The reply to a refused message."""
    return {"type": "error", "code": code, "message": message}
