"""Read scenario files into ``model`` records, every part located (``load_yaml``'s SourceMap).

Only the shape is checked here: known keys (with did-you-mean), types, required keys. Seat
names, cards and action texts depend on the ruleset and are checked when the scenario runs.
All problems of a file are gathered and raised together as one ``DiagnosticError``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from pathlib import Path as FsPath
from typing import Any

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, Span
from tressette_dsl.scenarios import codes
from tressette_dsl.scenarios.expect_keys import EXPECTATION_KEYS, VIEW_KEYS
from tressette_dsl.scenarios.model import (
    Action,
    Expectation,
    Path,
    Scenario,
    ScenarioFile,
    Source,
    Step,
)
from tressette_dsl.scenarios.shapes import shape_problems
from tressette_dsl.source import MAX_BYTES, SourceMap, decode_source, load_yaml
from tressette_dsl.source.files import FileProblem, read_regular
from tressette_dsl.text import quote_input

SCENARIO_KEYS = (
    "name", "ruleset", "source", "pending", "seed", "dealer",
    "hands", "stock", "monte", "deck", "start_totals", "opening", "script",
)  # fmt: skip
FILE_KEYS = (*SCENARIO_KEYS, "scenarios")
SOURCE_KEYS = ("file", "rule", "ref", "url")
STEP_KEYWORDS = ("expect", "trick", "round", "auto", "refused", "winner", "note")
AUTO_GOALS = ("trick_end", "deal_end", "match_end")
CARD_LIST_KEYS = ("stock", "monte", "deck")


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` when a choice is close enough, else ``""``.

    >>> did_you_mean("trick_winer", ["trick_winner", "totals"])
    " (did you mean 'trick_winner'?)"
    """
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


class _Reader:
    """Walks one file's data, collecting diagnostics instead of stopping at the first."""

    def __init__(self, file: str, smap: SourceMap) -> None:
        self.file = file
        self.smap = smap
        self.problems: list[Diagnostic] = []

    def span(self, path: Path) -> Span:
        return self.smap.span(path)

    def key_span(self, path: Path) -> Span:
        return self.smap.keys.get(path) or self.span(path)

    def error(self, code: str, message: str, path: Path, *, at_key: bool = False) -> None:
        span = self.key_span(path) if at_key else self.span(path)
        self.problems.append(Diagnostic(code, message, span, path=path))

    def mapping(self, value: Any, path: Path, what: str) -> dict[str, Any] | None:
        if isinstance(value, dict):
            return value
        self.error(codes.BAD_VALUE, f"{what} must be a mapping, got {_kind(value)}", path)
        return None

    def known_keys(self, data: dict[str, Any], allowed: Iterable[str], path: Path) -> None:
        allowed = tuple(allowed)
        for key in data:
            if key not in allowed:
                hint = did_you_mean(str(key), allowed)
                self.error(
                    codes.UNKNOWN_KEY, f"unknown key '{key}'{hint}", (*path, key), at_key=True
                )

    def text(self, value: Any, path: Path, what: str) -> str | None:
        if isinstance(value, str) and value.strip():
            return value.strip()
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        self.error(codes.BAD_VALUE, f"{what} must be a text, got {_kind(value)}", path)
        return None

    def cards(self, value: Any, path: Path, what: str) -> tuple[str, ...] | None:
        """A card list: a YAML list, or one text with the cards separated by spaces/commas."""
        if isinstance(value, str):
            return tuple(value.replace(",", " ").split())
        if isinstance(value, list) and all(isinstance(c, str | int) for c in value):
            return tuple(str(c).strip() for c in value)
        self.error(codes.BAD_VALUE, f"{what} must be a list of cards, got {_kind(value)}", path)
        return None


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: "a text", bool: "a boolean"}.get(
        type(value), type(value).__name__
    )


