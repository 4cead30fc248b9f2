"""Plain-data codec for engine records: frozen dataclasses <-> JSON-able dicts.

Records carry a `"type"` tag; tuples become lists and frozensets sorted lists tagged
`{"set": [...]}`, so that `decode(encode(x)) == x` for every state, action and event.
"""

from __future__ import annotations

import dataclasses
from typing import Any

_REGISTRY: dict[str, type] = {}


def record(cls: type) -> type:
    """Class decorator: make a dataclass decodable by its name."""
    _REGISTRY[cls.__name__] = cls
    return cls


class Plain:
    """Base of the action and event records: `to_dict` is the codec's plain-data form."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = encode(self)
        return out


def encode(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"type": type(value).__name__}
        for f in dataclasses.fields(value):
            out[f.name] = encode(getattr(value, f.name))
        return out
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return {"set": sorted(encode(v) for v in value)}
    return value


class CodecError(ValueError):
    """Plain data that is not the encoding of an engine record: no or an unknown ``type``,
    fields that do not fit the record, or nesting deeper than any record has."""


MAX_DEPTH = 64  # a state nests 5 levels; the bound keeps hostile data off the stack


def decode(value: Any, _depth: int = 0) -> Any:
    """The record (or tuple, frozenset, plain value) that `encode` turned into `value`.

    Raises `CodecError` (a ValueError) naming what does not fit."""
    if _depth > MAX_DEPTH:
        raise CodecError(f"the data nests more than {MAX_DEPTH} levels deep")
    if isinstance(value, list):
        return tuple(decode(v, _depth + 1) for v in value)
    if isinstance(value, dict):
        if "set" in value and len(value) == 1:
            items = value["set"]
            if not isinstance(items, list):
                raise CodecError(f"a set must hold a list, not {type(items).__name__}")
            return frozenset(decode(v, _depth + 1) for v in items)
        if "type" not in value:
            keys = ", ".join(map(repr, list(value)[:5])) or "none"
            raise CodecError(f"a record needs a 'type' field (keys: {keys})")
        kind = value["type"]
        cls = _REGISTRY.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise CodecError(
                f"unknown record type {kind!r} (e.g. {', '.join(sorted(_REGISTRY)[:4])})"
            )
        fields = {k: decode(v, _depth + 1) for k, v in value.items() if k != "type"}
        try:
            return cls(**fields)
        except TypeError as exc:
            raise CodecError(f"{kind}: {_fields_problem(cls, fields) or exc}") from None
    return value


def _fields_problem(cls: type, fields: dict[str, Any]) -> str | None:
    known = {f.name for f in dataclasses.fields(cls)}
    required = {
        f.name
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    unknown = sorted(set(fields) - known)
    missing = sorted(required - set(fields))
    if unknown:
        return f"unknown field {unknown[0]!r}"
    if missing:
        return f"missing field {missing[0]!r}"
    return None
