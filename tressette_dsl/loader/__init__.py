"""Read a ruleset file, resolve `extends`, check it completely, report every problem.

The stages, each gathering all its problems before the next one runs (design notes 3.2):

1. `source` reads the YAML into plain data and a SourceMap (TS1xx);
2. `extends` merges the bases in, keeping provenance (TS110, TS111);
3. `schema` checks the shape (TS2xx);
4. `checks` checks what the schema cannot say: references, rank orders, deck sizes,
   teams (TS4xx). It runs when the shape is sound (unknown keys and duplicate keys aside);
5. `tressette_dsl.rules.build` compiles the expressions into the typed model (TS3xx).

`load_document` runs 1-4 and `load_ruleset` all five. Both raise `DiagnosticError` with
every problem found, sorted.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, Severity, Span, did_you_mean
from tressette_dsl.loader import checks, extends, recover, schema, seats
from tressette_dsl.loader.extends import (
    YAML_SUFFIXES,
    bundled_ids,
    bundled_mixin_ids,
    bundled_mixins,
    bundled_rulesets,
    is_mixin,
)
from tressette_dsl.source import SourceMap, parse_yaml, read_source
from tressette_dsl.source.files import path_problem
from tressette_dsl.text import quote_input

if TYPE_CHECKING:
    from tressette_dsl.rules.model import Ruleset

__all__ = [
    "RulesetArgumentError",
    "bundled_ids",
    "bundled_mixin_ids",
    "bundled_mixins",
    "bundled_rulesets",
    "load_document",
    "load_ruleset",
    "playable_rulesets",
    "resolve_ruleset_path",
    "validate_file",
]

# Problems that leave the rest of the document as the author meant it, so that the later
# stages still run (a value the reader refused is left out of the schema's report).
_HARMLESS = {"TS102", "TS103", "TS104", "TS106", "TS115", "TS116", "TS203"}


class RulesetArgumentError(TypeError):
    """An argument of `load_ruleset` (or its siblings) that is not a ruleset reference."""


def playable_rulesets() -> list[Path]:
    """The bundled rulesets that can be played: every one but the abstract bases and the
    mixins.

    `abstract` and `mixin` are never inherited, so each file's own top level says it."""
    out = []
    for path in bundled_rulesets():
        try:
            doc, _smap, _problems = parse_yaml(read_source(path), str(path))
        except DiagnosticError:
            continue  # a broken bundled file is `validate`'s to report
        if isinstance(doc, dict) and doc.get("abstract") is not True and not is_mixin(doc):
            out.append(path)
    return sorted(out, key=lambda p: p.stem)


def resolve_ruleset_path(name_or_path: str | os.PathLike[str]) -> Path:
    """A bundled id (``tressette``, also under ``family/`` and ``house/``) or a file path.

    Raises `RulesetArgumentError` (a TypeError) for an argument that is neither a str nor a
    path, and `DiagnosticError` (TS114) when it names no bundled id and no regular file:
    the message says what the path is (missing, a folder, a FIFO, a device)."""
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise RulesetArgumentError(
            "name_or_path must be a bundled ruleset id or a file path (str or os.PathLike), "
            f"not {type(name_or_path).__name__}"
        )
    text = os.fspath(name_or_path)
    if not isinstance(text, str):
        raise RulesetArgumentError("name_or_path must be a text path, not bytes")
    shown = quote_input(text)
    problem = path_problem(text)
    if problem is None:
        return Path(text)
    ids = bundled_ids()
    bare = "/" not in text and "\\" not in text and not text.endswith(YAML_SUFFIXES)
    if bare and text in ids:
        return ids[text]
    mixins = bundled_mixin_ids()
    if bare and text in mixins:  # found, so that `play accusi` says it is a mixin (TS470)
        return mixins[text]
    hint: str | None
    if not problem.missing:
        message = f"cannot read '{shown}': {problem.reason}"
        hint = "give a ruleset file (.yaml) or a bundled ruleset id"
    else:
        message = (
            f"no bundled ruleset or file named '{shown}'" if bare else f"no such file: '{shown}'"
        )
        hint = did_you_mean(text, ids) or f"bundled rulesets: {', '.join(sorted(ids))}"
    raise DiagnosticError([Diagnostic("TS114", message, Span(shown, 1, 1), hint=hint)])


