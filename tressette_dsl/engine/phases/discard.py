"""`discard`: each seat of `who`, in turn, lays `count` cards face down into a zone.

Discards are hidden from every other seat; the discarding seat remembers its own. Because
the others cannot tell which of its shown cards went, that seat's publicly known cards are
forgotten from then on (the history of reveals stays).
"""

from __future__ import annotations

from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Discard, Done
from tressette_dsl.engine.events import CardDiscarded
from tressette_dsl.engine.phases.common import not_legal
from tressette_dsl.engine.phases.kind import (
    Obs,
    Talk,
    fixed_stage,
    kind_of,
)
from tressette_dsl.engine.phases.words import cards_text, count_text, who_text
from tressette_dsl.engine.state import GameState, set_at
from tressette_dsl.engine.step import Step, evaluate, evaluate_int
from tressette_dsl.engine.table import deal_env, seats_of
from tressette_dsl.rules.model import Ruleset, iter_cards
from tressette_dsl.rules.phases.discard import SYNTAX, DiscardPhase

_OWN = frozenset({"taken", "hand_size", "seat"})


def _count(rules: Ruleset, spec: DiscardPhase, s: GameState, seat: int, least: bool = False) -> int:
    expr = spec.at_least if least and spec.at_least is not None else spec.count
    value = expr.const
    if isinstance(value, int) and not isinstance(value, bool):  # `count: 4`: no env to build
        return value
    # a count of the seat's own (`count: "taken"`): no deal env to build
    env = {} if expr.names <= _OWN else deal_env(rules, s)
    env.update(
        taken=s.contract_part.taken[seat], hand_size=s.cards.hands[seat].bit_count(), seat=seat
    )
    if least and spec.at_least is not None:
        return evaluate_int(spec.at_least, env)
    return evaluate_int(spec.count, env)


def enter(step: Step, spec: DiscardPhase) -> bool:
    seats = seats_of(step.rules, step.state, spec.who)
    step.set_cursor(sub="discard", pending=seats, step=0)
    return _next_seat(step, spec)


def _next_seat(step: Step, spec: DiscardPhase) -> bool:
    """Move to the first pending seat that still owes discards; True when none does."""
    while step.state.cursor.pending:
        s = step.state
        seat = s.cursor.pending[0]
        if s.cursor.step < _count(step.rules, spec, s, seat):
            step.set_cursor(to_act=seat)
            return False
        step.set_cursor(pending=s.cursor.pending[1:], step=0)
    step.set_cursor(sub="", to_act=None)
    return True


def legal(rules: Ruleset, spec: DiscardPhase, s: GameState) -> tuple[Action, ...]:
    assert s.cursor.to_act is not None
    text = rules.deck.card_text
    cards = tuple(Discard(text[c]) for c in iter_cards(s.cards.hands[s.cursor.to_act]))
    if spec.at_least is not None and s.cursor.step >= _count(
        rules, spec, s, s.cursor.to_act, least=True
    ):
        return (*cards, Done())
    return cards


def check(rules: Ruleset, spec: DiscardPhase, s: GameState, action: Action) -> Diagnostic | None:
    return not_legal(rules, s, action, legal(rules, spec, s), spec.id)


def act(step: Step, spec: DiscardPhase, action: Action) -> bool:
    if isinstance(action, Done):  # enough laid (`at_least`): the next seat
        step.set_cursor(pending=step.state.cursor.pending[1:], step=0)
        return _next_seat(step, spec)
    assert isinstance(action, Discard)
    rules, s = step.rules, step.state
    seat = s.cursor.to_act
    assert seat is not None
    card = rules.deck.by_text[action.card]
    bit = 1 << card
    zone = spec.to
    index = rules.zone_index(zone)
    cards = (*s.cards.zones[index], card)
    step.update(
        cards=step.state.cards.but(
            hands=set_at(s.cards.hands, seat, s.cards.hands[seat] & ~bit),
            zones=set_at(
                s.cards.zones, index, cards if rules.zones[index].ordered else tuple(sorted(cards))
            ),
        ),
        seen=step.state.seen.but(
            public=set_at(s.seen.public, seat, 0),
            discarded=set_at(s.seen.discarded, seat, s.seen.discarded[seat] | bit),
        ),
        cursor=step.state.cursor.but(step=s.cursor.step + 1),
    )
    if step.log:
        step.emit(CardDiscarded(seat=seat, card=action.card, zone=zone))
    return _next_seat(step, spec)


# --- how it reads: the rules page and the prompts (its written half: rules/phases/) -----


def describe(rules: Ruleset, ph: DiscardPhase) -> str:
    if ph.at_least is not None:
        return (
            f"{who_text(ph.who)} discards {cards_text(rules, ph.at_least)} to "
            f"{cards_text(rules, ph.count)}, as he chooses, face down to the {ph.to}."
        )
    return f"{who_text(ph.who)} discards {cards_text(rules, ph.count)} face down to the {ph.to}."


def _task_discard(rules: Ruleset, obs: Obs, spec: Any, legal: list[str], talk: Talk) -> str:
    zone = getattr(spec, "to", "zone")
    done, owed = obs.get("progress") or (0, 1)
    if "done" in legal or getattr(spec, "at_least", None) is not None:
        return (
            f"Discard up to {count_text(owed, 'card')} face down to the {zone}, one at a "
            f"time ({done} so far); say 'done' when you have discarded enough."
        )
    text = f"Discard {count_text(owed, 'card')} face down to the {zone}"
    if owed > 1:
        text += f" ({done + 1} of {owed})"
    return text + ("; nobody else sees them." if owed != 1 else "; nobody else sees it.")


def progress(rules: Ruleset, spec: DiscardPhase, s: GameState) -> tuple[int, int] | None:
    seat = s.cursor.to_act
    if seat is None or s.cursor.sub != "discard":
        return None
    env = deal_env(rules, s)
    env.update(
        taken=s.contract_part.taken[seat], hand_size=s.cards.hands[seat].bit_count(), seat=seat
    )
    return s.cursor.step, int(evaluate(spec.count, env))


KIND = kind_of(
    SYNTAX,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
    tasks={"discard": _task_discard},
    stage=fixed_stage("exchange"),
    progress=progress,
)


# The spec records live in the written half; imported from here too.
__all__ = ["DiscardPhase"]