def load_file(path: str | FsPath) -> ScenarioFile:
    """Read and check one scenario file; raise ``DiagnosticError`` with every problem found."""
    file = str(path)
    try:
        data = read_regular(path, MAX_BYTES)
    except FileProblem as exc:
        message = f"cannot read '{quote_input(file)}': {exc.reason}"
        raise DiagnosticError([Diagnostic(codes.UNREADABLE, message, Span(file, 1, 1))]) from None
    if len(data) > MAX_BYTES:
        message = f"the file is too large (a scenario file may have at most {MAX_BYTES:,} bytes)"
        raise DiagnosticError([Diagnostic(codes.UNREADABLE, message, Span(file, 1, 1))])
    text = decode_source(data, file, "a YAML scenario file")
    if looks_like_ruleset(text):
        message = "this is a ruleset file (it starts with 'id:'), not a scenario file"
        hint = "check it with 'tressette validate'; a scenario names its ruleset with 'ruleset:'"
        raise DiagnosticError([Diagnostic(codes.BAD_VALUE, message, Span(file, 1, 1), hint=hint)])
    return load_text(text, file)


_RULESET_START = re.compile(r"\A(?:\ufeff)?(?:[ \t]*(?:#[^\n]*)?\n)*id:", re.ASCII)


def looks_like_ruleset(text: str) -> bool:
    """A ruleset file starts with ``id:`` (after comments); a scenario file never has an id."""
    return _RULESET_START.match(text) is not None


def load_text(text: str, file: str) -> ScenarioFile:
    """Like ``load_file`` for text already in memory (``file`` names it in messages)."""
    try:
        data, smap = load_yaml(text, file)
    except DiagnosticError as err:
        raise DiagnosticError([_as_scenario_problem(d) for d in err.diagnostics]) from None
    except Exception as exc:  # a loader that raises something else still gives a located error
        raise DiagnosticError(
            [Diagnostic(codes.BAD_YAML, f"cannot parse YAML: {exc}", Span(file, 1, 1))]
        ) from None
    reader = _Reader(file, smap)
    scenarios = _read_file(reader, data)
    if reader.problems:
        raise DiagnosticError(reader.problems)
    return ScenarioFile(file, text, tuple(scenarios))


def _as_scenario_problem(diag: Diagnostic) -> Diagnostic:
    """The YAML reader speaks of rulesets; an empty file or a top level that is not a
    mapping is said in the words of scenario files."""
    if diag.code in ("TS108", "TS112"):
        what = "is empty" if diag.code == "TS108" else "does not hold a mapping"
        message = f"the scenario file {what}: a scenario is a mapping with 'ruleset:' and 'script:'"
        hint = "see docs/scenarios.md; several scenarios go under 'scenarios:'"
        return Diagnostic(diag.code, message, diag.span, hint=hint)
    return diag


def _read_file(r: _Reader, data: Any) -> list[Scenario]:
    top = r.mapping(data, (), "a scenario file")
    if top is None:
        return []
    r.known_keys(top, FILE_KEYS, ())
    if "scenarios" not in top:
        scenario = _read_scenario(r, {k: ((k,), v) for k, v in top.items()}, (), 1)
        return [scenario] if scenario else []
    items = top["scenarios"]
    if not isinstance(items, list) or not items:
        r.error(codes.BAD_VALUE, "scenarios must be a non-empty list", ("scenarios",))
        return []
    defaults = {k: ((k,), v) for k, v in top.items() if k != "scenarios"}
    out = []
    for i, item in enumerate(items):
        path = ("scenarios", i)
        entry = r.mapping(item, path, "a scenario")
        if entry is None:
            continue
        r.known_keys(entry, SCENARIO_KEYS, path)
        merged = {**defaults, **{k: ((*path, k), v) for k, v in entry.items()}}
        scenario = _read_scenario(r, merged, path, i + 1)
        if scenario:
            out.append(scenario)
    return out


