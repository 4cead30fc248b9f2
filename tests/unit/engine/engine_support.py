"""Helpers for engine tests: bundled rulesets, overlays written to tmp files, fixed deals."""

from __future__ import annotations

import functools
import random
import textwrap
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest

from tressette_dsl.engine import apply, is_over, legal_actions, new_game, parse_action
from tressette_dsl.engine.actions import Claim
from tressette_dsl.engine.events import Event
from tressette_dsl.engine.scoring import score_deal
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import Step
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


@functools.cache
def bundled(ruleset_id: str) -> Ruleset:
    return load_ruleset(ruleset_id)


@pytest.fixture
def overlay(tmp_path: Path) -> Any:
    """`overlay(yaml_text)` -> a Ruleset loaded from that text (it may `extends:` a bundled id)."""
    counter = iter(range(1000))

    def make(text: str) -> Ruleset:
        path = tmp_path / f"r{next(counter)}.yaml"
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return load_ruleset(path)

    return make


def hands(spec: Mapping[int, str]) -> dict[int, list[str]]:
    return {seat: text.split() for seat, text in spec.items()}


def game(
    rules: Ruleset,
    spec: Mapping[int, str] | None = None,
    *,
    dealer: int = 3,
    seed: int = 1,
    **zones: str,
) -> GameState:
    kwargs: dict[str, Any] = {k: v.split() for k, v in zones.items()}
    return new_game(rules, seed, dealer=dealer, hands=hands(spec) if spec else None, **kwargs)


class Play:
    """Drive a game by action texts; keeps every event."""

    def __init__(self, rules: Ruleset, state: GameState) -> None:
        self.rules = rules
        self.state = state
        self.events: list[Event] = []

    def __call__(self, *texts: str) -> Play:
        for text in texts:
            action = parse_action(self.rules, self.state, text)
            self.state, events = apply(self.rules, self.state, action)
            self.events.extend(events)
        return self

    def legal(self) -> list[str]:
        return [str(a) for a in legal_actions(self.rules, self.state)]

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]

    def done_all(self) -> Play:
        """Say `done` while the engine waits for a round."""
        while "done" in self.legal() and not any(t.startswith("play ") for t in self.legal()):
            self("done")
        return self


def plays(rules: Ruleset, state: GameState) -> set[str]:
    return {str(a).split()[1] for a in legal_actions(rules, state) if str(a).startswith("play ")}


def texts(items: Iterable[Any]) -> list[str]:
    return [str(x) for x in items]


# Four 10-card hands that split the deck: seat 0 holds the napoletana of bastoni and
# every 2, the rest is spread so that each seat can follow suit sometimes.
FOUR_HANDS = {
    0: "AB 2B 3B 2C 2D 2S 4C 5C 4D 5D",
    1: "AC 3C KC QC JC 6D 7D AD 3D KD",
    2: "6C 7C QD JD 4S 5S 6S 7S AS 3S",
    3: "KS QS JS KB QB JB 7B 6B 5B 4B",
}


def fill(rules: Ruleset, spec: Mapping[int, str], size: int, **zones: str | int) -> dict[str, Any]:
    """Hands of `size` cards containing the cards `spec` names, the rest of the deck dealt
    in deck order; a zone given as text is fixed, as an int filled with that many cards.
    Returns `new_game` keyword arguments (hands=, stock=, monte=)."""
    given = {seat: text.split() for seat, text in spec.items()}
    fixed_zones = {z: v.split() for z, v in zones.items() if isinstance(v, str)}
    used = {c for cards in (*given.values(), *fixed_zones.values()) for c in cards}
    rest = [t for c in rules.deck.cards if (t := rules.deck.card_text[c]) not in used]
    out: dict[str, Any] = {"hands": {}}
    for seat in range(rules.players.count):
        cards = list(given.get(seat, []))
        need = size - len(cards)
        cards += rest[:need]
        rest = rest[need:]
        out["hands"][seat] = cards
    for zone, value in zones.items():
        if isinstance(value, str):
            out[zone] = value.split()
        else:
            out[zone], rest = rest[:value], rest[value:]
    assert not rest, f"cards left over: {rest}"
    return out


def start(
    rules: Ruleset,
    spec: Mapping[int, str],
    size: int,
    *,
    dealer: int,
    seed: int = 1,
    **zones: str | int,
) -> Play:
    return Play(rules, new_game(rules, seed, dealer=dealer, **fill(rules, spec, size, **zones)))


def scored(
    rules: Ruleset,
    state: GameState,
    won: Mapping[int, str],
    tricks: Mapping[int, int],
    last: int,
    **changes: Any,
) -> tuple[GameState, list[Event]]:
    """Score a deal whose captures are given: every card in `won` (text per seat)."""

    n = rules.players.count
    masks = [0] * n
    for seat, text in won.items():
        for card in text.split():
            masks[seat] |= 1 << rules.deck.by_text[card]
    state = state.replace(
        hands=(0,) * n,
        won=tuple(masks),
        monte=(),
        stock=(),
        trick=(),
        tricks_won=tuple(tricks.get(s, 0) for s in range(n)),
        last_winner=last,
        **changes,
    )
    step = Step(rules, state)
    score_deal(step)
    return step.state, step.events


def deck_texts(rules: Ruleset, *, but: str = "") -> str:
    skip = set(but.split())
    return " ".join(t for c in rules.deck.cards if (t := rules.deck.card_text[c]) not in skip)


def random_walk(
    rules: Ruleset, seed: int, steps: int, *, events: bool
) -> list[tuple[GameState, tuple[Event, ...], tuple[Any, ...]]]:
    """Random play through the step API (a claim only when nothing else is legal; a new
    match when one ends): per step the state after it, its events and the legal list the
    action was drawn from - what the fast paths' differential tests compare."""
    rng = random.Random(seed)
    state, out, match_no = new_game(rules, seed), [], 0
    for _step in range(steps):
        if is_over(state):
            match_no += 1
            state = new_game(rules, seed + 1000 * match_no)
        legal = legal_actions(rules, state)
        others = [a for a in legal if not isinstance(a, Claim)] or list(legal)
        action = others[rng.randrange(len(others))]
        state, logged = apply(rules, state, action, events=events)
        out.append((state, logged, legal))
    return out
