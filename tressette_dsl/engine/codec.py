"""Plain-data codec for engine records: frozen dataclasses <-> JSON-able dicts.

Records carry a `"type"` tag; tuples become lists and frozensets sorted lists tagged
`{"set": [...]}`, so that `decode(encode(x)) == x` for every state, action and event. A
record may give its own plain form (`to_plain()` -> fields, and a `from_plain(fields)`
class method): the Dealt event writes each zone under the zone's id.
"""

from __future__ import annotations

import dataclasses
from typing import Any

_REGISTRY: dict[str, type] = {}


def record(cls: type) -> type:
    """Class decorator: make a dataclass decodable by its name."""
    _REGISTRY[cls.__name__] = cls
    return cls


def records() -> tuple[type, ...]:
    """Every record class registered so far."""
    return tuple(_REGISTRY.values())


class Plain:
    """Base of the action and event records: `to_dict` is the codec's plain-data form."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = encode(self)
        return out


def encode(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        plain = getattr(value, "to_plain", None)
        if plain is not None:  # a record with its own plain form (`Dealt`'s zones)
            return {"type": type(value).__name__, **encode_fields(plain())}
        out: dict[str, Any] = {"type": type(value).__name__}
        for f in dataclasses.fields(value):
            out[f.name] = encode(getattr(value, f.name))
        return out
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return {"set": sorted(encode(v) for v in value)}
    return value


def encode_fields(fields: dict[str, Any]) -> dict[str, Any]:
    return {k: encode(v) for k, v in fields.items()}


def decode(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(decode(v) for v in value)
    if isinstance(value, dict):
        if "set" in value and len(value) == 1:
            return frozenset(decode(v) for v in value["set"])
        cls = _REGISTRY[value["type"]]
        fields = {k: decode(v) for k, v in value.items() if k != "type"}
        from_plain = getattr(cls, "from_plain", None)
        return cls(**fields) if from_plain is None else from_plain(fields)
    return value
