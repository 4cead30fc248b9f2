"""``tressette describe RULESET``: the rules as Markdown generated from the compiled model."""

from __future__ import annotations

import argparse
import sys

from tressette_dsl.describe import describe
from tressette_dsl.diagnostics import DiagnosticError, render_text
from tressette_dsl.loader import load_ruleset


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Print a ruleset's rules as readable Markdown, with its sources."
    parser.add_argument("ruleset", metavar="RULESET", help="a bundled id or a path to a .yaml")


def run(args: argparse.Namespace) -> int:
    try:
        rules = load_ruleset(args.ruleset)
    except DiagnosticError as exc:
        for diag in exc.diagnostics:
            print(render_text(diag), file=sys.stderr)
        return 1
    print(describe(rules), end="")
    return 0
