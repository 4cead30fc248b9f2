"""`give`: a seat chooses `count` cards of its hand to hand to another (`give 3D`)."""

from __future__ import annotations

from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Give
from tressette_dsl.engine.events import CardGiven
from tressette_dsl.engine.phases.common import not_legal
from tressette_dsl.engine.phases.kind import (
    Obs,
    Talk,
    fixed_stage,
    kind_of,
)
from tressette_dsl.engine.phases.words import cards_text, count_text, who_text
from tressette_dsl.engine.state import GameState, Reveal, set_at
from tressette_dsl.engine.step import Step, evaluate, evaluate_int
from tressette_dsl.engine.table import deal_env, seats_of
from tressette_dsl.rules.model import Ruleset, iter_cards
from tressette_dsl.rules.phases.give import SYNTAX, GivePhase


def enter(step: Step, spec: GivePhase) -> bool:
    givers = seats_of(step.rules, step.state, spec.who)
    receivers = seats_of(step.rules, step.state, spec.to)
    if not givers or not receivers or _count(step.rules, spec, step.state) <= 0:
        return True
    step.set_cursor(sub="give", pending=(receivers[0],), to_act=givers[0], step=0)
    return False


def _count(rules: Ruleset, spec: GivePhase, s: GameState) -> int:
    value = spec.count.const
    if isinstance(value, int) and not isinstance(value, bool):  # `count: 1`: no env to build
        return value
    return evaluate_int(spec.count, deal_env(rules, s))


def legal(rules: Ruleset, spec: GivePhase, s: GameState) -> tuple[Action, ...]:
    assert s.cursor.to_act is not None
    text = rules.deck.card_text
    return tuple(Give(text[c]) for c in iter_cards(s.cards.hands[s.cursor.to_act]))


def check(rules: Ruleset, spec: GivePhase, s: GameState, action: Action) -> Diagnostic | None:
    return not_legal(rules, s, action, legal(rules, spec, s), spec.id)


def act(step: Step, spec: GivePhase, action: Action) -> bool:
    assert isinstance(action, Give)
    rules, s = step.rules, step.state
    seat, to = s.cursor.to_act, s.cursor.pending[0]
    assert seat is not None
    bit = 1 << rules.deck.by_text[action.card]
    hands = set_at(s.cards.hands, seat, s.cards.hands[seat] & ~bit)
    hands = set_at(hands, to, hands[to] | bit)
    public = set_at(s.seen.public, seat, s.seen.public[seat] & ~bit)
    reveals = s.seen.reveals
    if spec.shown:
        public = set_at(public, to, public[to] | bit)
        reveals = (*reveals, Reveal("given", to, bit, s.match.deal_no))
    step.update(
        cards=s.cards.but(hands=hands),
        seen=s.seen.but(public=public, reveals=reveals),
        cursor=s.cursor.but(step=s.cursor.step + 1),
    )
    if step.log:
        step.emit(CardGiven(seat=seat, to=to, card=action.card, shown=spec.shown))
    if step.state.cursor.step < _count(rules, spec, step.state):
        return False
    step.set_cursor(sub="", pending=(), to_act=None, step=0)
    return True


# --- how it reads: the rules page and the prompts (its written half: rules/phases/) -----


def describe(rules: Ruleset, ph: GivePhase) -> str:
    shown = "face up" if ph.shown else "face down"
    return (
        f"{who_text(ph.who)} gives {cards_text(rules, ph.count)} of his choice to "
        f"{who_text(ph.to)}, {shown}."
    )


def _task_give(rules: Ruleset, obs: Obs, spec: Any, legal: list[str], talk: Talk) -> str:
    pending = obs.get("pending") or []
    to = talk.seat(pending[0]) if pending else "another player"
    done, owed = obs.get("progress") or (0, 1)
    role = getattr(getattr(spec, "to", None), "role", None)
    text = f"Give {count_text(owed, 'card')}"
    text += (
        f" back to {to}, who handed you the called card" if role == "call_supplier" else f" to {to}"
    )
    text += " (face up: everybody sees it)" if getattr(spec, "shown", False) else " face down"
    if owed > 1:
        text += f"; card {done + 1} of {owed}"
    return text + "."


def progress(rules: Ruleset, spec: GivePhase, s: GameState) -> tuple[int, int] | None:
    if s.cursor.sub != "give":
        return None
    return s.cursor.step, int(evaluate(spec.count, deal_env(rules, s)))


KIND = kind_of(
    SYNTAX,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
    tasks={"give": _task_give},
    stage=fixed_stage("exchange"),
    progress=progress,
)


# The spec records live in the written half; imported from here too.
__all__ = ["GivePhase"]
