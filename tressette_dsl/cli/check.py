"""``tressette check FILE...``: run conformance scenarios (docs/scenarios.md).

Every failed expectation is printed at its ``file:line:col`` with the expected and the actual
value; then one summary line. Exit 0 when every scenario holds (pending ones are skipped,
never counted as passed), 1 when any fails or a scenario file is malformed, 2 on usage
errors (a FILE that does not exist or is not a regular file or a folder, nothing to check).
In a folder, ruleset files (they start with ``id:``) are skipped.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import Any

from tressette_dsl.cli.common import path_argument_problem
from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, render_text, to_json
from tressette_dsl.scenarios import Result, RulesetCache, discover, load_file, run_file
from tressette_dsl.source import MAX_BYTES
from tressette_dsl.source.files import FileProblem, read_regular
from tressette_dsl.text import escape


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Run conformance scenarios: fixed deals, scripts and expectations."
    parser.add_argument("paths", nargs="+", metavar="FILE", help="scenario files or folders")
    parser.add_argument(
        "-k", dest="select", metavar="TEXT", help="only scenarios whose 'file::name' contains TEXT"
    )
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="print every scenario's status"
    )
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format")


def run(args: argparse.Namespace) -> int:
    unusable = [w for w in (path_argument_problem(p, folders=True) for p in args.paths) if w]
    if unusable:
        for why in unusable:
            print(f"tressette check: {why}", file=sys.stderr)
        return 2
    files = discover(args.paths)
    if not files:
        print("tressette check: no scenario files (*.yaml) found", file=sys.stderr)
        return 2
    report = _Report()
    cache = RulesetCache()
    for path in files:
        report.file(path, cache, args.select)
    if args.format == "json":
        print(json.dumps(report.as_json(), ensure_ascii=False, indent=2))
    else:
        report.print_text(verbose=args.verbose)
    return 1 if report.failing() else 0


class _Report:
    def __init__(self) -> None:
        self.results: list[Result] = []
        self.broken: list[Diagnostic] = []  # files that could not be read as scenarios
        self.sources: dict[str, str] = {}

    def file(self, path: Path, cache: RulesetCache, select: str | None) -> None:
        try:
            sfile = load_file(path)
        except DiagnosticError as exc:
            self.broken.extend(exc.diagnostics)
            self._remember(path)
            return
        self.sources[sfile.file] = sfile.text
        self.results.extend(run_file(sfile, cache, select))

    def _remember(self, path: Path) -> None:
        with contextlib.suppress(FileProblem, UnicodeDecodeError):
            data = read_regular(path, MAX_BYTES)
            if len(data) <= MAX_BYTES:
                self.sources[str(path)] = data.decode("utf-8-sig")

    def failing(self) -> bool:
        return bool(self.broken) or any(r.status in ("failed", "error") for r in self.results)

    def counts(self) -> dict[str, int]:
        out = {"passed": 0, "failed": 0, "error": 0, "pending": 0}
        for result in self.results:
            out[result.status] += 1
        return out

    def print_text(self, *, verbose: bool) -> None:
        for diag in self.broken:
            print(render_text(diag, self.sources))
        for result in self.results:
            if verbose or result.status in ("failed", "error"):
                print(escape(f"{result.status.upper():7} {result.scenario.ident}"))
            if result.status in ("failed", "error"):
                for diag in result.diagnostics:
                    print(render_text(diag, self.sources))
        print(self.summary())

    def summary(self) -> str:
        c = self.counts()
        total = len(self.results)
        parts = [
            f"{c['passed']} passed",
            f"{c['failed'] + c['error']} failed",
            f"{c['pending']} pending",
        ]
        if self.broken:
            files = len({d.span.file for d in self.broken})
            parts.append(f"{files} malformed file" + ("s" if files != 1 else ""))
        return f"{total} scenario" + ("s" if total != 1 else "") + ": " + ", ".join(parts)

    def as_json(self) -> dict[str, Any]:
        return {
            "summary": self.counts(),
            "malformed": [to_json(d) for d in self.broken],
            "scenarios": [
                {
                    "id": r.scenario.ident,
                    "status": r.status,
                    "pending": r.scenario.pending,
                    "problems": [to_json(d) for d in r.diagnostics if r.status != "pending"],
                }
                for r in self.results
            ],
        }
