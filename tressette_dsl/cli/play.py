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
import re
import shlex
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from tressette_dsl import gamelog
from tressette_dsl.agents import AGENT_KINDS, canonical_kind, make_agent
from tressette_dsl.agents.base import choose, interruption, seat_rng
from tressette_dsl.cli import colour, menu, render, suit_input, table_help
from tressette_dsl.cli.common import add_seats_argument, load_seated_or_report
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
from tressette_dsl.engine.actions import Play
from tressette_dsl.engine.people import (
    has_people,
    people_names,
    per_place,
    person_at,
    person_to_act,
    seat_of_person,
)
from tressette_dsl.engine.seating import original_seat, rules_for, start_names
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
    add_seats_argument(
        parser,
        "the number of players, for a ruleset that allows several (players.count as a "
        "range, e.g. {min: 2, max: 8}); default: the ruleset's default",
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
    rules = load_seated_or_report("play", args.ruleset, args.seats)
    if rules is None:
        return EXIT_USAGE
    try:
        kinds = parse_players(args.players, people_names(rules))  # one kind per person
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
    return table.play(log_path=args.log, source=args.ruleset, players=args.players)


# --- seats ----------------------------------------------------------------------------------


def parse_players(spec: str | None, names: Sequence[str]) -> list[str]:
    """Seat kinds from ``human,bot,bot,bot``, ``0=human,North=random`` (unnamed seats: bot),
    ``random`` (every seat) or ``human`` (seat 0 human, the others bots). A kind may be any
    bot specification (`agents.registry`): ``search:iters=200``, ``module:Class``, an
    installed bot's name."""
    n = len(names)
    kinds = ["heuristic"] * n
    if spec is None:
        return kinds
    if not spec.strip():
        raise PlayersSpecError("empty: give one kind per seat, or leave --players out for bots")
    # a built-in kind or a seat name is case-insensitive; a bot spec keeps its case
    items = [_lower_unless_spec(item.strip()) for item in spec.split(",")]
    if any(not item for item in items):
        raise PlayersSpecError(f"an empty entry in {spec!r}: one kind per seat, comma-separated")
    if not any(_seat_item(item) for item in items):
        if len(items) == 1:  # 'human': seat 0 (others bots); a bot kind: every seat
            items = [HUMAN] + ["heuristic"] * (n - 1) if items[0] == HUMAN else items * n
        if len(items) != n:
            raise PlayersSpecError(f"{len(items)} kinds given for {n} seats ({', '.join(names)})")
        return [_kind(item) for item in items]
    lowered = [name.lower() for name in names]
    given: dict[int, str] = {}
    for item in items:
        key, _sep, value = item.partition("=")
        if not _seat_item(item):
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


def _lower_unless_spec(item: str) -> str:
    return item if ":" in item else item.lower()


def _seat_item(item: str) -> bool:
    """``SEAT=KIND`` (``North=search:iters=200`` too), not a bot spec's ``key=value``."""
    key, eq, _value = item.partition("=")
    return bool(eq) and ":" not in key


def _kind(word: str) -> str:
    if ":" in word:  # a bot specification: search:iters=200, module:Class, ...
        from tressette_dsl.agents.registry import check  # noqa: PLC0415

        try:
            return check(canonical_kind(word))
        except ValueError as err:
            raise PlayersSpecError(str(err)) from None
    kind = word.lower()
    if kind not in PLAYER_KINDS:
        if kind != HUMAN and _installed_or_builtin(kind):
            return canonical_kind(kind)
        hint = difflib.get_close_matches(kind, PLAYER_KINDS, n=1)
        extra = f"; did you mean {hint[0]!r}?" if hint else ""
        raise PlayersSpecError(
            f"unknown player kind {word!r} (use {', '.join(PLAYER_KINDS)}){extra}"
        )
    return canonical_kind(kind)


def _installed_or_builtin(kind: str) -> bool:
    """A built-in slow kind (search, sampling) or an installed bot's entry-point name."""
    from tressette_dsl.agents.registry import builtin_kinds, entry_points  # noqa: PLC0415

    return kind in builtin_kinds() or kind in entry_points()


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
        # kinds, bots and rngs are per person (`engine.people`): the seats the match began
        # with, unless the people move round the places deal by deal (`seating.people`)
        self.humans = [i for i, k in enumerate(self.kinds) if k == HUMAN]
        self.bots = {i: make_agent(k) for i, k in enumerate(self.kinds) if k != HUMAN}
        self.rngs = [seat_rng(seed, i) for i in range(len(self.kinds))]
        if not self.humans:
            viewer = None  # bots only: show everything, one line per trick
        elif len(self.humans) == 1:
            viewer = self.humans[0]  # his place in the first deal: `_follow` moves it
        else:
            viewer = -1  # hot seat: the shared screen shows public facts only
        self.renderer = render.Renderer(rules, viewer, compact=not self.humans)
        # `history`: the same events, one line per trick, as this screen may see them
        self.recorder = render.Renderer(rules, viewer, compact=True)
        self.deal_lines: list[str] = []
        self.last_prompted: int | None = None
        self.actions = 0
        self.queued: list[Any] = []  # the rest of a one-line 'discard A B C D'
        # per seat (hot seat: each player's own), a clashing suit letter -> the suit meant
        self.letters_of: dict[int, dict[str, str]] = {}
        self.letters: dict[str, str] = {}  # those of the seat being asked
        deck = rules.deck
        red = "".join(sym for sym in deck.suit_symbols if sym in "♥♦")
        black = "".join(sym for sym in deck.suit_symbols if sym and sym not in "♥♦")
        self.painter = colour.Painter(red, black, on=colour.enabled(out))
        self.replay_command = f"tressette play {shlex.quote(rules.id)}"

    def say(self, *lines: str) -> None:
        if not self.quiet:
            for line in lines:
                self.tell(line)

    def tell(self, text: str) -> None:
        """Print `text` to the player(s), in colour when the terminal takes it."""
        print("\n".join(self.painter.line(x) for x in text.split("\n")), file=self.out)

    def _record(self, events: Sequence[Any]) -> None:
        for line in self.recorder.events(events):
            if line.startswith("== Deal "):
                self.deal_lines = []
            if line:
                self.deal_lines.append(line)

    def play(
        self, log_path: str | None = None, source: str | None = None, players: str | None = None
    ) -> int:
        """Play the match to its end (or until stopped); returns the exit status."""
        try:
            state, first = start(self.rules, self.seed)
        except Exception as exc:  # a ruleset the engine cannot deal
            print(f"tressette play: cannot start the match: {exc}", file=sys.stderr)
            return EXIT_USAGE
        if log_path:
            source = source or self.rules.file
            header = log_header(self.rules, source, self.seed, state, self.kinds, events=first)
            if has_people(self.rules):  # per place in the first deal; the people's own
                header["players"] = per_place(self.rules, state, self.kinds)
                header["people"] = {"names": list(people_names(self.rules)), "players": self.kinds}
            try:
                self.log = gamelog.LogWriter(log_path, header)
            except OSError as exc:
                print(f"tressette play: cannot write the log {log_path}: {exc}", file=sys.stderr)
                return EXIT_USAGE
        self.replay_command = replay_command(self.rules, source, players)
        self.say(f"{self.rules.title} - seed {self.seed}", *self._seating(state))
        self._follow(state)
        if self.humans and suit_input.legend(self.rules):
            self.say(
                f"Type cards as rank then suit letter: {suit_input.legend(self.rules)} "
                "(or the symbol). 'help' explains the moves, signals and contracts."
            )
        self.say(*self.renderer.events(first))
        self._record(first)
        deals = sum(1 for e in first if _type(e) == "Dealt")
        try:
            while not is_over(state):
                before = state
                state, events = self._turn(state)
                events = self._reseated(before, state, events)
                events = self._moved(before, state, events)
                self.say(*self.renderer.events(events))
                self._record(events)
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

    def _reseated(self, before: Any, state: Any, events: Sequence[Any]) -> Sequence[Any]:
        """When seats left the table (`match.eliminate`), the events up to the new deal are
        shown as the old table saw them, and the renderers then follow the new table (its
        names, the human's new seat number; a human who left watches everything)."""
        if len(before.match.left) == len(state.match.left):
            return events
        cut = next((i for i, e in enumerate(events) if _type(e) == "Dealt"), len(events))
        self.say(*self.renderer.events(events[:cut]))
        self._record(events[:cut])
        names = start_names(self.rules, state)
        for seat, total, _deal in state.match.left[len(before.match.left) :]:
            self.say(f"  {names[seat]} leaves the table (total {total}).")
        rules = rules_for(self.rules, state)
        viewer = self.renderer.viewer
        if viewer is not None and viewer >= 0:
            first = original_seat(before, viewer)
            seated = [original_seat(state, i) for i in range(state.n)]
            viewer = seated.index(first) if first in seated else None
        for renderer in (self.renderer, self.recorder):
            renderer.rules, renderer.viewer = rules, viewer
        return events[cut:]

    def _seating(self, state: Any) -> list[str]:
        """Who plays: the seats and their kinds, or, when the people move round the places,
        each person's kind and the place he takes in the first deal."""
        if not has_people(self.rules):
            return [render.seating(self.rules, self.kinds)]
        places = self.rules.players.names
        parts = []
        for person, name in enumerate(people_names(self.rules)):
            seat = seat_of_person(self.rules, state, person)
            where = "sits the first deal out" if seat is None else f"first at {places[seat]}"
            parts.append(f"{name} ({self.kinds[person]}, {where})")
        return ["Players: " + ", ".join(parts), render.seating(self.rules)]

    def _follow(self, state: Any) -> None:
        """With `seating.people`, the one human's screen follows his place this deal (None:
        he sits it out and sees what every seat sees)."""
        if not has_people(self.rules) or len(self.humans) != 1:
            return
        seat = seat_of_person(self.rules, state, self.humans[0])
        for renderer in (self.renderer, self.recorder):
            renderer.viewer = -1 if seat is None else seat

    def _moved(self, before: Any, state: Any, events: Sequence[Any]) -> Sequence[Any]:
        """When the people took new places (a new deal, `seating.people`), the events up to
        the new deal are shown from the human's old place, the rest from his new one."""
        if not has_people(self.rules) or len(self.humans) != 1:
            return events
        person = self.humans[0]
        if seat_of_person(self.rules, before, person) == seat_of_person(self.rules, state, person):
            return events
        cut = next((i for i, e in enumerate(events) if _type(e) == "Dealt"), len(events))
        self.say(*self.renderer.events(events[:cut]))
        self._record(events[:cut])
        self._follow(state)
        seat = seat_of_person(self.rules, state, person)
        place = "sit this deal out" if seat is None else f"sit at {self.rules.players.names[seat]}"
        self.say(f"  You ({people_names(self.rules)[person]}) {place}.")
        return events[cut:]

    def _turn(self, state: Any) -> tuple[Any, Sequence[Any]]:
        acting = to_act(state)  # the seat asked; `seat` decides (a dummy's owner)
        seat = to_act(state, self.rules)
        player = person_to_act(self.rules, state)  # kinds, bots and rngs are per person
        if seat is None or acting is None or player is None:
            raise RuntimeError("the match is not over but no seat is to act")
        self.rules = rules_for(self.rules, state)  # the seats still in, after an elimination
        out_of_turn = interruption(self._interrupters(state), self.rules, state, self._rngs(state))
        if out_of_turn is not None:  # a bot claims "at any moment" (claims.out_of_turn)
            seat, action = out_of_turn
            state, events = apply(self.rules, state, action, seat=seat)
            self.actions += 1
            if self.log is not None:
                self.log.action(seat, str(action), events)
            return state, events
        legal = legal_actions(self.rules, state)
        if self.kinds[player] == HUMAN:
            queued = self.queued.pop(0) if self.queued else None
            if queued is not None and queued in legal and self.last_prompted == seat:
                action = queued
            else:
                self.queued = []
                action = self._ask(state, seat, legal)
        else:
            action = choose(self.bots[player], self.rules, state, legal, self.rngs[player])
            if action not in legal:
                raise RuntimeError(
                    f"the {self.kinds[player]} bot in seat {seat} chose {action}, "
                    "not a legal action"
                )
        state, events = apply(self.rules, state, action)
        self.actions += 1
        if self.log is not None:
            self.log.action(acting, str(action), events)
        return state, events

    def _interrupters(self, state: Any) -> list[Any]:
        """The agent of each seat that may act out of turn here: the bots of the people
        sitting there (a human claims at his own prompt); None for a human or nobody."""
        out = []
        for seat in range(state.n):
            person = person_at(self.rules, state, seat)
            human = person is None or self.kinds[person] == HUMAN
            out.append(None if person is None or human else self.bots[person])
        return out

    def _rngs(self, state: Any) -> list[Any]:
        """The random source of each seat's person, for `interruption` (which asks seats)."""
        people = [person_at(self.rules, state, seat) for seat in range(state.n)]
        return [self.rngs[p if p is not None else 0] for p in people]

    def _finish(self, state: Any) -> int:
        res = result(self.rules, state)
        if self.log is not None:
            self.log.finish(res)
        if self.quiet:
            print(f"{render.result_text(self.rules, res)} [seed {self.seed}]", file=self.out)
        else:
            if state.match.left:  # the table shrank: every seat it began with, and its total
                self.say(render.result_text(self.rules, res))
            self.say(f"(seed {self.seed}; replay with: {self.replay_command} --seed {self.seed})")
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
        self.letters = self.letters_of.setdefault(seat, {})
        # a dummy's owner is shown the table as the dummy sees it: its hand is the one to
        # play from (`seating.dummy`); any other seat, its own view
        asked = state.cursor.to_act
        view = asked if asked is not None and asked != seat else seat
        obs = _obs_dict(self.rules, state, view)
        offered = menu.build(self.rules, legal)
        self._show_turn(view, obs, offered)
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
                self.tell("\n".join(table_help.help_lines(self.rules, offered.items)))
                self._show_moves(offered)
                continue
            if word in ("hand", "table", "show", "look"):
                self._show_turn(view, obs, offered)
                continue
            if word in ("history", "tricks"):
                lines = self.deal_lines or ["Nothing has happened in this deal yet."]
                if self.recorder.pending_trick:
                    lines = [
                        *lines,
                        "  This trick so far: " + ", ".join(self.recorder.pending_trick),
                    ]
                self.tell("\n".join(lines))
                continue
            if word == "claim" and offered.claim is not None:
                if self._confirm_claim(seat):
                    return offered.claim
                self.tell("No claim: the game goes on.")
                continue
            chosen = self._interpret(state, offered, text)
            if chosen is not None:
                first, *rest = chosen
                self.queued = rest
                return first

    def _interpret(self, state: Any, offered: menu.Menu, text: str) -> list[Any] | None:
        """The actions `text` stands for (several for a one-line discard), after asking
        which card was meant when a suit letter reads two ways, and which signal goes with
        a card; None when refused or cancelled (the reason was printed)."""
        candidates, problem = interpret(self.rules, state, offered, text, self.letters)
        if not candidates:
            self.tell(problem)
            return None
        if len(candidates) > 1 or _clashes(self.rules, text, self.letters):
            picked = self._which(text, candidates)
            if picked is None:
                return None
            self._remember_letters(text, picked)
        else:
            picked = candidates[0]
        if len(picked) == 1 and isinstance(picked[0], Play) and not picked[0].signals:
            signalled = self._signal_for(offered, picked[0])
            if signalled is None:
                return None
            picked = [signalled]
        return list(picked)

    def _which(self, text: str, candidates: Sequence[Sequence[Any]]) -> list[Any] | None:
        clashes = suit_input.french_clashes(self.rules)
        notes = "; ".join(
            f"{letter} is {render.suit(self.rules, ours)} in this ruleset, but "
            f"{render.suit(self.rules, french)} in French cards (type "
            f"{french if french != letter else letter} or {render.suit(self.rules, french)} for it)"
            for letter, ours, french in clashes
        )
        options = [
            " ".join(render.action_text(self.rules, str(a)) for a in seq) for seq in candidates
        ]
        self.tell(f"'{escape(text.strip())}': which card do you mean? {notes}.")
        for i, option in enumerate(options, 1):
            self.tell(f"  {i}) {option}")
        while True:
            answer = self._read("Which one? [number; Enter: none of them]> ").strip()
            if not answer:
                self.tell("Nothing played: type your move again.")
                return None
            if answer.isdecimal() and answer.isascii() and 1 <= int(answer) <= len(options):
                return list(candidates[int(answer) - 1])
            self.tell(f"Type 1 to {len(options)}, or press Enter to cancel.")

    def _remember_letters(self, text: str, picked: Sequence[Any]) -> None:
        """After a player said what a clashing letter means, read it that way from now on."""
        chosen = " ".join(str(a) for a in picked)
        for letter, ours, french in suit_input.french_clashes(self.rules):
            if letter in self.letters or not _typed_letter(text, letter):
                continue
            for word in text.split():
                cards = suit_input.card_readings(self.rules, word)
                if len(cards) > 1 and word[-1:].upper() == letter:
                    rank = cards[0][:-1]
                    meant = ours if re.search(rf"\b{re.escape(rank + ours)}\b", chosen) else french
                    self.letters[letter] = meant
                    self.tell(
                        f"(From now on {letter} means {render.suit(self.rules, meant)} for you.)"
                    )
                    break

    def _signal_for(self, offered: menu.Menu, play: Any) -> Any | None:
        """The second, optional choice after a card: the signal to make with it."""
        variants = offered.signal_variants(play)
        if len(variants) == 1:
            return variants[0]
        bare = variants[0] if not variants[0].signals else None
        signalled = [v for v in variants if v.signals]
        shown = render.card(self.rules, play.card)
        self.tell(f"A signal with {shown}? (optional; 'help' explains the signals)")
        items = ([bare] if bare is not None else []) + signalled
        for i, v in enumerate(items, 1):
            label = "no signal" if not v.signals else _signal_words(v)
            self.tell(f"  {i}) {label}")
        default = " [Enter: no signal]" if bare is not None else ""
        while True:
            answer = self._read(f"Signal{default}> ").strip().lower()
            if not answer and bare is not None:
                return bare
            if answer.isdecimal() and answer.isascii() and 1 <= int(answer) <= len(items):
                return items[int(answer) - 1]
            for v in signalled:
                if answer and answer == _signal_words(v).lower():
                    return v
            if answer in ("none", "no", "-") and bare is not None:
                return bare
            if answer in ("back", "cancel"):
                self.tell("Nothing played: type your move again.")
                return None
            self.tell(f"Type 1 to {len(items)} or the signal's name ('back' chooses another card).")

    def _confirm_claim(self, seat: int) -> bool:
        claims = self.rules.claims
        target = f" ({claims.target.text})" if claims is not None else ""
        self.tell(
            f"A claim ends the match at once: right if your side has reached the target"
            f"{target}, and a wrong claim loses the match."
        )
        answer = self._read("Claim now? Type 'yes' to claim, anything else to go on> ")
        return answer.strip().lower() in ("yes", "y")

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

    def _show_turn(self, seat: int, obs: dict[str, Any], offered: menu.Menu) -> None:
        for line in render.observation(self.rules, obs, seat, self.letters):
            self.tell(line)
        self._show_moves(offered)

    def _show_moves(self, offered: menu.Menu) -> None:
        self.tell(render.moves(self.rules, offered.items, width=_width(self.out)))
        if offered.claim is not None:
            self.tell("(You may also 'claim' the match: type the word; it asks to confirm.)")


def replay_command(rules: Any, source: str | None, players: str | None) -> str:
    """The command that plays this match again (with ``--seed``): a ruleset given as a file
    is named by its path (its id alone is not found), a bundled one by its id."""
    where = source if source and Path(source).is_file() else rules.id
    command = f"tressette play {shlex.quote(str(where))}"
    table = getattr(rules, "seat_table", None)
    if table is not None and rules.players.count != table.default:  # a count chosen
        command += f" --seats {rules.players.count}"
    if players:
        command += f" --players {shlex.quote(players)}"
    return command


def _width(out: TextIO) -> int:
    """The terminal's width, or 96 columns when the output is no terminal."""
    try:
        if out.isatty():
            return max(40, os.get_terminal_size(out.fileno()).columns)
    except (OSError, ValueError, AttributeError):
        pass
    return 96


def _signal_words(action: Any) -> str:
    return " ".join(s if v is None else f"{s} {v}" for s, v in action.signals)


def _typed_letter(text: str, letter: str) -> bool:
    return any(len(w) >= 2 and w[-1:].upper() == letter for w in text.split())


def _clashes(rules: Any, text: str, letters: dict[str, str]) -> bool:
    """Whether `text` has a card word whose suit letter reads two ways (not yet settled)."""
    return any(len(suit_input.card_readings(rules, word, letters)) > 1 for word in text.split())


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
    for sym, sid in suit_input.symbol_suits(rules).items():
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


def interpret(
    rules: Any,
    state: Any,
    offered: menu.Menu,
    text: str,
    letters: dict[str, str] | None = None,
) -> tuple[list[list[Any]], str]:
    """Every way `text` reads as legal moves: a number of the menu, a move's text, a bare
    card, or a verb with several cards (``discard 4D 5D 6D 7D``); each card word read as
    each card it may mean (`suit_input`). Several candidates: the table asks which. None:
    the message says why, with suits written as the table shows them."""
    typed = text.strip()
    if len(text) > MAX_INPUT:  # a pasted page: refused before it is read any further
        return [], resolve_input(rules, state, offered.legal, text)[1]
    if typed.isdecimal() and typed.isascii():
        number = int(typed)
        if 1 <= number <= len(offered.items):
            return [[offered.items[number - 1]]], ""
        return [], f"There is no move {number}: type 1 to {len(offered.items)}, or 'help'."
    if suit_input.reading_count(rules, typed, letters or {}) > MAX_READINGS:
        return [], "Too many cards in one line: type one move (or one discard line) at a time."
    for action in offered.legal:  # the move as the table shows it ('declare tris 3s (no ♥)')
        if render.action_text(rules, str(action)).lower() == typed.lower():
            return [[action]], ""
    candidates: list[list[Any]] = []
    problems: list[str] = []
    for reading in suit_input.readings(rules, typed, letters or {}):
        found, problem = _resolve_many(rules, state, offered.legal, reading)
        if found is not None and found not in candidates:
            candidates.append(found)
        elif found is None:
            problems.append(problem)
    if candidates:
        return candidates, ""
    problem = shown_suits(rules, problems[0] if problems else "Not understood.")
    for letter, ours, french in suit_input.french_clashes(rules):
        if _typed_letter(typed, letter) and letter not in (letters or {}):
            problem += (
                f" ({letter} is {render.suit(rules, ours)} here; for "
                f"{render.suit(rules, french)} type {french}.)"
            )
    return [], problem


def _resolve_many(
    rules: Any, state: Any, legal: Sequence[Any], text: str
) -> tuple[list[Any] | None, str]:
    """One reading: a single move, or a verb followed by several cards, each checked in
    turn on the state the previous one leaves (all for the same seat)."""
    words = normalise(rules, text).split()
    cards = [w for w in words[1:] if w in rules.deck.by_text]
    if len(words) > 2 and len(cards) == len(words) - 1:
        verb, seat = words[0], to_act(state)
        actions: list[Any] = []
        for card in cards:
            action, problem = resolve_input(rules, state, legal, f"{verb} {card}")
            if action is None:
                return None, problem
            actions.append(action)
            state, _ = apply(rules, state, action)
            if is_over(state) or to_act(state) != seat:
                if card != cards[-1]:
                    return None, f"Not allowed: only {len(actions)} of these cards now."
                break
            legal = legal_actions(rules, state)
        return actions, ""
    action, problem = resolve_input(rules, state, legal, text)
    return ([action] if action is not None else None), problem


_CITED = re.compile(r" \(rule [^()]*? at [^()]*\)")


def shown_suits(rules: Any, message: str) -> str:
    """A refusal as the table shows things: card texts and lone suit letters with their
    symbols, and no rule citation with a file path (a player has no use for it)."""
    head, sep, close = _CITED.sub("", message).partition(" Did you mean: ")
    if sep:  # the suggestions stay typeable, with the cards as shown beside them
        close = re.sub(
            r"'([^']*)'",
            lambda m: f"'{m[1]}'" + _shown_beside(rules, m[1]),
            close,
        )
    head = re.sub(r"; allowed: .*?(\.?)$", r"\1", head)  # the moves are listed already
    return _shown(rules, head) + sep + close


def _shown_beside(rules: Any, text: str) -> str:
    shown = render.action_text(rules, text)
    return f" ({shown})" if shown != text else ""


def _shown(rules: Any, message: str) -> str:
    deck = rules.deck
    cards = "|".join(re.escape(t) for t in sorted(deck.by_text, key=len, reverse=True))
    message = re.sub(rf"(?<![\w'])({cards})(?!\w)", lambda m: render.card(rules, m[1]), message)
    message = re.sub(rf"'({cards})'", lambda m: f"'{render.card(rules, m[1])}'", message)
    suits = "|".join(re.escape(sid) for sid in deck.suits)
    return re.sub(rf"(?<![\w'=])({suits})(?![\w'=])", lambda m: render.suit(rules, m[1]), message)


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
MAX_READINGS = 256  # readings of a line whose suit letters read two ways (4 discards: 16)


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
    close = difflib.get_close_matches(typed, [t for t in texts if t != "claim"], n=3, cutoff=0.5)
    if not close:
        return " Type 'help' for the list of moves."
    return " Did you mean: " + " or ".join(repr(c) for c in close) + "?"
