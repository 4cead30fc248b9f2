"""`discard`: each seat of `who`, in turn, lays `count` cards face down into a zone.

Discards are hidden from every other seat; the discarding seat remembers its own. Because
the others cannot tell which of its shown cards went, that seat's publicly known cards are
forgotten from then on (the history of reveals stays).
"""

from __future__ import annotations

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Discard
from tressette_dsl.engine.events import CardDiscarded
from tressette_dsl.engine.phases.common import not_legal
from tressette_dsl.engine.state import GameState, set_at
from tressette_dsl.engine.step import Step, evaluate_int
from tressette_dsl.engine.table import deal_env, seats_of
from tressette_dsl.rules.model import DiscardPhase, Ruleset, iter_cards


def _count(rules: Ruleset, spec: DiscardPhase, s: GameState, seat: int) -> int:
    env = deal_env(rules, s)
    env.update(taken=s.taken[seat], hand_size=s.hands[seat].bit_count(), seat=seat)
    return evaluate_int(spec.count, env)


def enter(step: Step, spec: DiscardPhase) -> bool:
    seats = seats_of(step.rules, step.state, spec.who)
    step.set(sub="discard", pending=seats, step=0)
    return _next_seat(step, spec)


def _next_seat(step: Step, spec: DiscardPhase) -> bool:
    """Move to the first pending seat that still owes discards; True when none does."""
    while step.state.pending:
        s = step.state
        seat = s.pending[0]
        if s.step < _count(step.rules, spec, s, seat):
            step.set(to_act=seat)
            return False
        step.set(pending=s.pending[1:], step=0)
    step.set(sub="", to_act=None)
    return True


def legal(rules: Ruleset, spec: DiscardPhase, s: GameState) -> tuple[Action, ...]:
    assert s.to_act is not None
    text = rules.deck.card_text
    return tuple(Discard(text[c]) for c in iter_cards(s.hands[s.to_act]))


def check(rules: Ruleset, spec: DiscardPhase, s: GameState, action: Action) -> Diagnostic | None:
    return not_legal(rules, s, action, legal(rules, spec, s), spec.id)


def act(step: Step, spec: DiscardPhase, action: Action) -> bool:
    assert isinstance(action, Discard)
    rules, s = step.rules, step.state
    seat = s.to_act
    assert seat is not None
    card = rules.deck.by_text[action.card]
    bit = 1 << card
    zone = spec.to
    changes: dict[str, object] = {
        "hands": set_at(s.hands, seat, s.hands[seat] & ~bit),
        "public": set_at(s.public, seat, 0),
        "discarded": set_at(s.discarded, seat, s.discarded[seat] | bit),
        zone: (*getattr(s, zone), card),
        "step": s.step + 1,
    }
    step.set(**changes)
    step.emit(CardDiscarded(seat=seat, card=action.card, zone=zone))
    return _next_seat(step, spec)
