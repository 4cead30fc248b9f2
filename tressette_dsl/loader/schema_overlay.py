"""The overlay half of the ruleset schema, derived from the full half: a house rule that
`extends` another names only what it changes, so nothing is required of it.

The shipped schema (`ruleset.schema.json`) switches on `extends` at its root: a document
without it must be a whole ruleset (``$defs/ruleset``); one with it is an *overlay*
(``$defs/overlay``), which editors and ``check-jsonschema`` check for shape only, because
the missing keys come from the base (the loader checks the merged document against
``$defs/ruleset``, so nothing is lost). The overlay definitions are computed here from the
full ones, never edited by hand:

- every ``required`` is dropped;
- every property may also be null (RFC 7396: null removes an inherited entry);
- a subschema that requires nothing, has no keys and refers to no definition (a leaf: an
  enum, a number, an expression string) is the same in both halves:
  the overlay refers to it (a JSON pointer into the whole half) rather than copying it, so
  each enum and its description exist once;
- a union discriminated by ``kind`` (``oneOf``) becomes ``anyOf`` of its overlay branches:
  an overlay phase that leaves ``kind`` to its base may fit several kinds;
- a ``$ref`` to ``#/$defs/X`` points to ``#/$defs/overlay_X``.

``python -m tressette_dsl.loader.schema_overlay`` rewrites the file after the full half
changed; a test fails while the two halves disagree.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

DEFS = "#/$defs/"
ROOT_SWITCH: dict[str, Any] = {
    "if": {"required": ["extends"]},
    "then": {"$ref": "#/$defs/overlay"},
    "else": {"$ref": "#/$defs/ruleset"},
}


def _pointer(path: tuple[str, ...]) -> str:
    """A JSON pointer reference (RFC 6901) to the whole-half subschema at `path`."""
    return "#/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in path)


def _needs_copy(node: Any) -> bool:
    """A subschema that requires something, holds keys (each may be null in an overlay) or
    refers to a definition (which may): its overlay form differs. Any other subschema is
    the same in both halves and is referred to, not copied, so that each enum and its
    description are written once."""
    if isinstance(node, dict):
        # a mapping's keys may each be null in an overlay, so mappings are copied too
        if "required" in node or "$ref" in node or "properties" in node:
            return True
        return any(_needs_copy(v) for v in node.values())
    if isinstance(node, list):
        return any(_needs_copy(v) for v in node)
    return False


def _allows_null(schema: dict[str, Any]) -> bool:
    if schema.get("type") == "null":
        return True
    return any(isinstance(b, dict) and b.get("type") == "null" for b in schema.get("anyOf", ()))


def _null_or(schema: dict[str, Any], described: str) -> dict[str, Any]:
    """`schema`, or null (removes the inherited value); the description stays on top, where
    editors read it."""
    if _allows_null(schema):
        return schema
    inner = {k: v for k, v in schema.items() if k != "description"}
    inner["description"] = "The value."
    return {
        "description": described,
        "anyOf": [
            inner,
            {"type": "null", "description": "Removes the value inherited through extends."},
        ],
    }


def _child(node: Any, path: tuple[str, ...]) -> Any:
    """A subschema in the overlay half: a reference to the whole half when it is the same."""
    if isinstance(node, dict) and not _needs_copy(node):
        return {"$ref": _pointer(path), "description": node.get("description", "The value.")}
    return overlay(node, path)


def overlay(node: Any, path: tuple[str, ...] = ()) -> Any:
    """The overlay form of the subschema found at `path` in the whole half."""
    if isinstance(node, list):
        return [overlay(item, (*path, str(i))) for i, item in enumerate(node)]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    union = "oneOf" in node
    for key, value in node.items():
        here = (*path, key)
        if key == "required" or (union and key == "properties"):
            continue
        if key in ("if", "then", "else"):
            continue  # conditions only add requirements: none apply to an overlay
        if key == "$ref" and value == DEFS + "overlay":
            out[key] = value  # already the overlay (a `by_seats` entry): the same in both
        elif key == "$ref" and isinstance(value, str) and value.startswith(DEFS):
            out[key] = DEFS + "overlay_" + value[len(DEFS) :]
        elif key in ("oneOf", "anyOf", "allOf", "prefixItems"):
            target = "anyOf" if key == "oneOf" else key
            out[target] = [_child(v, (*here, str(i))) for i, v in enumerate(value)]
        elif key in ("properties", "patternProperties"):
            out[key] = {
                name: _null_or(_child(sub, (*here, name)), sub.get("description", "The value."))
                for name, sub in value.items()
            }
        elif key in ("items", "additionalProperties", "propertyNames", "contains"):
            out[key] = _child(value, here) if isinstance(value, dict) else value
        else:
            out[key] = value
    return out


def full_half(schema: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The whole-ruleset definition and the shared definitions, overlay parts left out."""
    defs = {k: v for k, v in schema["$defs"].items() if not k.startswith("overlay")}
    return defs["ruleset"], {k: v for k, v in defs.items() if k != "ruleset"}


def with_overlays(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with its overlay definitions (re)computed from the full ones."""
    ruleset, shared = full_half(schema)
    out = {k: v for k, v in schema.items() if k not in ("$defs", "if", "then", "else")}
    out.update(copy.deepcopy(ROOT_SWITCH))
    defs: dict[str, Any] = {"ruleset": ruleset, **shared}
    root = overlay(ruleset, ("$defs", "ruleset"))
    root["description"] = (
        "A ruleset that extends another: any key of a ruleset, none required (the base "
        "supplies the rest); null removes an inherited entry."
    )
    defs["overlay"] = root
    for name, sub in shared.items():
        # every $ref of the overlay half names overlay_X, so each definition has one, a
        # plain reference to the whole one when nothing in it differs
        defs[f"overlay_{name}"] = (
            overlay(sub, ("$defs", name))
            if _needs_copy(sub)
            else {"$ref": _pointer(("$defs", name)), "description": sub.get("description", "")}
        )
    out["$defs"] = defs
    return out


def main(argv: list[str] | None = None) -> int:
    from tressette_dsl.loader.schema import SCHEMA_FILE  # noqa: PLC0415

    path = Path(argv[0]) if argv else SCHEMA_FILE
    current = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(
        json.dumps(with_overlays(current), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(f"wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
