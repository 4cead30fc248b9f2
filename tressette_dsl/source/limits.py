"""The bounds of the YAML reader, the path type and the codes of the problems it reports.

A path is the keys and list indices from the document root to one value, as the
`SourceMap` and every diagnostic name it.
"""

from __future__ import annotations

Path = tuple[str | int, ...]

MAX_BYTES = 1_000_000
MAX_DEPTH = 64
MAX_PROBLEMS = 100
MAX_VALUES = 20_000

CODES: dict[str, str] = {
    "TS100": "too many problems in one file: the first ones are shown",
    "TS101": "YAML syntax error",
    "TS102": "duplicate key",
    "TS103": "ambiguous scalar: a YAML 1.1 boolean or number form, or a float",
    "TS104": "anchors, aliases and merge keys are not used in rulesets",
    "TS105": "file too large",
    "TS106": "YAML tag not allowed",
    "TS107": "nesting too deep",
    "TS108": "empty file",
    "TS109": "not a UTF-8 text file",
    "TS112": "the top level is not a mapping",
    "TS113": "more than one YAML document",
    "TS114": "cannot read the file",
    "TS115": "a key that is not a plain name",
}
