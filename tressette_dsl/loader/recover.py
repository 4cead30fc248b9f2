"""A second look past the first errors, so that one run reports every problem.

The stages stop at the first stage that finds errors, because a later stage cannot trust a
document of the wrong shape. A user fixing a house rule should not need three runs to see
three unrelated mistakes, though. So once a stage has failed, the values it complained
about are set aside (put back to what the base ruleset says, or removed), and the later
stages run on that repaired copy. Only problems away from the set-aside values are kept:
anything else would be an echo of a problem already reported, or an artefact of the repair.
"""

from __future__ import annotations

import copy
from pathlib import Path as FsPath
from typing import Any

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, Severity
from tressette_dsl.loader import checks, extends, schema
from tressette_dsl.source import Path, SourceMap

_ROUNDS = 4
# A badly named entry is still the entry the author meant: keep it, so that references to
# it do not turn into echoes ("phase 'Score' is not defined").
_KEEP = {"TS209"}
# Everything else is measured against these: when one of them is set aside with no inherited
# value to fall back on, a later problem could be a mere consequence of the default.
_FOUNDATIONS = {"players", "deck", "sides"}


def more_problems(
    file: FsPath, doc: dict[str, Any], smap: SourceMap, problems: list[Diagnostic], *, build: bool
) -> list[Diagnostic]:
    """Problems the later stages find once the values already reported are set aside."""
    errors = [d for d in problems if d.severity is Severity.ERROR]
    if not errors or any(not d.path for d in errors):
        return []  # a problem with no place in the document (YAML syntax): nothing to trust
    base = _base_document(file, doc)
    bad = [d.path for d in errors]
    keep = [d.path for d in errors if d.code in _KEEP]
    if any(_lost_foundation(p, base) for p in bad if p not in keep):
        return []
    repaired = _repair(doc, base, [p for p in bad if p not in keep])
    if schema.check(repaired, smap, skip=bad):
        return []
    found: list[Diagnostic] = []
    for _ in range(_ROUNDS):
        new = [d for d in checks.check(repaired, smap) if not _under(d.path, bad)]
        found += new
        if not [d for d in new if d.severity is Severity.ERROR]:
            break
        bad += [d.path for d in new if d.path]
        if any(_lost_foundation(d.path, base) for d in new if d.path):
            return found
        repaired = _repair(doc, base, [p for p in bad if p not in keep])
        if schema.check(repaired, smap, skip=bad):
            return found
    else:
        return found
    if build and repaired.get("abstract") is not True and repaired.get("mixin") is not True:
        found += _build_problems(repaired, smap, bad)
    return found


def _build_problems(doc: dict[str, Any], smap: SourceMap, bad: list[Path]) -> list[Diagnostic]:
    from tressette_dsl.rules.build import build_ruleset  # noqa: PLC0415 - the heavy part

    try:
        build_ruleset(doc, smap)
    except DiagnosticError as err:
        # a key written as null (a phase `play:` left empty) is reported where the schema or
        # the checks found it missing; what the compiler then says about it is an echo
        removed = [*bad, *smap.removed]
        return [d for d in err.diagnostics if not _under(d.path, removed, siblings=False)]
    except Exception:  # a repaired copy may trip the compiler: not the user's problem
        return []
    return []


def _lost_foundation(path: Path, base: dict[str, Any]) -> bool:
    return bool(path) and path[0] in _FOUNDATIONS and _get(base, path) is _MISSING


def _base_document(file: FsPath, doc: dict[str, Any]) -> dict[str, Any]:
    ref = doc.get("extends")
    refs = [ref] if isinstance(ref, str) else ref if isinstance(ref, list) else []
    base: dict[str, Any] = {}
    for one in refs:  # the bases in order, as the loader merges them
        if not isinstance(one, str):
            return {}
        found, _message, _hint = extends.find_base(one, file.resolve().parent)
        if found is None:
            return {}
        try:
            more, _smap, _problems = extends.load(found)
        except DiagnosticError:
            return {}
        base = extends.merge(base, more)
    return base


def _repair(doc: dict[str, Any], base: dict[str, Any], bad: list[Path]) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    for path in sorted(set(bad), key=len, reverse=True):
        if path:
            _put_back(out, base, path)
    return out


def _put_back(doc: Any, base: Any, path: Path) -> None:
    """Set `path` in `doc` to the base's value there, or remove it when the base has none."""
    parent = doc
    for step in path[:-1]:
        try:
            parent = parent[step]
        except (KeyError, IndexError, TypeError):
            return
    last = path[-1]
    value = _get(base, path)
    if isinstance(parent, dict):
        if value is _MISSING:
            parent.pop(last, None)
        else:
            parent[last] = copy.deepcopy(value)
    elif isinstance(parent, list) and isinstance(last, int) and last < len(parent):
        if value is _MISSING:
            del parent[last]
        else:
            parent[last] = copy.deepcopy(value)


_MISSING = object()


def _get(doc: Any, path: Path) -> Any:
    for step in path:
        try:
            doc = doc[step]
        except (KeyError, IndexError, TypeError):
            return _MISSING
    return doc


def _under(path: Path, bad: list[Path], *, siblings: bool = True) -> bool:
    """True when `path` is at, inside or above a set-aside value, or (for the cross-checks,
    which compare keys of one mapping) beside one: a problem there may be an echo of the one
    reported, or of the repair (a sibling key that now lacks its partner). Expressions are
    compiled one slot at a time, so a sibling expression's problem is its own."""
    for b in bad:
        if path[: len(b)] == b or b[: len(path)] == path:
            return True
        if siblings and path[:-1] == b[:-1]:
            return True
    return False
