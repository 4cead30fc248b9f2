"""A per-user record of the documents the ruleset schema found valid, so that checking an
unchanged ruleset again skips JSON Schema validation.

Importing `jsonschema` (with `referencing` and the meta-schemas it reads) and validating
a document is about a fifth of a cold ``tressette validate``, and editors, pre-commit
hooks and ``tressette validate`` of the bundled rulesets check the same files again and
again. A document is remembered only when the validator reported nothing at all, under a
key that covers everything that answer depends on: the text of the schema, the installed
`jsonschema` and `referencing` (where each is, its size and time of change, read without
importing it), and the merged document itself, encoded exactly. A document JSON cannot
encode one to one - a tuple, a key that is not text, a value of another type, a cycle -
gets no key and is validated every time. Whatever goes wrong (an unreadable or garbled
record, a full disk) means no cache, never a different answer.

The record is one small text file in the user's cache folder (`user_cache`), the last
`KEEP` keys, replaced atomically; ``TRESSETTE_DSL_NO_CACHE`` turns it off.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from tressette_dsl.user_cache import cache_folder

FORMAT = "tressette-dsl valid documents 1"
FILE = "valid-documents"
KEEP = 256

_SCALARS = (str, int, float, bool, type(None))
_VALIDATION = ("jsonschema", "referencing")  # the code that decides what is valid


def document_key(doc: Any, schema_digest: str) -> str | None:
    """The key of `doc` checked against the schema whose text hashes to `schema_digest`;
    None when `doc` holds anything JSON does not encode one to one, or the validating
    packages cannot be found."""
    text = _encode(doc)
    code = _validation_code()
    if text is None or code is None:
        return None
    digest = hashlib.sha256()
    for part in (FORMAT, code, schema_digest, text):
        digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
    return digest.hexdigest()


def known(key: str) -> bool:
    """The record holds `key`: that document was found valid."""
    return key in _keys(_record())


def remember(key: str) -> None:
    """Add `key` to the record (kept to the last `KEEP`); nothing when it cannot be saved."""
    path = _record()
    if path is None:
        return
    keys = [k for k in _keys(path) if k != key]
    keys = [*keys, key][-KEEP:]
    spare = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        spare.write_text("\n".join([FORMAT, *keys]) + "\n", encoding="ascii")
        os.replace(spare, path)  # a reader sees the old record or the new one, whole
    except OSError:
        with contextlib.suppress(OSError):
            spare.unlink()


def _record() -> Path | None:
    folder = cache_folder()
    return None if folder is None else folder / FILE


def _keys(path: Path | None) -> list[str]:
    if path is None:
        return []
    try:
        lines = path.read_text(encoding="ascii").splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    return lines[1:] if lines[:1] == [FORMAT] else []


def _encode(doc: Any) -> str | None:
    """`doc` as JSON text, if that text stands for `doc` alone: only mappings with text
    keys, lists and JSON's scalars, each of exactly its type (JSON writes a tuple as a list
    and the key 1 as "1", which the schema tells apart), and no container twice (a cycle
    never ends; a shared one is rare enough to go uncached)."""
    seen: set[int] = set()
    todo = [doc]
    while todo:
        node = todo.pop()
        kind = type(node)
        if kind is dict or kind is list:
            if id(node) in seen:
                return None
            seen.add(id(node))
            if kind is list:
                todo.extend(node)
                continue
            for key, value in node.items():
                if type(key) is not str:
                    return None
                todo.append(value)
        elif kind not in _SCALARS:
            return None
    try:
        return json.dumps(doc, separators=(",", ":"))  # ASCII: lone surrogates escaped too
    except (ValueError, RecursionError):
        return None


def _validation_code() -> str | None:
    """Where the validating packages are installed, with each one's size and time of
    change: upgrading either gives every document a new key."""
    parts = []
    for name in _VALIDATION:
        try:
            spec = find_spec(name)
            origin = None if spec is None else spec.origin
            if origin is None:
                return None
            stat = os.stat(origin)
        except (ImportError, ValueError, OSError):
            return None
        parts.append(f"{origin}:{stat.st_size}:{stat.st_mtime_ns}")
    return "|".join(parts)
