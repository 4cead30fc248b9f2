"""``tressette replay LOG``: re-apply a game log through the engine and check every line.

The ruleset named in the header is loaded (the recorded file path if it still exists, else
the bundled id) and its hash compared with the recorded one. Then, from ``start`` with the
recorded seed (whose events must be the header's ``events``, when it has them), each action
must be by the seat to act, well-formed, legal, and produce exactly the recorded events; the
header's seat names must be the ruleset's, and a bot seat's action must be what that bot
(deterministic given the seed) chooses, so an edited ``players`` or ``seats`` is caught;
the closing line must match ``result(...)``. The first difference is reported as
``LOG:line: expected ..., got ...`` (expected = what the engine says, got = what the log
says).

Exit status: 0 the log replays exactly (an incomplete log too, when everything it holds
replays); 1 a malformed log, a divergence, or (with ``--strict``) a changed ruleset;
2 the ruleset cannot be loaded.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tressette_dsl import gamelog
from tressette_dsl.agents import AGENT_KINDS, make_agent
from tressette_dsl.agents.base import choose, seat_rng
from tressette_dsl.agents.registry import is_named
from tressette_dsl.cli import render
from tressette_dsl.cli.common import load_or_report
from tressette_dsl.engine import (
    GameState,
    IllegalActionError,
    InvalidActionError,
    apply,
    is_over,
    legal_actions,
    parse_action,
    result,
    start,
    to_act,
)
from tressette_dsl.engine.occupancy import controller
from tressette_dsl.engine.people import person_at
from tressette_dsl.engine.seating import rules_for
from tressette_dsl.loader import bundled_ids
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.text import escape

EXIT_OK, EXIT_DIVERGED, EXIT_RULESET = 0, 1, 2
HUMAN = "human"


@dataclass(frozen=True, slots=True)
class Divergence:
    line: int
    message: str


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Re-apply a game log through the engine and report where it diverges."
    parser.add_argument("log", help="a JSON Lines log written by 'tressette play --log'")
    parser.add_argument(
        "--ruleset", help="replay against this ruleset (id or file) instead of the header's"
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="fail when the ruleset changed since the log was written (default: warn)",
    )
    parser.add_argument("--show", action="store_true", help="print the game while replaying")


def run(args: argparse.Namespace) -> int:
    try:
        log = gamelog.read_log(args.log)
    except gamelog.LogError as err:
        print(_where(err.path, err.line, err.message), file=sys.stderr)
        return EXIT_DIVERGED
    source, notes = ruleset_source(log, args.ruleset)
    for note in notes:
        print(_where(log.path, 1, note), file=sys.stderr)
    if source is None:
        return EXIT_RULESET
    rules = load_or_report(source)
    if rules is None:
        return EXIT_RULESET
    current = gamelog.ruleset_hash(rules)
    if current != log.header["ruleset_hash"]:
        level = "error" if args.strict else "warning"
        print(
            _where(
                log.path,
                1,
                f"{level}: the ruleset {rules.id!r} changed since the log "
                f"was written (hash {log.header['ruleset_hash'][:19]}..., now "
                f"{current[:19]}...)",
            ),
            file=sys.stderr,
        )
        if args.strict:
            return EXIT_DIVERGED
    show = None
    if args.show:
        renderer = render.Renderer(rules, None, compact=True)

        def show(lines_of: Sequence[dict[str, Any]]) -> None:
            for line in renderer.events(lines_of):
                print(line)

    divergence = replay(rules, log, show)
    if divergence is not None:
        print(_where(log.path, divergence.line, divergence.message), file=sys.stderr)
        return EXIT_DIVERGED
    count = len(log.actions)
    if log.end.complete:
        verdict = render.result_text(rules, log.end.result or {})
        print(f"{log.path}: {count} actions replayed exactly. {verdict}")
    else:
        print(
            f"{log.path}: {count} actions replayed exactly; the log is incomplete "
            f"({log.end.reason})."
        )
    return EXIT_OK


def _where(path: str, line: int, message: str) -> str:
    """``LOG:line: message``, escaped: a log's text must not drive the terminal."""
    text = f"{path}: {message}" if line <= 0 else f"{path}:{line}: {message}"
    return escape(text)


def ruleset_source(log: gamelog.GameLog, override: str | None) -> tuple[str | None, list[str]]:
    """Which ruleset to load for a log, and any notes about the choice."""
    if override:
        return override, []
    header = log.header
    recorded = header.get("ruleset_path")
    rid = header["ruleset"]
    if isinstance(recorded, str) and recorded:
        if Path(recorded).is_file():
            return recorded, []
        if rid in bundled_ids():
            return rid, [f"warning: the ruleset file {recorded} is gone; using the bundled {rid!r}"]
        return None, [
            f"the ruleset file {recorded} is gone and {rid!r} is not bundled (use --ruleset FILE)"
        ]
    if rid in bundled_ids():
        return rid, []
    return None, [
        f"{rid!r} is not a bundled ruleset and the log records no file (use --ruleset FILE)"
    ]