def _read_scenario(
    r: _Reader, keys: dict[str, tuple[Path, Any]], path: Path, number: int
) -> Scenario | None:
    def get(key: str) -> tuple[Path, Any]:
        return keys.get(key, ((*path, key), None))

    ruleset_path, ruleset = get("ruleset")
    if ruleset is None:
        r.error(codes.BAD_VALUE, "missing key 'ruleset' (a bundled id or a path to a .yaml)", path)
        return None
    ruleset = r.text(ruleset, ruleset_path, "ruleset")
    name_path, name = get("name")
    name = r.text(name, name_path, "name") if name is not None else f"scenario {number}"
    script_path, script = get("script")
    opening_path, opening = get("opening")
    steps = _read_script(r, opening, opening_path) + _read_script(r, script, script_path)
    seed_path, seed = get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        r.error(codes.BAD_VALUE, f"seed must be an integer, got {_kind(seed)}", seed_path)
        seed = 0
    pending_path, pending = get("pending")
    if pending is not None:
        pending = r.text(pending, pending_path, "pending (the reason)")
    dealer_path, dealer = get("dealer")
    if dealer is not None:
        dealer = r.text(dealer, dealer_path, "dealer")
    spans = {k: r.span(p) for k, (p, _) in keys.items()}
    zones = {k: _zone(r, *get(k)) for k in CARD_LIST_KEYS}
    if ruleset is None or name is None:
        return None
    return Scenario(
        name=name,
        file=r.file,
        path=path,
        span=r.span(path) if path else r.span(script_path),
        ruleset=ruleset,
        ruleset_span=r.span(ruleset_path),
        sources=_read_sources(r, *get("source")),
        pending=pending,
        seed=seed or 0,
        dealer=dealer,
        hands=_read_hands(r, *get("hands")),
        start_totals=_read_totals(r, *get("start_totals")),
        spans=spans,
        steps=tuple(steps),
        **zones,
    )


def _zone(r: _Reader, path: Path, value: Any) -> tuple[str, ...] | None:
    return None if value is None else r.cards(value, path, str(path[-1]) if path else "cards")


def _read_sources(r: _Reader, path: Path, value: Any) -> tuple[Source, ...]:
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    out = []
    for i, item in enumerate(items):
        here = (*path, i) if isinstance(value, list) else path
        entry = r.mapping(item, here, "source")
        if entry is None:
            continue
        r.known_keys(entry, SOURCE_KEYS, here)
        if "file" not in entry and "ref" not in entry and "url" not in entry:
            r.error(codes.BAD_VALUE, "source needs 'file' (or 'ref'/'url') and 'rule'", here)
        out.append(Source(_opt(entry, "file"), _opt(entry, "rule"), _opt(entry, "ref")))
    return tuple(out)


def _opt(entry: dict[str, Any], key: str) -> str | None:
    value = entry.get(key)
    return None if value is None else str(value)


def _read_hands(r: _Reader, path: Path, value: Any) -> dict[str, tuple[str, ...]]:
    if value is None:
        return {}
    hands = r.mapping(value, path, "hands (seat: cards)")
    if hands is None:
        return {}
    out = {}
    for seat, cards in hands.items():
        got = r.cards(cards, (*path, seat), f"the hand of {seat}")
        if got is not None:
            out[str(seat)] = got
    return out


def _read_totals(r: _Reader, path: Path, value: Any) -> dict[str, int]:
    if value is None:
        return {}
    totals = r.mapping(value, path, "start_totals (side: points)")
    out = {}
    for side, points in (totals or {}).items():
        if isinstance(points, int) and not isinstance(points, bool):
            out[str(side)] = points
        else:
            r.error(codes.BAD_VALUE, f"the total of {side} must be an integer", (*path, side))
    return out


