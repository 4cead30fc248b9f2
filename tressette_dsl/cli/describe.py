"""``tressette describe RULESET``: the rules as Markdown generated from the compiled model.

Exit 0 printed, 1 the ruleset has problems (printed as `validate` prints them), 2 RULESET
names no bundled id and no readable file (missing, a folder, a FIFO, a device).
"""

from __future__ import annotations

import argparse

from tressette_dsl.cli.common import load_or_exit_code
from tressette_dsl.describe import describe


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Print a ruleset's rules as readable Markdown, with its sources."
    parser.add_argument("ruleset", metavar="RULESET", help="a bundled id or a path to a .yaml")


def run(args: argparse.Namespace) -> int:
    rules, code = load_or_exit_code(args.ruleset)
    if rules is None:
        return code
    print(describe(rules), end="")
    return 0
