"""A real `tressette serve` for the web tests: a uvicorn process on 127.0.0.1 with a free
port, its logs in a temporary folder, and small clients for its HTTP API and WebSocket."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install '.[web]')")
pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install '.[web]')")
ws_sync = pytest.importorskip("websockets.sync.client", reason="websockets is not installed")


@dataclass
class Server:
    base: str
    log_dir: Path
    process: subprocess.Popen[bytes]

    @property
    def ws_base(self) -> str:
        return self.base.replace("http://", "ws://")

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as resp:
            return json.loads(resp.read())

    def post(self, path: str, body: Any, raw: bytes | None = None) -> tuple[int, Any]:
        data = raw if raw is not None else json.dumps(body).encode()
        req = urllib.request.Request(
            self.base + path, data=data, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return resp.status, json.loads(resp.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read() or b"null")

    def table(self, ruleset: str, seats: list[str]) -> str:
        status, body = self.post("/api/tables", {"ruleset": ruleset, "seats": seats})
        assert status == 200, body
        return str(body["id"])

    def alive(self) -> bool:
        return self.process.poll() is None and bool(self.get("/api/rulesets")["rulesets"])


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(tmp: Path, *extra: str) -> Server:
    port = free_port()
    log_dir = tmp / "logs"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tressette_dsl",
            "serve",
            "--port",
            str(port),
            "--log-dir",
            str(log_dir),
            "--bot-delay",
            "0",
            *extra,
        ],
        stdout=subprocess.DEVNULL,
        stderr=(tmp / "server.err").open("wb"),
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError((tmp / "server.err").read_text())
        try:
            urllib.request.urlopen(base + "/api/rulesets", timeout=1).close()
            return Server(base, log_dir, process)
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


def stop_server(srv: Server) -> None:
    srv.process.terminate()
    try:
        srv.process.wait(10)
    except subprocess.TimeoutExpired:
        srv.process.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = start_server(tmp_path_factory.mktemp("serve"))
    yield srv
    stop_server(srv)


class Client:
    """A WebSocket client that keeps every message it received."""

    def __init__(self, server: Server, table: str) -> None:
        opened = ws_sync.connect(f"{server.ws_base}/ws/{table}", max_size=None, open_timeout=10)
        self.ws = opened.__enter__()
        self.received: list[dict[str, Any]] = []
        self.view: dict[str, Any] = {}
        self.step = -1
        self.token: str | None = None
        self.seat: int | None = None

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(message)
        if message["type"] == "update":
            self.view = message["view"]
            self.step = message["step"]
        if message["type"] == "welcome":
            self.token, self.seat = message["token"], message["seat"]
        return message

    def expect(self, kind: str, timeout: float = 10) -> dict[str, Any]:
        """The next message of type `kind` (others, e.g. table news, are kept and skipped)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                message = self.recv(max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                last = [(m["type"], m.get("step"), m.get("code")) for m in self.received[-4:]]
                raise AssertionError(
                    f"seat {self.seat}: no {kind} (step {self.step}, {last})"
                ) from None
            if message["type"] == kind:
                return message
            assert message["type"] != "error", message

    def until_step(self, step: int, timeout: float = 10) -> None:
        """Read until this client has the update of `step` (at once if it has it)."""
        while self.step < step:
            self.expect("update", timeout)

    def act(self, action: str, timeout: float = 10) -> None:
        """Send one action and wait for its update; a fast client is rate limited like any
        other, so it waits and sends again."""
        target = self.step + 1
        for _ in range(50):
            self.send({"type": "act", "action": action})
            while self.step < target:
                message = self.recv(timeout)
                if message["type"] == "error":
                    assert message["code"] == "rate_limited", message
                    time.sleep(0.1)
                    break
            else:
                return
        raise AssertionError("still rate limited")

    def claim(self, seat: int) -> None:
        self.send({"type": "claim", "seat": seat})
        self.expect("welcome")
        self.expect("update")

    def close(self) -> None:
        self.ws.close()


# --- the browser --------------------------------------------------------------------------

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import selenium  # noqa: F401, PLC0415
    except ImportError:
        return "selenium is not installed (pip install '.[browser]')"
    for path in (CHROMIUM, CHROMEDRIVER):
        if not Path(path).exists():
            return f"{path} is missing (apt-get install chromium chromium-driver)"
    return None


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives Debian's headless Chromium")


def pytest_report_header(config: pytest.Config) -> str:
    why = browser_missing()
    return f"browser tests: {'skipped: ' + why if why else 'Chromium at ' + CHROMIUM}"


def chromium(tmp: Path, width: int = 1280, height: int = 860) -> Any:
    """A fresh headless Chromium (its own profile) driven through Debian's chromedriver."""
    from selenium import webdriver  # noqa: PLC0415
    from selenium.webdriver.chrome.service import Service  # noqa: PLC0415

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tmp / f"profile-{time.monotonic_ns()}"
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        f"--window-size={width},{height}",
    ):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
