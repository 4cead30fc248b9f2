"""Compiled rulesets: a specialised trick loop generated from the ruleset model.

`compile_ruleset(rules)` generates (and caches by document hash) the Python source of the
kernel; `playout(rules, state, rng)` plays to the end of the deal or match on it, with the
interpreter as the reference semantics for every moment the kernel does not cover. See
docs/compiled.md.
"""

from __future__ import annotations

from tressette_dsl.compiled.cache import CompiledRuleset, compile_ruleset
from tressette_dsl.compiled.coverage import Coverage
from tressette_dsl.compiled.kernel import (
    Finished,
    PlayoutStats,
    Policy,
    playout,
    playout_match,
    playout_new_match,
    playout_result,
)

__all__ = [
    "CompiledRuleset",
    "Coverage",
    "Finished",
    "PlayoutStats",
    "Policy",
    "compile_ruleset",
    "playout",
    "playout_match",
    "playout_new_match",
    "playout_result",
]
