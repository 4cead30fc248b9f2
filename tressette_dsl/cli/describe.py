"""``tressette describe RULESET``: the rules as Markdown generated from the compiled model."""

from __future__ import annotations

import argparse

from tressette_dsl.cli.common import load_or_report
from tressette_dsl.describe import describe


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Print a ruleset's rules as readable Markdown, with its sources."
    parser.add_argument("ruleset", metavar="RULESET", help="a bundled id or a path to a .yaml")


def run(args: argparse.Namespace) -> int:
    rules = load_or_report(args.ruleset)
    if rules is None:
        return 1
    print(describe(rules), end="")
    return 0
