"""`take`: each seat of `who` in turn takes cards of a shown zone (`take 3D`, `done`);
the last seat takes whatever is left."""

from __future__ import annotations

from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Done, Take
from tressette_dsl.engine.events import CardTaken
from tressette_dsl.engine.phases.common import not_legal
from tressette_dsl.engine.phases.kind import (
    Obs,
    Talk,
    fixed_stage,
    kind_of,
)
from tressette_dsl.engine.phases.words import cards_text, who_text
from tressette_dsl.engine.state import GameState, Reveal, set_at
from tressette_dsl.engine.step import Step, evaluate_int
from tressette_dsl.engine.table import deal_env, seats_of
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.rules.phases.take import SYNTAX, TakePhase

_OWN = frozenset({"seat", "discarded"})


def _owed(rules: Ruleset, spec: TakePhase, s: GameState, seat: int) -> int:
    """How many cards `seat` must still take (a take phase with `count`)."""
    assert spec.count is not None
    # a count of the seat's own (`count: "discarded"`): no deal env to build
    env = {} if spec.count.names <= _OWN else deal_env(rules, s)
    env.update(seat=seat, discarded=s.seen.discarded[seat].bit_count())
    return evaluate_int(spec.count, env) - s.contract_part.taken[seat]


def enter(step: Step, spec: TakePhase) -> bool:
    seats = seats_of(step.rules, step.state, spec.who)
    if not seats:
        return True
    step.set_cursor(sub="take", pending=seats)
    return _next_seat(step, spec)


def _next_seat(step: Step, spec: TakePhase) -> bool:
    s = step.state
    zone = s.zone(spec.source)
    if spec.count is not None:  # each takes exactly its count, as far as the zone goes
        while s.cursor.pending and (
            not zone or _owed(step.rules, spec, s, s.cursor.pending[0]) <= 0
        ):
            step.set_cursor(pending=s.cursor.pending[1:])
            s = step.state
        if not s.cursor.pending:
            step.set_cursor(sub="", pending=(), to_act=None)
            return True
        step.set_cursor(to_act=s.cursor.pending[0])
        return False
    if len(s.cursor.pending) == 1 or not zone:
        for card in zone if s.cursor.pending else ():
            _take(step, spec, s.cursor.pending[-1], card)
        step.set_cursor(sub="", pending=(), to_act=None)
        return True
    step.set_cursor(to_act=s.cursor.pending[0])
    return False


def legal(rules: Ruleset, spec: TakePhase, s: GameState) -> tuple[Action, ...]:
    text = rules.deck.card_text
    cards = tuple(Take(text[c]) for c in sorted(s.zone(spec.source)))
    return cards if spec.count is not None else (*cards, Done())


def check(rules: Ruleset, spec: TakePhase, s: GameState, action: Action) -> Diagnostic | None:
    return not_legal(rules, s, action, legal(rules, spec, s), spec.id)


def act(step: Step, spec: TakePhase, action: Action) -> bool:
    s = step.state
    if isinstance(action, Take):
        _take(step, spec, s.cursor.pending[0], step.rules.deck.by_text[action.card])
        if spec.count is not None:
            return _next_seat(step, spec)
        if step.state.zone(spec.source):
            return False
    step.set_cursor(pending=step.state.cursor.pending[1:])
    return _next_seat(step, spec)


def _take(step: Step, spec: TakePhase, seat: int, card: int) -> None:
    s = step.state
    bit = 1 << card
    index = step.rules.zone_index(spec.source)
    step.update(
        cards=step.state.cards.but(
            zones=set_at(s.cards.zones, index, tuple(c for c in s.cards.zones[index] if c != card)),
            hands=set_at(s.cards.hands, seat, s.cards.hands[seat] | bit),
        ),
        seen=step.state.seen.but(
            public=set_at(s.seen.public, seat, s.seen.public[seat] | bit),
            reveals=(*s.seen.reveals, Reveal("taken", seat, bit, s.match.deal_no)),
        ),
        contract=step.state.contract_part.but(
            taken=set_at(s.contract_part.taken, seat, s.contract_part.taken[seat] + 1)
        ),
    )
    if step.log:
        step.emit(CardTaken(seat=seat, card=step.rules.deck.card_text[card], zone=spec.source))


# --- how it reads: the rules page and the prompts (its written half: rules/phases/) -----


def describe(rules: Ruleset, ph: TakePhase) -> str:
    if ph.count is not None:
        return (
            f"{who_text(ph.who)}, in turn, takes {cards_text(rules, ph.count)} of his choice "
            f"from the shown {ph.source}."
        )
    return (
        f"{who_text(ph.who)}, in turn, takes any of the shown {ph.source} cards and says when "
        "he is done; the last takes the rest."
    )


def _task_take(rules: Ruleset, obs: Obs, spec: Any, legal: list[str], talk: Talk) -> str:
    zone = getattr(spec, "source", "zone")
    pending = obs.get("pending") or []
    cards_left = [a for a in legal if a.startswith("take ")]
    if not cards_left:
        return f"Nothing left to take from the {zone}."
    if "done" not in legal:
        return f"Take cards from the shown {zone}, one at a time ('take' and the card)."
    text = f"Take cards from the shown {zone}, one at a time ('take' and the card), then 'done'"
    if len(pending) > 1:
        text += f"; {talk.seat(pending[-1])} gets whatever is left"
    return text + "."


KIND = kind_of(
    SYNTAX,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
    tasks={"take": _task_take},
    stage=fixed_stage("exchange"),
)


# The spec records live in the written half; imported from here too.
__all__ = ["TakePhase"]
