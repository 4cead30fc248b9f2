"""``tressette describe RULESET [--format markdown|html]``: the rules as a page generated
from the compiled model, in Markdown or as a standalone HTML document.

Exit 0 printed, 1 the ruleset has problems (printed as `validate` prints them), 2 RULESET
names no bundled id and no readable file (missing, a folder, a FIFO, a device).
"""

from __future__ import annotations

import argparse

from tressette_dsl.cli.common import load_or_exit_code
from tressette_dsl.describe import describe


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Print a ruleset's rules as a page in plain words (Markdown or HTML), with its sources."
    )
    parser.add_argument("ruleset", metavar="RULESET", help="a bundled id or a path to a .yaml")
    parser.add_argument(
        "--format",
        choices=("markdown", "html"),
        default="markdown",
        help="Markdown (default) or a standalone HTML page",
    )


def run(args: argparse.Namespace) -> int:
    rules, code = load_or_exit_code(args.ruleset)
    if rules is None:
        return code
    page = describe(rules)
    if args.format == "html":
        from tressette_dsl.prose.html import to_html  # noqa: PLC0415

        page = to_html(page)
    print(page, end="")
    return 0
