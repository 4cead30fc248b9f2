"""`choose`: the declarer may raise the contract to one of `options` (or `keep` it)."""

from __future__ import annotations

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Choose, Keep
from tressette_dsl.engine.events import ContractChosen
from tressette_dsl.engine.phases.common import not_legal
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import Step
from tressette_dsl.engine.table import seats_of
from tressette_dsl.rules.model import ChoosePhase, Ruleset


def enter(step: Step, spec: ChoosePhase) -> bool:
    seats = seats_of(step.rules, step.state, spec.who)
    if not seats:
        return True
    step.set(sub="choose", pending=seats[:1], to_act=seats[0])
    return False


def legal(rules: Ruleset, spec: ChoosePhase, s: GameState) -> tuple[Action, ...]:
    keep: tuple[Action, ...] = (Keep(),) if spec.keep else ()
    return (*(Choose(option) for option in spec.options), *keep)


def check(rules: Ruleset, spec: ChoosePhase, s: GameState, action: Action) -> Diagnostic | None:
    return not_legal(rules, s, action, legal(rules, spec, s), spec.id)


def act(step: Step, spec: ChoosePhase, action: Action) -> bool:
    seat = step.state.to_act
    assert seat is not None
    if isinstance(action, Choose):
        step.set(contract=action.option)
        step.emit(ContractChosen(seat=seat, contract=action.option))
    step.set(sub="", pending=(), to_act=None)
    return True
