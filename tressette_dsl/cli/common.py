"""What several subcommands share: loading a ruleset, or saying why it cannot be loaded."""

from __future__ import annotations

import argparse
import os
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


EXIT_PROBLEMS, EXIT_USAGE = 1, 2


def load_or_report(ref: str) -> Ruleset | None:
    """The compiled ruleset, or None after printing every problem that stops it loading."""
    rules, _code = load_or_exit_code(ref)
    return rules


def load_or_exit_code(ref: str) -> tuple[Ruleset | None, int]:
    """The compiled ruleset and 0, or None after printing every problem and the exit code:
    2 (usage) when `ref` names no bundled id and no readable regular file, 1 when the
    ruleset was read and has problems. Every command uses the same rule."""
    from tressette_dsl.loader import load_ruleset  # noqa: PLC0415 - keep `validate` light

    try:
        return load_ruleset(ref), 0
    except DiagnosticError as err:
        report(err.diagnostics)
        unreadable = all(d.code == "TS114" for d in err.diagnostics) and len(err.diagnostics) == 1
        return None, EXIT_USAGE if unreadable else EXIT_PROBLEMS


SEATS_HELP = "the number of players, for a ruleset that allows several (default: its default)"


def add_seats_argument(parser: argparse.ArgumentParser, help_text: str = SEATS_HELP) -> None:
    """`--seats N`, as every command that plays or compiles a ruleset takes it (a ruleset
    whose `players.count` is a range, `traversone`'s 2 to 8, is played at any count in it)."""
    parser.add_argument("--seats", type=int, metavar="N", help=help_text)


def load_seated_or_report(command: str, ref: str, seats: int | None) -> Ruleset | None:
    """The ruleset `ref` for `--seats N`, or None after printing why it cannot be loaded
    or why the count does not fit (the caller exits with the usage code)."""
    rules = load_or_report(ref)
    return None if rules is None else seated_or_report(command, rules, seats)


def seated_or_report(command: str, rules: Ruleset, seats: int | None) -> Ruleset | None:
    """The ruleset for `--seats N` (`Ruleset.for_seats`), `rules` when N is not given, or
    None after printing why the count does not fit (the allowed range)."""
    if seats is None:
        return rules
    try:
        return rules.for_seats(seats)
    except ValueError as exc:
        print(f"tressette {command}: --seats: {exc}", file=sys.stderr)
        return None


def path_argument_problem(text: str, *, folders: bool) -> str | None:
    """Why a PATH argument cannot be read (missing, a FIFO, a device; a folder unless
    `folders`), as a message that names the path; None when it can be read."""
    from tressette_dsl.source.files import path_problem  # noqa: PLC0415
    from tressette_dsl.text import quote_input  # noqa: PLC0415

    if folders and os.path.isdir(text):
        return None
    problem = path_problem(text)
    if problem is None:
        return None
    if problem.missing:
        return f"no such file or folder: {quote_input(text)}"
    return f"{quote_input(text)}: {problem.reason}"
