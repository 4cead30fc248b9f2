"""A mixin's expressions, checked where they are used: in the rulesets that extend it.

A mixin (`mixin: true`) is a fragment, not a game: its expressions name things only an
extender supplies (its zones, contracts, phases), so they are compiled only inside a
ruleset that extends it, and validating the mixin alone used to say "all valid" however
broken they were. `tressette validate MIXIN` therefore also builds each ruleset that
extends it - the bundled ones, and the ruleset files in the mixin's own folder (house rules
kept beside their mixin) - and reports the problems located in the mixin's file, each once,
with the note that names the extender it was found through. Problems located in an
extender's own file (a clash of two bases, its own typos) are that file's business and are
left out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tressette_dsl.diagnostics import Diagnostic, Severity
from tressette_dsl.loader.extends import YAML_SUFFIXES


def extender_problems(mixin_file: Path, doc: dict[str, Any]) -> list[Diagnostic]:
    """The errors located in `mixin_file` found by building each ruleset extending it."""
    from tressette_dsl.loader import validate_file  # noqa: PLC0415 - the loader imports us

    mine = mixin_file.resolve()
    out: list[Diagnostic] = []
    seen: set[tuple[str, str, int, int]] = set()
    for extender in extenders(mine, str(doc.get("id") or "")):
        problems, _built = validate_file(extender)
        for d in problems:
            if d.severity is not Severity.ERROR or d.span is None:
                continue
            if Path(d.span.file).resolve() != mine:
                continue
            key = (d.code, d.message, d.span.line, d.span.col)
            if key not in seen:
                seen.add(key)
                out.append(d)
    return out


def extenders(mixin_file: Path, mixin_id: str) -> list[Path]:
    """The ruleset files that name the mixin in `extends` (by id, or by a path that leads
    to its file): the bundled ones and those in the mixin's folder, sorted."""
    from tressette_dsl.loader import playable_rulesets  # noqa: PLC0415

    candidates = {p.resolve() for p in playable_rulesets()}
    folder = mixin_file.parent
    candidates |= {p.resolve() for p in folder.iterdir() if p.suffix in YAML_SUFFIXES}
    candidates.discard(mixin_file)
    return sorted(p for p in candidates if _names(p, mixin_file, mixin_id))


def _names(path: Path, mixin_file: Path, mixin_id: str) -> bool:
    """Whether the file at `path` lists the mixin in its `extends` (read as plain YAML: a
    file that does not parse names nothing)."""
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return False
    if not isinstance(doc, dict) or doc.get("mixin") is True:
        return False
    bases = doc.get("extends")
    names = bases if isinstance(bases, list) else [bases]
    for name in names:
        if not isinstance(name, str):
            continue
        if name == mixin_id:
            return True
        if name.endswith(YAML_SUFFIXES) and (path.parent / name).resolve() == mixin_file:
            return True
    return False