def _read_script(r: _Reader, script: Any, path: Path) -> list[Step]:
    if script is None:
        return []
    if not isinstance(script, list):
        r.error(codes.BAD_VALUE, f"script must be a list of steps, got {_kind(script)}", path)
        return []
    steps = []
    for i, item in enumerate(script):
        step = _read_step(r, item, (*path, i))
        if step is not None:
            steps.append(step)
    return steps


def _read_step(r: _Reader, item: Any, path: Path) -> Step | None:
    if isinstance(item, str) and ":" in item:
        seat, _, text = item.partition(":")  # "- South: play KS" written as one quoted text
        item = {seat.strip(): text.strip()}
    entry = r.mapping(item, path, "a step (e.g. 'South: play KS' or 'expect: ...')")
    if entry is None:
        return None
    seats = [k for k in entry if k not in STEP_KEYWORDS]
    actions: list[Action] = []
    refused = entry.get("refused", False)
    if len(seats) > 1:
        r.error(
            codes.BAD_VALUE,
            f"one action per step, got {', '.join(map(str, seats))}: "
            "write one step each, or use 'trick:'",
            path,
        )
    elif seats:
        seat = str(seats[0])
        action = r.text(entry[seats[0]], (*path, seats[0]), f"the action of {seat}")
        if action is not None:
            actions.append(_action(r, seat, action, (*path, seats[0]), refused, step=path))
    if "refused" in entry and not seats:
        r.error(
            codes.BAD_VALUE,
            "'refused' goes with one seat's action: '- East: play 5D' / 'refused: ...'",
            (*path, "refused"),
        )
    for key in ("trick", "round"):
        if key in entry:
            if seats or actions:
                where = (*path, key)
                r.error(codes.BAD_VALUE, "a step is one action, one trick or one round", where)
            actions.extend(_read_trick(r, entry[key], (*path, key), play=key == "trick"))
    auto = _read_auto(r, entry, path)
    expectations = _read_expectations(r, entry, path)
    said = {"note", "expect", "winner"} & set(entry) or any(
        key in entry and not isinstance(entry[key], dict) for key in ("trick", "round")
    )  # a trick that is not a mapping is reported as such, not as an empty step
    if not actions and auto is None and not expectations and not said:
        r.error(codes.BAD_VALUE, "empty step: give an action, 'trick', 'auto' or 'expect'", path)
    return Step(path, r.span(path), tuple(actions), auto, tuple(expectations))


def _action(
    r: _Reader, seat: str, text: str, path: Path, refused: Any, *, step: Path | None = None
) -> Action:
    if not isinstance(refused, bool | str):
        where = (*step, "refused") if step is not None else path
        message = f"refused must be true or a text the reason must contain, got {_kind(refused)}"
        r.error(codes.BAD_VALUE, message, where)
        refused = True
    return Action(seat, text, path, r.span(path), refused)


def _read_trick(r: _Reader, value: Any, path: Path, *, play: bool) -> list[Action]:
    """``trick: {South: KS, ...}`` (bare cards are played) or ``round: {East: done, ...}``."""
    if not isinstance(value, dict):
        what = "card" if play else "action"
        example = "{South: KS, East: 3S}" if play else "{East: done, North: done}"
        r.error(
            codes.BAD_VALUE,
            f"a {path[-1]} is a mapping of seat: {what}, in playing order "
            f"(e.g. {path[-1]}: {example}), got {_kind(value)}",
            path,
        )
        return []
    trick = value
    out = []
    for seat, card in trick.items():
        text = r.text(card, (*path, seat), f"the card of {seat}")
        if text is None:
            continue
        if play and " " not in text:
            text = f"play {text}"  # a bare card: 'South: KS' means 'play KS'
        out.append(Action(str(seat), text, (*path, seat), r.span((*path, seat))))
    return out


