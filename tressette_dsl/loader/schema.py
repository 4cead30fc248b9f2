"""The document's shape: JSON Schema errors rewritten into game language (TS2xx).

`jsonschema` reports where in the *instance* an error is (``absolute_path``); the
`SourceMap` turns that into ``file:line:col``. Unknown keys are reported at the key itself,
not at the parent mapping that ``additionalProperties`` names, and the union of phase kinds
(a ``oneOf`` discriminated by ``kind``) is unwrapped to the branch the phase asked for.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import re
import sys
from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import Any

from tressette_dsl.diagnostics import Diagnostic, Span, did_you_mean
from tressette_dsl.loader import valid_cache
from tressette_dsl.resources import data_path
from tressette_dsl.source import Path, SourceMap
from tressette_dsl.text import non_ascii_note

# One file, in the package's source tree; the wheel moves it under _data, mirroring the
# checkout, so that the bundled rulesets' `$schema` comments resolve there too (pyproject).
SCHEMA_FILE = data_path("tressette_dsl", "schema", "ruleset.schema.json")

CODES: dict[str, str] = {
    "TS200": "the document does not fit the ruleset schema (other cases)",
    "TS201": "a value of the wrong type",
    "TS202": "a required key is missing",
    "TS203": "unknown key",
    "TS204": "a value that is not one of the allowed words",
    "TS205": "a number out of range",
    "TS206": "text that does not have the required form (an id, one line)",
    "TS207": "text that is empty or too long",
    "TS208": "a list or mapping of the wrong size, or with a repeated item",
    "TS209": "an invalid name for an entry (an id, a suit, a team)",
}

_TYPE_WORDS: dict[str, str] = {
    "object": "a mapping",
    "array": "a list",
    "string": "text",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}

_PATTERN_WORDS = {
    "^[a-z0-9][a-z0-9-]*$": "ruleset id (lower-case letters, digits and '-')",
    "^[a-z][a-z0-9_]*$": "id (lower-case letters, digits and '_', starting with a letter)",
    "^[A-Za-z]$": "suit id (one letter)",
    "^[A-Za-z0-9]$": "rank id (one letter or digit)",
    "^[A-Za-z][A-Za-z0-9_]*$": "team name (letters, digits and '_', starting with a letter)",
    "^[^\\n]*$": "single line (no line breaks)",
}


def schema() -> dict[str, Any]:
    """The ruleset JSON Schema (draft 2020-12), as published in the package - plus any phase
    kind registered at run time (`engine.phases.register`) that the file does not list."""
    return _schema(_extra_kinds())


def _extra_kinds() -> tuple[str, ...]:
    """Registered phase kinds beyond the bundled ones. Read only when the registry is
    already imported, so that validating a file does not load the engine."""
    phases = sys.modules.get("tressette_dsl.engine.phases")
    return () if phases is None else phases.registered_extra()


@functools.cache
def _shipped() -> tuple[bytes, str]:
    """The shipped schema file and its SHA-256 (part of a valid document's key)."""
    data = SCHEMA_FILE.read_bytes()
    return data, hashlib.sha256(data).hexdigest()


@functools.cache
def _schema(extra: tuple[str, ...]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(_shipped()[0])
    if extra:  # the phase parts come from the registry (schema/generate.py)
        from tressette_dsl.schema.generate import generate  # noqa: PLC0415

        loaded = generate(loaded)
    return loaded


def _validator() -> Any:
    return _validator_for(_extra_kinds())


@functools.cache
def _validator_for(extra: tuple[str, ...]) -> Any:
    from jsonschema import Draft202012Validator  # noqa: PLC0415 - keep `import loader` cheap

    # The loader checks the merged document, bases included, so always as a whole ruleset
    # (`$defs/ruleset`): the root's switch to the overlay form on `extends` is for editors,
    # which see one file alone (schema_overlay.py).
    whole = {k: v for k, v in _schema(extra).items() if k not in ("if", "then", "else")}
    whole["$ref"] = "#/$defs/ruleset"
    return Draft202012Validator(whole)


def check(doc: Any, smap: SourceMap, skip: Iterable[Path] = ()) -> list[Diagnostic]:
    """Every schema problem of ``doc``, located; ``skip`` paths (already reported) are left out.

    A document found valid before, unchanged, is not validated again (valid_cache.py)."""
    valid_key = _valid_key(doc)
    if valid_key is not None and valid_cache.known(valid_key):
        return []
    skipped = [tuple(p) for p in skip]
    seen: set[tuple[str, Path, str]] = set()
    out: list[Diagnostic] = []
    errors = 0
    for error in _validator().iter_errors(doc):
        errors += 1
        for diag in _convert(error, smap):
            if diag.code == "TS201" and any(diag.path[: len(p)] == p for p in skipped):
                continue  # the reader already said why this value has the wrong type
            key = (diag.code, diag.path, diag.message)
            if key not in seen:
                seen.add(key)
                lost = lost_indent_hint(smap, diag.path)
                out.append(dataclasses.replace(diag, hint=lost) if lost else diag)
    if valid_key is not None and not errors:
        valid_cache.remember(valid_key)
    return out


def _valid_key(doc: Any) -> str | None:
    """`doc`'s key in the record of valid documents; None while phase kinds registered at
    run time change the schema (it is then made in this process, not read from the file)."""
    if _extra_kinds():
        return None
    return valid_cache.document_key(doc, _shipped()[1])


# ---------------------------------------------------------------------------------------


def _convert(error: Any, smap: SourceMap) -> Iterator[Diagnostic]:
    path: Path = tuple(error.absolute_path)
    kind = error.validator
    if "propertyNames" in error.absolute_schema_path:
        yield _bad_name(error, path, smap)
    elif kind in ("oneOf", "anyOf"):
        yield from _union(error, path, smap)
    elif kind == "additionalProperties":
        yield from _unknown_keys(error, path, smap)
    elif kind == "required":
        yield from _missing(error, path, smap)
    elif kind == "type":
        yield _wrong_type(error, path, smap)
    elif kind in ("enum", "const"):
        yield _not_allowed(error, path, smap)
    elif kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        yield _out_of_range(error, path, smap)
    elif kind == "pattern":
        what = _PATTERN_WORDS.get(error.validator_value, f"form ({error.validator_value})")
        message = f"{_where(path)}: {_show(error.instance)} is not a valid {what}"
        yield smap.diagnostic("TS206", message, path)
    elif kind in ("minLength", "maxLength"):
        yield _length(error, path, smap)
    elif kind in ("minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties"):
        yield _size(error, path, smap)
    else:
        yield smap.diagnostic("TS200", f"{_where(path)}: {error.message}", path)


def _union(error: Any, path: Path, smap: SourceMap) -> Iterator[Diagnostic]:
    """Pick the branch the value meant: the one of its type and (for phases) its kind."""
    groups: dict[int, list[Any]] = {}
    for sub in error.context or ():
        groups.setdefault(sub.relative_schema_path[0], []).append(sub)
    branches = error.validator_value
    live = {
        i: errs
        for i, errs in groups.items()
        if not any(not e.relative_path and e.validator == "type" for e in errs)
        and not any(tuple(e.relative_path) == ("kind",) and e.validator == "const" for e in errs)
    }
    if len(live) == 1:
        for sub in next(iter(live.values())):
            yield from _convert(sub, smap)
        return
    if live:
        from jsonschema.exceptions import best_match  # noqa: PLC0415

        yield from _convert(best_match(e for errs in live.values() for e in errs), smap)
        return
    if any(not e.relative_path and e.validator == "type" for e in error.context or ()):
        kinds = [_branch_type(b) for b in branches]
        expected = " or ".join(dict.fromkeys(k for k in kinds if k and k != "null"))
        found = _describe(error.instance)
        yield smap.diagnostic("TS201", f"{_where(path)}: expected {expected}, found {found}", path)
    # otherwise the kind itself is missing or unknown: the `kind` keyword says so already


def _branch_type(branch: dict[str, Any]) -> str | None:
    if branch.get("x-unlisted"):  # an advanced form the type message does not offer
        return None
    if "$ref" in branch:
        name = branch["$ref"].rsplit("/", 1)[-1]
        target = schema()["$defs"].get(name, {})
        return _branch_type(target) if "$ref" not in target else None
    if "const" in branch:
        return repr(branch["const"])
    kind = branch.get("type")
    if isinstance(kind, list):
        return " or ".join(_TYPE_WORDS.get(str(k), str(k)) for k in kind)
    return _TYPE_WORDS.get(kind, kind) if kind else None


def _unknown_keys(error: Any, path: Path, smap: SourceMap) -> Iterator[Diagnostic]:
    allowed = list(error.schema.get("properties", {}))
    for key in error.instance:
        if key in allowed:
            continue
        hint = did_you_mean(str(key), allowed) or (
            f"allowed keys: {', '.join(allowed)}" if allowed else None
        )
        odd = non_ascii_note(str(key))
        if odd is not None:
            hint = f"{odd}; {hint}" if hint else odd
        place = f"in {_dotted(path)}" if path else "at the top level"
        yield smap.diagnostic(
            "TS203", f"unknown key '{key}' {place}", (*path, key), hint=hint, at_key=True
        )


def _missing(error: Any, path: Path, smap: SourceMap) -> Iterator[Diagnostic]:
    playable = "else" in error.absolute_schema_path
    for key in error.validator_value:
        if key in error.instance:
            continue
        where = f"{_dotted(path)}: missing" if path else "missing"
        hint = None
        if playable:
            hint = "a playable ruleset needs it; mark a base for other rulesets 'abstract: true'"
        message = f"{where} required key '{key}'"
        removed = smap.removed.get((*path, key))
        if removed is not None:
            yield _removed(smap, (*path, key), removed, message)
            continue
        yield smap.diagnostic("TS202", message, path, hint=hint, at_key=bool(path))


def _removed(smap: SourceMap, path: Path, removed: tuple[Span, bool], message: str) -> Diagnostic:
    """A required key that is missing because the file wrote it as null: say so there."""
    span, inherited = removed
    key = _dotted(path)
    if inherited and _nothing_after(smap, span):
        message = (
            f"{message}: '{key}:' with nothing after it is null, which removed the inherited "
            "value (the lines after it are not indented under it)"
        )
        hint = f"indent the lines that belong to '{key}:' under it, or drop '{key}:'"
    elif inherited:
        message = f"{message}: '{key}: null' removed the inherited value"
        hint = f"drop the line to keep the inherited {key}, or give its keys here"
    elif _nothing_after(smap, span):
        message = f"{message}: nothing follows '{key}:' (the lines after it are not indented)"
        hint = f"indent the lines that belong to '{key}:' under it"
    else:
        message = f"{message}: '{key}:' has no value (null)"
        hint = f"give '{key}' its value, indented under it"
    notes = smap.provenance(span.file)
    return Diagnostic("TS202", message, span, path=path, hint=hint, notes=notes)


def _nothing_after(smap: SourceMap, span: Span) -> bool:
    """Whether the key at `span` ends its line (``match:`` alone, perhaps a comment)."""
    lines = smap.sources.get(span.file, "").splitlines()
    if not 1 <= span.line <= len(lines):
        return False
    rest = lines[span.line - 1][span.col - 1 :].split(":", 1)
    return len(rest) == 2 and rest[1].split("#", 1)[0].strip() == ""


def _wrong_type(error: Any, path: Path, smap: SourceMap) -> Diagnostic:
    kinds = error.validator_value
    kinds = kinds if isinstance(kinds, list) else [kinds]
    expected = " or ".join(_TYPE_WORDS.get(str(k), str(k)) for k in kinds)
    value = error.instance
    hint = None
    description = str(error.schema.get("description", ""))
    if "expression" in description:
        expected = "an expression (text)"
        if isinstance(value, bool | int) and not isinstance(value, dict | list):
            hint = f'quote it: "{json.dumps(value)}"'
    elif "string" in kinds and isinstance(value, bool | int):
        hint = f'quote it: "{json.dumps(value)}"'
    elif kinds == ["integer"] and isinstance(value, str) and _FRACTION.fullmatch(value.strip()):
        hint = (
            "a whole number of units: with deck.unit: 3 a unit is a third of a point, so "
            f"{value.strip()} points would be {_in_thirds(value)} (fractions are for expressions)"
        )
    message = f"{_where(path)}: expected {expected}, found {_describe(value)}"
    return smap.diagnostic("TS201", message, path, hint=hint)


def refine_float_hints(problems: list[Diagnostic]) -> list[Diagnostic]:
    """The reader calls every float TS103 with one hint, a fraction as a string; that works
    in an expression slot (``deal_points: "4/3"``) but a key that takes only an integer
    refuses the string, and a count is never a fraction. There, say what it counts."""
    return [_refined(diag) for diag in problems]


_COUNTS = frozenset({"count", "level", "first_dealer", "games", "multiplier", "from", "to"})


def _refined(diag: Diagnostic) -> Diagnostic:
    key = diag.path[-1] if diag.path else None
    if diag.code != "TS103" or "decimal fraction" not in diag.message or not isinstance(key, str):
        return diag
    if key in _COUNTS:
        hint = f"'{key}' is a whole number: write it without a decimal point"
    elif _integer_only(key):
        hint = (
            f"'{key}' takes a whole number of units, not points "
            "(with deck.unit: 3 a unit is a third of a point: 1.333 points is 4)"
        )
    else:
        return diag
    return dataclasses.replace(diag, hint=hint)


@functools.cache
def _key_types() -> dict[str, frozenset[str]]:
    """Every property name of the schema -> the JSON types it takes anywhere (in the whole
    half: the overlay half wraps each key to allow null, schema_overlay.py)."""
    found: dict[str, set[str]] = {}
    todo: list[Any] = [{k: v for k, v in schema()["$defs"].items() if not k.startswith("overlay")}]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            for name, sub in (node.get("properties") or {}).items():
                kinds = sub.get("type") if isinstance(sub, dict) else None
                kinds = kinds if isinstance(kinds, list) else [kinds] if kinds else ["other"]
                found.setdefault(name, set()).update(map(str, kinds))
            todo.extend(node.values())
        elif isinstance(node, list):
            todo.extend(node)
    return {name: frozenset(kinds) for name, kinds in found.items()}


def _integer_only(key: str) -> bool:
    return _key_types().get(key) == frozenset({"integer"})


_FRACTION = re.compile(r"-?\d+\s*/\s*\d+|-?\d*\.\d+")


def _in_thirds(text: str) -> str:
    """``4/3`` -> ``4``: the value in thirds when it is a whole number of them."""
    try:
        value = Fraction(text.replace(" ", "")) * 3
    except (ValueError, ZeroDivisionError):
        return "a whole number"
    if value.denominator == 1:
        return str(value.numerator)
    return f"about {round(value)}"


def lost_indent_hint(smap: SourceMap, path: Path) -> str | None:
    """When the key at `path` sits just below a key of its own mapping that has nothing
    after its colon (``play:`` then ``kind: tricks`` at the same column), the lines were
    almost surely meant to be indented under that key: say so."""
    here = smap.keys.get(path)
    if here is None or not path:
        return None
    above = [
        (span.line, p[-1])
        for p, (span, _inherited) in smap.removed.items()
        if p[:-1] == path[:-1]
        and span.file == here.file
        and span.col == here.col
        and span.line < here.line
        and _nothing_after(smap, span)
    ]
    if not above:
        return None
    line, key = max(above)
    return f"'{key}:' on line {line} has nothing after it: indent the lines under it"


def _not_allowed(error: Any, path: Path, smap: SourceMap) -> Diagnostic:
    allowed = error.validator_value if error.validator == "enum" else [error.validator_value]
    words = [str(a) for a in allowed]
    hint = did_you_mean(error.instance, words) if isinstance(error.instance, str) else None
    odd = non_ascii_note(error.instance) if isinstance(error.instance, str) else None
    if odd is not None:
        hint = f"{odd}; {hint}" if hint else odd
    shown = _show(error.instance)
    message = f"{_where(path)}: {shown} is not allowed (allowed: {', '.join(words)})"
    return smap.diagnostic("TS204", message, path, hint=hint)


def _out_of_range(error: Any, path: Path, smap: SourceMap) -> Diagnostic:
    low, high = error.schema.get("minimum"), error.schema.get("maximum")
    if low is not None and high is not None:
        allowed = f"{low} to {high}"
    elif low is not None:
        allowed = f"{low} or more"
    else:
        allowed = f"{high} or less"
    message = f"{_where(path)}: {_show(error.instance)} is not allowed (allowed: {allowed})"
    return smap.diagnostic("TS205", message, path)


def _length(error: Any, path: Path, smap: SourceMap) -> Diagnostic:
    if error.validator == "minLength":
        return smap.diagnostic("TS207", f"{_where(path)}: must not be empty", path)
    size, limit = len(error.instance), error.validator_value
    message = f"{_where(path)}: too long ({size:,} characters; at most {limit:,})"
    return smap.diagnostic("TS207", message, path, hint="split it into smaller rules")


def _size(error: Any, path: Path, smap: SourceMap) -> Diagnostic:
    kind, value, limit = error.validator, error.instance, error.validator_value
    if kind == "uniqueItems":
        index, item = _first_repeat(value)
        message = f"{_where(path)}: {_show(item)} appears more than once"
        return smap.diagnostic("TS208", message, (*path, index))
    if kind in ("minProperties", "minItems") and limit <= 1:
        return smap.diagnostic("TS208", f"{_where(path)}: must not be empty", path)
    noun = "entries" if kind.endswith("Properties") else "items"
    bound = "at least" if kind.startswith("min") else "at most"
    message = f"{_where(path)}: has {len(value)} {noun}; {bound} {limit} allowed"
    return smap.diagnostic("TS208", message, path)


def _first_repeat(items: list[Any]) -> tuple[int, Any]:
    seen: list[Any] = []
    for index, item in enumerate(items):
        if item in seen:
            return index, item
        seen.append(item)
    return 0, None


def _bad_name(error: Any, path: Path, smap: SourceMap) -> Diagnostic:
    key = error.instance
    pattern = error.schema.get("pattern") or schema()["$defs"]["entry_id"]["pattern"]
    what = _PATTERN_WORDS.get(pattern, f"name ({pattern})")
    if error.validator == "maxLength":
        message = f"'{key}' in {_dotted(path)} is too long for a name"
    else:
        message = f"'{key}' in {_dotted(path)} is not a valid {what}"
    return smap.diagnostic("TS209", message, (*path, key), at_key=True)


# ---------------------------------------------------------------------------------------
# Words.


def _dotted(path: Path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "the ruleset"


def _where(path: Path) -> str:
    return _dotted(path)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:37] + "...")
    if isinstance(value, int):
        return str(value)
    return _describe(value)


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {_show(value)}"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {_show(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__
