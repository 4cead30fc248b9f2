"""``tressette validate [PATH...]``: check rulesets and report every problem at once.

PATHs are files or folders (searched for ``*.yaml`` and ``*.yml``); with none, every bundled
ruleset is checked. Each problem is printed as ``file:line:col: error[CODE]: message`` with
the source line and a caret (``--format text``), as a JSON list (``json``) or as GitHub
Actions annotations (``github``). Exit 0 when every file is valid, 1 when any problem was
found, 2 on a usage error: a PATH that does not exist, or a folder without rulesets.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tressette_dsl.cli.common import sources_of
from tressette_dsl.diagnostics import (
    Diagnostic,
    Severity,
    render_json,
    render_text,
)
from tressette_dsl.loader import bundled_rulesets, validate_file

SUFFIXES = (".yaml", ".yml")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Check ruleset files (resolving extends) and report every problem at once. "
        "Exit 0 when all are valid, 1 when any problem is found, 2 on a usage error."
    )
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="ruleset files or folders (default: every bundled ruleset)",
    )
    parser.add_argument(
        "--format", choices=("text", "json", "github"), default="text", help="output format"
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="no summary line on stderr")


def run(args: argparse.Namespace) -> int:
    files = discover(args.paths) if args.paths else bundled_rulesets()
    if files is None:
        return 2
    if not files:
        print("tressette validate: no ruleset files (*.yaml, *.yml) found", file=sys.stderr)
        return 2
    diagnostics: list[Diagnostic] = []
    for path in files:
        problems, _compiled = validate_file(path)
        diagnostics.extend(problems)
    diagnostics = sorted(dict.fromkeys(diagnostics), key=Diagnostic.sort_key)
    print_diagnostics(diagnostics, args.format)
    errors = [d for d in diagnostics if d.severity is Severity.ERROR]
    if not args.quiet and args.format == "text":
        print(_summary(len(files), errors), file=sys.stderr)
        if not _build_available():
            print(
                "note: expressions were not compiled (tressette_dsl.rules.build is not available)",
                file=sys.stderr,
            )
    return 1 if errors else 0


def _build_available() -> bool:
    try:
        import tressette_dsl.rules.build  # noqa: F401, PLC0415
    except ImportError:
        return False
    return True


def discover(paths: list[str]) -> list[Path] | None:
    """The ruleset files named, folders searched recursively; None after a usage error."""
    missing = [p for p in paths if not Path(p).exists()]
    for name in missing:
        print(f"tressette validate: no such file or folder: {name}", file=sys.stderr)
    if missing:
        return None
    files: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file()))
        else:
            files.append(path)
    return list(dict.fromkeys(files))


def print_diagnostics(diagnostics: list[Diagnostic], fmt: str) -> None:
    if fmt == "json":
        print(render_json(diagnostics))
        return
    if fmt == "github":
        for diag in diagnostics:
            print(render_github(diag))
        return
    sources = sources_of(diagnostics)
    for diag in diagnostics:
        print(render_text(diag, sources))


def render_github(diag: Diagnostic) -> str:
    """A GitHub Actions workflow command: ``::error file=F,line=L,col=C,title=CODE::message``."""
    message = diag.message + (f" (hint: {diag.hint})" if diag.hint else "")
    for text, span in diag.notes:
        message += f"\n{span}: {text}"
    span = diag.span
    props = f"file={_prop(span.file)},line={span.line},col={span.col},title={diag.code}"
    level = {Severity.ERROR: "error", Severity.WARNING: "warning"}.get(diag.severity, "notice")
    return f"::{level} {props}::{_data(message)}"


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def _summary(count: int, errors: list[Diagnostic]) -> str:
    files = "ruleset" if count == 1 else "rulesets"
    if not errors:
        return f"{count} {files} checked: all valid"
    bad = len({d.span.file for d in errors})
    problems = "problem" if len(errors) == 1 else "problems"
    where = f"{bad} file" if bad == 1 else f"{bad} files"
    return f"{count} {files} checked: {len(errors)} {problems} in {where}"
