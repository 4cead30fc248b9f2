"""`extends`: find the bases, merge them with the overlay (RFC 7396), keep provenance.

Mappings merge key by key, ``null`` removes an inherited entry, anything else (lists
included) replaces. The merged `SourceMap` points every path at the file that last set
it, so a bad inherited value is reported in the base file, with a note naming the file
that inherited it.

``extends: [base, mixin, ...]`` names several: each is resolved on its own (its own
`extends` included), then they are merged left to right, and the file itself last. Two of
them may say the same thing, but not different things: a key that two entries set to
different values is a conflict (TS471) unless the file itself sets it (or a key above it),
which says which value wins. So the order of the list never silently decides a rule.
`meta` and `version` are not rules and merge in order without conflicts.

A *mixin* (``mixin: true``) is a fragment meant for such lists - a block of declarations,
a signal set - rather than a game: it is checked for shape like an abstract base, never
played, and it cannot remove keys (a null in a mixin is TS473: removing belongs to the
ruleset that extends it). Of a mixin's `meta` only `choices` is inherited: its title and
description describe the fragment, not the games that use it.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterator
from pathlib import Path as FsPath
from typing import Any

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, did_you_mean
from tressette_dsl.loader.inherit_meta import changed_rules, inherited_meta, inherited_meta_after
from tressette_dsl.source import Path, SourceMap, display_name, parse_yaml, read_source
from tressette_dsl.source.files import path_problem
from tressette_dsl.text import quote_input

CODES: dict[str, str] = {
    "TS110": "the ruleset named by extends cannot be found",
    "TS111": "extends goes round in a cycle",
    "TS116": "a null in an overlay that removes nothing (the key is not inherited)",
    "TS470": "a mixin cannot be played: it is a fragment that rulesets extend",
    "TS471": "two rulesets of an extends list set the same key to different values",
    "TS472": "an extends list that is empty or names the same ruleset twice",
    "TS473": "a mixin removes a key (null): only the ruleset that extends it may",
}

# each file names itself and says whether it is a base or a mixin
NOT_INHERITED = ("id", "abstract", "mixin")
# not rules: they merge in order, an extends list may disagree on them
NO_CONFLICT = frozenset({"id", "abstract", "mixin", "extends", "version", "meta", "$schema"})
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
    """Every bundled ruleset file, sorted (the mixins are fragments, not rulesets: see
    `bundled_mixins`)."""
    return [p for p in _bundled_files(bundled_root()) if not says_mixin(p)]


def bundled_mixins() -> list[FsPath]:
    """Every bundled mixin file (``mixin: true``), sorted: named by ``extends`` lists like
    the rulesets, validated as fragments, never listed as games nor played."""
    return [p for p in _bundled_files(bundled_root()) if says_mixin(p)]


@functools.cache
def _bundled_files(root: FsPath | None) -> tuple[FsPath, ...]:
    if root is None:
        return ()
    return tuple(sorted(p for p in root.rglob("*") if p.suffix in YAML_SUFFIXES and p.is_file()))


_ID_LINE = re.compile(r"""^id:[ \t]*["']?([a-z0-9][a-z0-9-]*)["']?[ \t]*(?:#.*)?$""", re.MULTILINE)
_MIXIN_LINE = re.compile(r"^mixin:[ \t]*true[ \t]*(?:#.*)?$", re.MULTILINE)


@functools.cache
def _head(path: FsPath) -> str | None:
    """The start of a file as text, where its top-level `id:` and `mixin:` lines are; None
    when it cannot be read. Read once per process: listing the bundled rulesets asks both
    of every bundled file."""
    try:
        return path.read_text(encoding="utf-8", errors="replace")[:20_000]
    except OSError:
        return None


@functools.cache
def says_mixin(path: FsPath) -> bool:
    """The file's own top level says ``mixin: true`` (read as text: a bundled file that
    does not parse is `validate`'s to report, and is listed as a ruleset)."""
    head = _head(path)
    return head is not None and bool(_MIXIN_LINE.search(head))


def bundled_mixin_ids() -> dict[str, FsPath]:
    """Bundled mixin id -> its file."""
    return _ids_of(tuple(bundled_mixins()))


@functools.cache
def _ids(root: FsPath | None) -> dict[str, FsPath]:
    return _ids_of(tuple(bundled_rulesets()))


@functools.cache
def _ids_of(files: tuple[FsPath, ...]) -> dict[str, FsPath]:
    declared: dict[str, FsPath] = {}
    stems: dict[str, FsPath] = {}
    for path in files:
        stems.setdefault(path.stem, path)
        head = _head(path)
        match = None if head is None else _ID_LINE.search(head)
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
    mixins = bundled_mixin_ids()
    if ref in mixins:
        return mixins[ref], "", None
    ids = {**ids, **mixins}
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


def _refs(doc: dict[str, Any]) -> list[tuple[Path, str]] | None:
    """(where, ref) per base the file names: ``extends: X`` or ``extends: [X, Y]``; None
    without extends or with a value of the wrong type (the schema's to report)."""
    ref = doc.get("extends")
    if isinstance(ref, str) and ref:
        return [(("extends",), ref)]
    if isinstance(ref, list) and ref and all(isinstance(r, str) and r for r in ref):
        return [(("extends", i), r) for i, r in enumerate(ref)]
    return None


def is_mixin(doc: Any) -> bool:
    """The file says it is a mixin (`mixin: true`, never inherited)."""
    return isinstance(doc, dict) and doc.get("mixin") is True


def _load(
    path: FsPath, chain: tuple[FsPath, ...]
) -> tuple[dict[str, Any], SourceMap, list[Diagnostic]]:
    name = display_name(path)
    doc, smap, problems = parse_yaml(read_source(path, name), name)
    if is_mixin(doc):
        problems = [*problems, *_mixin_nulls(doc, smap)]
    refs = _refs(doc)
    if isinstance(doc.get("extends"), list) and not doc["extends"]:
        problems.append(
            smap.diagnostic(
                "TS472",
                "extends: the list is empty",
                ("extends",),
                hint="name at least one ruleset, or remove 'extends'",
            )
        )
    if refs is None:
        smap.removed = {p: (smap.key_span(p), False) for p in null_paths(doc, ())}
        return merge({}, doc), smap, problems
    here = path.resolve()
    chain = (*chain, here)
    bases: list[_Base] = []
    fatal: list[Diagnostic] = []
    for where, ref in refs:
        found = _find(ref, where, here=here, chain=chain, smap=smap, seen=bases)
        if isinstance(found, Diagnostic):
            fatal.append(found)
            continue
        note = (f"inherited by this file (extends: {ref})", smap.span(where))
        try:
            bdoc, bsmap, bproblems = _load(found, chain)
        except DiagnosticError as err:
            fatal += _noted(err.diagnostics, note)
            continue
        bases.append(_Base(where, ref, found.resolve(), bdoc, bsmap, _noted(bproblems, note)))
    if fatal:
        raise DiagnosticError([*problems, *fatal])
    bdoc, bsmap, conflicts = _combine(bases, doc, smap)
    label = bases[0].ref if len(bases) == 1 else "[" + ", ".join(b.ref for b in bases) + "]"
    notes = {b.smap.file: (smap.span(b.where), b.ref) for b in bases}
    merged, msmap = merge_documents(bdoc, bsmap, doc, smap, label, inherited=notes)
    useless = list(removes_nothing(bdoc, doc, smap, ()))
    inherited_problems = [d for b in bases for d in b.problems]
    return merged, msmap, [*inherited_problems, *problems, *conflicts, *useless]


@dataclasses.dataclass(frozen=True, slots=True)
class _Base:
    """One entry of an extends list, resolved with its own bases."""

    where: Path  # its place in the extending file: ("extends",) or ("extends", i)
    ref: str
    file: FsPath
    doc: dict[str, Any]
    smap: SourceMap
    problems: list[Diagnostic]


def _find(
    ref: str,
    where: Path,
    *,
    here: FsPath,
    chain: tuple[FsPath, ...],
    smap: SourceMap,
    seen: list[_Base],
) -> FsPath | Diagnostic:
    """The file of one entry, or the located problem (missing, a cycle, named twice)."""
    base, message, hint = find_base(ref, here.parent)
    if base is None:
        return smap.diagnostic("TS110", message, where, hint=hint)
    if base.resolve() in chain:
        loop = [*chain[chain.index(base.resolve()) :], base.resolve()]
        shown = " -> ".join(display_name(p) for p in loop)
        return smap.diagnostic("TS111", f"extends goes round in a cycle: {shown}", where)
    twice = next((b for b in seen if b.file == base.resolve()), None)
    if twice is not None:
        also = "" if twice.ref == ref else f" (also as '{quote_input(twice.ref)}')"
        return smap.diagnostic(
            "TS472",
            f"extends names '{quote_input(ref)}' twice{also}",
            where,
            hint="name each ruleset once",
        )
    return base


def _mixin_nulls(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """TS473: a mixin is added to rulesets, so it has nothing to remove."""
    for p in null_paths(doc, ()):
        yield smap.diagnostic(
            "TS473",
            f"a mixin cannot remove '{'.'.join(map(str, p))}' (null): it only adds rules",
            p,
            at_key=True,
            hint="remove it in the ruleset that extends the mixin, or leave the key out",
        )


def _noted(diags: Any, note: tuple[str, Any]) -> list[Diagnostic]:
    return [dataclasses.replace(d, notes=(*d.notes, note)) for d in diags]


def merge_documents(
    base: dict[str, Any],
    bsmap: SourceMap,
    overlay: dict[str, Any],
    osmap: SourceMap,
    ref: str,
    *,
    inherited: dict[str, tuple[Any, str]] | None = None,
) -> tuple[dict[str, Any], SourceMap]:
    """The merged document and a SourceMap pointing each path at the file that set it.

    `inherited` (base file -> where the overlay names it, and how) defaults to the one base
    named by the overlay's ``extends``."""
    inherited_part = {k: v for k, v in base.items() if k not in NOT_INHERITED}
    if is_mixin(base):
        inherited_part["meta"] = mixin_meta(base.get("meta"))
    if "meta" in inherited_part:
        inherited_part["meta"] = inherited_meta(inherited_part["meta"], overlay)
    if inherited_part.get("meta") is None:
        inherited_part.pop("meta", None)
    merged = merge(inherited_part, overlay)
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
    notes = inherited if inherited is not None else {bsmap.file: (osmap.span(("extends",)), ref)}
    smap.inherited = {**bsmap.inherited, **notes}
    return merged, smap


def mixin_meta(meta: Any) -> dict[str, Any] | None:
    """What a mixin's `meta` gives the rulesets that extend it: its recorded choices only
    (its title, description and sources describe the fragment, not those games)."""
    if isinstance(meta, dict) and isinstance(meta.get("choices"), dict) and meta["choices"]:
        return {"choices": meta["choices"]}
    return None


# ---------------------------------------------------------------------------------------
# Several bases: merge in order, refuse disagreement.


def _combine(
    bases: list[_Base], doc: dict[str, Any], smap: SourceMap
) -> tuple[dict[str, Any], SourceMap, list[Diagnostic]]:
    """The entries of an extends list merged left to right, and the conflicts (TS471) that
    the extending file does not settle itself."""
    first = bases[0]
    if len(bases) == 1:
        return first.doc, first.smap, []
    acc = {k: v for k, v in first.doc.items() if k not in NOT_INHERITED}
    if is_mixin(first.doc):
        acc.pop("meta", None)
        meta = mixin_meta(first.doc.get("meta"))
        if meta is not None:
            acc["meta"] = meta
    accsmap = first.smap
    origin = dict.fromkeys(_leaves(acc), first)
    settled = changed_rules(doc)
    problems: list[Diagnostic] = []
    for later in bases[1:]:
        changed: list[Path] = []
        clashes: set[Path] = set()
        for p, value in _leaf_items(later.doc):
            old = _at(acc, p)
            if old == value or (value == {} and isinstance(old, dict)):
                continue
            changed.append(p)
            if old is _ABSENT or any(p[: len(s)] == s for s in settled):
                continue  # new, or the file sets it (or a key above it): no disagreement
            clash = _clash_path(acc, p)
            if clash not in clashes:
                clashes.add(clash)
                problems.append(
                    _conflict(smap, clash, origin=origin, first=first, later=later, acc=acc)
                )
        for p in changed:
            origin[p] = later
        for p in _leaves(later.doc):
            origin.setdefault(p, later)
        acc, accsmap = _mix(acc, accsmap, later, changed)
    return acc, accsmap, problems


_ABSENT: Any = object()


def _leaves(doc: Any) -> list[Path]:
    return [p for p, _v in _leaf_items(doc)]


def _leaf_items(doc: dict[str, Any]) -> list[tuple[Path, Any]]:
    """The rules of a resolved document: each scalar, list or empty mapping, with its path
    (the keys that are not rules, such as `meta`, left out)."""
    out: list[tuple[Path, Any]] = []
    todo: list[tuple[Path, Any]] = [((k,), v) for k, v in doc.items() if k not in NO_CONFLICT]
    while todo:
        path, value = todo.pop()
        if isinstance(value, dict) and value:
            todo.extend(((*path, k), v) for k, v in value.items())
        else:
            out.append((path, value))
    return sorted(out, key=lambda item: tuple(map(str, item[0])))


def _at(doc: Any, path: Path) -> Any:
    """The value at `path`; a scalar met on the way stands for the whole subtree (a
    mapping set where the other entry has a number disagrees with it)."""
    for key in path:
        if not isinstance(doc, dict):
            return doc
        if key not in doc:
            return _ABSENT
        doc = doc[key]
    return doc


def _clash_path(doc: Any, path: Path) -> Path:
    """The shortest prefix of `path` where `doc` holds something other than a mapping."""
    for i in range(len(path)):
        if not isinstance(doc, dict):
            return path[:i]
        doc = doc[path[i]]
    return path


def _conflict(
    smap: SourceMap,
    path: Path,
    *,
    origin: dict[Path, _Base],
    first: _Base,
    later: _Base,
    acc: dict[str, Any],
) -> Diagnostic:
    key = ".".join(map(str, path))
    earlier = next((b for p, b in origin.items() if p[: len(path)] == path), first)
    before, after = _shown(_at(acc, path)), _shown(_at(later.doc, path))
    notes = (
        (f"'{earlier.ref}' sets {key}: {before}", earlier.smap.span(path)),
        (f"'{later.ref}' sets {key}: {after}", later.smap.span(path)),
    )
    return smap.diagnostic(
        "TS471",
        f"extends: '{earlier.ref}' and '{later.ref}' disagree on {key} ({before} vs {after})",
        later.where,
        hint=f"set '{key}' in this file to say which value wins, or drop one of them",
        notes=notes,
    )


def _shown(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _mix(
    acc: dict[str, Any], accsmap: SourceMap, later: _Base, changed: list[Path]
) -> tuple[dict[str, Any], SourceMap]:
    """`later` merged over what the entries before it gave; the earlier entries' recorded
    choices about the rules `later` changes are dropped, as through a single extends."""
    patch = {k: v for k, v in later.doc.items() if k not in NOT_INHERITED}
    meta = patch.pop("meta", None)
    if is_mixin(later.doc):
        meta = mixin_meta(meta)
    out = merge(acc, patch)
    base_meta = acc.get("meta")
    if isinstance(base_meta, dict):
        base_meta = inherited_meta_after(base_meta, changed)
    combined = merge(base_meta if isinstance(base_meta, dict) else {}, meta or {})
    if combined:
        out["meta"] = combined
    else:
        out.pop("meta", None)
    live = set(paths(out))
    smap = SourceMap(accsmap.file)
    for table in ("values", "keys", "scalars"):
        both = {**getattr(accsmap, table), **getattr(later.smap, table)}
        setattr(smap, table, {p: v for p, v in both.items() if p in live})
    smap.sources = {**accsmap.sources, **later.smap.sources}
    smap.removed = {**accsmap.removed, **later.smap.removed}
    smap.inherited = {**accsmap.inherited, **later.smap.inherited}
    return out, smap


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
