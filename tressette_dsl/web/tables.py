"""Tables, seats and their secret tokens: the game side of the server, without HTTP.

A `Table` holds one match at a time of one ruleset, its seats (human or a bot kind), the
connections of each seat and of the spectators, and the log of each match. A human seat is
claimed once; the claim hands out a random token, and whoever presents it later (a reload,
a lost connection, a second tab) is that seat again. Nothing else identifies a seat, so
nobody can act for a seat without its token.

Every change goes through `act` (a human's action, validated by the engine) or the bot
driver (a bot's action computed off the event loop by `bots.BotPool`), under the table's
lock; after each change every connection gets its own update: `views.view_for` of its seat
and the new events through `events_for`. A refused action changes nothing: the batch is
applied to a copy and kept only if every action in it is legal.

`Tables` keeps the tables of a server, creates them, and closes those that nobody has used
for a while (`reap`).

A ruleset whose `players.count` is a range is played at the count of seats the table is
created with. When `match.eliminate` sends seats away the engine numbers the smaller table
again; the table's seats (their kinds, tokens, connections) stay those it was created with,
by their first number, and `seating.seat_now` says where each sits now: a human who left
keeps his connection and sees the rest of the match as a spectator, with the standings.

The table's seats are *people* (`engine.people`): with `seating.people` the people move
round the places deal by deal, so a seat of the table (its kind, token, connections) is a
person, and every deal `engine.seat_of_person` says which place he holds: his view is that
place's, he decides for the dummy in the deals he owns it, and in a deal he sits out he
watches as a spectator (`sitting_out` in the update). Without `seating.people` a person is
a seat, as above. A table of such a ruleset made with one kind per *place* instead (an API
client of before; the page sends one per person) binds its seats to the places, as tables
did before people were told from places (`Table.by_place`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from tressette_dsl.agents import AGENT_KINDS, canonical_kind
from tressette_dsl.agents.base import seat_rng
from tressette_dsl.agents.registry import entry_points as installed_bots
from tressette_dsl.engine import (
    GameState,
    IllegalActionError,
    InvalidActionError,
    apply,
    is_over,
    legal_actions,
    parse_action,
    start,
    to_act,
)
from tressette_dsl.engine.people import (
    has_people,
    people_count,
    people_names,
    person_at,
    person_to_act,
    seat_of_person,
)
from tressette_dsl.web import views
from tressette_dsl.web.bots import BotPool
from tressette_dsl.web.catalog import Entry
from tressette_dsl.web.logs import MatchLog, header

HUMAN = "human"
SEAT_KINDS = (HUMAN, *sorted(AGENT_KINDS), "search", *sorted(installed_bots()))
_log = logging.getLogger("tressette.web")


class TableError(ValueError):
    """A request a table refuses; `code` names why (see docs/web.md)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Connection(Protocol):
    """One client: where its messages go. `seat` is None for a spectator."""

    seat: int | None

    async def send(self, message: dict[str, Any]) -> None: ...


@dataclass(slots=True)
class Seat:
    index: int
    kind: str
    token: str | None = None  # set when a human seat is claimed
    connections: set[Connection] = field(default_factory=set)

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


def seat_kinds(words: Sequence[str], count: int, low: int | None = None) -> list[str]:
    """Validated seat kinds (human, or a bot kind; 'bot' means the heuristic bot). With
    `low`, any count from `low` to `count` is allowed (a seat count chosen per game)."""
    if low is not None and not low <= len(words) <= count:
        raise TableError(
            "bad_seats",
            f"this ruleset is played by {low} to {count} players, {len(words)} seats were given",
        )
    if low is None and len(words) != count:
        raise TableError("bad_seats", f"this ruleset has {count} seats, {len(words)} were given")
    kinds = [canonical_kind(w) if isinstance(w, str) else "" for w in words]
    for kind in kinds:
        if kind not in SEAT_KINDS and not _other_bot(kind):
            raise TableError("bad_seats", f"a seat is human or one of {', '.join(AGENT_KINDS)}")
    return kinds


