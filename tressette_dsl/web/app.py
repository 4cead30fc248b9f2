"""The ASGI application: the page, a small JSON API and one WebSocket per table connection.

HTTP (JSON unless said otherwise; docs/web.md has the shapes):

* ``GET /`` and ``GET /t/{table}``: the page (plain HTML, CSS and JS from ``static/``);
* ``GET /api/rulesets``, ``GET /api/rulesets/{key}`` (with the `describe` page);
* ``POST /api/tables`` ``{"ruleset": key, "seats": [kind, ...]}``: a new table;
* ``GET /api/tables/{table}``: the table's public facts and its ruleset's drawing facts;
* ``GET /api/tables/{table}/logs/{match}``: the JSON Lines log of a match, once it ended;
* ``GET /api/tables/{table}/logs/{match}/frames`` and ``POST /api/replay`` (a log as the
  body): the step-by-step replay of a finished log;
* ``WS /ws/{table}``: the game (`protocol` for what a client sends).

Limits: a frame over `protocol.MAX_FRAME` characters gets an error (uvicorn closes the
connection on frames over its ``ws_max_size``, set by ``tressette serve``), a connection
that sends faster than `Limits.rate` messages a second gets errors and, if it goes on, is
closed; an uploaded log is at most `Limits.upload` bytes; a client that does not read its
messages is dropped rather than allowed to hold up a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from tressette_dsl import gamelog
from tressette_dsl.web import protocol
from tressette_dsl.web.bots import BotPool
from tressette_dsl.web.catalog import Catalog
from tressette_dsl.web.frames import frames
from tressette_dsl.web.tables import Table, TableError, Tables
from tressette_dsl.web.views import rules_info

STATIC = Path(__file__).parent / "static"
_log = logging.getLogger("tressette.web")


@dataclass(frozen=True, slots=True)
class Limits:
    rate: float = 20.0  # messages a second a connection may send, on average
    burst: int = 40  # messages it may send at once
    strikes: int = 100  # messages over the rate before the connection is closed
    outbox: int = 512  # messages waiting for a client that does not read, then dropped
    upload: int = 2 * 1024 * 1024  # bytes of an uploaded log or a request body


@dataclass(slots=True)
class Config:
    catalog: Catalog
    log_dir: Path
    idle_timeout: float = 1800.0
    bot_delay: float = 0.6
    bot_workers: int = 2
    max_tables: int = 200
    limits: Limits = field(default_factory=Limits)


class RateLimit:
    """A token bucket: `rate` per second on average, `burst` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.at = float(burst), time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class WsConnection:
    """A table's view of one WebSocket: messages are queued and sent by their own task, so
    a slow or stalled client never blocks a table (a full queue drops the client)."""

    def __init__(self, ws: WebSocket, outbox: int) -> None:
        self.ws = ws
        self.seat: int | None = None
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(maxsize=outbox)
        self.dead = False
        self.task = asyncio.get_running_loop().create_task(self._pump())

    async def send(self, message: dict[str, Any]) -> None:
        if self.dead:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.dead = True
            with contextlib.suppress(Exception):
                await self.ws.close(code=1008, reason="not reading")

    async def _pump(self) -> None:
        while True:
            message = await self.queue.get()
            if message is None:
                return
            try:
                await self.ws.send_text(json.dumps(message, ensure_ascii=False))
            except Exception:
                self.dead = True
                return

    async def stop(self) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.task, timeout=2)
        self.task.cancel()


