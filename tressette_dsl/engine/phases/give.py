"""`give`: a seat chooses `count` cards of its hand to hand to another (`give 3D`)."""

from __future__ import annotations

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Give
from tressette_dsl.engine.events import CardGiven
from tressette_dsl.engine.phases.common import not_legal
from tressette_dsl.engine.state import GameState, Reveal, set_at
from tressette_dsl.engine.step import Step, evaluate_int
from tressette_dsl.engine.table import deal_env, seats_of
from tressette_dsl.rules.model import GivePhase, Ruleset, iter_cards


def enter(step: Step, spec: GivePhase) -> bool:
    givers = seats_of(step.rules, step.state, spec.who)
    receivers = seats_of(step.rules, step.state, spec.to)
    if not givers or not receivers or _count(step.rules, spec, step.state) <= 0:
        return True
    step.set(sub="give", pending=(receivers[0],), to_act=givers[0], step=0)
    return False


def _count(rules: Ruleset, spec: GivePhase, s: GameState) -> int:
    return evaluate_int(spec.count, deal_env(rules, s))


def legal(rules: Ruleset, spec: GivePhase, s: GameState) -> tuple[Action, ...]:
    assert s.to_act is not None
    text = rules.deck.card_text
    return tuple(Give(text[c]) for c in iter_cards(s.hands[s.to_act]))


def check(rules: Ruleset, spec: GivePhase, s: GameState, action: Action) -> Diagnostic | None:
    return not_legal(rules, s, action, legal(rules, spec, s), spec.id)


def act(step: Step, spec: GivePhase, action: Action) -> bool:
    assert isinstance(action, Give)
    rules, s = step.rules, step.state
    seat, to = s.to_act, s.pending[0]
    assert seat is not None
    bit = 1 << rules.deck.by_text[action.card]
    hands = set_at(s.hands, seat, s.hands[seat] & ~bit)
    hands = set_at(hands, to, hands[to] | bit)
    public = set_at(s.public, seat, s.public[seat] & ~bit)
    changes: dict[str, object] = {"hands": hands, "public": public, "step": s.step + 1}
    if spec.shown:
        changes["public"] = set_at(public, to, public[to] | bit)
        changes["reveals"] = (*s.reveals, Reveal("given", to, bit, s.deal_no))
    step.set(**changes)
    step.emit(CardGiven(seat=seat, to=to, card=action.card, shown=spec.shown))
    if step.state.step < _count(rules, spec, step.state):
        return False
    step.set(sub="", pending=(), to_act=None, step=0)
    return True
