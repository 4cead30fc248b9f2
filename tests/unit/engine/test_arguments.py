"""The engine's public functions check their arguments (issue 13): a documented
`ArgumentTypeError` / `ArgumentValueError` naming the argument, never a deep IndexError,
KeyError or AttributeError, and never a wrong answer."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tressette_dsl.engine import (
    ArgumentTypeError,
    ArgumentValueError,
    apply,
    deal_over,
    determinize,
    events_for,
    is_over,
    legal_actions,
    new_game,
    observe,
    parse_action,
    result,
    start,
    to_act,
)
from tressette_dsl.engine.codec import CodecError, decode
from tressette_dsl.engine.state import GameState
from tressette_dsl.loader import load_ruleset

TRESSETTE = load_ruleset("tressette")
CALABRESELLA = load_ruleset("calabresella")
STATE = new_game(TRESSETTE, 1)
THREE = new_game(CALABRESELLA, 1)
ANY: Any = None  # arguments of the wrong type, on purpose


def raises(error: type[Exception], words: str, call: Callable[[], object]) -> str:
    with pytest.raises(error) as info:
        call()
    text = str(info.value)
    assert words in text, text
    assert isinstance(info.value, ValueError | TypeError)
    return text


@pytest.mark.parametrize("seat", [4, -1, -5, 100])
def test_observe_a_seat_out_of_range(seat: int) -> None:
    raises(
        ArgumentValueError,
        f"observe: seat must be a seat 0 to 3, not {seat}",
        lambda: observe(TRESSETTE, STATE, seat),
    )


@pytest.mark.parametrize("seat", ["South", 1.5, None, True])
def test_observe_a_seat_of_the_wrong_type(seat: object) -> None:
    raises(
        ArgumentTypeError,
        "observe: seat must be a seat number",
        lambda: observe(TRESSETTE, STATE, ANY or seat),
    )


def test_a_state_of_another_ruleset() -> None:
    for call in (
        lambda: observe(TRESSETTE, THREE, 0),
        lambda: legal_actions(TRESSETTE, THREE),
        lambda: apply(TRESSETTE, THREE, legal_actions(CALABRESELLA, THREE)[0]),
        lambda: result(TRESSETTE, THREE),
    ):
        raises(ArgumentValueError, "another ruleset", call)


def test_a_state_with_a_seat_to_act_that_does_not_exist() -> None:
    edited = STATE.replace(to_act=9)
    raises(
        ArgumentValueError,
        "legal_actions: state has to_act=9",
        lambda: legal_actions(TRESSETTE, edited),
    )


def test_not_a_state_or_not_rules() -> None:
    raises(
        ArgumentTypeError,
        "legal_actions: state must be a GameState",
        lambda: legal_actions(TRESSETTE, ANY),
    )
    raises(
        ArgumentTypeError,
        "legal_actions: rules must be a Ruleset",
        lambda: legal_actions(ANY, STATE),
    )
    raises(ArgumentTypeError, "is_over: state must be a GameState", lambda: is_over(ANY))
    raises(ArgumentTypeError, "to_act: state", lambda: to_act(ANY))
    raises(ArgumentTypeError, "deal_over: state", lambda: deal_over(ANY))


def test_parse_action_of_none() -> None:
    raises(
        ArgumentTypeError,
        "parse_action: text must be the text of an action",
        lambda: parse_action(TRESSETTE, STATE, ANY),
    )


def test_apply_a_string_says_how_to_make_an_action() -> None:
    text = raises(
        ArgumentTypeError,
        "apply: action must be an Action, not the text 'play 7C'",
        lambda: apply(TRESSETTE, STATE, ANY or "play 7C"),
    )
    assert "parse_action" in text
    assert "is not allowed now" not in text


def test_determinize_arguments() -> None:
    raises(
        ArgumentTypeError,
        "determinize: rng must be a random.Random",
        lambda: determinize(TRESSETTE, STATE, 0, ANY),
    )
    raises(
        ArgumentTypeError,
        "determinize: seat must be a seat number",
        lambda: determinize(TRESSETTE, STATE, ANY or "0", random.Random(1)),
    )
    raises(
        ArgumentValueError,
        "determinize: seat must be a seat 0 to 3, not 4",
        lambda: determinize(TRESSETTE, STATE, 4, random.Random(1)),
    )


def test_events_for_arguments() -> None:
    _state, events = start(TRESSETTE, 1)
    assert events_for(TRESSETTE, events, None)
    raises(
        ArgumentValueError,
        "events_for: seat must be a seat 0 to 3",
        lambda: events_for(TRESSETTE, events, 7),
    )
    raises(
        ArgumentTypeError, "events_for: events", lambda: events_for(TRESSETTE, ANY or "Dealt", 0)
    )


def test_new_game_dealer() -> None:
    raises(
        ArgumentTypeError,
        "new_game: dealer must be a seat number 0 to 3 or None",
        lambda: new_game(TRESSETTE, 1, dealer=ANY or "West"),
    )
    raises(
        ArgumentValueError,
        "new_game: dealer must be a seat 0 to 3, not 4",
        lambda: new_game(TRESSETTE, 1, dealer=4),
    )
    raises(
        ArgumentTypeError, "new_game: seed must be an int", lambda: new_game(TRESSETTE, ANY or "1")
    )


def _hand(n: int, suit: str = "C") -> list[str]:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]
    return [f"{r}{s}" for s in (suit, "D", "S", "B") for r in ranks][:n]


def test_new_game_hands_of_the_wrong_size_or_seat() -> None:
    raises(
        ArgumentValueError,
        "new_game: hands[0] has 21 cards, but the first deal gives each hand 10",
        lambda: new_game(TRESSETTE, 1, hands={0: _hand(21)}),
    )
    raises(
        ArgumentValueError,
        "hands[0] has 9 cards",
        lambda: new_game(TRESSETTE, 1, hands={0: _hand(9)}),
    )
    raises(
        ArgumentValueError,
        "new_game: hands key 9 must be a seat 0 to 3, not 9",
        lambda: new_game(TRESSETTE, 1, hands={9: _hand(10)}),
    )
    raises(
        ArgumentTypeError,
        "hands key 'South'",
        lambda: new_game(TRESSETTE, 1, hands=ANY or {"South": _hand(10)}),
    )
    assert new_game(TRESSETTE, 1, hands={0: _hand(10)}).hands[0].bit_count() == 10


def test_new_game_deck_with_duplicates_or_short() -> None:
    raises(
        ArgumentValueError,
        "new_game: deck holds 3D 40 times",
        lambda: new_game(TRESSETTE, 1, deck=["3D"] * 40),
    )
    raises(
        ArgumentValueError,
        "new_game: deck has 3 cards, but the deck of 'tressette' has 40",
        lambda: new_game(TRESSETTE, 1, deck=["3D", "AC", "2C"]),
    )
    raises(
        ArgumentValueError,
        "not a card of this deck",
        lambda: new_game(TRESSETTE, 1, deck=["XX"] * 40),
    )
    raises(
        ArgumentValueError,
        "cannot be given with hands",
        lambda: new_game(TRESSETTE, 1, deck=_hand(40), hands={0: _hand(10)}),
    )


def test_new_game_a_zone_the_ruleset_lacks() -> None:
    raises(
        ArgumentValueError,
        "new_game: monte is given, but the first deal of 'tressette' deals no monte",
        lambda: new_game(TRESSETTE, 1, monte=["3D"]),
    )
    raises(
        ArgumentValueError,
        "monte has 3 cards, but the first deal puts 4 there",
        lambda: new_game(CALABRESELLA, 1, monte=["3D", "2D", "AD"]),
    )


def test_codec_and_from_dict() -> None:
    raises(CodecError, "GameState: missing field", lambda: GameState.from_dict({}))
    raises(CodecError, "unknown record type 'Nope'", lambda: decode({"type": "Nope"}))
    raises(CodecError, "needs a 'type' field", lambda: decode({"seat": 1}))
    raises(
        CodecError,
        "unknown field 'bogus'",
        lambda: decode({"type": "Passed", "seat": 1, "bogus": 2}),
    )
    raises(CodecError, "nests more than", lambda: decode(_nested(10_000)))
    raises(
        CodecError, "not a GameState", lambda: GameState.from_dict({"type": "Passed", "seat": 1})
    )
    assert GameState.from_dict(STATE.to_dict()) == STATE


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def test_the_engine_still_plays_its_own_states() -> None:
    state = STATE
    for _ in range(20):
        state, _events = apply(TRESSETTE, state, legal_actions(TRESSETTE, state)[0])
    assert observe(TRESSETTE, state, 0).seat == 0
