"""``tressette compile RULESET``: what the compiled kernel covers, and its source.

Without options it prints the coverage (whether the kernel plays this ruleset, and which
moments it hands to the interpreter); ``--show`` prints the generated Python source as it
is executed. Exit status: 0 covered, 1 not covered (the interpreter plays it), 2 a bad
command line or ruleset.
"""

from __future__ import annotations

import argparse

from tressette_dsl.cli.common import add_seats_argument, load_seated_or_report

EXIT_OK, EXIT_UNCOVERED, EXIT_USAGE = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Compile a ruleset to its playout kernel; say what it covers."
    parser.add_argument("ruleset", help="a bundled ruleset id or a ruleset file")
    parser.add_argument("--show", action="store_true", help="print the generated source")
    add_seats_argument(parser)


def run(args: argparse.Namespace) -> int:
    from tressette_dsl.compiled import compile_ruleset  # noqa: PLC0415 - after the usage check

    rules = load_seated_or_report("compile", args.ruleset, args.seats)
    if rules is None:
        return EXIT_USAGE
    compiled = compile_ruleset(rules)
    coverage = compiled.coverage
    if args.show and compiled.source:
        print(compiled.listing(), end="")
        return EXIT_OK
    print(f"ruleset {rules.id} ({rules.document_hash})")
    if coverage.covers:
        lines = compiled.source.count("\n")
        print(
            f"compiled: the kernel plays this ruleset ({lines} lines of Python; --show prints them)"
        )
    else:
        print(coverage.note())
    if coverage.delegated:
        # the contract phases whose decisions `compiled.contract` plays in one run say so
        print("played by the interpreter (one action at a time, unless it says 'in one run'):")
        for item in coverage.delegated:
            print(f"  - {item}")
    return EXIT_OK if coverage.covers else EXIT_UNCOVERED
