"""YAML text -> plain data plus a `SourceMap` (path -> `Span`), with strict scalars.

The ruleset reader never composes a YAML node graph: PyYAML's composer recurses once per
nesting level and expands aliases. Instead one iterative pass over the parser's event
stream builds the plain data (dicts, lists, str, int, bool, None) and, beside it, a table
from each path to where its key and value were written. The same pass enforces the
language's YAML subset:

* keys always stay strings; only ``true``/``false`` are booleans; integers are plain
  decimal; ``yes``/``on``/``012``/``0x1F``/``1:30``/``1.5`` are reported (TS103);
* duplicate keys are reported at the second key, pointing at the first (TS102);
* anchors, aliases and ``<<`` merge keys are rejected, so an alias bomb costs nothing (TS104);
* only the ``!!str``, ``!!map`` and ``!!seq`` tags are accepted, never ``!!python/...`` (TS106);
* nesting deeper than `MAX_DEPTH` stops the pass at once (TS107).

The package, one module per job: `decode` (file bytes to text), `scalars` (the strict
YAML 1.1 scalar rules), `walker` (the event walk: `parse_yaml`, `load_yaml`), `sourcemap`
(`SourceMap`, `Scalar`) and `limits` (bounds, `Path`, `CODES`). Import from here.
"""

from __future__ import annotations

from tressette_dsl.source.decode import decode_source, display_name, read_source
from tressette_dsl.source.limits import (
    CODES,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_PROBLEMS,
    MAX_VALUES,
    Path,
)
from tressette_dsl.source.scalars import resolve_plain
from tressette_dsl.source.sourcemap import Scalar, SourceMap
from tressette_dsl.source.walker import load_yaml, parse_yaml

__all__ = [
    "CODES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_PROBLEMS",
    "MAX_VALUES",
    "Path",
    "Scalar",
    "SourceMap",
    "decode_source",
    "display_name",
    "load_yaml",
    "parse_yaml",
    "read_source",
    "resolve_plain",
]