def _read_auto(r: _Reader, entry: dict[str, Any], path: Path) -> str | int | None:
    if "auto" not in entry:
        return None
    auto = entry["auto"]
    if isinstance(auto, int) and not isinstance(auto, bool) and auto > 0:
        return auto
    if auto in AUTO_GOALS:
        return str(auto)
    hint = did_you_mean(str(auto), AUTO_GOALS)
    r.error(
        codes.BAD_VALUE,
        f"auto must be {', '.join(AUTO_GOALS)} or a number of actions, got '{auto}'{hint}",
        (*path, "auto"),
    )
    return None


def _read_expectations(r: _Reader, entry: dict[str, Any], path: Path) -> list[Expectation]:
    out = []
    if "winner" in entry:
        here = (*path, "winner")
        if _shape_ok(r, "trick_winner", entry["winner"], here):
            out.append(Expectation("trick_winner", entry["winner"], here, r.span(here)))
    if "expect" not in entry:
        return out
    expect = r.mapping(entry["expect"], (*path, "expect"), "expect")
    if expect is None:
        return out
    r.known_keys(expect, EXPECTATION_KEYS, (*path, "expect"))
    for key, value in expect.items():
        here = (*path, "expect", key)
        if key in EXPECTATION_KEYS and _shape_ok(r, str(key), value, here):
            spans = _read_view(r, value, here) if key == "view" else {}
            out.append(Expectation(str(key), value, here, r.span(here), spans))
    return out


def _shape_ok(r: _Reader, key: str, value: Any, here: Path) -> bool:
    """Report a value of the wrong shape at the part at fault (``hand: {South: 5}``: at 5)."""
    problems = shape_problems(key, value)
    for at, message in problems:
        r.error(codes.BAD_VALUE, f"{key}: {message}", (*here, *at))
    return not problems


def _read_view(r: _Reader, value: Any, here: Path) -> dict[Path, Span]:
    """Check the shape of ``view: {seat: {sees: ..., hand_of: {seat: ...}, ...}}`` and
    locate each part (each card too, in a list or in one text) by its path below `here`."""
    spans: dict[Path, Span] = {}
    view = r.mapping(value, here, "view (seat: what that seat may know)")
    for seat, facts in (view or {}).items():
        at = (*here, seat)
        spans[(seat,)] = r.key_span(at)
        entry = r.mapping(facts, at, f"the view of {seat} ({', '.join(VIEW_KEYS)})")
        if entry is None:
            continue
        r.known_keys(entry, VIEW_KEYS, at)
        for key, item in entry.items():
            where = (*at, key)
            spans[(seat, key)] = r.span(where)
            if key in ("sees", "not_sees"):
                _card_spans(r, item, where, here, spans, what=key)
            elif key == "hand_of":
                hands = r.mapping(item, where, "hand_of (seat: the cards known of its hand)")
                for other, cards in (hands or {}).items():
                    spans[(seat, key, other)] = r.span((*where, other))
                    what = f"hand_of {other}"
                    _card_spans(r, cards, (*where, other), here, spans, what=what)
            elif key == "partner":
                r.text(item, where, "partner (a seat, or 'unknown')")
            elif key in ("monte", "stock") and item != "hidden":
                if isinstance(item, str | list):
                    _card_spans(r, item, where, here, spans, what=key)
                else:
                    message = f"{key} must be 'hidden' or a list of cards, got {_kind(item)}"
                    r.error(codes.BAD_VALUE, message, where)
    return spans


def _card_spans(
    r: _Reader, value: Any, path: Path, base: Path, spans: dict[Path, Span], *, what: str
) -> None:
    """Locate each card of a card list: a YAML list, or one text ``"AC 3D"``."""
    rel = path[len(base) :]
    if value is None:
        return  # an empty value: no card
    if isinstance(value, str):
        for i, word in enumerate(re.finditer(r"[^\s,]+", value)):
            spans[(*rel, i)] = r.smap.locate(path, word.start())
        return
    if r.cards(value, path, what) is not None:
        for i in range(len(value)):
            spans[(*rel, i)] = r.span((*path, i))
