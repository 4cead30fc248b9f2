"""What of a base's `meta` an overlay inherits: nothing that its own rules contradict.

`meta.choices` records the open points of the rules and the choice a ruleset made. A choice
is either a plain sentence or ``{text, keys}``, where `keys` are the dotted paths of the rules
it explains (``signals.striscio``, ``claims.allowed``, ``phases.play.follow_suit``). Through
`extends`, a choice stays only while the overlay leaves every rule it explains alone: a house
rule that removes striscio must not describe itself with its base's striscio choice. A plain
sentence explains no known keys, so it stays only when the overlay changes no rule at all;
the same goes for `rules_text` and `description`, prose that may state any rule (the default
game's "first side to 21 wins" is false for a game to 31).

The overlay's own `meta` is merged afterwards as usual, so a file can always restate a choice.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.source import Path, SourceMap

# Top-level keys that are not rules: changing them changes no choice.
NOT_RULES = frozenset({"id", "abstract", "extends", "version", "meta"})
# `meta` prose that may state any rule.
PROSE = ("description", "rules_text")

BAD_CHOICE_KEY = "TS420"  # a choice's `keys` names a path that is not in the ruleset


def changed_rules(overlay: Mapping[str, Any]) -> list[Path]:
    """The paths of the rules an overlay sets or removes (its leaves outside `meta`)."""
    out: list[Path] = []
    todo: list[tuple[Path, Any]] = [
        ((key,), value) for key, value in overlay.items() if key not in NOT_RULES
    ]
    while todo:
        path, value = todo.pop()
        if isinstance(value, dict) and value:
            todo.extend(((*path, k), v) for k, v in value.items())
        else:  # a scalar, a list (it replaces), an empty mapping or a null (it removes)
            out.append(path)
    return out


def choice_keys(choice: Any) -> tuple[tuple[str, ...], ...] | None:
    """The rule paths a choice explains, or None for a plain sentence."""
    if isinstance(choice, dict) and isinstance(choice.get("keys"), list):
        return tuple(
            tuple(key.split(".")) for key in choice["keys"] if isinstance(key, str) and key
        )
    return None


def choice_text(choice: Any) -> str:
    """The sentence of a choice, in either form."""
    if isinstance(choice, dict):
        return str(choice.get("text", ""))
    return str(choice)


def _overlaps(a: Path, b: Path) -> bool:
    """One path lies inside the other: changing either changes what the other holds."""
    short = min(len(a), len(b))
    return tuple(map(str, a[:short])) == tuple(map(str, b[:short]))


def inherited_meta(base_meta: Any, overlay: Mapping[str, Any]) -> Any:
    """The base's `meta` less the choices and prose that the overlay's rules contradict."""
    return inherited_meta_after(base_meta, changed_rules(overlay))


def inherited_meta_after(base_meta: Any, changed: list[Path]) -> Any:
    """The base's `meta` less the choices and prose about the rules at `changed` (the paths
    set, replaced or removed on top of it: by an overlay, or by a later entry of an
    ``extends`` list)."""
    if not isinstance(base_meta, dict):
        return base_meta
    if not changed:
        return base_meta
    meta = {k: v for k, v in base_meta.items() if k not in PROSE}
    choices = base_meta.get("choices")
    if isinstance(choices, dict):
        kept = {}
        for name, choice in choices.items():
            keys = choice_keys(choice)
            if keys and not any(_overlaps(k, c) for k in keys for c in changed):
                kept[name] = choice
        meta["choices"] = kept
    return meta


def check_choice_keys(doc: Mapping[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """TS420 for a choice whose `keys` name a rule the resolved ruleset does not have:
    such a choice would never be dropped when that rule changes, so it must name real keys."""
    meta = doc.get("meta")
    choices = meta.get("choices") if isinstance(meta, dict) else None
    if not isinstance(choices, dict):
        return
    for name, choice in choices.items():
        if not isinstance(choice, dict) or not isinstance(choice.get("keys"), list):
            continue
        for index, key in enumerate(choice["keys"]):
            if not isinstance(key, str):
                continue
            if not _present(doc, key.split(".")):
                yield smap.diagnostic(
                    BAD_CHOICE_KEY,
                    f"meta.choices.{name}: '{key}' is not a rule of this ruleset",
                    ("meta", "choices", name, "keys", index),
                    hint="name the dotted path of the rule it explains, e.g. "
                    "'signals.striscio' or 'phases.play.follow_suit'",
                )


@functools.cache
def _vocabulary() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """From the schema: the top-level keys, every key name the language has anywhere, and
    the keys whose entries are named by the author (ids: signals, phases, big_wins...)."""
    from tressette_dsl.loader.schema import schema  # noqa: PLC0415 - loaded once, cached

    root = schema()
    names: set[str] = set()
    id_maps: set[str] = set()
    todo: list[Any] = [root]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            for key, sub in node.get("properties", {}).items():
                names.add(key)
                if isinstance(sub, dict) and "propertyNames" in sub:
                    id_maps.add(key)
            todo.extend(node.values())
        elif isinstance(node, list):
            todo.extend(node)
    top = root["$defs"]["ruleset"]  # the whole-ruleset half (schema_overlay.py)
    return frozenset(top.get("properties", {})), frozenset(names), frozenset(id_maps)


def _present(doc: Any, parts: list[str]) -> bool:
    """The path is a rule of `doc`, or names a rule the ruleset leaves out (a choice may
    explain an absence: ``claims`` in a ruleset without claims, ``signals.striscio`` after
    its removal, ``phases.deal.misdeal`` when a deal has none). A misspelt key is neither."""
    top, names, id_maps = _vocabulary()
    if not parts or parts[0] in NOT_RULES or parts[0] not in top:
        return False
    node = doc
    for depth, part in enumerate(parts):
        if not isinstance(node, dict):
            return False
        if part not in node:
            parent = parts[depth - 1] if depth else ""
            return depth == len(parts) - 1 and (part in names or parent in id_maps)
        node = node[part]
    return True
