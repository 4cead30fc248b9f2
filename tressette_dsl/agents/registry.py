"""Bot specifications: the words `--players`, `--agents` and the browser table accept.

A specification is ``KIND[:key=value...]``, where KIND is

* a built-in kind: ``random``, ``heuristic`` (``bot``), ``heuristic-v1`` (the heuristic
  as it was before it signalled and read signals), ``search``, ``sampling``;
* the name of an entry point in the group ``tressette_dsl.agents`` (a package installed
  alongside declares ``[project.entry-points."tressette_dsl.agents"] mybot =
  "mypkg.bots:MyBot"``);
* or ``module:Class`` (``module.sub:Class``), imported from the Python path.

The options after it, ``:key=value`` each, are given to the class as keyword arguments,
with ints and decimals converted (``search:iters=200``, ``search:time=0.5``,
``mypkg.bots:MyBot:depth=3``). The class is called with them and must give an object that
follows `base.Agent`. A bad specification raises `ValueError` with a sentence that says
what is wrong and which words are known.
"""

from __future__ import annotations

import importlib
import importlib.metadata
from collections.abc import Callable
from typing import Any

from tressette_dsl.agents.base import Agent

ENTRY_POINT_GROUP = "tressette_dsl.agents"
ALIASES = {"bot": "heuristic"}


def _builtins() -> dict[str, Callable[..., Agent]]:
    from tressette_dsl.agents.heuristic import HeuristicAgent  # noqa: PLC0415 - cycle
    from tressette_dsl.agents.heuristic_v1 import HeuristicV1Agent  # noqa: PLC0415
    from tressette_dsl.agents.random_agent import RandomAgent  # noqa: PLC0415
    from tressette_dsl.agents.sampling import SamplingAgent  # noqa: PLC0415
    from tressette_dsl.agents.search import SearchAgent  # noqa: PLC0415

    return {
        "random": RandomAgent,
        "heuristic": HeuristicAgent,
        "heuristic-v1": HeuristicV1Agent,
        "search": SearchAgent,
        "sampling": SamplingAgent,
    }


def builtin_kinds() -> list[str]:
    """The built-in kinds, sorted."""
    return sorted(_builtins())


def entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    """Installed bots: the entry points of the group `ENTRY_POINT_GROUP`, by name."""
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}


def split_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``'search:iters=200'`` -> ``('search', {'iters': 200})``; ``'m.x:Cls:k=v'`` ->
    ``('m.x:Cls', {'k': 'v'})``."""
    parts = [p.strip() for p in spec.strip().split(":")]
    if not parts[0]:
        raise ValueError(f"empty bot kind in {spec!r}")
    head = [parts[0]]
    rest = parts[1:]
    if rest and "=" not in rest[0]:  # module:Class
        head.append(rest.pop(0))
    options: dict[str, Any] = {}
    for item in rest:
        key, eq, value = item.partition("=")
        if not eq or not key.strip().isidentifier():
            raise ValueError(f"bad option {item!r} in {spec!r}: options are key=value")
        options[key.strip()] = _value(value.strip())
    kind = ":".join(head)
    if len(head) == 1:
        kind = ALIASES.get(kind.lower(), kind.lower())
    return kind, options


def _value(text: str) -> Any:
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    return text


def factory(spec: str) -> Callable[..., Any]:
    """The class (or factory) a specification names, without its options."""
    kind, _options = split_spec(spec)
    builtins = _builtins()
    if kind in builtins:
        return builtins[kind]
    found = entry_points()
    if kind in found:
        try:
            return found[kind].load()  # type: ignore[no-any-return]
        except Exception as exc:
            raise ValueError(f"the installed bot {kind!r} does not load: {exc}") from None
    if ":" in kind:
        module_name, _colon, attr = kind.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise ValueError(f"cannot import {module_name!r} for bot {kind!r}: {exc}") from None
        target = getattr(module, attr, None)
        if target is None or not callable(target):
            raise ValueError(f"module {module_name!r} has no class {attr!r}")
        return target  # type: ignore[no-any-return]
    known = ", ".join([*sorted(builtins), *sorted(found)])
    raise ValueError(
        f"unknown agent kind {kind!r} (known: {known}; or module:Class, or an entry point "
        f"of the group {ENTRY_POINT_GROUP})"
    )


def build(spec: str) -> Agent:
    """A fresh agent from a specification (see the module's docstring)."""
    kind, options = split_spec(spec)
    make = factory(spec)
    try:
        agent = make(**options)
    except TypeError as exc:
        raise ValueError(f"bot {kind!r} does not take these options: {exc}") from None
    if not isinstance(agent, Agent):
        raise ValueError(f"{kind!r} did not make an agent (it needs `name` and `act`)")
    return agent


def is_named(spec: str) -> bool:
    """Does `spec` name a built-in kind or an installed bot (with any options), importing
    no module a user typed? For specifications read from files or the network."""
    try:
        kind, _options = split_spec(spec)
    except ValueError:
        return False
    return ":" not in kind and (kind in _builtins() or kind in entry_points())


def check(spec: str) -> str:
    """`spec` if it names a bot that can be built (raises `ValueError` otherwise)."""
    build(spec)
    return spec


__all__ = [
    "ENTRY_POINT_GROUP",
    "build",
    "builtin_kinds",
    "check",
    "entry_points",
    "is_named",
    "split_spec",
]