def replay(
    rules: Ruleset,
    log: gamelog.GameLog,
    show: Callable[[Sequence[dict[str, Any]]], None] | None = None,
) -> Divergence | None:
    """Re-apply every action of `log`; the first divergence, or None if it matches."""
    header = log.header
    seats = len(header["seats"]) if isinstance(header.get("seats"), list) else None
    if rules.seat_table is not None and seats is not None and seats != rules.players.count:
        # a seat count chosen per game: the header's count of seats says which (a count
        # outside the range is left to the message below)
        with contextlib.suppress(ValueError):
            rules = rules.for_seats(seats)
    if len(header["seats"]) != rules.players.count:
        return Divergence(
            1,
            f"expected {rules.players.count} seats for {rules.id!r}, "
            f"got {len(header['seats'])} in the header",
        )
    problem = _check_seating(rules, header)
    if problem is not None:
        return problem
    bots = _Bots(header)
    # `setup` is written as {} by `tressette play` and is not read: a log replays from its seed
    try:
        state, first = start(rules, header["seed"])
    except Exception as exc:  # a corrupt seed must not end in a traceback
        return Divergence(1, f"expected a game to start from seed {header['seed']!r}: {exc}")
    dealer = state.dealer
    if "dealer" in header and header["dealer"] != dealer:
        return Divergence(1, f"expected dealer {dealer}, got {header['dealer']} in the header")
    if "events" in header:  # the first deal (logs written before it was recorded have none)
        computed = [gamelog.to_jsonable(e) for e in first]
        mismatch = compare_events(computed, list(header["events"]))
        if mismatch:
            return Divergence(1, f"header: {mismatch}")
        if show is not None:
            show(header["events"])
    for entry in log.actions:
        state, problem = _replay_action(rules, state, entry, bots)
        if problem is not None:
            return problem
        if show is not None:
            show(entry.events)
    return _check_end(rules, state, log.end)


def _check_seating(rules: Ruleset, header: dict[str, Any]) -> Divergence | None:
    """The header's seat names must be the ruleset's, in order, and each player a kind
    `tressette play` writes: an edited header is caught before any action is replayed."""
    names = list(rules.players.names)
    if header["seats"] != names:
        return Divergence(
            1, f"header: expected seats {names}, got {_short(header['seats'])} (edited?)"
        )
    for seat, kind in enumerate(header["players"]):
        if not isinstance(kind, str) or (
            kind != HUMAN and kind not in AGENT_KINDS and not is_named(kind)
        ):
            known = ", ".join([HUMAN, *sorted(AGENT_KINDS)])
            return Divergence(
                1, f"header: player {seat} is {_short(kind)}, expected one of {known}"
            )
    return None


class _Bots:
    """The bots of the header's seats, as `tressette play` made them: a bot is
    deterministic given the seed, so each of its recorded actions must be its own choice,
    and a header whose players were changed diverges at the first action that tells."""

    def __init__(self, header: dict[str, Any]) -> None:
        # bound to people (`engine.people`): a header of a ruleset whose people move round
        # the places lists their kinds under `people`, its `players` being per place
        people = header.get("people")
        listed = people.get("players") if isinstance(people, dict) else None
        kinds = list(listed) if isinstance(listed, list) else list(header["players"])
        self.kinds = kinds
        self.agents = {i: make_agent(k) for i, k in enumerate(kinds) if k != HUMAN}
        self.rngs = [seat_rng(header["seed"], i) for i in range(len(kinds))]

    def check(
        self, rules: Ruleset, state: GameState, seat: int, legal: Sequence[Any], action: Any
    ) -> str | None:
        person = person_at(rules, state, controller(rules_for(rules, state), state, seat))
        if person is None:
            return None
        seat = person  # the bots play people: the seats the match began with, unless they move
        agent = self.agents.get(seat)
        if agent is None:
            return None
        try:
            chosen = choose(agent, rules_for(rules, state), state, legal, self.rngs[seat])
        except Exception as exc:  # a bot failure is the log's line, not a traceback
            return f"the {self.kinds[seat]} bot of the header failed: {type(exc).__name__}: {exc}"
        if chosen != action:
            return (
                f"expected {chosen} (the {self.kinds[seat]} bot the header names for "
                f"{_seat(rules, seat)}), got {str(action)!r}: were the header's players changed?"
            )
        return None