def collect(path_or_id: str | Path) -> tuple[dict[str, Any], SourceMap, list[Diagnostic]]:
    """Stages 1-4: the merged document, its SourceMap and every problem (not raised)."""
    path = resolve_ruleset_path(path_or_id)
    doc, smap, problems = extends.load(path)
    problems = schema.refine_float_hints(problems)
    if not _sound(problems):
        return doc, smap, problems
    problems += schema.check(doc, smap, skip=[d.path for d in problems])
    if _sound(problems):
        problems += _semantic(doc, smap)
    return doc, smap, problems


def _semantic(doc: dict[str, Any], smap: SourceMap) -> list[Diagnostic]:
    """Stage 4; with a seat count chosen per game, on the document of every count."""
    table = seats.seat_range(doc)
    own = list(seats.check_table(doc, smap))
    if table is None:
        return own + checks.check(doc, smap)
    per_count = {n: checks.check(doc_n, smap_n) for n, doc_n, smap_n in seats.expansions(doc, smap)}
    return own + seats.merge_problems(per_count, table)


def _sound(problems: list[Diagnostic]) -> bool:
    return all(d.code in _HARMLESS or d.severity is not Severity.ERROR for d in problems)


def _errors(problems: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in problems if d.severity is Severity.ERROR]


def load_document(path: str | Path) -> tuple[dict[str, Any], SourceMap]:
    """Read, resolve extends, check the schema and the semantics; raise with ALL problems."""
    doc, smap, problems = collect(path)
    if _errors(problems):
        raise DiagnosticError(problems)
    return doc, smap


def load_ruleset(path_or_id: str | Path) -> Ruleset:
    """`load_document`, then the typed model with its compiled expressions."""
    doc, smap, problems = collect(path_or_id)
    if _errors(problems):  # say everything that is wrong, as `validate` would
        raise DiagnosticError(validate_file(path_or_id)[0])
    if is_mixin(doc):
        message = (
            f"'{doc.get('id')}' is a mixin: a fragment that rulesets add to their bases, not a game"
        )
        hint = f"play a ruleset that extends it, or write one: extends: [BASE, {doc.get('id')}]"
        raise DiagnosticError([smap.diagnostic("TS470", message, ("mixin",), hint=hint)])
    if doc.get("abstract") is True:
        message = f"'{doc.get('id')}' is abstract: a base for other rulesets, not playable alone"
        hint = "play a ruleset that extends it"
        raise DiagnosticError([smap.diagnostic("TS416", message, ("abstract",), hint=hint)])
    from tressette_dsl.rules.build import build_ruleset  # noqa: PLC0415 - the heavy part

    ruleset: Ruleset = build_ruleset(doc, smap)
    return ruleset


def validate_file(path: str | Path, *, build: bool = True) -> tuple[list[Diagnostic], bool]:
    """Every problem of one file, and whether the expressions were compiled too.

    Abstract rulesets are checked up to stage 4 (they are not playable alone); the others
    are compiled with ``tressette_dsl.rules.build`` when it is available.
    """
    try:
        doc, smap, problems = collect(path)
    except DiagnosticError as err:
        return list(err.diagnostics), False
    if _errors(problems):
        file = resolve_ruleset_path(path)
        more = recover.more_problems(file, doc, smap, problems, build=build)
        return _dedup([*problems, *more]), False
    if is_mixin(doc) and build:  # its expressions, as the rulesets extending it compile them
        from tressette_dsl.loader.mixin_check import extender_problems  # noqa: PLC0415

        return [*problems, *extender_problems(resolve_ruleset_path(path), doc)], False
    if doc.get("abstract") is True or is_mixin(doc) or not build:
        return problems, False
    try:
        from tressette_dsl.rules.build import build_ruleset  # noqa: PLC0415
    except ImportError:
        return problems, False
    try:
        build_ruleset(doc, smap)
    except DiagnosticError as err:
        return [*problems, *err.diagnostics], True
    except Exception as exc:  # a bug in the compiler: report it and check the other files
        message = f"internal error while compiling: {type(exc).__name__}: {exc}"
        hint = "this is a bug in tressette-dsl, not in the ruleset; please report it"
        return [*problems, smap.diagnostic("TS199", message, (), hint=hint)], True
    return problems, True


def _dedup(problems: list[Diagnostic]) -> list[Diagnostic]:
    seen: set[tuple[str, str, Span]] = set()
    out = []
    for d in problems:
        key = (d.code, d.message, d.span)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out
