"""The rulesets a server offers: every playable bundled one, and the files or folders named
on the command line (house rules), each loaded once and checked before the server starts.

A ruleset is chosen by its key (its id; a file whose id is already taken gets ``id@file``).
The page never sends a path: a browser can only pick from this list, so a server reads no
file it was not told about.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tressette_dsl.describe import describe
from tressette_dsl.diagnostics import DiagnosticError
from tressette_dsl.loader import load_ruleset, playable_rulesets
from tressette_dsl.loader.extends import YAML_SUFFIXES
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.web import views


class CatalogError(ValueError):
    """A command-line ruleset that cannot be offered (missing, invalid, abstract)."""


@dataclass(slots=True)
class Entry:
    key: str
    source: str  # what `load_ruleset` was given: a bundled id or a file path
    path: str | None  # the file for house rules given on the command line, else None
    rules: Ruleset
    bundled: bool
    _describe: str | None = field(default=None, repr=False)

    @property
    def markdown(self) -> str:
        """The ruleset's `describe` page, generated once."""
        if self._describe is None:
            self._describe = describe(self.rules)
        return self._describe

    def summary(self) -> dict[str, Any]:
        rules = self.rules
        return {
            "key": self.key,
            "id": rules.id,
            "title": rules.title,
            "description": rules.meta.description.strip(),
            "players": rules.players.count,
            "seats": list(rules.players.names),
            "count": views.seat_count(rules),
            "bundled": self.bundled,
        }


class Catalog:
    """Keyed rulesets, in the order shown: bundled by id, then the command line's."""

    def __init__(self, extra: Sequence[str] = ()) -> None:
        self.entries: dict[str, Entry] = {}
        for path in playable_rulesets():
            rules = load_ruleset(str(path))
            self._add(rules.id, rules.id, None, rules, bundled=True)
        for path in _files(extra):
            try:
                rules = load_ruleset(str(path))
            except DiagnosticError as err:
                first = err.diagnostics[0] if err.diagnostics else None
                raise CatalogError(f"{path}: does not load: {first}") from None
            key = rules.id if rules.id not in self.entries else f"{rules.id}@{path.name}"
            self._add(key, str(path), str(path.resolve()), rules, bundled=False)

    def _add(self, key: str, source: str, path: str | None, rules: Ruleset, bundled: bool) -> None:
        self.entries[key] = Entry(key, source, path, rules, bundled)

    def get(self, key: str) -> Entry | None:
        return self.entries.get(key)

    def by_hash(self, ruleset_id: str, digest: str) -> Entry | None:
        """The entry a log was written with: same id and same document hash."""
        for entry in self.entries.values():
            if entry.rules.id == ruleset_id and entry.rules.document_hash == digest:
                return entry
        return None

    def summaries(self) -> list[dict[str, Any]]:
        return [e.summary() for e in self.entries.values()]


def _files(refs: Iterable[str]) -> list[Path]:
    """Files named, and the ruleset files inside folders named; bundled ids are already in."""
    out: list[Path] = []
    for ref in refs:
        path = Path(ref)
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.suffix in YAML_SUFFIXES and p.is_file())
            if not found:
                raise CatalogError(f"{ref}: no ruleset files (*.yaml) in this folder")
            out.extend(p for p in found if not _abstract(p))
        elif path.is_file():
            out.append(path)
        elif "/" not in ref and not ref.endswith(YAML_SUFFIXES):
            continue  # a bundled id: offered anyway (checked by the caller)
        else:
            raise CatalogError(f"{ref}: no such file or folder")
    return out


def _abstract(path: Path) -> bool:
    try:
        head = path.read_text(encoding="utf-8")
    except OSError:
        return False
    return any(line.strip() in ("abstract: true", "mixin: true") for line in head.splitlines())