class _Handlers:
    """The HTTP and WebSocket endpoints, over one server's catalog and tables."""

    def __init__(self, catalog: Catalog, tables: Tables, limits: Limits) -> None:
        self.catalog = catalog
        self.tables = tables
        self.limits = limits

    async def page(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def list_rulesets(self, request: Request) -> Response:
        return JSONResponse({"rulesets": self.catalog.summaries(), "kinds": _kinds()})

    async def one_ruleset(self, request: Request) -> Response:
        entry = self.catalog.get(request.path_params["key"])
        if entry is None:
            return _error(404, "no_ruleset", "no such ruleset")
        return JSONResponse(
            {**entry.summary(), "rules": rules_info(entry.rules), "describe": entry.markdown}
        )

    async def create_table(self, request: Request) -> Response:
        body = await _json_body(request, 16 * 1024)
        if not isinstance(body, dict):
            return _error(400, "bad_json", "send a JSON object {ruleset, seats}")
        entry = self.catalog.get(str(body.get("ruleset", "")))
        if entry is None:
            return _error(404, "no_ruleset", "no such ruleset")
        seats = body.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            return _error(400, "bad_seats", "'seats' must be a list of seat kinds")
        try:
            table = self.tables.create(entry, seats)
        except TableError as exc:
            return _error(400 if exc.code == "bad_seats" else 503, exc.code, exc.message)
        return JSONResponse({"id": table.id, "url": f"/t/{table.id}", "table": table.info()})

    async def table_info(self, request: Request) -> Response:
        table = self.tables.get(request.path_params["table"])
        if table is None:
            return _error(404, "no_table", "no such table (it may have closed)")
        return JSONResponse({"table": table.info(), "rules": rules_info(table.rules)})

    def _finished_log(self, request: Request) -> tuple[Table | None, Path | Response]:
        table = self.tables.get(request.path_params["table"])
        if table is None:
            return None, _error(404, "no_table", "no such table (it may have closed)")
        number = request.path_params["match"]
        if not 1 <= number <= len(table.logs):
            return table, _error(404, "no_log", "no such match at this table")
        log = table.logs[number - 1]
        if not log.closed:
            return table, _error(409, "not_over", "the log is given once the match has ended")
        return table, log.path

    async def download_log(self, request: Request) -> Response:
        _table, found = self._finished_log(request)
        if isinstance(found, Response):
            return found
        return FileResponse(
            found,
            media_type="application/x-ndjson",
            filename=found.name,
            content_disposition_type="attachment",
        )

    async def log_frames(self, request: Request) -> Response:
        table, found = self._finished_log(request)
        if isinstance(found, Response) or table is None:
            return found if isinstance(found, Response) else _error(404, "no_table", "")
        return JSONResponse(await asyncio.to_thread(_frames_of, self.catalog, found))

    async def upload_replay(self, request: Request) -> Response:
        raw = await _body(request, self.limits.upload)
        if raw is None:
            return _error(413, "too_large", f"a log may have at most {self.limits.upload} bytes")
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "upload.jsonl"
            path.write_bytes(raw)
            return JSONResponse(await asyncio.to_thread(_frames_of, self.catalog, path))

    async def game_socket(self, ws: WebSocket) -> None:
        await ws.accept()
        table = self.tables.get(ws.path_params["table"])
        if table is None:
            await ws.send_text(json.dumps(protocol.error("no_table", "no such table")))
            await ws.close(code=4404)
            return
        conn = WsConnection(ws, self.limits.outbox)
        await _serve(ws, conn, table, self.limits)


def create_app(config: Config) -> Starlette:
    bots = BotPool(config.bot_workers)
    tables = Tables(
        bots=bots,
        log_dir=config.log_dir,
        idle_timeout=config.idle_timeout,
        bot_delay=config.bot_delay,
        max_tables=config.max_tables,
    )
    h = _Handlers(config.catalog, tables, config.limits)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        reaper = asyncio.get_running_loop().create_task(_reap(tables, config.idle_timeout))
        try:
            yield
        finally:
            reaper.cancel()
            await tables.close_all("the server stopped")
            bots.close()

    routes = [
        Route("/", h.page),
        Route("/t/{table}", h.page),
        Route("/replay", h.page),
        Route("/api/rulesets", h.list_rulesets),
        Route("/api/rulesets/{key}", h.one_ruleset),
        Route("/api/tables", h.create_table, methods=["POST"]),
        Route("/api/tables/{table}", h.table_info),
        Route("/api/tables/{table}/logs/{match:int}", h.download_log),
        Route("/api/tables/{table}/logs/{match:int}/frames", h.log_frames),
        Route("/api/replay", h.upload_replay, methods=["POST"]),
        WebSocketRoute("/ws/{table}", h.game_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.tables = tables
    return app


async def _serve(ws: WebSocket, conn: WsConnection, table: Table, limits: Limits) -> None:
    """Read one connection's messages until it goes; every refusal is an error reply."""
    bucket = RateLimit(limits.rate, limits.burst)
    strikes = 0
    try:
        while not conn.dead:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            if not bucket.allow():
                strikes += 1
                if strikes > limits.strikes:
                    await conn.stop()  # the errors already queued go out first
                    await ws.close(code=1008, reason="too many messages")
                    return
                await conn.send(protocol.error("rate_limited", "too many messages; slow down"))
                continue
            frame = message.get("text")
            try:
                parsed = protocol.parse(frame if frame is not None else message.get("bytes", b""))
                await _dispatch(table, conn, parsed)
            except protocol.ProtocolError as exc:
                await conn.send(protocol.error(exc.code, exc.message))
            except TableError as exc:
                await conn.send(protocol.error(exc.code, exc.message))
    except WebSocketDisconnect:
        return
    finally:
        table.leave(conn)
        await conn.stop()


async def _dispatch(table: Table, conn: WsConnection, message: protocol.Message) -> None:
    if table.closed:
        raise TableError("closed", "this table is closed")
    if isinstance(message, protocol.Join):
        await table.join(conn, message.token)
    elif isinstance(message, protocol.Claim):
        await table.claim(conn, message.seat)
    elif isinstance(message, protocol.Watch):
        await table.watch(conn)
    elif isinstance(message, protocol.Act):
        await table.act(conn, message.actions)
    elif isinstance(message, protocol.NextMatch):
        await table.next_match(conn)
    else:
        table.touch()
        await conn.send({"type": "pong"})


async def _reap(tables: Tables, idle_timeout: float) -> None:
    period = max(0.05, min(60.0, idle_timeout / 4))
    while True:
        await asyncio.sleep(period)
        try:
            closed = await tables.reap()
        except Exception:  # the reaper must outlive one bad table
            _log.exception("closing idle tables failed")
            continue
        for table_id in closed:
            _log.info("closed idle table %s", table_id)


def _frames_of(catalog: Catalog, path: Path) -> dict[str, Any]:
    try:
        log = gamelog.read_log(path)
    except gamelog.LogError as exc:
        return {"frames": [], "error": f"not a game log: {exc.message} (line {exc.line})"}
    entry = catalog.by_hash(str(log.header["ruleset"]), str(log.header["ruleset_hash"]))
    if entry is None:
        return {
            "frames": [],
            "error": f"this server does not offer the ruleset {log.header['ruleset']!r} "
            "the log was played with (or it has changed since)",
        }
    try:
        return {**frames(entry.rules, log), "rules": rules_info(entry.rules)}
    except Exception as exc:  # a log that does not even start (a corrupt seed...)
        return {"frames": [], "error": f"the log does not replay: {exc}"}


def _kinds() -> list[str]:
    from tressette_dsl.web.tables import SEAT_KINDS  # noqa: PLC0415

    return list(SEAT_KINDS)


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(protocol.error(code, message), status_code=status)


async def _body(request: Request, limit: int) -> bytes | None:
    """The request body, or None when it is larger than `limit` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        return None
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


async def _json_body(request: Request, limit: int) -> Any:
    raw = await _body(request, limit)
    if raw is None:
        return None
    try:
        return json.loads(raw)
    except ValueError:
        return None
