"""``tressette play [RULESET]``: a match at the terminal, bots and humans in any seats.

Every seat acts on its own ``observe(rules, state, seat)``; a human sees the table through
a `render.Renderer` made for their seat, which shows the events through the engine's
``events_for`` and so hides every card they could not see at a real table. With several
human seats (hot seat) each turn is announced, and the screen is cleared before a hand is
shown when the terminal allows it.

Exit status: 0 the match was played to its end; 1 the input ended (Ctrl-D, end of a piped
file) or a player typed ``quit``, or the engine failed; 2 a bad command line or a ruleset
that does not load; 3 the ``--max-deals`` limit was reached; 130 interrupted by Ctrl-C.
With ``--log`` the log written so far is kept, its last line marking it incomplete.
"""

from __future__ import annotations

import argparse
import difflib
import os
import random
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from tressette_dsl import gamelog
from tressette_dsl.agents import AGENT_KINDS, canonical_kind, make_agent
from tressette_dsl.agents.base import choose, seat_rng
from tressette_dsl.cli import render
from tressette_dsl.cli.common import load_or_report
from tressette_dsl.engine import (
    IllegalActionError,
    InvalidActionError,
    apply,
    is_over,
    legal_actions,
    observe,
    parse_action,
    result,
    start,
    to_act,
)
from tressette_dsl.text import escape

EXIT_OK, EXIT_STOPPED_BY_PLAYER, EXIT_USAGE, EXIT_MAX_DEALS, EXIT_CTRL_C = 0, 1, 2, 3, 130
HUMAN = "human"
PLAYER_KINDS = (HUMAN, "bot", *sorted(AGENT_KINDS))
DEFAULT_RULESET = "tressette"


class PlayersSpecError(ValueError):
    """A `--players` value that does not describe the seats."""


