"""`take`: each seat of `who` in turn takes cards of a shown zone (`take 3D`, `done`);
the last seat takes whatever is left."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Done, Take
from tressette_dsl.engine.events import CardTaken
from tressette_dsl.engine.phases.common import not_legal
from tressette_dsl.engine.phases.kind import (
    Obs,
    Path,
    PhaseBuilder,
    PhaseKind,
    Talk,
    fixed_stage,
    phase_schema,
)
from tressette_dsl.engine.phases.words import cards_text, who_text
from tressette_dsl.engine.state import GameState, Reveal, set_at
from tressette_dsl.engine.step import Step, evaluate_int
from tressette_dsl.engine.table import deal_env, seats_of
from tressette_dsl.rules import scopes
from tressette_dsl.rules.model import Expr, Ruleset, Who
from tressette_dsl.rules.zones import omitted, zone_ref_schema


@dataclass(frozen=True, slots=True)
class TakePhase:
    id: str
    when: Expr | None
    who: Who
    source: str
    kind: str = "take"
    # how many cards each seat takes (names: `discarded`...); None: any, and the last seat
    # takes whatever is left
    count: Expr | None = None


def _owed(rules: Ruleset, spec: TakePhase, s: GameState, seat: int) -> int:
    """How many cards `seat` must still take (a take phase with `count`)."""
    assert spec.count is not None
    env = deal_env(rules, s)
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
    step.emit(CardTaken(seat=seat, card=step.rules.deck.card_text[card], zone=spec.source))


# --- how it is written and built ---------------------------------------------------------

DESCRIPTION = "Each seat of `who` in turn takes any of the shown cards; the last takes the rest."
PROPERTIES: Mapping[str, Any] = {
    "who": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": "Who takes (a seat expression or a role: declarer, defenders, partner, "
        "call_supplier, all expression. See docs/expressions.md.)",
    },
    "from": zone_ref_schema("The shown zone the cards are taken from"),
    "count": {
        "type": ["integer", "string"],
        "minLength": 1,
        "maxLength": 4000,
        "description": 'How many cards each seat takes, e.g. "discarded" (as many as it '
        "discarded); without it each takes any and the last takes the rest (an integer, or a "
        "formula expression. See docs/expressions.md.)",
    },
}
REQUIRED: tuple[str, ...] = ("from",)


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> TakePhase:
    return TakePhase(
        pid,
        when,
        b.who((*path, "who"), "defenders"),
        str(b.get((*path, "from")) or omitted("take", ("from",))),
        count=b.count((*path, "count"), scopes.TAKE_COUNT, None),
    )


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


KIND = PhaseKind(
    name="take",
    spec=TakePhase,
    schema=phase_schema("take", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
    tasks={"take": _task_take},
    stage=fixed_stage("exchange"),
    zone_keys=(("from",),),
)
