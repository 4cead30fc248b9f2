"""`choose`: the declarer may raise the contract to one of `options` (or `keep` it)."""

from __future__ import annotations

from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Choose, Keep
from tressette_dsl.engine.events import ContractChosen
from tressette_dsl.engine.phases.common import not_legal
from tressette_dsl.engine.phases.kind import (
    Obs,
    Talk,
    fixed_stage,
    kind_of,
)
from tressette_dsl.engine.phases.words import who_text
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import Step
from tressette_dsl.engine.table import seats_of
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.rules.phases.choose import SYNTAX, ChoosePhase


def enter(step: Step, spec: ChoosePhase) -> bool:
    seats = seats_of(step.rules, step.state, spec.who)
    if not seats:
        return True
    step.set_cursor(sub="choose", pending=seats[:1], to_act=seats[0])
    return False


def legal(rules: Ruleset, spec: ChoosePhase, s: GameState) -> tuple[Action, ...]:
    keep: tuple[Action, ...] = (Keep(),) if spec.keep else ()
    return (*(Choose(option) for option in spec.options), *keep)


def check(rules: Ruleset, spec: ChoosePhase, s: GameState, action: Action) -> Diagnostic | None:
    return not_legal(rules, s, action, legal(rules, spec, s), spec.id)


def act(step: Step, spec: ChoosePhase, action: Action) -> bool:
    seat = step.state.cursor.to_act
    assert seat is not None
    if isinstance(action, Choose):
        step.set_contract(contract=action.option)
        if step.log:
            step.emit(ContractChosen(seat=seat, contract=action.option))
    step.set_cursor(sub="", pending=(), to_act=None)
    return True


# --- how it reads: the rules page and the prompts (its written half: rules/phases/) -----


def describe(rules: Ruleset, ph: ChoosePhase) -> str:
    keep = " or keep the contract" if ph.keep else ""
    return f"{who_text(ph.who)} may raise the contract to {', '.join(ph.options)}{keep}."


def _task_choose(rules: Ruleset, obs: Obs, spec: Any, legal: list[str], talk: Talk) -> str:
    contracts = getattr(rules, "contracts", {}) or {}

    def worth(option: str) -> str:
        c = contracts.get(option)
        return f"{option} (worth {c.value})" if c is not None else option

    options = [a.split(" ", 1)[1] for a in legal if a.startswith("choose ")]
    current = obs.get("contract")
    text = "Raise your contract"
    if current:
        text += f" {worth(current)}"
    text += " to " + " or ".join(worth(o) for o in options)
    if "keep" in legal:
        text += ", or 'keep' it as it is"
    return text + "."


KIND = kind_of(
    SYNTAX,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
    tasks={"choose": _task_choose},
    stage=fixed_stage("contract"),
)


# The spec records live in the written half; imported from here too.
__all__ = ["ChoosePhase"]
