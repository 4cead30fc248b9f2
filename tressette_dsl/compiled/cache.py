"""Compiled kernels, built once per ruleset document and kept for the process.

The key is the ruleset's `document_hash` (the sha256 of its resolved document), so two
loads of the same file, or a house rule and a copy of it, share one kernel, and any change
to the rules or to a base they extend compiles afresh. The counts of a seat table share
the hash: each count has its own kernel (`seats`). The generated source is executed
from a string this module built (never from ruleset text) in a fresh namespace that holds
only the deck's tables and the expression helpers it names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tressette_dsl.compiled.codegen import Generated, generate
from tressette_dsl.compiled.contractend import ContractEnd
from tressette_dsl.compiled.coverage import Coverage
from tressette_dsl.compiled.dealend import FastEnd
from tressette_dsl.compiled.seats import cache_key, other_counts
from tressette_dsl.rules.model import Ruleset

RunFn = Callable[[Any, Any], None]


@dataclass(frozen=True, slots=True)
class CompiledRuleset:
    generated: Generated
    coverage: Coverage
    run: RunFn | None  # None when the ruleset is not covered
    fast_end: FastEnd | None = None  # the end of a deal without the interpreter, if it fits
    # a contract game's end of a deal: its scoring and next deal on the kernel's side
    contract_end: ContractEnd | None = None

    @property
    def source(self) -> str:
        return self.generated.source

    def listing(self) -> str:
        """The source with the namespace it runs in: the tables as literals, the helper
        functions by their qualified names (what `tressette compile --show` prints)."""
        lines = ["# --- the namespace the kernel runs in ---"]
        for name, value in sorted(self.generated.namespace.items()):
            if callable(value):
                where = f"{value.__module__}.{getattr(value, '__qualname__', name)}"
                lines.append(f"# {name}: {where}")
            elif name in self.generated.recipes:  # a long table: how it is built
                lines.append(f"{name} = {self.generated.recipes[name]}")
            else:
                lines.append(f"{name} = {value!r}")
        tail = []
        made = self.fast_end.close_made if self.fast_end is not None else None
        if made is not None:  # the deal's close, one generated function (`closing`)
            tail = ["", "# --- the deal's last card: close(k, card), `compiled.closing` ---"]
            tail.append(made[0])
        return "\n".join([*lines, "", self.generated.source, *tail])


_CACHE: dict[str, CompiledRuleset] = {}


def compile_ruleset(rules: Ruleset) -> CompiledRuleset:
    """The kernel of `rules`, from the cache when this document was compiled before."""
    key = cache_key(rules)  # the hash, and the count of a seat table (`seats`)
    found = _CACHE.get(key)
    if found is not None:
        return found
    gen = generate(rules)
    coverage = Coverage(rules.id, (*gen.uncovered, *other_counts(rules)), gen.delegated)
    run: RunFn | None = None
    if not gen.uncovered:
        namespace: dict[str, Any] = dict(gen.namespace)
        code = compile(gen.source, f"<kernel {rules.id}>", "exec")
        exec(code, namespace)  # our own generated source, see the module doc
        run = namespace["run"]
    fast = FastEnd.build(rules) if run else None
    ends = ContractEnd.build(rules) if run and fast is None else None
    compiled = CompiledRuleset(gen, coverage, run, fast, ends)
    _CACHE[key] = compiled
    return compiled


def clear() -> None:
    """Forget every compiled kernel (tests that compare fresh compilations use it)."""
    _CACHE.clear()
