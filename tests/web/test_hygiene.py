"""Information hygiene through the real protocol: full matches of every bundled ruleset,
every seat played by a client that picks among its legal moves, and every message each
connection received checked against what the engine says that seat may know.

Each match is bounded to its first two deals (played in full) by an overlay that `extends`
the bundled ruleset and only adds ``deal_no >= 2 or (...)`` to its `match.end`: every phase,
zone and message kind of the ruleset is met, a new deal after a scored one too, at a
fraction of the cost of a whole session (briscola chiamata's is ten deals).

The oracle is the engine's own: for seat s after action n, the cards s may know are those
named in ``observe(rules, state_n, s)`` and in ``events_for(rules, events_0..n, s)``; a
spectator may know only what every seat knows plus ``events_for(..., None)``. The true
state (each hand, through ``observe`` of its own seat) is checked too: no message names a
card hidden in another hand that the seat was never shown.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from tests.web.conftest import Client, Server, bounded, start_server, stop_server
from tressette_dsl.engine import apply, events_for, observe, parse_action, start
from tressette_dsl.gamelog import read_log, to_jsonable
from tressette_dsl.loader import load_ruleset, playable_rulesets

RULESETS = [load_ruleset(str(p)).id for p in playable_rulesets()]
DEALS = 2  # deals per match (see the module's docstring)
MAX_ACTIONS = 3000


_WORD = re.compile(r"[^\W_]+")


# Random identifiers (a seat's secret token, a table's id, links holding them: strings under
# these keys) are not content: a token such as "...-7B-..." would read as a card.
_RANDOM_KEYS = frozenset({"token", "id", "table", "table_id", "link", "url", "href"})


def _scrub(value: Any) -> Any:
    if isinstance(value, dict):
        return {
            k: _scrub(v) for k, v in value.items() if not (k in _RANDOM_KEYS and isinstance(v, str))
        }
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    return value


def _cards(value: Any, deck: frozenset[str]) -> set[str]:
    """Every card text named anywhere in a JSON value: each run of letters and digits of
    its JSON text (keys, words of strings, '+'-joined parts) that is a card of the deck,
    leaving out the random identifiers."""
    text = json.dumps(_scrub(value), ensure_ascii=False)
    return set(deck.intersection(_WORD.findall(text)))


def _play(server: Server, ruleset: str, seed: int) -> tuple[str, list[Client], Client]:
    n = load_ruleset(ruleset).players.count
    table = server.table(f"bounded-{ruleset}", ["human"] * n)
    clients = [Client(server, table) for _ in range(n)]
    for seat, client in enumerate(clients):
        client.claim(seat)
    spectator = Client(server, table)
    spectator.send({"type": "watch"})
    spectator.expect("update")
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if spectator.view.get("over"):
            break
        to_act = spectator.view["to_act"]
        actor = clients[to_act]
        actor.until_step(spectator.step)
        legal = actor.view["legal"]
        assert legal, f"seat {to_act} is to act but was offered no move"
        target = spectator.step + 1
        # a claim would end most matches in their first deal: play them out instead
        actor.act(rng.choice([a for a in legal if a != "claim"] or legal))
        for client in [*clients, spectator]:
            client.until_step(target)
    else:
        pytest.fail(f"{ruleset}: not over after {MAX_ACTIONS} actions")
    return table, clients, spectator


def _not_calls(obs: dict[str, Any]) -> list[str]:
    return [a for a in obs["legal"] if not a.startswith("call ")]


def _known(rules: Any, value: Iterable[Any]) -> set[str]:
    return _cards(list(value), frozenset(rules.deck.by_text))


@pytest.fixture(scope="module")
def fast_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose rate limit lets programs play as fast as they can, serving the
    bounded overlays of every bundled ruleset."""
    tmp = tmp_path_factory.mktemp("hygiene")
    for ruleset in RULESETS:
        bounded(tmp / "bounded", ruleset, DEALS)
    srv = start_server(tmp, "--rate", "100000", str(tmp / "bounded"))
    yield srv
    stop_server(srv)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_message_names_a_card_its_seat_may_not_know(fast_server: Server, ruleset: str) -> None:
    server = fast_server
    table, clients, spectator = _play(server, ruleset, seed=len(ruleset))
    rules = load_ruleset(str(server.log_dir.parent / "bounded" / f"{ruleset}.yaml"))
    bundled = load_ruleset(ruleset)  # the overlay changes nothing but when the match ends
    assert rules.deck == bundled.deck and rules.players == bundled.players
    assert [(ph.id, ph.kind) for ph in rules.flow] == [(ph.id, ph.kind) for ph in bundled.flow]
    deck = frozenset(rules.deck.by_text)
    log = read_log(server.log_dir / f"{table}-1.jsonl")
    assert log.end.complete  # written as the game went, closed with its result
    state, first = start(rules, int(log.header["seed"]))
    states, events = [state], [list(first)]
    for entry in log.actions:
        state, new = apply(rules, state, parse_action(rules, state, entry.action))
        states.append(state)
        events.append(list(new))
    n = rules.players.count
    observed = [[to_jsonable(observe(rules, st, x)) for x in range(n)] for st in states]
    obs_cards = [[_cards(o, deck) for o in row] for row in observed]
    seen: list[list[set[str]]] = [[] for _ in range(n + 1)]  # per seat (n: nobody), per step
    for who in range(n + 1):
        so_far: set[str] = set()
        for step_events in events:
            so_far |= _known(rules, events_for(rules, step_events, who if who < n else None))
            seen[who].append(set(so_far))
    checked = 0
    for seat, client in enumerate(clients):
        for message in client.received:
            step = message.get("step", client.step if message["type"] != "update" else 0)
            if message["type"] != "update":
                assert not _cards(message, deck), message  # welcome, table news, errors
                continue
            obs = observed[step][seat]
            for key, value in obs.items():
                assert message["view"][key] == value, (ruleset, seat, step, key)
            allowed = obs_cards[step][seat] | seen[seat][step]
            named = _cards(message, deck)
            assert named <= allowed, (ruleset, seat, step, sorted(named - allowed))
            # a call names any card of the deck: it says nothing of where the card is
            placed = _cards(
                {**message, "view": {**message["view"], "legal": _not_calls(obs)}}, deck
            )
            for other in range(n):  # against the truth: no hidden card of another hand
                if other == seat:
                    continue
                hand = set(observed[step][other]["hand"])
                shown = set(obs["known"][other]) | seen[seat][step] | {obs["called_card"]}
                assert not (placed & (hand - shown)), (ruleset, seat, other, step)
            checked += 1
    for message in spectator.received:
        if message["type"] != "update":
            continue
        step = message["step"]
        everyone = set.intersection(*(obs_cards[step][x] | seen[x][step] for x in range(n)))
        named = _cards(message, deck)
        assert named <= everyone | seen[n][step], (ruleset, step, sorted(named - everyone))
        assert message["view"]["hand"] == [] and message["view"]["legal"] == []
    assert checked >= len(log.actions)
