"""Checks of the play: who is to act, the legal actions, tricks, events and hands."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from tressette_dsl import engine
from tressette_dsl.scenarios.check_base import (
    SEAT_FIELDS,
    as_list,
    expected,
    mapping,
    seats_of,
    set_diff,
    show,
)
from tressette_dsl.scenarios.game import Game
from tressette_dsl.scenarios.names import (
    NameProblem,
    card_text,
    card_words,
    points,
    show_points,
)

# -- turn and legal actions ------------------------------------------------------------------


def check_to_act(game: Game, value: Any) -> str | None:
    got = game.to_act()
    want = None if value in (None, "nobody") else game.seat(value)
    return None if got == want else expected("to act:", game.name(want), game.name(got))


def _canonical(game: Game, text: str) -> str:
    """An action text as the engine writes it (``play K♠`` -> ``play KS``)."""
    try:
        return str(engine.parse_action(game.rules, game.state, card_words(game.rules, str(text))))
    except Exception:
        return " ".join(str(text).split())


def _legal_texts(game: Game) -> set[str]:
    return {str(a) for a in game.legal()}


def check_legal(game: Game, value: Any) -> str | None:
    want = {_canonical(game, t) for t in as_list(value)}
    got = _legal_texts(game)
    if want == got:
        return None
    return set_diff("legal actions", want, got)


def check_legal_includes(game: Game, value: Any) -> str | None:
    missing = {_canonical(game, t) for t in as_list(value)} - _legal_texts(game)
    if not missing:
        return None
    return f"expected legal actions to include {show(missing)}; legal: {show(_legal_texts(game))}"


def check_legal_excludes(game: Game, value: Any) -> str | None:
    present = {_canonical(game, t) for t in as_list(value)} & _legal_texts(game)
    return None if not present else f"expected {show(present)} not to be legal, but it is"


def check_plays(game: Game, value: Any) -> str | None:
    cards = value.split() if isinstance(value, str) else as_list(value)
    want = {card_text(game.rules, c) for c in cards}
    got = {str(a).split()[1] for a in game.legal() if str(a).startswith("play ")}
    return None if want == got else set_diff("playable cards", want, got)


# -- tricks --------------------------------------------------------------------------------


def check_trick_winner(game: Game, value: Any) -> str | None:
    trick = game.last_trick
    got = None if trick is None else trick["seat"]
    want = game.seat(value)
    return None if got == want else expected("trick winner", game.name(want), game.name(got))


def check_trick_points(game: Game, value: Any) -> str | None:
    trick = game.last_trick
    if trick is None:
        return f"expected trick points {value}, but no trick has been won yet"
    deck = game.rules.deck
    got = Fraction(sum(deck.card_value[deck.by_text[c]] for c in trick["cards"]), deck.unit)
    want = points(value)
    return None if got == want else expected("trick points", show_points(want), show_points(got))


def check_tricks(game: Game, value: Any) -> str | None:
    counts = Counter(e["seat"] for e in game.deal_in_view() if e.get("type") == "TrickWon")
    problems = []
    for name, want in mapping(value, "tricks").items():
        seats = seats_of(game, name)
        got = sum(counts[s] for s in seats)
        if got != want:
            problems.append(f"{name} {want}, got {got}")
    return None if not problems else "expected tricks won: " + "; ".join(problems)


# -- events and hands ---------------------------------------------------------------------------


def _matches(game: Game, want: Any, got: Any, key: str = "") -> bool:
    if isinstance(want, dict):
        return isinstance(got, dict) and all(
            k in got and _matches(game, v, got[k], k) for k, v in want.items()
        )
    if isinstance(want, list):
        return (
            isinstance(got, list)
            and len(want) == len(got)
            and all(_matches(game, w, g, key) for w, g in zip(want, got, strict=True))
        )
    if isinstance(want, str) and isinstance(got, int) and not isinstance(got, bool):
        try:
            return game.seat(want) == got if key in SEAT_FIELDS else str(got) == want
        except NameProblem:
            return False
    if isinstance(want, str) and isinstance(got, str) and want != got:
        try:
            return card_text(game.rules, want) == got
        except NameProblem:
            return False
    return bool(want == got)


def _event_list(value: Any) -> list[dict[str, Any]]:
    items = as_list(value)
    out = []
    for item in items:
        out.append({"type": item} if isinstance(item, str) else mapping(item, "an event"))
    return out


def check_events(game: Game, value: Any) -> str | None:
    """The events since the last ``expect`` include these, in this order (partial match)."""
    recent = game.events[game.since :]
    i = 0
    for want in _event_list(value):
        while i < len(recent) and not _matches(game, want, recent[i]):
            i += 1
        if i == len(recent):
            seen = ", ".join(e.get("type", "?") for e in recent) or "none"
            return f"expected an event {want} (in order); events since the last expect: {seen}"
        i += 1
    return None


def check_no_events(game: Game, value: Any) -> str | None:
    recent = game.events[game.since :]
    for want in _event_list(value):
        for got in recent:
            if _matches(game, want, got):
                return f"expected no event matching {want}, got {got}"
    return None


def check_hand(game: Game, value: Any) -> str | None:
    deck = game.rules.deck
    problems = []
    for name, cards in mapping(value, "hand").items():
        seat = game.seat(name)
        want = {
            card_text(game.rules, c)
            for c in (cards.split() if isinstance(cards, str) else cards or [])
        }
        got = set(deck.texts(game.state.hands[seat]))
        if want != got:
            problems.append(set_diff(f"hand of {name}", want, got))
    return "; ".join(problems) or None


def check_hand_size(game: Game, value: Any) -> str | None:
    deck = game.rules.deck
    problems = []
    for name, want in mapping(value, "hand_size").items():
        got = len(deck.texts(game.state.hands[game.seat(name)]))
        if got != want:
            problems.append(f"{name} {want}, got {got}")
    return None if not problems else "expected hand sizes: " + "; ".join(problems)
