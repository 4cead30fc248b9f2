"""tressette-dsl: a declarative language for the rules of the Tressette family, and one
generic engine that plays any ruleset written in it.

    >>> import tressette_dsl as t
    >>> rules = t.load_ruleset("tressette")
    >>> state = t.new_game(rules, seed=1)
    >>> state, events = t.apply(rules, state, t.legal_actions(rules, state)[0])

The names below are imported on first use, so that ``import tressette_dsl`` stays cheap.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__version__ = "0.1.0"

_EXPORTS = {
    "load_ruleset": "tressette_dsl.loader",
    "Ruleset": "tressette_dsl.rules.model",
    "new_game": "tressette_dsl.engine",
    "start": "tressette_dsl.engine",
    "events_for": "tressette_dsl.engine",
    "determinize": "tressette_dsl.engine",
    "legal_actions": "tressette_dsl.engine",
    "apply": "tressette_dsl.engine",
    "observe": "tressette_dsl.engine",
    "to_act": "tressette_dsl.engine",
    "is_over": "tressette_dsl.engine",
    "deal_over": "tressette_dsl.engine",
    "result": "tressette_dsl.engine",
    "parse_action": "tressette_dsl.engine",
    "IllegalActionError": "tressette_dsl.engine",
    "InvalidActionError": "tressette_dsl.engine",
    "GameState": "tressette_dsl.engine",
    "Observation": "tressette_dsl.engine",
    "MatchResult": "tressette_dsl.engine",
    "Action": "tressette_dsl.engine",
    "Event": "tressette_dsl.engine",
    "Diagnostic": "tressette_dsl.diagnostics",
    "DiagnosticError": "tressette_dsl.diagnostics",
}

__all__ = [  # the names exist: `__getattr__` imports them on first use
    "Action",
    "Diagnostic",
    "DiagnosticError",
    "Event",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "MatchResult",
    "Observation",
    "Ruleset",
    "apply",
    "deal_over",
    "determinize",
    "events_for",
    "is_over",
    "legal_actions",
    "load_ruleset",
    "new_game",
    "observe",
    "parse_action",
    "result",
    "start",
    "to_act",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'tressette_dsl' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
