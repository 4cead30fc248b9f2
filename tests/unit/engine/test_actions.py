"""Action records: the text form parses back; malformed text is InvalidActionError."""

from __future__ import annotations

import json

import pytest
from engine_support import bundled

from tressette_dsl.engine import InvalidActionError, legal_actions, new_game, parse_action
from tressette_dsl.engine.actions import Bid, Declare, Pass, Play
from tressette_dsl.engine.codec import decode

TEXTS = [
    "play 3D",
    "play 3D busso",
    "declare napoletana D",
    "declare tris A-B",
    "announce",
    "signal holding 2",
    "claim",
    "bid solo",
    "bid due 70",
    "pass",
    "choose dividete",
    "keep",
    "call AD",
    "give 3D",
    "discard 3D",
    "take 3D",
    "done",
    "annul",
]


@pytest.mark.parametrize("text", TEXTS)
def test_text_round_trips(text: str) -> None:
    rules = bundled("tressette")
    state = new_game(rules, 1)
    action = parse_action(rules, state, text)
    assert str(action) == text
    assert decode(json.loads(json.dumps(action.to_dict()))) == action


def test_records_compare_by_value() -> None:
    assert Play("3D", (("busso", None),)) == Play("3D", (("busso", None),))
    assert Bid("due", 70) != Bid("due", 71)
    assert Declare("tris", "A-B") == Declare("tris", "A-B")
    assert Pass() == Pass()


def test_card_text_is_normalised() -> None:
    rules = bundled("tressette")
    assert parse_action(rules, new_game(rules, 1), "play 3d") == Play("3D")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty action"),
        ("plya 3D", "unknown action 'plya'"),
        ("play", "needs a card"),
        ("play 3X", "not a card of this deck"),
        ("play 9D", "not a card of this deck"),
        ("bid due seventy", "whole number"),
        ("pass now", "takes no arguments"),
        ("declare napoletana", "declaration id and what is declared"),
        ("call", "takes one card"),
    ],
)
def test_malformed_text_says_what_was_expected(text: str, words: str) -> None:
    rules = bundled("tressette")
    with pytest.raises(InvalidActionError, match=words):
        parse_action(rules, new_game(rules, 1), text)


def test_parametrised_signal_takes_its_value() -> None:
    rules = bundled("tresette-american")
    state = new_game(rules, 1)
    assert parse_action(rules, state, "play 5D i_hold 2") == Play("5D", (("i_hold", 2),))
    with pytest.raises(InvalidActionError, match="needs a value"):
        parse_action(rules, state, "play 5D i_hold")


def test_every_legal_action_parses_back_to_itself() -> None:
    for ruleset_id in ("tressette", "calabresella", "briscola-chiamata", "tresette-american"):
        rules = bundled(ruleset_id)
        state = new_game(rules, 3)
        for action in legal_actions(rules, state):
            assert parse_action(rules, state, str(action)) == action
