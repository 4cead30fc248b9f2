"""Fast positional constructors for the engine's frozen slotted records.

A frozen dataclass's `__init__` sets each field through `object.__setattr__`, which is
about 0.2 us a field; the engine makes a `CardPlayed` on every card, a `TrickRecord` and a
`TrickWon` on every trick. `maker(cls)` returns a function of the fields, in order, that
fills a new instance through the slots' own descriptors: the very same object (equal,
same hash, same `repr`, pickles alike), at a third of the cost. Only for records without
`__post_init__` (whose `__init__` does nothing else); the source is written here from the
dataclass's own field names, never from ruleset text.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def maker(cls: type[T], *, keywords: bool = False) -> Callable[..., T]:
    """`cls(*fields)` for a frozen slotted dataclass, skipping the frozen `__init__`; with
    `keywords`, every field by its name (`make(hands=..., zones=...)`, all of them): for
    the records of many fields, where a position would be easy to get wrong."""
    if not dataclasses.is_dataclass(cls) or "__slots__" not in cls.__dict__:
        raise TypeError(f"maker: {cls.__name__} is not a slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"maker: {cls.__name__} has a __post_init__ (use its __init__)")
    names = [f.name for f in dataclasses.fields(cls)]
    if {"obj__", "NEW", "CLS"} & set(names) or any(n.startswith("SET") for n in names):
        raise TypeError(f"maker: a field of {cls.__name__} has a name the source uses")
    namespace: dict[str, Any] = {"NEW": object.__new__, "CLS": cls}
    body = ["    obj__ = NEW(CLS)"]
    for i, name in enumerate(names):
        namespace[f"SET{i}"] = cls.__dict__[name].__set__
        body.append(f"    SET{i}(obj__, {name})")
    body.append("    return obj__")
    source = f"def make({'*, ' if keywords else ''}{', '.join(names)}):\n" + "\n".join(body) + "\n"
    exec(compile(source, f"<maker {cls.__name__}>", "exec"), namespace)
    make: Callable[..., T] = namespace["make"]
    make.__doc__ = f"A new {cls.__name__} from its fields in order (all of them)."
    return make
