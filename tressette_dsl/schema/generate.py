"""Rebuild the phase parts of the shipped JSON Schema from the registry of phase kinds.

The schema stays a static file (editors and other tools read `ruleset.schema.json`), but
its phase parts - `$defs/phase` (the `kind` enum and the `oneOf` of kinds) and one
`$defs/phase_<kind>` per kind - come from the units (`engine.phases.PHASE_KINDS`, each
kind's `schema`). After changing or adding a phase kind, run

    python -m tressette_dsl.schema.generate          # rewrite the file
    python -m tressette_dsl.schema.generate --check  # exit 1 if it is out of date

A test (tests/unit/test_schema_generate.py) fails while the shipped file differs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from typing import Any

from tressette_dsl.engine.phases import PHASE_KINDS
from tressette_dsl.engine.phases.kind import PhaseKind
from tressette_dsl.loader.schema_overlay import with_overlays
from tressette_dsl.resources import data_path
from tressette_dsl.rules.phases import SETS
from tressette_dsl.rules.zones import ZONE_SCHEMA, ZONES_PROPERTY

# in a checkout beside this module; in the wheel under _data (resources.py, pyproject.toml)
SCHEMA_FILE = data_path("tressette_dsl", "schema", "ruleset.schema.json")


def phase_union(kinds: Mapping[str, PhaseKind[Any]]) -> dict[str, Any]:
    """`$defs/phase`: a mapping whose `kind` selects one of the kinds' fragments."""
    return {
        "description": "A phase of the deal; `kind` selects which keys it has.",
        "type": "object",
        "required": ["kind"],
        "properties": {"kind": {"enum": list(kinds), "description": "The phase kind."}},
        "oneOf": [
            {"$ref": f"#/$defs/phase_{name}", "description": f"A {name} phase."} for name in kinds
        ],
    }


# Annotations (ignored by validation) of a phase fragment: the key paths that name a zone,
# and those of them that fill it (`PhaseKind.zone_keys`, `zone_fills`), and the names the
# kind sets for later expressions (`PhaseKind.sets`, sorted). The loader reads them from
# the schema (rules/zones.py, rules/phases `set_by`), so that checking a file imports
# neither the engine nor the modules of the phase kinds it does not use.
ZONE_KEYS = "x-zone-keys"
ZONE_FILLS = "x-zone-fills"


def phase_fragment(kind: PhaseKind[Any]) -> dict[str, Any]:
    """`$defs/phase_<kind>`: the kind's schema, with its zone keys and the names it sets as
    annotations."""
    out: dict[str, Any] = json.loads(json.dumps(kind.schema))
    if kind.sets:
        out[SETS] = sorted(kind.sets)
    if kind.zone_keys:
        out[ZONE_KEYS] = [list(keys) for keys in kind.zone_keys]
    if kind.zone_fills:
        out[ZONE_FILLS] = [list(keys) for keys in kind.zone_fills]
    return out


def generate(
    schema: Mapping[str, Any], kinds: Mapping[str, PhaseKind[Any]] | None = None
) -> dict[str, Any]:
    """`schema` with its phase parts rebuilt from `kinds` (the registry by default) and its
    zone parts (`$defs/ruleset/properties/zones`, `$defs/zone`) from `rules/zones.py`; every
    other part, and the order of `$defs`, kept as it is (a missing zone part goes after
    `phases`); then the overlay definitions recomputed from the result
    (`loader.schema_overlay`)."""
    kinds = PHASE_KINDS if kinds is None else kinds
    defs: dict[str, Any] = {}
    for key, value in schema["$defs"].items():
        if key == "phase":
            defs["phase"] = phase_union(kinds)
            for name, kind in kinds.items():
                defs[f"phase_{name}"] = phase_fragment(kind)
        elif not key.startswith(("phase_", "overlay")) and key != "zone":
            defs[key] = value
    defs["zone"] = json.loads(json.dumps(ZONE_SCHEMA))
    ruleset = defs["ruleset"]
    properties: dict[str, Any] = {}
    for key, value in ruleset["properties"].items():
        if key != "zones":
            properties[key] = value
        if key == "phases":
            properties["zones"] = json.loads(json.dumps(ZONES_PROPERTY))
    defs["ruleset"] = {**ruleset, "properties": properties}
    # the overlay half (house rules checked alone) follows the whole half it is derived from
    return with_overlays({**schema, "$defs": defs})


def render(schema: Mapping[str, Any]) -> str:
    """The file's text: two-space JSON, non-ASCII kept, a final newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def shipped() -> str:
    return SCHEMA_FILE.read_text(encoding="utf-8")


def generated() -> str:
    return render(generate(json.loads(shipped())))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is current")
    args = parser.parse_args(argv)
    text = generated()
    if text == shipped():
        print(f"{SCHEMA_FILE.name} is up to date")
        return 0
    if args.check:
        print(f"{SCHEMA_FILE.name} is out of date: run python -m tressette_dsl.schema.generate")
        return 1
    SCHEMA_FILE.write_text(text, encoding="utf-8")
    print(f"rewrote {SCHEMA_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
