"""The generic engine: plays any `Ruleset`, knowing mechanics only.

    >>> from tressette_dsl.loader import load_ruleset
    >>> from tressette_dsl.engine import new_game, legal_actions, apply
    >>> rules = load_ruleset("tressette")
    >>> state = new_game(rules, seed=7)
    >>> action = legal_actions(rules, state)[0]
    >>> state, events = apply(rules, state, action)

Everything is pure: `apply` returns a new state and the events, and never changes its
argument. `start` is `new_game` with the events of the first deal; `events_for` is one
seat's view of events, as `observe` is of the state; `determinize` samples a full state
consistent with one seat's knowledge (for search bots). See docs/engine.md.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.actions import ActionSyntaxError as _Syntax
from tressette_dsl.engine.actions import parse_text as _parse_text
from tressette_dsl.engine.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    IllegalActionError,
    InvalidActionError,
)
from tressette_dsl.engine.events import Event
from tressette_dsl.engine.match import MatchResult
from tressette_dsl.engine.match import result as _result
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset

if TYPE_CHECKING:
    from tressette_dsl.engine.determinize import determinize
    from tressette_dsl.engine.game import apply, legal_actions, new_game, start
    from tressette_dsl.engine.observe import Observation, observe
    from tressette_dsl.engine.people import (
        people_count,
        people_names,
        person_at,
        person_to_act,
        person_totals,
        seat_of_person,
        winner_people,
    )
    from tressette_dsl.engine.views import events_for

# Imported on first use: building a ruleset imports the phase kinds (engine/phases/), and
# `tressette validate` should not pay for the game loop, observations or determinisation.
_LAZY = {
    "determinize": "determinize",
    "apply": "game",
    "legal_actions": "game",
    "new_game": "game",
    "start": "game",
    "Observation": "observe",
    "observe": "observe",
    "events_for": "views",
    "people_count": "people",
    "people_names": "people",
    "person_at": "people",
    "person_to_act": "people",
    "person_totals": "people",
    "seat_of_person": "people",
    "winner_people": "people",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "Action",
    "ArgumentTypeError",
    "ArgumentValueError",
    "Event",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "MatchResult",
    "Observation",
    "apply",
    "deal_over",
    "determinize",
    "events_for",
    "is_over",
    "legal_actions",
    "new_game",
    "observe",
    "parse_action",
    "people_count",
    "people_names",
    "person_at",
    "person_to_act",
    "person_totals",
    "result",
    "seat_of_person",
    "start",
    "to_act",
    "winner_people",
]


def _state(fn: str, state: Any) -> GameState:
    if not isinstance(state, GameState):
        raise ArgumentTypeError(
            fn, "state", f"must be a GameState (from new_game or apply), not {type(state).__name__}"
        )
    return state


def to_act(state: GameState, rules: Ruleset | None = None) -> int | None:
    """The seat that must act now; None once the match is over.

    With `rules` whose `seating.dummy` is the seat asked, the seat that decides for it: its
    owner (`legal_actions` are still the dummy's own)."""
    _state("to_act", state)
    seat = None if state.match.over else state.cursor.to_act
    if seat is not None and rules is not None and rules.players.dummy is not None:
        from tressette_dsl.engine.occupancy import controller  # noqa: PLC0415

        return controller(rules, state, seat)
    return seat


def is_over(state: GameState) -> bool:
    """Whether the match has ended."""
    if not isinstance(state, GameState):  # `_state`, inlined: a playout asks it every step
        _state("is_over", state)
    return state.match.over


def deal_over(state: GameState) -> bool:
    """True when the transition that produced `state` finished a deal (scored, abandoned
    or ended by a claim), or the match is over. The engine deals the next deal at once, so
    such a state already waits for the first decision of the new deal."""
    if not isinstance(state, GameState):
        _state("deal_over", state)
    return state.match.deal_ended or state.match.over


def result(rules: Ruleset, state: GameState) -> MatchResult:
    """Winners, totals per side and per seat, the per-deal history and why it ended."""
    from tressette_dsl.engine.arguments import check_state  # noqa: PLC0415

    if getattr(rules, "seat_table", None) is not None:
        from tressette_dsl.engine.seating import rules_for  # noqa: PLC0415

        rules = rules_for(rules, state)
    check_state("result", rules, state)
    return _result(rules, state)


def parse_action(rules: Ruleset, state: GameState, text: str) -> Action:
    """Text to an action record; `InvalidActionError` with a helpful message if malformed.

    Whether the action is legal is `apply`'s business (`IllegalActionError`)."""
    from tressette_dsl.engine.arguments import check_state, check_text  # noqa: PLC0415

    if getattr(rules, "seat_table", None) is not None:
        from tressette_dsl.engine.seating import rules_for  # noqa: PLC0415

        rules = rules_for(rules, state)
    check_state("parse_action", rules, state)
    check_text("parse_action", text)
    deck = rules.deck

    def card(word: str) -> str:
        for candidate in (word, word.upper(), word[:-1] + word[-1:].upper()):
            if candidate in deck.by_text:
                return candidate
        example = next(iter(deck.by_text))
        raise _Syntax(
            f"{word!r} is not a card of this deck: write rank then suit, e.g. "
            f"{example!r} (ranks {' '.join(deck.ranks)}, suits {' '.join(deck.suits)})"
        )

    def has_values(signal_id: str) -> bool:
        return any(sig.id == signal_id and sig.values for sig in rules.signals)

    try:
        return _parse_text(text, card, has_values)
    except _Syntax as exc:
        raise InvalidActionError(str(exc)) from None
