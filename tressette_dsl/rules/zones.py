"""Zones as data: the `zones:` mapping, the zones a ruleset names without declaring, and
every place of a document that names a zone.

A zone is a place cards lie outside the hands, the current trick and the captures: the
stock a two-player game draws from, a monte dealt face down, a pile set aside face up, a
dummy's exposed hand. A ruleset declares its zones under `zones:` (id -> how it behaves);
a ruleset without `zones:` gets one zone, with the defaults below, for every id that a deal
packet (`monte:4`, `stock:rest`) or a phase (`reveal.zone`, `move.from`, `discard.to`,
`take.from`, `draw.from`) names, so that small rulesets written before zones were data
keep working unchanged. Those implied ids, and the defaults, are data: the language's
default zones file (grammar/default_zones.yaml, `implied_ids` and `defaults`); any other
zone is declared. Once `zones:` is written, a
reference to an undeclared zone is a load error (loader/checks.py, TS417).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import yaml

from tressette_dsl.expr import ExprError, parse_packets
from tressette_dsl.resources import data_path
from tressette_dsl.rules.options import ZONE_SEEN_BY, ZoneSeenBy

Path = tuple[str | int, ...]

# The Dealt event writes each zone's dealt cards under the zone's id, next to its own
# fields (so that logs of the stock and the monte read as before): a zone cannot be
# called like one of them.
RESERVED_IDS = frozenset({"type", "deal_no", "dealer", "hands"})


@dataclass(frozen=True, slots=True)
class Defaults:
    """The keys a zone gets when its declaration leaves them out (or it is implied)."""

    seen_by: ZoneSeenBy
    drawn_from: bool
    ordered: bool


_SAFE: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def _default_zones() -> Mapping[str, Any]:
    """grammar/default_zones.yaml, read once."""
    text = data_path("grammar", "default_zones.yaml").read_text(encoding="utf-8")
    data = yaml.load(text, Loader=_SAFE)  # libyaml's safe loader: a cold start reads it
    if not isinstance(data, dict):
        raise ValueError("grammar/default_zones.yaml: expected a mapping")
    return data


def implied_ids() -> tuple[str, ...]:
    """The zone ids a ruleset without `zones:` may name (the language's default zones)."""
    return tuple(str(z) for z in _default_zones()["implied"])


@cache
def defaults() -> Defaults:
    """The default keys of a zone (face down, drawn from, ordered: see the data file)."""
    d = _default_zones()["defaults"]
    seen_by = d["seen_by"]
    if seen_by not in ZONE_SEEN_BY:
        raise ValueError(f"grammar/default_zones.yaml: seen_by {seen_by!r}")
    return Defaults(seen_by=seen_by, drawn_from=bool(d["drawn_from"]), ordered=bool(d["ordered"]))


def omitted(kind: str, keys: tuple[str, ...]) -> str:
    """The zone a phase of `kind` names when it leaves the key path `keys` out (the data
    file's `omitted`)."""
    return str(_default_zones()["omitted"][kind][".".join(keys)])


def size_names() -> tuple[str, ...]:
    """The expression names of the implied zones' sizes (`stock_size`, `monte_size`): every
    ruleset has them, 0 for a zone it does not have."""
    return tuple(f"{zone}_size" for zone in implied_ids())


def zone_keys() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Per phase kind, the key paths inside its mapping that name a zone. Each unit says
    (`PhaseKind.zone_keys`); the schema generator writes them into the kind's fragment
    (`x-zone-keys`), read here so that checking a file needs no engine. The deal's packets
    are read by `references` itself."""
    return _phase_annotations("x-zone-keys")


def _phase_annotations(key: str) -> dict[str, tuple[tuple[str, ...], ...]]:
    from tressette_dsl.loader.schema import schema  # noqa: PLC0415 (the loader imports us)

    defs = schema()["$defs"]
    out: dict[str, tuple[tuple[str, ...], ...]] = {}
    for name in defs["phase"]["properties"]["kind"]["enum"]:
        paths = defs.get(f"phase_{name}", {}).get(key)
        if paths:
            out[str(name)] = tuple(tuple(str(k) for k in p) for p in paths)
    return out


def fills(doc: Mapping[str, Any], path: Path) -> bool:
    """Whether the reference at `path` (from `references`) puts cards into its zone: a
    deal packet, or a key its phase kind lists in `PhaseKind.zone_fills` (`x-zone-fills`)."""
    if path[-1] == "packets":
        return True
    phases = doc.get("phases")
    phase = phases.get(path[1]) if isinstance(phases, dict) else None
    kind = str(phase.get("kind")) if isinstance(phase, dict) else ""
    return tuple(path[2:]) in _phase_annotations("x-zone-fills").get(kind, ())


ID_PATTERN = "^[a-z][a-z0-9_]*$"


# A phase key that names a zone (`reveal.zone`, `move.from`, ...): any id; whether it is
# declared is a load check, with a did-you-mean.
def zone_ref_schema(description: str) -> dict[str, Any]:
    return {
        "type": "string",
        "pattern": ID_PATTERN,
        "description": f"{description} (a zone id: declared under `zones:`, or implied).",
    }


# `$defs/zone`, and the top-level `zones` property (schema/generate.py writes both).
ZONE_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "description": "One zone: a place cards lie outside the hands, the tricks and the "
    "captures (see docs/language.md, Zones).",
    "additionalProperties": False,
    "properties": {
        "seen_by": {
            "enum": ["nobody", "owner", "everyone"],
            "description": "Who sees its cards: nobody (face down, the default), its owner, "
            "everyone (face up). A reveal phase shows any zone to every seat.",
        },
        "owner": {
            "type": "string",
            "minLength": 1,
            "maxLength": 4000,
            "description": "The seats it belongs to, for seen_by: owner (a seat expression or "
            "a role: declarer, defenders, partner, call_supplier, all expression. See "
            "docs/expressions.md.)",
        },
        "leftover_to": {
            "enum": ["last_trick_winner", "declarer", "none"],
            "description": "Who captures its cards still there when the play ends "
            "(default: scoring.leftover_to).",
        },
        "drawn_from": {
            "type": "boolean",
            "description": "Whether a tricks phase's draw.from may name it (default true).",
        },
        "ordered": {
            "type": "boolean",
            "description": "Whether it keeps the order cards came in, the top card drawn "
            "first (default true); an unordered zone is kept sorted.",
        },
        "cards": {
            "description": "Named cards laid in this zone before every deal, out of the "
            "shuffle (a deck reduction: with seen_by everyone, every seat sees them), e.g. "
            "'4B' or [4B, 4C].",
            "anyOf": [
                {"type": "string", "description": "Cards separated by spaces or commas."},
                {
                    "type": "array",
                    "description": "One card per item.",
                    "items": {"type": "string", "description": "A card, rank then suit."},
                },
            ],
        },
    },
}
ZONES_PROPERTY: Mapping[str, Any] = {
    "type": "object",
    "description": "The zones of the ruleset, id -> how it behaves. Without it, every zone a "
    "packet or a phase names exists with the defaults.",
    "propertyNames": {
        "description": "A zone id: lower case, digits, underscores; not a field of the Dealt "
        "event (" + ", ".join(sorted(RESERVED_IDS)) + ").",
        "pattern": ID_PATTERN,
        "not": {"enum": sorted(RESERVED_IDS), "description": "The Dealt event's own fields."},
    },
    "additionalProperties": {"$ref": "#/$defs/zone", "description": "One zone, by its id."},
}


def laid_cards(doc: Mapping[str, Any]) -> dict[str, list[str]]:
    """Per declared zone, the card texts its `cards` key lays there before every deal."""
    out: dict[str, list[str]] = {}
    for zone_id, zone in (declared(doc) or {}).items():
        value = zone.get("cards") if isinstance(zone, dict) else None
        if isinstance(value, str):
            out[str(zone_id)] = re.findall(r"[^\s,]+", value)
        elif isinstance(value, list):
            out[str(zone_id)] = [v for v in value if isinstance(v, str)]
    return out


def declared(doc: Mapping[str, Any]) -> dict[str, Any] | None:
    """The `zones:` mapping, or None when the document declares none."""
    zones = doc.get("zones")
    return zones if isinstance(zones, dict) else None


def nameable(doc: Mapping[str, Any]) -> tuple[str, ...]:
    """The zone ids packets and phases may name: the declared ones, else the implied ones."""
    decl = declared(doc)
    return implied_ids() if decl is None else tuple(str(k) for k in decl)


def _phases_in_order(doc: Mapping[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Phases in `flow` order, then the ones flow does not run (still checked)."""
    phases = doc.get("phases")
    if not isinstance(phases, dict):
        return
    flow = doc.get("flow")
    names = (
        [n for n in flow if isinstance(n, str) and n in phases] if isinstance(flow, list) else []
    )
    names += [n for n in phases if n not in names]
    for name in names:
        phase = phases[name]
        if isinstance(phase, dict):
            yield name, phase


def references(doc: Mapping[str, Any]) -> Iterator[tuple[str, Path, int | None]]:
    """(zone id, document path, offset inside a packets string or None) for every place
    that names a zone, in flow order."""
    keys_of = zone_keys()
    for name, phase in _phases_in_order(doc):
        kind = phase.get("kind")
        if kind == "deal" and isinstance(phase.get("packets"), str):
            try:
                packets = parse_packets(phase["packets"], None)
            except ExprError:
                continue  # its syntax is reported by the packet check
            for p in packets:
                if p.zone is not None:
                    yield p.zone, ("phases", name, "packets"), p.start
            continue
        for keys in keys_of.get(str(kind), ()):
            value: Any = phase
            for key in keys:
                value = value.get(key) if isinstance(value, dict) else None
            if isinstance(value, str):
                yield value, ("phases", name, *keys), None


def zone_ids(doc: Mapping[str, Any]) -> tuple[str, ...]:
    """The ruleset's zone ids: the declared ones in order, else the ones named, in order
    of first mention."""
    decl = declared(doc)
    if decl is not None:
        return tuple(str(k) for k in decl)
    out: list[str] = []
    for zone, _path, _offset in references(doc):
        if zone not in out:
            out.append(zone)
    return tuple(out)
