"""``tressette schema [--output FILE]``: the ruleset JSON Schema, for editors and CI tools.

The schema printed is the one the package validates with (`loader.schema.schema()`), so an
editor pointed at its output (``# yaml-language-server: $schema=FILE``) completes and
explains the same keys that `tressette validate` accepts.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tressette_dsl.loader.schema import schema


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Print the ruleset JSON Schema (draft 2020-12), or write it to a file."
    parser.add_argument("--output", "-o", metavar="FILE", help="write the schema to FILE")


def run(args: argparse.Namespace) -> int:
    text = json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"
    if args.output:
        target = Path(args.output)
        try:
            target.write_text(text, encoding="utf-8")
        except OSError as err:
            print(f"tressette schema: cannot write {target}: {err.strerror}", file=sys.stderr)
            return 2
        print(f"wrote {target}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
