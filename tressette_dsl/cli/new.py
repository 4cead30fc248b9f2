"""``tressette new ID --extends BASE``: a commented starter house rule that validates.

The file names its base, says in comments what the base has for the keys house rules most
often change (the target, the last trick's bonus and its unit, signals, claims...), and
points the editor at the JSON Schema. It is checked with the loader before the command
reports success, so a new author starts from a file that loads.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any

from tressette_dsl.cli.common import report
from tressette_dsl.diagnostics import DiagnosticError
from tressette_dsl.loader import collect, load_document, resolve_ruleset_path
from tressette_dsl.loader.extends import bundled_ids
from tressette_dsl.loader.schema import SCHEMA_FILE

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Write a commented starter ruleset that extends BASE, and check it."
    parser.add_argument("id", help="the new ruleset's id: lower-case letters, digits and '-'")
    parser.add_argument(
        "--extends", required=True, metavar="BASE", help="a bundled ruleset id or a ruleset file"
    )
    parser.add_argument("--output", "-o", metavar="FILE", help="where to write (default ID.yaml)")
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")


def run(args: argparse.Namespace) -> int:
    if not ID_PATTERN.match(args.id) or len(args.id) > 64:
        print(
            f"tressette new: {args.id!r} is not a ruleset id (lower-case letters, digits, '-')",
            file=sys.stderr,
        )
        return 2
    target = Path(args.output or f"{args.id}.yaml")
    if target.exists() and not args.force:
        print(f"tressette new: {target} exists (use --force to overwrite)", file=sys.stderr)
        return 2
    try:
        base_path = resolve_ruleset_path(args.extends)
        base, _smap, _problems = collect(base_path)
    except DiagnosticError as err:
        report(err.diagnostics)
        return 2
    reference = _reference(args.extends, base_path, target)
    text = starter(args.id, reference, base, target)
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as err:
        print(f"tressette new: cannot write {target}: {err.strerror}", file=sys.stderr)
        return 2
    try:
        load_document(target)
    except DiagnosticError as err:
        report(err.diagnostics)
        return 1
    print(f"wrote {target} (extends {reference}); edit it, then: tressette validate {target}")
    return 0


def _reference(given: str, base_path: Path, target: Path) -> str:
    """A bundled id stays an id; a file becomes a path relative to the new file."""
    if given in bundled_ids():
        return given
    return Path(os.path.relpath(base_path.resolve(), target.resolve().parent)).as_posix()


def _schema_reference(target: Path) -> str:
    """The shipped schema, relative to the new file when that is short, else absolute."""
    relative = os.path.relpath(SCHEMA_FILE, target.resolve().parent)
    return Path(relative).as_posix() if not relative.startswith("..") else str(SCHEMA_FILE)


def _get(doc: dict[str, Any], *keys: str) -> Any:
    value: Any = doc
    for key in keys:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


def starter(rid: str, reference: str, base: dict[str, Any], target: Path) -> str:
    """The text of the starter file (every setting but id/extends/meta commented out)."""
    title = _get(base, "meta", "title") or reference
    target_score = _get(base, "match", "target")
    last = _get(base, "scoring", "last_trick")
    unit = _get(base, "deck", "unit") or 1
    signals = sorted((_get(base, "signals") or {}).keys())
    claims = _get(base, "claims", "allowed")
    lines = [
        f"# yaml-language-server: $schema={_schema_reference(target)}",
        f"# A house rule on top of {title}.",
        f"# Everything not written here is inherited from {reference}: a mapping merges key",
        "# by key, null removes an inherited entry, any other value replaces.",
        "# Check it with `tressette validate FILE`, read it as rules with",
        "# `tressette describe FILE`, and against its base with `tressette diff BASE FILE`.",
        f"id: {rid}",
        f"extends: {reference}",
        "version: 1",
        "meta:",
        f"  title: {rid} (house rule)",
        f"  description: {title} with our table's changes.",
        "  choices:",
        "    house: the house's own choices, not a regional standard",
        "",
        "# --- settings house rules often change: uncomment and edit ------------------------",
    ]
    if target_score is not None:
        lines += [
            "# match:",
            f"#   target: {target_score + 10}          # the base plays to {target_score}",
        ]
    if last is not None:
        lines += [
            "# scoring:",
            f"#   last_trick: {last}            # in card units: 1/{unit} of a point each,",
            f"#                                # so the base's {last} is {_points(last, unit)}",
        ]
    if signals:
        lines += [
            "# signals:                       # the base has: " + ", ".join(signals),
            f"#   {signals[0]}: null              # null removes a signal",
        ]
    if claims is not None:
        lines += [
            "# claims:",
            f'#   allowed: "on_lead"           # the base: "{claims}"',
        ]
    lines.append("")
    return "\n".join(lines)


def _points(value: int, unit: int) -> str:
    if unit == 1:
        return f"{value} point{'s' if value != 1 else ''}"
    whole, rest = divmod(value, unit)
    if rest == 0:
        return f"{whole} point{'s' if whole != 1 else ''}"
    return f"{value}/{unit} of a point"
