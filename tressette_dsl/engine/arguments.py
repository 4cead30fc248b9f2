"""Argument checks at the engine's public boundary (issue 13).

A wrong argument used to surface deep inside the engine as an `IndexError` (a seat of 4
at a table of four), a `TypeError` (a seat `'South'`), an `AttributeError` (`rng=None`), or
not at all (`observe(seat=-1)` showed seat 3's hand; a deck of forty `3D` dealt two-card
hands). Every public function now checks what it is given first and raises
`ArgumentTypeError` or `ArgumentValueError` (a TypeError / ValueError) naming the function
and the argument, and saying what it should be.

The checks are a few `isinstance` tests and integer comparisons per call, made at the
boundary and never inside the engine's loops; `bench/bench_engine.py` measures them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.errors import ArgumentTypeError, ArgumentValueError
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset


def _type(value: Any) -> str:
    return "None" if value is None else type(value).__name__


def check_rules(fn: str, rules: Any) -> Ruleset:
    if not isinstance(rules, Ruleset):
        raise ArgumentTypeError(
            fn, "rules", f"must be a Ruleset (from load_ruleset), not {_type(rules)}"
        )
    return rules


_shape: list[Any] = [None, (0, 0, 0)]  # the last ruleset checked and its (seats, phases, totals)


def _shape_of(rules: Ruleset) -> tuple[int, int, int]:
    """(seats, phases, totals) of `rules`, remembered for the last ruleset: the engine's
    loop calls `legal_actions` and `apply` with the same rules thousands of times."""
    if _shape[0] is not rules:
        n = rules.players.count
        slots = len(rules.sides.seats) if rules.sides.mode == "teams" else n
        if rules.players.people is not None:  # totals per person (`seating.people`)
            slots = len(rules.players.people.names)
        _shape[0], _shape[1] = rules, (n, len(rules.flow), slots)
    shape: tuple[int, int, int] = _shape[1]
    return shape


_trusted: list[Any] = [None, None]  # the last (rules, state) the engine itself returned
TRUSTED = _trusted  # read-only for the game loop, which tests it inline (one call less)


def trust(rules: Ruleset, state: GameState) -> GameState:
    """Remember a state the engine just made for `rules`: the next call with it (the loop's
    `legal_actions` then `apply`) skips the check, so the hot path pays one comparison."""
    _trusted[0], _trusted[1] = rules, state
    return state


def check_state(fn: str, rules: Any, state: Any) -> GameState:
    """The state is a `GameState` and has the shape of `rules`: its seats, its totals, its
    phase, a seat to act and a dealer among the seats. (Two rulesets of the same shape
    cannot be told apart from a state alone.)"""
    if state is _trusted[1] and rules is _trusted[0]:
        return state  # type: ignore[no-any-return]
    if not isinstance(rules, Ruleset):
        check_rules(fn, rules)
    if not isinstance(state, GameState):
        raise ArgumentTypeError(
            fn, "state", f"must be a GameState (from new_game or apply), not {_type(state)}"
        )
    n, phases, slots = _shape_of(rules)
    seat = state.to_act
    if (
        state.n == n
        and 0 <= state.phase < phases
        and len(state.totals) == slots
        and (seat is None or (type(seat) is int and 0 <= seat < n))
        and type(state.dealer) is int
        and 0 <= state.dealer < n
        and len(state.hands) in (0, n)
    ):
        return state
    raise _state_problem(fn, rules, state, (n, phases, slots))


def _state_problem(
    fn: str, rules: Ruleset, state: GameState, shape: tuple[int, int, int]
) -> ArgumentValueError:
    n, phases, slots = shape
    other = "it belongs to another ruleset"
    if state.n != n:
        return ArgumentValueError(
            fn, "state", f"has {state.n} seats, but {rules.id!r} has {n}: {other}"
        )
    if not 0 <= state.phase < phases or len(state.hands) not in (0, n):
        return ArgumentValueError(
            fn, "state", f"is not at a phase of {rules.id!r}: {other}, or was edited"
        )
    if len(state.totals) != slots:
        return ArgumentValueError(
            fn, "state", f"keeps {len(state.totals)} totals, but {rules.id!r} keeps {slots}"
        )
    name, seat = ("to_act", state.to_act)
    if seat is None or (type(seat) is int and 0 <= seat < n):
        name, seat = ("dealer", state.dealer)
    return ArgumentValueError(fn, "state", f"has {name}={seat!r}: seats are 0 to {n - 1}")


def check_seat(fn: str, seat: Any, n: int, *, name: str = "seat", none: bool = False) -> int | None:
    """A seat number 0 .. n-1 (a bool is not a seat; None only where it means 'nobody')."""
    if seat is None and none:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int):
        also = " or None" if none else ""
        raise ArgumentTypeError(
            fn, name, f"must be a seat number 0 to {n - 1}{also}, not {_type(seat)} {seat!r}"
        )
    if not 0 <= seat < n:
        raise ArgumentValueError(fn, name, f"must be a seat 0 to {n - 1}, not {seat}")
    return seat


def check_int(fn: str, name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(fn, name, f"must be an int, not {_type(value)} {value!r}")
    return value


def check_rng(fn: str, rng: Any) -> random.Random:
    if not isinstance(rng, random.Random):
        raise ArgumentTypeError(
            fn, "rng", f"must be a random.Random (e.g. random.Random(seed)), not {_type(rng)}"
        )
    return rng


def check_action(fn: str, action: Any) -> Action:
    if isinstance(action, str):
        raise ArgumentTypeError(
            fn,
            "action",
            f"must be an Action, not the text {action!r}: "
            f"use parse_action(rules, state, {action!r}), or one of legal_actions(rules, state)",
        )
    if not isinstance(action, Action):
        raise ArgumentTypeError(
            fn, "action", f"must be an Action (from legal_actions), not {_type(action)}"
        )
    return action


def check_text(fn: str, text: Any) -> str:
    if not isinstance(text, str):
        raise ArgumentTypeError(fn, "text", f"must be the text of an action, not {_type(text)}")
    return text


# --- a fixed first deal ------------------------------------------------------------------


def first_deal_sizes(rules: Ruleset) -> tuple[int, dict[str, int]] | None:
    """Cards per hand and per zone that the first deal phase of `flow` deals."""
    from tressette_dsl.engine.phases.deal import DealPhase  # noqa: PLC0415 - no cycle

    deal = next((p for p in rules.flow if isinstance(p, DealPhase)), None)
    if deal is None:
        return None
    n, cards = rules.players.count, len(rules.deck.cards)
    hand = sum(p.count for p in deal.packets if p.zone is None and p.count is not None)
    zones: dict[str, int] = {}
    fixed = n * hand
    for p in deal.packets:
        if p.zone is not None and p.count is not None:
            zones[p.zone] = zones.get(p.zone, 0) + p.count
            fixed += p.count
    for p in deal.packets:
        if p.count is None and p.zone is None:
            hand += (cards - fixed) // n
        elif p.count is None and p.zone is not None:
            zones[p.zone] = zones.get(p.zone, 0) + cards - fixed
    return hand, zones


def check_setup(
    fn: str,
    rules: Ruleset,
    *,
    seed: Any,
    dealer: Any,
    deck: Sequence[str] | None,
    hands: Mapping[int, Sequence[str]] | None,
    zones: Mapping[str, Sequence[str] | None],
) -> None:
    """The arguments of `new_game` / `start`: a seat for the dealer, and a fixed deal that
    the ruleset's first deal can make (hand and zone sizes, each card once, known zones)."""
    check_rules(fn, rules)
    check_int(fn, "seed", seed)
    n = rules.players.count
    check_seat(fn, dealer, n, name="dealer", none=True)
    sizes = first_deal_sizes(rules)
    hand_size, zone_sizes = sizes if sizes is not None else (None, {})
    given: list[tuple[str, str, Sequence[str]]] = []
    sizes_wrong: list[ArgumentValueError] = []
    if deck is not None:
        cards = _cards(fn, "deck", deck)
        if any(v is not None for v in zones.values()) or hands:
            others = [k for k, v in zones.items() if v is not None] + (["hands"] if hands else [])
            raise ArgumentValueError(
                fn, "deck", f"fixes every card, so it cannot be given with {', '.join(others)}"
            )
        if len(cards) != len(rules.deck.cards):
            raise ArgumentValueError(
                fn,
                "deck",
                f"has {len(cards)} cards, but the deck of {rules.id!r} has "
                f"{len(rules.deck.cards)}: give each card once, top first",
            )
        given.append(("deck", "deck", cards))
    if hands is not None:
        if not isinstance(hands, Mapping):
            raise ArgumentTypeError(
                fn, "hands", f"must be a mapping seat -> cards, not {_type(hands)}"
            )
        for seat, texts in hands.items():
            check_seat(fn, seat, n, name=f"hands key {seat!r}")
            cards = _cards(fn, f"hands[{seat}]", texts)
            if hand_size is not None and len(cards) != hand_size:
                wrong = f"has {len(cards)} cards, but the first deal gives each hand {hand_size}"
                sizes_wrong.append(ArgumentValueError(fn, f"hands[{seat}]", wrong))
            given.append((f"hands[{seat}]", f"the hand of seat {seat}", cards))
    for zone, zone_texts in zones.items():
        if zone_texts is None:
            continue
        if zone not in zone_sizes:
            declared = ", ".join(rules.zone_ids) or "none"
            raise ArgumentValueError(
                fn,
                zone,
                f"is given, but the first deal of {rules.id!r} deals no {zone} "
                f"(its zones: {declared})",
            )
        cards = _cards(fn, zone, zone_texts)
        if len(cards) != zone_sizes[zone]:
            wrong = f"has {len(cards)} cards, but the first deal puts {zone_sizes[zone]} there"
            sizes_wrong.append(ArgumentValueError(fn, zone, wrong))
        given.append((zone, f"the {zone}", cards))
    _known_and_once(fn, rules, given)  # a card given twice first: it explains a size too
    if sizes_wrong:
        raise sizes_wrong[0]


def _cards(fn: str, name: str, texts: Any) -> list[str]:
    if isinstance(texts, str) or not isinstance(texts, Iterable):
        raise ArgumentTypeError(
            fn, name, f"must be a list of card texts such as ['3D', 'AC'], not {_type(texts)}"
        )
    cards = list(texts)
    for card in cards:
        if not isinstance(card, str):
            raise ArgumentTypeError(fn, name, f"holds {_type(card)} {card!r}, not a card text")
    return cards


def _known_and_once(fn: str, rules: Ruleset, given: list[tuple[str, str, Sequence[str]]]) -> None:
    where: dict[str, str] = {}
    for name, words, cards in given:
        for card, times in Counter(cards).items():
            if card not in rules.deck.by_text:
                example = next(iter(rules.deck.by_text))
                raise ArgumentValueError(
                    fn, name, f"holds {card!r}, not a card of this deck (e.g. {example!r})"
                )
            if times > 1:
                raise ArgumentValueError(fn, name, f"holds {card} {times} times (given twice)")
            if card in where:
                raise ArgumentValueError(
                    fn, name, f"holds {card}, already in {where[card]} (given twice)"
                )
            where[card] = words
