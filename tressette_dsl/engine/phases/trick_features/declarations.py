"""Declarations during play: rounds before the first trick, after the lead or at the end of
a trick (`declaring.at`), declaring at one's own turn, combinations completed by drawn
cards, and the cards played while the declaring window is open (they still count)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, assert_never

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine import declare
from tressette_dsl.engine.actions import Action, Declare, Done, Play
from tressette_dsl.engine.errors import BAD_DECLARATION
from tressette_dsl.engine.events import Event
from tressette_dsl.engine.phases.common import refuse
from tressette_dsl.engine.phases.trick_features.base import Changes, Round, TrickFeature
from tressette_dsl.engine.state import GameState, set_at
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset

if TYPE_CHECKING:
    from tressette_dsl.engine.phases.tricks import TricksPhase


def on_enter(rules: Ruleset, s: GameState) -> str | None:
    return "declare" if s.window_open else None  # `at: before_first_trick`


def on_card(
    s: GameState, seat: int, card: int, action: Play, changes: Changes
) -> tuple[Event, ...]:
    """A card played while the window is open still counts for declaring (`basis`)."""
    changes["window_played"] = set_at(s.window_played, seat, s.window_played[seat] | 1 << card)
    return ()


def on_lead(rules: Ruleset, s: GameState, seat: int) -> str | None:
    return "declare" if s.window_open else None  # `at: after_lead`


def round_after_trick(rules: Ruleset, s: GameState) -> str | None:
    return "declare" if s.window_open else None  # `at: end_of_trick`


def turn_declarations(rules: Ruleset, s: GameState, seat: int) -> list[declare.Option]:
    """What `seat` may declare while playing: at its own turn in the window, and the
    combinations its drawn cards complete."""
    d = rules.declaring
    if d is None or d.mandatory:
        return []
    out: list[declare.Option] = []
    if d.at == "own_turn" and s.window_open:
        out = declare.options(rules, s, seat, declare.basis(s, seat))
    if s.drawn[seat]:
        seen = {(o[0].id, o[2]) for o in out}
        out += [
            o
            for o in declare.options(rules, s, seat, s.hands[seat], s.drawn[seat])
            if (o[0].id, o[2]) not in seen
        ]
    return out


def extras(rules: Ruleset, s: GameState, seat: int) -> list[Action]:
    return [Declare(decl.id, said) for decl, said, _cards in turn_declarations(rules, s, seat)]


def _round_legal(rules: Ruleset, s: GameState, seat: int) -> tuple[Action, ...]:
    opts = declare.options(rules, s, seat, declare.basis(s, seat))
    return (*(Declare(d.id, text) for d, text, _ in opts), Done())


def _auto(step: Step, seat: int) -> None:
    declare.declare_all(step, seat, declare.basis(step.state, seat))


def _mandatory(rules: Ruleset) -> bool:
    return rules.declaring is not None and rules.declaring.mandatory


def act(step: Step, spec: TricksPhase, seat: int, action: Declare) -> bool:
    rules, s = step.rules, step.state
    opts = (
        declare.options(rules, s, seat, declare.basis(s, seat))
        if s.sub == "declare"
        else turn_declarations(rules, s, seat)
    )
    option = next(o for o in opts if o[0].id == action.decl and o[1] == action.arg)
    declare.record(step, seat, option)
    return False  # the seat may declare more, then says done


def why_not(rules: Ruleset, spec: TricksPhase, s: GameState, action: Declare) -> Diagnostic:
    d = rules.declaring
    rule = d.rule if d is not None else None
    if not any(x.id == action.decl for x in rules.declarations):
        return refuse(BAD_DECLARATION, f"there is no declaration {action.decl!r}")
    return refuse(
        BAD_DECLARATION,
        f"you cannot declare {action.decl} {action.arg} now: "
        "not held, already declared, superseded, or outside the window",
        rule,
    )


def resolve(rules: Ruleset, spec: TricksPhase) -> TrickFeature | None:
    """The hooks `declaring.at` uses; none without declarations."""
    d = rules.declaring
    if d is None:
        return None
    # declaring while playing: at one's own turn, or what drawn cards complete
    at_turn = d.at == "own_turn" or any(x.extends_to_drawn for x in rules.declarations)
    used = FEATURE if at_turn and not d.mandatory else dataclasses.replace(FEATURE, extras=None)
    match d.at:
        case "before_first_trick":
            return dataclasses.replace(used, on_lead=None, round_after_trick=None)
        case "after_lead":
            return dataclasses.replace(used, on_enter=None, round_after_trick=None)
        case "end_of_trick":
            return dataclasses.replace(used, on_enter=None, on_lead=None)
        case "own_turn" | "announce_then_reveal":  # the latter: see announce.py
            return dataclasses.replace(used, on_enter=None, on_lead=None, round_after_trick=None)
        case unknown:
            assert_never(unknown)


FEATURE = TrickFeature(
    name="declarations",
    resolve=resolve,
    on_enter=on_enter,
    on_card_in_window=on_card,
    on_lead=on_lead,
    round_after_trick=round_after_trick,
    extras=extras,
    acts={Declare: act},
    refusals={Declare: why_not},
    rounds={"declare": Round(_round_legal, _auto, _mandatory)},
)