class LeaveGame(Exception):
    """A human ended the game: end of input or 'quit'."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Play a match at the terminal: bots, humans, or both."
    parser.add_argument(
        "ruleset",
        nargs="?",
        default=DEFAULT_RULESET,
        help=f"a bundled ruleset id or a ruleset file (default: {DEFAULT_RULESET})",
    )
    parser.add_argument("--seed", type=int, help="the match seed (default: random, printed)")
    parser.add_argument(
        "--players",
        metavar="SPEC",
        help="who sits where: one kind per seat ('human,bot,bot,bot') or SEAT=KIND pairs "
        "('0=human', 'North=random'), or one kind for all ('random'; 'human' = seat 0 human); "
        "kinds: human, bot (= heuristic), heuristic, random. Default: heuristic bots",
    )
    parser.add_argument("--log", metavar="FILE", help="write a JSON Lines game log to FILE")
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    parser.add_argument(
        "--max-deals",
        type=int,
        default=500,
        metavar="N",
        help="stop after N deals, a safety limit (default: 500; exit status 3)",
    )


def run(args: argparse.Namespace) -> int:
    out = sys.stdout
    rules = load_or_report(args.ruleset)
    if rules is None:
        return EXIT_USAGE
    try:
        kinds = parse_players(args.players, rules.players.names)
    except PlayersSpecError as err:
        print(f"tressette play: --players: {escape(str(err))}", file=sys.stderr)
        return EXIT_USAGE
    if args.max_deals < 1:
        print(
            f"tressette play: --max-deals must be at least 1, not {args.max_deals}", file=sys.stderr
        )
        return EXIT_USAGE
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    table = Table(rules, seed, kinds, out=out, quiet=args.quiet, max_deals=args.max_deals)
    return table.play(log_path=args.log, source=args.ruleset)


# --- seats ----------------------------------------------------------------------------------


def parse_players(spec: str | None, names: Sequence[str]) -> list[str]:
    """Seat kinds from ``human,bot,bot,bot``, ``0=human,North=random`` (unnamed seats: bot),
    ``random`` (every seat) or ``human`` (seat 0 human, the others bots)."""
    n = len(names)
    kinds = ["heuristic"] * n
    if spec is None:
        return kinds
    if not spec.strip():
        raise PlayersSpecError("empty: give one kind per seat, or leave --players out for bots")
    items = [item.strip().lower() for item in spec.split(",")]
    if any(not item for item in items):
        raise PlayersSpecError(f"an empty entry in {spec!r}: one kind per seat, comma-separated")
    if all("=" not in item for item in items):
        if len(items) == 1:  # 'human': seat 0 (others bots); a bot kind: every seat
            items = [HUMAN] + ["heuristic"] * (n - 1) if items[0] == HUMAN else items * n
        if len(items) != n:
            raise PlayersSpecError(f"{len(items)} kinds given for {n} seats ({', '.join(names)})")
        return [_kind(item) for item in items]
    lowered = [name.lower() for name in names]
    given: dict[int, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise PlayersSpecError(f"{item!r}: mix of SEAT=KIND and plain kinds")
        key = key.strip()
        if key.isdecimal() and key.isascii() and int(key) < n:
            seat = int(key)
        elif key.lower() in lowered:
            seat = lowered.index(key.lower())
        else:
            raise PlayersSpecError(f"no seat {key!r}: seats are 0..{n - 1} or {', '.join(names)}")
        if seat in given:
            raise PlayersSpecError(
                f"seat {seat} ({names[seat]}) is given twice ({given[seat]!r} and {item!r})"
            )
        given[seat] = item
        kinds[seat] = _kind(value.strip())
    return kinds


def _kind(word: str) -> str:
    kind = word.lower()
    if kind not in PLAYER_KINDS:
        hint = difflib.get_close_matches(kind, PLAYER_KINDS, n=1)
        extra = f"; did you mean {hint[0]!r}?" if hint else ""
        raise PlayersSpecError(
            f"unknown player kind {word!r} (use {', '.join(PLAYER_KINDS)}){extra}"
        )
    return canonical_kind(kind)


def log_header(
    rules: Any,
    source: str,
    seed: int,
    state: Any,
    kinds: Sequence[str],
    *,
    events: Sequence[Any] = (),
) -> dict[str, Any]:
    """The header fields of a log for the match starting at `state` (the writer adds the
    format): enough to find the ruleset again, check it is unchanged, and deal the same.
    `events` are those of `start` (the first deal), kept so the log tells the whole game."""
    path = Path(source)
    ruleset_path = str(path.resolve()) if path.is_file() else None
    return {
        "ruleset": rules.id,
        "ruleset_path": ruleset_path,
        "ruleset_hash": gamelog.ruleset_hash(rules),
        "title": rules.title,
        "seed": seed,
        "dealer": _obs_dict(rules, state, 0).get("dealer"),
        "seats": list(rules.players.names),
        "players": list(kinds),
        "setup": {},
        "tool": "tressette-dsl",
        "events": [gamelog.to_jsonable(e) for e in events],
    }


def _obs_dict(rules: Any, state: Any, seat: int) -> dict[str, Any]:
    obs = observe(rules, state, seat)
    return obs.to_dict()


# --- the table -------------------------------------------------------------------------------


class Table:
    """One match: the loop, the rendering, the log, the human prompts."""

    def __init__(
        self,
        rules: Any,
        seed: int,
        kinds: Sequence[str],
        *,
        out: TextIO,
        quiet: bool = False,
        max_deals: int = 500,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.kinds = list(kinds)
        self.out = out
        self.quiet = quiet
        self.log: gamelog.LogWriter | None = None
        self.max_deals = max_deals
        self.humans = [i for i, k in enumerate(self.kinds) if k == HUMAN]
        self.bots = {i: make_agent(k) for i, k in enumerate(self.kinds) if k != HUMAN}
        self.rngs = [seat_rng(seed, i) for i in range(len(self.kinds))]
        if not self.humans:
            viewer = None  # bots only: show everything, one line per trick
        elif len(self.humans) == 1:
            viewer = self.humans[0]
        else:
            viewer = -1  # hot seat: the shared screen shows public facts only
        self.renderer = render.Renderer(rules, viewer, compact=not self.humans)
        self.last_prompted: int | None = None
        self.actions = 0

    def say(self, *lines: str) -> None:
        if not self.quiet:
            for line in lines:
                print(line, file=self.out)

    def play(self, log_path: str | None = None, source: str | None = None) -> int:
        """Play the match to its end (or until stopped); returns the exit status."""
        try:
            state, first = start(self.rules, self.seed)
        except Exception as exc:  # a ruleset the engine cannot deal
            print(f"tressette play: cannot start the match: {exc}", file=sys.stderr)
            return EXIT_USAGE
        if log_path:
            source = source or self.rules.file
            header = log_header(self.rules, source, self.seed, state, self.kinds, events=first)
            try:
                self.log = gamelog.LogWriter(log_path, header)
            except OSError as exc:
                print(f"tressette play: cannot write the log {log_path}: {exc}", file=sys.stderr)
                return EXIT_USAGE
        self.say(f"{self.rules.title} - seed {self.seed}", render.seating(self.rules, self.kinds))
        self.say(*self.renderer.events(first))
        deals = sum(1 for e in first if _type(e) == "Dealt")
        try:
            while not is_over(state):
                state, events = self._turn(state)
                self.say(*self.renderer.events(events))
                deals += sum(1 for e in events if _type(e) == "Dealt")
                if deals > self.max_deals:
                    return self._stop(
                        f"stopped after {self.max_deals} deals (--max-deals)",
                        "max-deals",
                        EXIT_MAX_DEALS,
                    )
        except KeyboardInterrupt:
            return self._stop(
                "Interrupted (Ctrl-C): game abandoned.", "interrupted (Ctrl-C)", EXIT_CTRL_C
            )
        except LeaveGame as leave:
            return self._stop(
                f"{leave.reason}: game abandoned.", leave.reason, EXIT_STOPPED_BY_PLAYER
            )
        except BrokenPipeError:
            raise
        except Exception as exc:  # an engine or bot failure: keep the log, say where
            if os.environ.get("TRESSETTE_DEBUG"):
                traceback.print_exc(file=sys.stderr)
            return self._stop(
                f"error: the game failed at action #{self.actions + 1} (seed {self.seed}): {exc}",
                f"error: {exc}",
                1,
            )
        return self._finish(state)

    def _turn(self, state: Any) -> tuple[Any, Sequence[Any]]:
        seat = to_act(state)
        if seat is None:
            raise RuntimeError("the match is not over but no seat is to act")
        legal = legal_actions(self.rules, state)
        if self.kinds[seat] == HUMAN:
            action = self._ask(state, seat, legal)
        else:
            action = choose(self.bots[seat], self.rules, state, legal, self.rngs[seat])
            if action not in legal:
                raise RuntimeError(
                    f"the {self.kinds[seat]} bot in seat {seat} chose {action}, not a legal action"
                )
        state, events = apply(self.rules, state, action)
        self.actions += 1
        if self.log is not None:
            self.log.action(seat, str(action), events)
        return state, events

    def _finish(self, state: Any) -> int:
        res = result(self.rules, state)
        if self.log is not None:
            self.log.finish(res)
        if self.quiet:
            print(f"{render.result_text(self.rules, res)} [seed {self.seed}]", file=self.out)
        else:
            self.say(
                f"(seed {self.seed}; replay with: tressette play {self.rules.id} "
                f"--seed {self.seed})"
            )
        return EXIT_OK

    def _stop(self, message: str, reason: str, code: int) -> int:
        print(f"\n{message}", file=self.out)
        if self.log is not None:
            self.log.abort(reason)
            print(f"The log so far is in {self.log.path} (marked incomplete).", file=self.out)
        print(f"(seed {self.seed})", file=self.out)
        return code

    # --- humans --------------------------------------------------------------------------
    def _ask(self, state: Any, seat: int, legal: Sequence[Any]) -> Any:
        name = render.seat(self.rules, seat)
        if len(self.humans) > 1 and self.last_prompted != seat:
            self._hand_over(name, seat)
        self.last_prompted = seat
        obs = _obs_dict(self.rules, state, seat)
        self._show_turn(seat, obs, legal)
        enter = render.enter_move(obs)  # nothing to decide: Enter makes the only move
        prompt = f"{name} [Enter: {enter}]> " if enter else f"{name}> "
        while True:
            text = self._read(prompt)
            word = text.strip().lower()
            if not word:
                if enter is not None:
                    return legal[0]
                continue
            if word in ("quit", "exit", "q"):
                raise LeaveGame(f"{name} left the game")
            if word in ("help", "?", "h"):
                self._help(legal)
                self._show_moves(legal)
                continue
            if word in ("hand", "table", "show", "look"):
                self._show_turn(seat, obs, legal)
                continue
            action, problem = resolve_input(self.rules, state, legal, text)
            if action is not None:
                return action
            print(problem, file=self.out)

    def _read(self, prompt: str) -> str:
        self.out.flush()
        try:
            return input(prompt) if self.out is sys.stdout else _input_to(prompt, self.out)
        except EOFError:
            raise LeaveGame("end of input") from None

    def _hand_over(self, name: str, seat: int) -> None:
        if self.out.isatty():
            print("\033[2J\033[H", end="", file=self.out)  # hide the previous player's hand
        print(
            f"\n=== {name} (seat {seat}): your turn. Press Enter to see your hand. ===",
            file=self.out,
        )
        self._read("")

    def _show_turn(self, seat: int, obs: dict[str, Any], legal: Sequence[Any]) -> None:
        for line in render.observation(self.rules, obs, seat):
            print(line, file=self.out)
        self._show_moves(legal)

    def _show_moves(self, legal: Sequence[Any]) -> None:
        print(render.moves(self.rules, legal), file=self.out)

    def _help(self, legal: Sequence[Any]) -> None:
        suits = ", ".join(f"{s}={render.suit(self.rules, s)}" for s in self.rules.deck.suits)
        example = str(legal[0]) if legal else "pass"
        print(
            f"Type a move's number, or its text (e.g. '{example}'; a bare card such as "
            f"'{self.rules.deck.card_text[self.rules.deck.cards[0]]}' is short for playing, "
            "calling, giving... it).\n"
            f"Cards are rank then suit letter: {suits} (the symbols work too).\n"
            "'hand' shows the table again, 'quit' ends the game.",
            file=self.out,
        )


def _input_to(prompt: str, out: TextIO) -> str:
    print(prompt, end="", file=out)
    out.flush()
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.rstrip("\n")


def _type(event: Any) -> str:
    if isinstance(event, dict):
        return str(event.get("type", ""))
    return type(event).__name__


# --- reading a move ----------------------------------------------------------------------------


def normalise(rules: Any, text: str) -> str:
    """Suit symbols to suit letters, card and suit tokens upper-case, the verb lower-case."""
    symbols = {
        sym: sid for sid, sym in zip(rules.deck.suits, rules.deck.suit_symbols, strict=True) if sym
    }
    for sym, sid in symbols.items():
        text = text.replace(sym, sid)
    words = text.split()
    if not words:
        return ""
    out = [words[0].lower()]
    for word in words[1:]:
        upper = word.upper()
        if upper in rules.deck.by_text or upper in rules.deck.suits:
            out.append(upper)
        else:
            out.append(word.lower() if word.isalpha() and not word.isupper() else word)
    if len(words) == 1:
        upper = words[0].upper()
        if upper in rules.deck.by_text:
            return upper
    return " ".join(out)


def resolve_input(
    rules: Any, state: Any, legal: Sequence[Any], text: str
) -> tuple[Any | None, str]:
    """The legal action meant by `text` (a number, the action text, or a bare card), or
    None and a message that says why not and what was probably meant (the input it quotes
    escaped and cut, so that a pasted line can neither flood nor drive the terminal)."""
    if len(text) > MAX_INPUT:
        return None, (
            f"That line is {len(text):,} characters long: type a move's number or its text "
            "(or 'help')."
        )
    action, message = _resolve(rules, state, legal, text)
    return action, escape(message)


MAX_INPUT = 200  # the longest line a move could be typed in, with room to spare


def _resolve(rules: Any, state: Any, legal: Sequence[Any], text: str) -> tuple[Any | None, str]:
    typed = normalise(rules, text)
    if typed.isdecimal() and typed.isascii():
        number = int(typed)
        if 1 <= number <= len(legal):
            return legal[number - 1], ""
        return None, f"There is no move {number}: type 1 to {len(legal)}, or 'help'."
    texts = [str(a) for a in legal]
    lowered = {t.lower(): a for t, a in zip(texts, legal, strict=True)}
    if typed.lower() in lowered:
        return lowered[typed.lower()], ""
    short = [a for a in legal if len(str(a).split()) == 2 and str(a).split()[1] == typed]
    if len(short) == 1:
        return short[0], ""
    if len(short) > 1:
        return None, "Which one? " + ", ".join(str(a) for a in short)
    if typed in rules.deck.by_text:  # a bare card that is not playable: say why not
        verbs = [str(a).split()[0] for a in legal if len(str(a).split()) >= 2]
        card_verbs = [v for v in verbs if v in ("play", "call", "give", "discard", "take")]
        if card_verbs:
            typed = f"{card_verbs[0]} {typed}"
    try:
        action = parse_action(rules, state, typed)
    except InvalidActionError as exc:
        return None, f"Not understood: {exc}.{_did_you_mean(typed, texts)}"
    if action in legal:
        return action, ""
    try:
        apply(rules, state, action)
    except IllegalActionError as exc:
        return None, f"Not allowed: {exc}.{_did_you_mean(typed, texts)}"
    return None, f"'{typed}' is not one of the moves listed.{_did_you_mean(typed, texts)}"


def _did_you_mean(typed: str, texts: Sequence[str]) -> str:
    close = difflib.get_close_matches(typed, texts, n=3, cutoff=0.5)
    if not close:
        return " Type 'help' for the list of moves."
    return " Did you mean: " + " or ".join(repr(c) for c in close) + "?"
