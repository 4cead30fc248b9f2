"""The ``tressette`` command: ``main(argv) -> int`` with one module per subcommand.

Each subcommand lives in ``tressette_dsl/cli/<module>.py`` with ``add_arguments(parser)``
and ``run(args) -> int``. Only the module of the subcommand being run is imported, so
``tressette validate`` never loads the engine. Exit codes: 0 success, 1 problems found,
2 usage error (or a subcommand that is not available yet), 3 internal error.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib import import_module
from types import ModuleType

# subcommand -> (module in tressette_dsl.cli, one line of help)
COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("validate", "check ruleset files and report every problem at once"),
    "list": ("list_cmd", "list the bundled rulesets"),
    "describe": ("describe", "describe a ruleset in prose"),
    "play": ("play", "play a ruleset at the terminal"),
    "check": ("check", "run conformance scenarios"),
    "replay": ("replay", "replay a game log"),
    "simulate": ("simulate", "play many games between agents and summarise them"),
    "arena": ("arena", "play bots against each other on duplicate deals and rate them"),
    "serve": ("serve", "serve the browser table: humans and bots over the network"),
    "compile": ("compile_cmd", "compile a ruleset to its playout kernel (--show prints it)"),
    "bench": ("bench", "measure the interpreter, the compiled kernel and simulate"),
    "schema": ("schema_cmd", "print the ruleset JSON Schema for editors and tools"),
    "new": ("new", "write a commented starter house rule that extends a ruleset"),
    "diff": ("diff", "show how one ruleset differs from another, as rules"),
    "completion": ("completion", "print a shell completion script (bash, zsh, fish)"),
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tressette`` command line; returns the exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        prog="tressette",
        description="Rules of Tressette and its variants: check, list, describe and play them.",
    )
    if "--version" in args_list:
        parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    chosen = next((a for a in args_list if not a.startswith("-")), None)
    module: ModuleType | None = None
    for name, (module_name, help_text) in _parsed_commands(args_list).items():
        command = sub.add_parser(name, help=help_text, description=help_text)
        if name == chosen:
            module = _load(name, module_name)
            if module is None:
                return 2
            module.add_arguments(command)
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exit_:  # --help, --version and usage errors: keep main() returning
        return exit_.code if isinstance(exit_.code, int) else 2
    if args.command is None or module is None:
        parser.print_help(sys.stderr)
        return 2
    return _run(module, args)


def _parsed_commands(args_list: list[str]) -> dict[str, tuple[str, str]]:
    """The subcommands to give the parser: only the one named first on the command line
    (``tressette validate ...``), else all of them (``tressette``, ``tressette -h``, a
    misspelt command), since only the top level's help and errors list them. Each
    subparser costs about a millisecond to build, a share of a cold ``tressette validate``."""
    first = args_list[0] if args_list else None
    if first in COMMANDS:
        return {first: COMMANDS[first]}
    return COMMANDS


def _load(name: str, module_name: str) -> ModuleType | None:
    qualified = f"{__name__}.{module_name}"
    try:
        return import_module(qualified)
    except ImportError as exc:
        missing = getattr(exc, "name", None)
        why = "" if missing == qualified else f" (needs {missing or exc})"
        print(f"tressette {name}: not available yet{why}", file=sys.stderr)
        return None


def _run(module: ModuleType, args: argparse.Namespace) -> int:
    try:
        code: int = module.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: say so plainly instead of a traceback
        if os.environ.get("TRESSETTE_DEBUG"):
            raise
        print(
            f"tressette {args.command}: internal error: {type(exc).__name__}: {exc}\n"
            "  this is a bug; set TRESSETTE_DEBUG=1 to see the traceback and please report it",
            file=sys.stderr,
        )
        return 3
    return code


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version  # noqa: PLC0415

    try:
        return version("tressette-dsl")
    except PackageNotFoundError:
        return "(not installed)"
