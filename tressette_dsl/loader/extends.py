"""`extends`: find the base, merge it with the overlay (RFC 7396), keep provenance.

Mappings merge key by key, ``null`` removes an inherited entry, anything else (lists
included) replaces. The merged `SourceMap` points every path at the file that last set
it, so a bad inherited value is reported in the base file, with a note naming the file
that inherited it.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterator
from pathlib import Path as FsPath
from typing import Any

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, did_you_mean
from tressette_dsl.loader.inherit_meta import inherited_meta
from tressette_dsl.source import Path, SourceMap, display_name, parse_yaml, read_source
from tressette_dsl.source.files import path_problem
from tressette_dsl.text import quote_input

CODES: dict[str, str] = {
    "TS110": "the ruleset named by extends cannot be found",
    "TS111": "extends goes round in a cycle",
    "TS116": "a null in an overlay that removes nothing (the key is not inherited)",
}

NOT_INHERITED = ("id", "abstract")  # each file names itself and says whether it is a base
YAML_SUFFIXES = (".yaml", ".yml")


def merge(target: Any, patch: Any) -> Any:
    """RFC 7396 JSON Merge Patch: ``patch`` applied to ``target`` (neither is changed).

    >>> merge({"a": 1, "b": {"c": 2, "d": 3}}, {"b": {"c": None, "e": 4}, "f": [5]})
    {'a': 1, 'b': {'d': 3, 'e': 4}, 'f': [5]}
    """
    if not isinstance(patch, dict):
        return patch
    result = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge(result.get(key), value)
    return result


# ---------------------------------------------------------------------------------------
# Bundled rulesets.


def bundled_root() -> FsPath | None:
    """The bundled ``rulesets/`` folder (inside the wheel or in the source tree)."""
    from tressette_dsl.resources import data_path  # noqa: PLC0415

    try:
        return data_path("rulesets")
    except FileNotFoundError:
        return None


def bundled_rulesets() -> list[FsPath]:
    """Every bundled ruleset file, sorted."""
    root = bundled_root()
    if root is None:
        return []
    return sorted(p for p in root.rglob("*") if p.suffix in YAML_SUFFIXES and p.is_file())


_ID_LINE = re.compile(r"""^id:[ \t]*["']?([a-z0-9][a-z0-9-]*)["']?[ \t]*(?:#.*)?$""", re.MULTILINE)


@functools.cache
def _ids(root: FsPath | None) -> dict[str, FsPath]:
    declared: dict[str, FsPath] = {}
    stems: dict[str, FsPath] = {}
    for path in bundled_rulesets():
        stems.setdefault(path.stem, path)
        try:
            match = _ID_LINE.search(path.read_text(encoding="utf-8", errors="replace")[:20_000])
        except OSError:
            continue
        if match:
            declared.setdefault(match.group(1), path)
    return {**stems, **declared}


def bundled_ids() -> dict[str, FsPath]:
    """Bundled id -> its file: the ``id:`` a file declares, or else its name without .yaml."""
    return _ids(bundled_root())


def find_base(ref: str, folder: FsPath) -> tuple[FsPath | None, str, str | None]:
    """The file ``extends: ref`` names, or None with a message and a hint."""
    if ref.endswith(YAML_SUFFIXES) or "/" in ref or "\\" in ref:
        if not ref.endswith(YAML_SUFFIXES):
            return None, f"extends: the path '{ref}' must end in .yaml or .yml", None
        candidate = folder / ref
        problem = path_problem(candidate)
        if problem is None:
            return candidate, "", None
        shown = quote_input(ref)
        if not problem.missing:
            return None, f"extends: cannot read '{shown}': {problem.reason}", None
        message = f"extends: no file '{shown}' (looked for {quote_input(display_name(candidate))})"
        stem = ref.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        if "/" not in ref and "\\" not in ref and stem in bundled_ids():
            return None, message, f"to extend the bundled ruleset, write 'extends: {stem}'"
        near = [p.name for p in _siblings(candidate.parent) if p.name != candidate.name]
        return None, message, did_you_mean(candidate.name, near)
    ids = bundled_ids()
    if ref in ids:
        return ids[ref], "", None
    hint = did_you_mean(ref, ids) or (
        f"bundled rulesets: {', '.join(sorted(ids))}; a file path must end in .yaml"
    )
    return None, f"extends: no bundled ruleset '{quote_input(ref)}'", hint


def _siblings(folder: FsPath) -> list[FsPath]:
    """The regular .yaml files of a folder (a FIFO or a folder is no candidate)."""
    try:
        return [p for p in folder.glob("*") if p.suffix in YAML_SUFFIXES and p.is_file()]
    except OSError:
        return []


# ---------------------------------------------------------------------------------------
# Loading a file and its bases.


def load(path: str | FsPath) -> tuple[dict[str, Any], SourceMap, list[Diagnostic]]:
    """A file with its bases merged in; fatal problems raise `DiagnosticError`.

    The problems returned still leave usable data (see `source.parse_yaml`); those found
    in base files carry ``inherited by`` notes.
    """
    return _load(FsPath(path), ())


def _load(
    path: FsPath, chain: tuple[FsPath, ...]
) -> tuple[dict[str, Any], SourceMap, list[Diagnostic]]:
    name = display_name(path)
    doc, smap, problems = parse_yaml(read_source(path, name), name)
    ref = doc.get("extends")
    if not isinstance(ref, str) or not ref:  # a wrong type is the schema's to report
        smap.removed = {p: (smap.key_span(p), False) for p in null_paths(doc, ())}
        return merge({}, doc), smap, problems
    here = path.resolve()
    chain = (*chain, here)
    base, message, hint = find_base(ref, here.parent)
    if base is None:
        diag = smap.diagnostic("TS110", message, ("extends",), hint=hint)
        raise DiagnosticError([*problems, diag])
    if base.resolve() in chain:
        loop = [*chain[chain.index(base.resolve()) :], base.resolve()]
        shown = " -> ".join(display_name(p) for p in loop)
        diag = smap.diagnostic("TS111", f"extends goes round in a cycle: {shown}", ("extends",))
        raise DiagnosticError([*problems, diag])
    note = (f"inherited by this file (extends: {ref})", smap.span(("extends",)))
    try:
        bdoc, bsmap, bproblems = _load(base, chain)
    except DiagnosticError as err:
        raise DiagnosticError([*problems, *_noted(err.diagnostics, note)]) from None
    merged, msmap = merge_documents(bdoc, bsmap, doc, smap, ref)
    useless = list(removes_nothing(bdoc, doc, smap, ()))
    return merged, msmap, [*_noted(bproblems, note), *problems, *useless]


def _noted(diags: Any, note: tuple[str, Any]) -> list[Diagnostic]:
    return [dataclasses.replace(d, notes=(*d.notes, note)) for d in diags]


def merge_documents(
    base: dict[str, Any], bsmap: SourceMap, overlay: dict[str, Any], osmap: SourceMap, ref: str
) -> tuple[dict[str, Any], SourceMap]:
    """The merged document and a SourceMap pointing each path at the file that set it."""
    inherited = {k: v for k, v in base.items() if k not in NOT_INHERITED}
    if "meta" in inherited:
        inherited["meta"] = inherited_meta(inherited["meta"], overlay)
    merged = merge(inherited, overlay)
    live = set(paths(merged))
    smap = SourceMap(osmap.file)
    for table in ("values", "keys", "scalars"):
        both = {**getattr(bsmap, table), **getattr(osmap, table)}
        setattr(smap, table, {p: v for p, v in both.items() if p in live})
    smap.sources = {**bsmap.sources, **osmap.sources}
    smap.removed = {
        **{p: v for p, v in bsmap.removed.items() if p not in live},
        **{p: (osmap.key_span(p), _has(base, p)) for p in null_paths(overlay, ())},
    }
    smap.inherited = {**bsmap.inherited, bsmap.file: (osmap.span(("extends",)), ref)}
    return merged, smap


def null_paths(doc: Any, path: Path) -> Iterator[Path]:
    """The paths of a document whose value is null (``key: null`` or ``key:`` alone)."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            if value is None:
                yield (*path, key)
            else:
                yield from null_paths(value, (*path, key))


def _has(doc: Any, path: Path) -> bool:
    for key in path:
        if not isinstance(doc, dict) or key not in doc:
            return False
        doc = doc[key]
    return True


def removes_nothing(base: Any, overlay: Any, smap: SourceMap, path: Path) -> Iterator[Diagnostic]:
    """TS116 for each ``key: null`` of the overlay whose key the base does not have."""
    for key, value in overlay.items():
        here = (*path, key)
        if value is None and key not in base and key not in NOT_INHERITED:
            where = ".".join(map(str, path)) or "the top level"
            yield smap.diagnostic(
                "TS116",
                f"'{key}: null' removes nothing: {where} inherits no '{key}'",
                here,
                at_key=True,
                hint=did_you_mean(str(key), base) or "null only removes an inherited entry",
            )
        elif isinstance(value, dict) and isinstance(base.get(key), dict):
            yield from removes_nothing(base[key], value, smap, here)


def paths(doc: Any) -> Iterator[Path]:
    """Every path in a document, the root ``()`` included (iteratively, in any order)."""
    todo: list[tuple[Path, Any]] = [((), doc)]
    while todo:
        path, value = todo.pop()
        yield path
        if isinstance(value, dict):
            todo.extend(((*path, k), v) for k, v in value.items())
        elif isinstance(value, list):
            todo.extend(((*path, i), v) for i, v in enumerate(value))
