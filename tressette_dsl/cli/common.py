"""What several subcommands share: loading a ruleset, or saying why it cannot be loaded."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, render_text
from tressette_dsl.source import read_source

if TYPE_CHECKING:
    from tressette_dsl.rules.model import Ruleset


def sources_of(diagnostics: list[Diagnostic]) -> dict[str, str]:
    """The text of each file named, for the source lines (unreadable files are skipped)."""
    out: dict[str, str] = {}
    for name in dict.fromkeys(d.span.file for d in diagnostics):
        try:
            out[name] = read_source(name)
        except DiagnosticError:
            continue
    return out


def report(diagnostics: tuple[Diagnostic, ...] | list[Diagnostic]) -> None:
    """Every problem on stderr, with its source line and caret, as `validate` prints them."""
    sources = sources_of(list(diagnostics))
    for diag in diagnostics:
        print(render_text(diag, sources), file=sys.stderr)


def load_or_report(ref: str) -> Ruleset | None:
    """The compiled ruleset, or None after printing every problem that stops it loading."""
    from tressette_dsl.loader import load_ruleset  # noqa: PLC0415 - keep `validate` light

    try:
        return load_ruleset(ref)
    except DiagnosticError as err:
        report(err.diagnostics)
        return None
