"""``tressette diff A B``: what differs between two rulesets, as a page of rules.

Both rulesets are loaded with their bases merged in (`loader.collect`), so a house rule is
compared with what it really plays, not with the few lines of its file; equal settings are
left out. The differences are grouped under the sections of a rules page (players and
sides, the cards, the course of a deal, declarations, signals, claims, scoring, the match),
one line each in the form "what: A's value -> B's value". Lists of named entries (the flow
of phases, bids, big wins) are compared entry by entry, by id.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from typing import Any

from tressette_dsl.cli.common import report
from tressette_dsl.diagnostics import DiagnosticError, Severity
from tressette_dsl.loader import collect

SECTIONS = {
    "players": "Players and seats",
    "sides": "Sides",
    "deck": "The cards",
    "flow": "The course of a deal",
    "phases": "The course of a deal",
    "contracts": "Contracts",
    "declarations": "Declarations (accusi)",
    "declaring": "Declarations (accusi)",
    "signals": "Signals",
    "signaling": "Signals",
    "claims": "Claiming the match",
    "scoring": "Scoring",
    "payoff": "Payments between players",
    "match": "The match",
}
# keys whose plain name is worth more than the dotted path
WORDS = {
    "players.count": "number of players",
    "players.direction": "direction of play",
    "match.target": "points needed to win the match",
    "match.end": "when the match ends",
    "match.tie": "a tie at the target",
    "scoring.last_trick": "bonus for the last trick (in card units: thirds of a point in "
    "the Tressette family)",
    "scoring.deal_points": "points of a deal",
    "scoring.big_win_effect": "what a big win does",
    "claims.allowed": "when a player may claim (call himself out)",
    "signaling.window": "when signals are allowed",
    "declaring.at": "when declarations are made",
    "declaring.window": "in which tricks declarations are allowed",
    "deck.unit": "card units per point",
    "deck.order": "rank order, strongest first",
}
SKIP = {"id", "extends", "version", "abstract", "$schema", "meta"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Show how ruleset B differs from ruleset A, as rules (not as YAML)."
    parser.add_argument("a", help="a bundled ruleset id or a ruleset file (the base)")
    parser.add_argument("b", help="a bundled ruleset id or a ruleset file (the variant)")
    parser.add_argument(
        "--format", choices=("markdown", "json"), default="markdown", help="output format"
    )


def run(args: argparse.Namespace) -> int:
    docs = []
    for ref in (args.a, args.b):
        try:
            doc, _smap, problems = collect(ref)
        except DiagnosticError as err:
            report(err.diagnostics)
            return 2
        errors = [p for p in problems if p.severity == Severity.ERROR]
        if errors:
            report(errors)
            return 2
        docs.append(doc)
    a, b = docs
    changes = list(differences(a, b))
    if args.format == "json":
        out = [{"section": s, "what": w, "a": x, "b": y} for s, w, x, y in changes]
        print(json.dumps({"a": a.get("id"), "b": b.get("id"), "differences": out}, indent=2))
    else:
        print(page(a, b, changes))
    return 0


Change = tuple[str, str, Any, Any]  # section, what, A's value, B's value (None: absent)


def differences(a: dict[str, Any], b: dict[str, Any]) -> Iterator[Change]:
    for key in dict.fromkeys([*a, *b]):
        if key in SKIP:
            continue
        section = SECTIONS.get(key, key)
        for path, x, y in _walk(a.get(key), b.get(key), (key,)):
            yield section, _what(path), x, y


def _walk(x: Any, y: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any, Any]]:
    if x == y:
        return
    if isinstance(x, dict) and isinstance(y, dict):
        for key in dict.fromkeys([*x, *y]):
            yield from _walk(x.get(key), y.get(key), (*path, str(key)))
        return
    if _by_id(x) and _by_id(y):
        xs = {e["id"]: e for e in x}
        ys = {e["id"]: e for e in y}
        for key in dict.fromkeys([*xs, *ys]):
            yield from _walk(xs.get(key), ys.get(key), (*path, str(key)))
        if [e["id"] for e in x if e["id"] in ys] != [e["id"] for e in y if e["id"] in xs]:
            yield (*path, "order"), [e["id"] for e in x], [e["id"] for e in y]
        return
    yield path, x, y


def _by_id(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(e, dict) and "id" in e for e in value)


def _what(path: tuple[str, ...]) -> str:
    dotted = ".".join(path)
    if dotted in WORDS:
        return WORDS[dotted]
    return " › ".join(p.replace("_", " ") for p in path[1:]) or path[0]


def _show(value: Any) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return f"“{value}”"
    if isinstance(value, list) and all(isinstance(v, str | int) for v in value):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def page(a: dict[str, Any], b: dict[str, Any], changes: list[Change]) -> str:
    """Markdown: a title, one section per part of the rules, one line per difference."""
    name_a, name_b = str(a.get("id")), str(b.get("id"))
    title_a = (a.get("meta") or {}).get("title") or name_a
    title_b = (b.get("meta") or {}).get("title") or name_b
    lines = [f"# {title_b} against {title_a}", ""]
    lines.append(
        f"How `{name_b}` differs from `{name_a}`, with their bases merged in; "
        "each line reads “what: "
        f"{name_a}'s rule → {name_b}'s rule”. Everything not listed is the same."
    )
    if not changes:
        lines += ["", "The two rulesets play the same rules."]
        return "\n".join(lines) + "\n"
    current = None
    for section, what, x, y in changes:
        if section != current:
            lines += ["", f"## {section}", ""]
            current = section
        if x is None:
            lines.append(f"- {what}: only in {name_b}: {_show(y)}")
        elif y is None:
            lines.append(f"- {what}: only in {name_a}: {_show(x)} (removed)")
        else:
            lines.append(f"- {what}: {_show(x)} → {_show(y)}")
    return "\n".join(lines) + "\n"