# what a search bot at a table may be asked to spend: a remote user picks the options.
# Since search's default is rollout improvement of the heuristic (session 9) an iteration
# is a rollout on the interpreter, 1-18 ms by the ruleset (18 in a two-hand game's first
# tricks): 300 of them cost about what the 5 s of `time` allows at worst
WEB_SEARCH_LIMITS = {"iters": 300, "time": 5.0}


def _other_bot(kind: str) -> bool:
    """A bot beyond the quick kinds: `search` (with ``:iters=N`` or ``:time=S`` within
    `WEB_SEARCH_LIMITS`) or an installed bot (an entry point of ``tressette_dsl.agents``).
    Never ``module:Class``: a table's seats come from the network, and importing a module
    a remote user names would run its code."""
    from tressette_dsl.agents.registry import entry_points, split_spec  # noqa: PLC0415

    if not kind or kind == HUMAN or len(kind) > 100:
        return False
    try:
        name, options = split_spec(kind)
    except ValueError:
        return False
    if name == "search":
        return all(
            key in WEB_SEARCH_LIMITS
            and isinstance(value, int | float)
            and 0 < value <= WEB_SEARCH_LIMITS[key]
            for key, value in options.items()
        )
    return not options and ":" not in name and name in entry_points()


class Table:
    def __init__(
        self,
        table_id: str,
        entry: Entry,
        kinds: Sequence[str],
        *,
        bots: BotPool,
        log_dir: Path,
        bot_delay: float = 0.0,
        seed: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.id = table_id
        self.entry = entry
        # the count the table was made for (its people, when they move round the places)
        people = has_people(entry.rules)
        self.rules = entry.rules if people else entry.rules.for_seats(len(kinds))
        # seats bound to places, not people: a people ruleset given one kind per place
        self.by_place = people and len(kinds) == entry.rules.players.count != people_count(
            entry.rules
        )
        self.seats = [Seat(i, k) for i, k in enumerate(kinds)]
        self.watchers: set[Connection] = set()
        self.bots = bots
        self.log_dir = log_dir
        self.bot_delay = bot_delay
        self.clock = clock
        self.last_used = clock()
        self.lock = asyncio.Lock()
        self.logs: list[MatchLog] = []
        self.closed = False
        self._driver: asyncio.Task[None] | None = None
        self.match_no = 0
        self.seed = 0
        self.step = 0
        self.state: GameState
        self._new_match(seed if seed is not None else secrets.randbelow(1_000_000) + 1)

    # --- the match ---------------------------------------------------------------------
    def _new_match(self, seed: int) -> tuple[Any, ...]:
        self.match_no += 1
        self.seed = seed
        self.step = 0
        self.rngs = [seat_rng(seed, i) for i in range(len(self.seats))]
        state, events = start(self.rules, seed)
        self.state = state
        kinds = [s.kind for s in self.seats]
        head = header(
            self.rules,
            self.entry.path,
            seed=seed,
            state=state,
            kinds=kinds,
            events=events,
            by_place=self.by_place,
        )
        self.logs.append(MatchLog(self.log_dir, self.id, self.match_no, head))
        return events

    @property
    def log(self) -> MatchLog:
        return self.logs[-1]

    def _apply(self, seat: int, texts: Sequence[str]) -> tuple[GameState, list[Any], list[str]]:
        """Apply a batch of actions of `seat` to a copy: all legal, or `TableError`."""
        state, events, done = self.state, [], []
        for text in texts:
            if is_over(state):
                raise TableError("match_over", "the match is over")
            now = self._place(state, seat)  # `seat` is a person: his place now
            if now is None and has_people(self.rules):
                raise TableError("sitting_out", "you sit this deal out: you can only watch")
            if now is None:
                raise TableError("eliminated", "you have left the table: you can only watch")
            decides = self._first_to_act(state) == seat  # to act, or deciding for a dummy
            if not decides and not self._out_of_turn(state, now, text):
                raise TableError("not_your_turn", "it is not your turn")
            # the seat whose action it is: the dummy's own seat when its owner decides for
            # it (its legal actions are its own), else `now` (an out-of-turn claim too)
            acting = state.cursor.to_act if decides and state.cursor.to_act is not None else now
            try:
                action = parse_action(self.rules, state, text)
                state, new = apply(self.rules, state, action, seat=acting)
            except InvalidActionError as exc:
                raise TableError("bad_action", str(exc)) from None
            except IllegalActionError as exc:
                raise TableError("illegal", views.plain_reason(str(exc))) from None
            events.append((acting, str(action), new))  # the log numbers the table of the deal
            done.append(str(action))
        return state, events, done

    def _out_of_turn(self, state: GameState, seat: int, text: str) -> bool:
        """Whether `text` is what `seat` may do although it is not to act (a claim "at any
        moment", in a ruleset with `claims.out_of_turn`)."""
        offered = legal_actions(self.rules, state, seat)
        return bool(offered) and text.strip() in {str(a) for a in offered}

    async def _commit(self, state: GameState, steps: list[Any]) -> None:
        """Keep the new state, log each action, tell everybody (under the lock)."""
        all_events: list[Any] = []
        for seat, text, new in steps:
            self.log.action(seat, text, new)
            all_events.extend(new)
            self.step += 1
        before, self.state = self.state, state
        if is_over(state) and not self.log.closed:
            self.log.finish(self.rules, state)
        await self._broadcast(all_events, before)

    # --- requests from connections -----------------------------------------------------
    def touch(self) -> None:
        self.last_used = self.clock()

    async def claim(self, conn: Connection, seat: int) -> str:
        """Give `conn` the free human `seat`; returns its new token."""
        async with self.lock:
            self.touch()
            if not 0 <= seat < len(self.seats):
                raise TableError("no_seat", f"seats are 0 to {len(self.seats) - 1}")
            target = self.seats[seat]
            if not target.human:
                raise TableError("not_human", "that seat is played by a bot")
            if target.token is not None:
                raise TableError("seat_taken", "that seat is taken (its player can rejoin)")
            target.token = secrets.token_urlsafe(18)
            self._attach(conn, seat)
            await self._welcome(conn)
            await self._broadcast_table()
            return target.token

    async def join(self, conn: Connection, token: str) -> int:
        """`conn` becomes the seat whose token this is (a rejoin)."""
        async with self.lock:
            self.touch()
            for seat in self.seats:
                if seat.token is not None and hmac.compare_digest(seat.token, token):
                    self._attach(conn, seat.index)
                    await self._welcome(conn)
                    await self._broadcast_table()
                    return seat.index
            raise TableError("bad_token", "this token belongs to no seat of this table")

    async def watch(self, conn: Connection) -> None:
        async with self.lock:
            self.touch()
            self._detach(conn)
            conn.seat = None
            self.watchers.add(conn)
            await self._welcome(conn)

    async def act(self, conn: Connection, texts: Sequence[str]) -> None:
        async with self.lock:
            self.touch()
            seat = conn.seat
            if seat is None or conn not in self.seats[seat].connections:
                raise TableError("not_seated", "join a seat before acting")
            state, steps, _done = self._apply(seat, texts)
            await self._commit(state, steps)
        self._wake_bots()

    async def next_match(self, conn: Connection) -> None:
        async with self.lock:
            self.touch()
            seated = conn.seat is not None and conn in self.seats[conn.seat].connections
            if not seated and any(s.human for s in self.seats):
                raise TableError("not_seated", "only a player at the table can deal again")
            if not is_over(self.state):
                raise TableError("not_over", "the match is not over yet")
            events = self._new_match(secrets.randbelow(1_000_000) + 1)
            await self._broadcast(list(events))
        self._wake_bots()

    def leave(self, conn: Connection) -> None:
        self.touch()
        self._detach(conn)
        self.watchers.discard(conn)

    def _attach(self, conn: Connection, seat: int) -> None:
        self._detach(conn)
        self.watchers.discard(conn)
        conn.seat = seat
        self.seats[seat].connections.add(conn)

    def _detach(self, conn: Connection) -> None:
        if conn.seat is not None and 0 <= conn.seat < len(self.seats):
            self.seats[conn.seat].connections.discard(conn)

    @property
    def connection_count(self) -> int:
        return len(self.watchers) + sum(len(s.connections) for s in self.seats)

    # --- what is sent ------------------------------------------------------------------
    def info(self) -> dict[str, Any]:
        """Public facts about the table (no tokens, no cards)."""
        names = self.rules.players.names if self.by_place else people_names(self.rules, self.state)
        places = [self._place(self.state, s.index) for s in self.seats]
        return {
            "id": self.id,
            "ruleset": self.entry.key,
            "title": self.rules.title,
            "match": self.match_no,
            "over": is_over(self.state),
            "seats": [
                {
                    "seat": s.index,
                    "name": names[s.index],
                    "kind": s.kind,
                    "taken": s.token is not None,
                    "connected": bool(s.connections),
                    "place": places[s.index],  # the place he holds this deal (None: out)
                }
                for s in self.seats
            ],
            # the person (the table's seat) at each place now; None: the dummy's place
            "at_table": [self._sitter(self.state, i) for i in range(self.state.n)],
            "by_place": self.by_place,
            "spectators": len(self.watchers),
            "logs": [
                {"match": i + 1, "finished": log.finished, "closed": log.closed}
                for i, log in enumerate(self.logs)
            ],
        }

    def _update(
        self, seat: int | None, events: Sequence[Any], before: GameState | None = None
    ) -> dict[str, Any]:
        """`seat` (a person: the first seating's number) at his place now; one who left the
        table, or sits this deal out, gets the spectator's view (`view.seat` None) and
        events, with `eliminated` or `sitting_out` true. `before` is the state the events
        began in: those of a deal he held another place in are shown as that place saw them
        (`_seat_events`)."""
        now = self._place(self.state, seat) if seat is not None else None
        out = seat is not None and now is None
        people = has_people(self.rules) and not self.by_place
        view = views.view_for(self.rules, self.state, now)
        if self.by_place:  # the table's seats are the places: nobody to map them to
            view["roster"] = list(range(self.state.n))
        return {
            "type": "update",
            "match": self.match_no,
            "step": self.step,
            "view": view,
            "events": self._seat_events(seat, events, before),
            "table": self.info(),
            "eliminated": out and not people,
            "sitting_out": out and people,
        }

    def _seat_events(
        self, person: int | None, events: Sequence[Any], before: GameState | None
    ) -> list[dict[str, Any]]:
        """The events as `person` may know them. A batch that crosses into a new deal is
        cut at each `Dealt`: what came before it is seen from the place he held in the
        state the batch began in, what follows the last one from his place now, and a
        deal dealt in between (a redeal) as a spectator, so a place he held in no deal of
        the batch shows him nothing hidden."""
        now = self._place(self.state, person) if person is not None else None
        was = now if before is None or person is None else self._place(before, person)
        cuts = [i for i, e in enumerate(events) if type(e).__name__ == "Dealt"]
        if was == now or not cuts:
            return views.seat_events(self.rules, events, now)
        head = views.seat_events(self.rules, events[: cuts[0]], was)
        middle = views.seat_events(self.rules, events[cuts[0] : cuts[-1]], None)
        return head + middle + views.seat_events(self.rules, events[cuts[-1] :], now)

    async def _welcome(self, conn: Connection) -> None:
        seat = conn.seat
        token = self.seats[seat].token if seat is not None else None
        await _send(
            conn,
            {
                "type": "welcome",
                "role": "spectator" if seat is None else "player",
                "seat": seat,
                "token": token,
                "table": self.info(),
            },
        )
        await _send(conn, self._update(seat, ()))

    async def _broadcast(self, events: Sequence[Any], before: GameState | None = None) -> None:
        for seat in self.seats:
            if seat.connections:
                message = self._update(seat.index, events, before)
                for conn in list(seat.connections):
                    await _send(conn, message)
        if self.watchers:
            message = self._update(None, events)
            for conn in list(self.watchers):
                await _send(conn, message)

    async def _broadcast_table(self) -> None:
        message = {"type": "table", "table": self.info()}
        for conn in [*self.watchers, *(c for s in self.seats for c in s.connections)]:
            await _send(conn, message)

    # --- bots --------------------------------------------------------------------------
    def _wake_bots(self) -> None:
        """Start the bot driver if a bot is to act and none is running."""
        if self.closed or (self._driver is not None and not self._driver.done()):
            return
        seat = self._first_to_act(self.state)
        if seat is not None and not self.seats[seat].human:
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    def _first_to_act(self, state: GameState) -> int | None:
        """The person (the table's seat) who decides now (None: nobody): the one at the
        place to act, or at the owner's place when the dummy is to act."""
        if self.by_place:
            seat = to_act(state, self.rules)
            return None if seat is None else seat
        return person_to_act(self.rules, state)

    def _place(self, state: GameState, seat: int) -> int | None:
        """The place the table's `seat` holds in `state` (None: out of this deal or gone)."""
        return seat if self.by_place else seat_of_person(self.rules, state, seat)

    def _sitter(self, state: GameState, place: int) -> int | None:
        """The table's seat holding `place` in `state` (None: the dummy's place)."""
        return place if self.by_place else person_at(self.rules, state, place)

    def start_bots(self) -> None:
        self._wake_bots()

    async def _drive(self) -> None:
        """Play the bots' turns, one after the other, while a bot is to act."""
        while not self.closed:
            state = self.state
            seat = self._first_to_act(state)
            if seat is None or self.seats[seat].human:
                return
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            kind = self.seats[seat].kind
            try:
                text, rng = await self.bots.decide(self.entry.source, kind, state, self.rngs[seat])
            except Exception:  # a bot failure must not take the server down
                _log.exception("table %s: the %s bot in seat %d failed", self.id, kind, seat)
                return
            async with self.lock:
                if self.state is not state or self.closed:
                    continue  # the table moved on meanwhile (a new match)
                self.rngs[seat] = rng
                try:
                    new_state, steps, _done = self._apply(seat, [text])
                except TableError:
                    _log.error("table %s: bot in seat %d chose %r, refused", self.id, seat, text)
                    return
                await self._commit(new_state, steps)

    async def close(self, reason: str) -> None:
        """Stop the bots, mark an unfinished log incomplete, say goodbye."""
        self.closed = True
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._driver
        if not self.log.closed:
            self.log.abort(reason)
        for conn in [*self.watchers, *(c for s in self.seats for c in s.connections)]:
            await _send(conn, {"type": "closed", "reason": reason})


async def _send(conn: Connection, message: dict[str, Any]) -> None:
    try:
        await conn.send(message)
    except Exception:  # a connection that went away: its reader will clean up
        _log.debug("send failed", exc_info=True)


class Tables:
    """The tables of one server: create, find, close the idle ones."""

    def __init__(
        self,
        *,
        bots: BotPool,
        log_dir: Path,
        idle_timeout: float = 1800.0,
        bot_delay: float = 0.0,
        max_tables: int = 200,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.tables: dict[str, Table] = {}
        self.bots = bots
        self.log_dir = log_dir
        self.idle_timeout = idle_timeout
        self.bot_delay = bot_delay
        self.max_tables = max_tables
        self.clock = clock

    def create(self, entry: Entry, kinds: Sequence[str], seed: int | None = None) -> Table:
        if len(self.tables) >= self.max_tables:
            raise TableError("too_many_tables", "the server has too many open tables")
        seat_table = entry.rules.seat_table
        if has_people(entry.rules) and len(kinds) != entry.rules.players.count:
            # one kind per person, who moves round the places (one per place: `by_place`)
            checked = seat_kinds(kinds, people_count(entry.rules))
        elif seat_table is None:
            checked = seat_kinds(kinds, entry.rules.players.count)
        else:
            checked = seat_kinds(kinds, seat_table.high, seat_table.low)
        table_id = secrets.token_urlsafe(9)
        table = Table(
            table_id,
            entry,
            checked,
            bots=self.bots,
            log_dir=self.log_dir,
            bot_delay=self.bot_delay,
            seed=seed,
            clock=self.clock,
        )
        self.tables[table_id] = table
        table.start_bots()
        return table

    def get(self, table_id: str) -> Table | None:
        return self.tables.get(table_id)

    async def reap(self) -> list[str]:
        """Close the tables nobody is connected to and nobody used for `idle_timeout`."""
        now = self.clock()
        idle = [
            t
            for t in self.tables.values()
            if t.connection_count == 0 and now - t.last_used > self.idle_timeout
        ]
        for table in idle:
            del self.tables[table.id]
            await table.close("the table was closed after being idle")
        return [t.id for t in idle]

    async def close_all(self, reason: str) -> None:
        for table in list(self.tables.values()):
            await table.close(reason)
        self.tables.clear()