def _replay_action(
    rules: Ruleset, state: GameState, entry: gamelog.LogAction, bots: _Bots | None = None
) -> tuple[GameState, Divergence | None]:
    line = entry.line
    if is_over(state):
        return state, Divergence(
            line, f"expected no more actions (the match is over), got {entry.action!r}"
        )
    seat = to_act(state)
    if seat != entry.seat:
        return _replay_out_of_turn(rules, state, entry, seat)
    try:
        action = parse_action(rules, state, entry.action)
    except InvalidActionError as exc:
        return state, Divergence(line, f"expected an action, got {entry.action!r}: {exc}")
    legal = legal_actions(rules, state)
    if action not in legal:
        try:
            apply(rules, state, action)
            why = "not among the legal actions"
        except IllegalActionError as exc:
            why = str(exc)
        return state, Divergence(line, f"expected a legal action, got {entry.action!r}: {why}")
    if bots is not None:  # the bot of the seat that decided (a dummy's owner)
        problem = bots.check(rules, state, to_act(state, rules) or seat, legal, action)
        if problem is not None:
            return state, Divergence(line, problem)
    try:
        state, events = apply(rules, state, action)
    except Exception as exc:  # an engine failure is reported at the line that caused it
        return state, Divergence(
            line, f"expected the engine to apply {entry.action!r}, got {type(exc).__name__}: {exc}"
        )
    if events == entry.records:  # the log's events decode to exactly the engine's records
        return state, None
    computed = [gamelog.to_jsonable(e) for e in events]
    problem = compare_events(computed, list(entry.events))
    return state, (Divergence(line, problem) if problem else None)


def _replay_out_of_turn(
    rules: Ruleset, state: GameState, entry: gamelog.LogAction, seat: int | None
) -> tuple[GameState, Divergence | None]:
    """An action by a seat that was not to act: right only when that seat could act out of
    turn (a claim, with `claims.out_of_turn`)."""
    line = entry.line
    expected = f"expected {_seat(rules, seat)} to act, got {_seat(rules, entry.seat)}"
    if not 0 <= entry.seat < rules.players.count:
        return state, Divergence(line, expected)
    offered = legal_actions(rules, state, entry.seat)
    try:
        action = parse_action(rules, state, entry.action)
    except InvalidActionError:
        return state, Divergence(line, expected)
    if action not in offered:
        return state, Divergence(line, expected)
    state, events = apply(rules, state, action, seat=entry.seat)
    if events == entry.records:
        return state, None
    problem = compare_events([gamelog.to_jsonable(e) for e in events], list(entry.events))
    return state, (Divergence(line, problem) if problem else None)


def _check_end(rules: Ruleset, state: GameState, end: gamelog.LogEnd) -> Divergence | None:
    if not end.complete:
        if is_over(state):
            return Divergence(
                end.line,
                "expected the result line (the match is over), "
                "got an end line marking the log incomplete",
            )
        return None
    if not is_over(state):
        seat = to_act(state)
        return Divergence(
            end.line,
            f"expected an action by {_seat(rules, seat)} "
            "(the match is not over), got the result line",
        )
    computed = gamelog.to_jsonable(result(rules, state))
    problem = compare_values("result", computed, end.result)
    return Divergence(end.line, problem) if problem else None


def _seat(rules: Ruleset, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return f"seat {seat} ({render.seat(rules, seat)})"


# --- comparing -----------------------------------------------------------------------------


def compare_events(expected: list[dict[str, Any]], got: list[dict[str, Any]]) -> str | None:
    """The first difference between the engine's events and the recorded ones, or None."""
    for i, (exp, rec) in enumerate(zip(expected, got, strict=False), start=1):
        if exp != rec:
            return f"event {i}: expected {_summary(exp, rec)}, got {_summary(rec, exp)}"
    if len(expected) > len(got):
        missing = expected[len(got)]
        return f"expected {len(expected)} events, got {len(got)} (missing {_summary(missing, {})})"
    if len(got) > len(expected):
        extra = got[len(expected)]
        return f"expected {len(expected)} events, got {len(got)} (extra {_summary(extra, {})})"
    return None


def compare_values(what: str, expected: Any, got: Any) -> str | None:
    if expected == got:
        return None
    if isinstance(expected, dict) and isinstance(got, dict):
        for key in sorted(set(expected) | set(got)):
            if expected.get(key) != got.get(key):
                return (
                    f"expected {what} {key} = {_short(expected.get(key))}, "
                    f"got {_short(got.get(key))}"
                )
    return f"expected {what} {_short(expected)}, got {_short(got)}"


def _summary(event: dict[str, Any], other: dict[str, Any]) -> str:
    """``Type{k: v, ...}`` with the fields that differ from `other` (all if none differ)."""
    kind = event.get("type", "?")
    keys = [k for k in event if k != "type" and event.get(k) != other.get(k)]
    if not keys or other.get("type") != kind:
        keys = [k for k in event if k != "type"]
    fields = ", ".join(f"{k}: {_short(event[k])}" for k in keys)
    return f"{kind}{{{fields}}}"


def _short(value: Any, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
