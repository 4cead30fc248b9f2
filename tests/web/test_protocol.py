"""Hostile and careless clients against a real server: every bad message gets an error
reply, nothing changes the game, and the server keeps serving everybody else."""

from __future__ import annotations

import http.client
import json

import pytest
from websockets.exceptions import ConnectionClosed

from tests.web.conftest import Client, Server


def _table(server: Server) -> tuple[str, Client, Client]:
    """A `tressette` table with two humans (seats 0 and 1) and two bots."""
    table = server.table("tressette", ["human", "human", "bot", "random"])
    a, b = Client(server, table), Client(server, table)
    a.claim(0)
    b.claim(1)
    return table, a, b


def _error(client: Client, code: str) -> dict[str, object]:
    message = client.expect("error")
    assert message["code"] == code, message
    return message


def test_garbage_binary_and_unknown_messages_get_errors(server: Server) -> None:
    _table_id, a, _b = _table(server)
    for frame, code in [
        ("not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ("[" * 5000 + "]" * 5000, "bad_json"),
        (b"\x00\x01", "binary"),
        ('{"type": "sudo"}', "unknown_type"),
        ('{"type": "join"}', "bad_field"),
        ('{"type": "claim", "seat": "0"}', "bad_field"),
        ('{"type": "act", "actions": []}', "bad_field"),
        (json.dumps({"type": "act", "action": "x" * 20_000}), "too_large"),
    ]:
        a.send(frame)
        _error(a, code)
    a.send({"type": "ping"})
    assert a.expect("pong")["type"] == "pong"


def test_tokens_seats_and_turns_are_enforced(server: Server) -> None:
    table, _a, _b = _table(server)
    c = Client(server, table)
    c.send({"type": "join", "token": "not-a-token"})
    _error(c, "bad_token")
    c.send({"type": "act", "action": "pass"})
    _error(c, "not_seated")
    c.send({"type": "claim", "seat": 2})
    _error(c, "not_human")
    c.send({"type": "claim", "seat": 0})
    _error(c, "seat_taken")
    c.send({"type": "claim", "seat": 9})
    _error(c, "no_seat")
    c.close()


def test_only_the_seat_to_act_acts_and_refusals_change_nothing(server: Server) -> None:
    table = server.table("tressette", ["human"] * 4)
    clients = [Client(server, table) for _ in range(4)]
    for seat, client in enumerate(clients):
        client.claim(seat)
    to_act = clients[0].view["to_act"]
    acting, waiting = clients[to_act], clients[(to_act + 1) % 4]
    step = acting.step
    assert acting.view["legal"] and not waiting.view["legal"]
    waiting.send({"type": "act", "action": acting.view["legal"][0]})
    _error(waiting, "not_your_turn")
    acting.send({"type": "act", "action": "play 9Z"})
    _error(acting, "bad_action")
    other_card = waiting.view["hand"][0]
    acting.send({"type": "act", "action": f"play {other_card}"})
    message = _error(acting, "illegal")
    assert "rulesets/" not in str(message["message"])  # no install paths
    # a batch is all or nothing: the second action is not this seat's, so neither counts
    acting.send({"type": "act", "actions": [acting.view["legal"][0], acting.view["legal"][0]]})
    _error(acting, "not_your_turn")
    watcher = Client(server, table)
    watcher.send({"type": "watch"})
    watcher.expect("welcome")
    assert watcher.expect("update")["step"] == step  # the refusals changed nothing
    assert watcher.view["hand"] == []
    acting.send({"type": "act", "action": acting.view["legal"][0]})
    assert watcher.expect("update")["step"] == step + 1


def test_a_reload_rejoins_the_same_seat_with_its_hand(server: Server) -> None:
    table = server.table("tressette-in-due", ["human", "human"])
    a = Client(server, table)
    a.claim(1)
    hand, token = a.view["hand"], a.token
    assert len(hand) == 10
    a.close()
    again = Client(server, table)
    again.send({"type": "join", "token": token})
    welcome = again.expect("welcome")
    assert (welcome["seat"], welcome["token"]) == (1, token)
    assert again.expect("update")["view"]["hand"] == hand
    other = Client(server, table)
    other.send({"type": "claim", "seat": 1})
    _error(other, "seat_taken")


def test_huge_frames_close_only_that_connection(server: Server) -> None:
    _table_id, a, b = _table(server)
    a.send("x" * (200 * 1024))
    with pytest.raises(ConnectionClosed):
        for _ in range(10):
            a.recv(5)
    b.send({"type": "ping"})
    assert b.expect("pong")
    assert server.alive()


def test_a_flood_is_rate_limited_then_closed(server: Server) -> None:
    table = server.table("tressette", ["human"] * 4)
    a, b = Client(server, table), Client(server, table)
    a.claim(0)
    b.claim(1)
    codes = []
    with pytest.raises(ConnectionClosed):
        for _ in range(400):
            a.send('{"type": "ping"}')
        for _ in range(2000):
            codes.append(a.recv(15).get("code"))
    assert "rate_limited" in codes
    b.send({"type": "ping"})
    assert b.expect("pong")
    assert server.alive()


def test_http_api_refuses_bad_requests(server: Server) -> None:
    assert server.post("/api/tables", None, raw=b"{nope")[0] == 400
    assert server.post("/api/tables", {"ruleset": "nope", "seats": []})[0] == 404
    status, body = server.post("/api/tables", {"ruleset": "tressette", "seats": ["human"]})
    assert (status, body["code"]) == (400, "bad_seats")
    status, body = server.post("/api/tables", {"ruleset": "tressette", "seats": ["god"] * 4})
    assert (status, body["code"]) == (400, "bad_seats")
    # a body announced too large is refused before it is read
    host, port = server.base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.putrequest("POST", "/api/replay")
    conn.putheader("Content-Length", str(3 * 1024 * 1024))
    conn.endheaders()
    assert conn.getresponse().status == 413
    conn.close()
    status, body = server.post("/api/replay", None, raw=b"garbage\n")
    assert status == 200 and body["frames"] == [] and "not a game log" in body["error"]
    table, _a, _b = _table(server)
    with pytest.raises(Exception, match="409"):
        server.get(f"/api/tables/{table}/logs/1")  # not before the match ends


def test_no_table_socket_is_refused(server: Server) -> None:
    client = Client(server, "nosuchtable")
    assert client.recv()["code"] == "no_table"
