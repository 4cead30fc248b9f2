"""``tressette validate [PATH...]``: check rulesets and report every problem at once.

PATHs are files or folders (searched for ``*.yaml`` and ``*.yml``); with none, every bundled
ruleset is checked. Each problem is printed as ``file:line:col: error[CODE]: message`` with
the source line and a caret (``--format text``), as a JSON list (``json``) or as GitHub
Actions annotations (``github``). With ``--deep``, each ruleset that validates is also
played (a few hundred random deals, at most 10 s): see `tressette_dsl.lint.deep`. It is a
flag, not a default stage, because it costs seconds per ruleset where validation costs
milliseconds, and editors and pre-commit hooks run `validate` on every save. Exit 0 when
every file is valid, 1 when any problem was found, 2 on a usage error: a PATH that does
not exist or is not a regular file or a folder (a FIFO, a device: they are never opened),
or a folder without rulesets.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tressette_dsl.cli.common import path_argument_problem, sources_of
from tressette_dsl.diagnostics import (
    Diagnostic,
    Severity,
    render_json,
    render_text,
)
from tressette_dsl.loader import bundled_mixins, bundled_rulesets, validate_file
from tressette_dsl.loader.extends import says_mixin
from tressette_dsl.source import display_name
from tressette_dsl.text import escape, quote_input

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
    parser.add_argument(
        "--deep",
        action="store_true",
        help="also play random deals of each valid ruleset and report dead ends, matches "
        "that never end, cards that do not add up and rules that fail while playing",
    )
    parser.add_argument(
        "--deals",
        type=int,
        default=None,
        metavar="N",
        help="with --deep: deals to play per ruleset (default 300; at most 10 s each)",
    )


def run(args: argparse.Namespace) -> int:
    files = discover(args.paths) if args.paths else [*bundled_rulesets(), *bundled_mixins()]
    if files is None:
        return 2
    if not files:
        print("tressette validate: no ruleset files (*.yaml, *.yml) found", file=sys.stderr)
        return 2
    if args.deals is not None and (args.deals < 1 or not args.deep):
        print(
            "tressette validate: --deals needs --deep and a number of at least 1", file=sys.stderr
        )
        return 2
    diagnostics: list[Diagnostic] = []
    for path in files:
        problems, compiled = validate_file(path)
        diagnostics.extend(problems)
        if args.deep and compiled and not any(d.severity is Severity.ERROR for d in problems):
            diagnostics.extend(_deep(path, args.deals, quiet=args.quiet or args.format != "text"))
    diagnostics = sorted(dict.fromkeys(diagnostics), key=Diagnostic.sort_key)
    print_diagnostics(diagnostics, args.format)
    errors = [d for d in diagnostics if d.severity is Severity.ERROR]
    if not args.quiet and args.format == "text":
        mixins = sum(1 for path in files if says_mixin(Path(path)))
        print(_summary(len(files) - mixins, errors, mixins), file=sys.stderr)
        if not _build_available():
            print(
                "note: expressions were not compiled (tressette_dsl.rules.build is not available)",
                file=sys.stderr,
            )
    return 1 if errors else 0


def _deep(path: Path, deals: int | None, *, quiet: bool) -> list[Diagnostic]:
    """The deep check of one valid, compiled ruleset (the engine is loaded only here)."""
    from tressette_dsl.lint import deep  # noqa: PLC0415 - plain `validate` stays light
    from tressette_dsl.loader import load_document, load_ruleset  # noqa: PLC0415

    rules = load_ruleset(path)
    _doc, smap = load_document(path)
    report = deep.deep_check(rules, smap, deals=deals or deep.DEALS)
    if not quiet:
        cut = "" if report.complete else " (stopped by the time limit)"
        print(
            f"{quote_input(display_name(path))}: deep check: {report.deals} deals in "
            f"{report.matches} matches, {report.seconds:.1f} s{cut}",
            file=sys.stderr,
        )
    return report.problems


def _build_available() -> bool:
    try:
        import tressette_dsl.rules.build  # noqa: F401, PLC0415
    except ImportError:
        return False
    return True


def discover(paths: list[str]) -> list[Path] | None:
    """The ruleset files named, folders searched recursively; None after a usage error."""
    unusable = [w for w in (path_argument_problem(p, folders=True) for p in paths) if w]
    for why in unusable:
        print(f"tressette validate: {why}", file=sys.stderr)
    if unusable:
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
    message = escape(diag.message + (f" (hint: {diag.hint})" if diag.hint else ""), keep="\n\r")
    for text, span in diag.notes:
        message += f"\n{span}: {escape(text, keep=chr(10) + chr(13))}"
    span = diag.span
    props = f"file={_prop(span.file)},line={span.line},col={span.col},title={diag.code}"
    level = {Severity.ERROR: "error", Severity.WARNING: "warning"}.get(diag.severity, "notice")
    return f"::{level} {props}::{_data(message)}"


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def _summary(count: int, errors: list[Diagnostic], mixins: int = 0) -> str:
    """ "17 rulesets checked (and 1 mixin): all valid"; mixins are fragments, not rulesets."""
    files = "ruleset" if count == 1 else "rulesets"
    checked = f"{count} {files} checked"
    fragments = f"{mixins} {'mixin' if mixins == 1 else 'mixins'}"
    if mixins and count:
        checked += f" (and {fragments})"
    elif mixins:
        checked = f"{fragments} checked"
    if not errors:
        return f"{checked}: all valid"
    bad = len({d.span.file for d in errors})
    problems = "problem" if len(errors) == 1 else "problems"
    where = f"{bad} file" if bad == 1 else f"{bad} files"
    return f"{checked}: {len(errors)} {problems} in {where}"
