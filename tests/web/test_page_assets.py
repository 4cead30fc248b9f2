"""The page's assets and the table options a person or a test can rely on: the icon every
browser asks for (no 404 in its console), and a seed that deals the same cards again."""

from __future__ import annotations

import urllib.request

import pytest

from tests.web.conftest import Client, Server


@pytest.mark.parametrize("path", ["/favicon.ico", "/favicon.svg"])
def test_the_icon_is_served(server: Server, path: str) -> None:
    with urllib.request.urlopen(server.base + path, timeout=10) as resp:
        assert resp.status == 200
        assert resp.headers["Content-Type"].startswith("image/svg+xml")
        assert b"<svg" in resp.read()


def test_the_page_names_its_icon(server: Server) -> None:
    with urllib.request.urlopen(server.base + "/", timeout=10) as resp:
        page = resp.read().decode("utf-8")
    assert '<link rel="icon" type="image/svg+xml" href="/favicon.svg">' in page


def _first_hand(server: Server, seed: int) -> list[str]:
    status, body = server.post(
        "/api/tables", {"ruleset": "tressette", "seats": ["human"] * 4, "seed": seed}
    )
    assert status == 200, body
    client = Client(server, str(body["id"]))
    try:
        client.claim(0)
        return list(client.view["hand"])
    finally:
        client.close()


def test_a_seed_deals_the_same_cards_again(server: Server) -> None:
    assert _first_hand(server, 7) == _first_hand(server, 7)
    assert _first_hand(server, 7) != _first_hand(server, 8)


@pytest.mark.parametrize("seed", [0, -1, 2**31, "7", True, 1.5, None])
def test_a_bad_seed_is_refused(server: Server, seed: object) -> None:
    body: dict[str, object] = {"ruleset": "tressette", "seats": ["human"] * 4, "seed": seed}
    if seed is None:  # no seed at all is fine: a random one
        status, _ = server.post("/api/tables", body)
        assert status == 200
        return
    status, answer = server.post("/api/tables", body)
    assert status == 400
    assert answer["code"] == "bad_seed"
