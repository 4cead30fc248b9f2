"""`move`: cards go from a zone to the hands of a role, without a choice.

Each receiving seat, in play order, takes `count` cards from the top of the zone (all of
them when `count` is absent). With `shown`, or from a zone already shown, every seat sees
them (a `Reveal` records where they went); otherwise only the receiver does (e.g. monte
cards dealt blind).
"""

from __future__ import annotations

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.events import CardsMoved
from tressette_dsl.engine.phases.kind import kind_of
from tressette_dsl.engine.phases.words import said, who_text
from tressette_dsl.engine.state import GameState, Reveal, set_at
from tressette_dsl.engine.step import Step, evaluate
from tressette_dsl.engine.table import deal_env, seats_of
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.rules.phases.move import SYNTAX, MovePhase


def enter(step: Step, spec: MovePhase) -> bool:
    rules = step.rules
    index = rules.zone_index(spec.source)
    fixed = None if spec.count is None else spec.count.const
    if not isinstance(fixed, int) or isinstance(fixed, bool):  # `count: 2`: no env to build
        fixed = None
    for seat in seats_of(rules, step.state, spec.to):
        s = step.state
        zone = s.cards.zones[index]
        if fixed is not None:
            count = fixed
        else:
            count = (
                len(zone) if spec.count is None else int(evaluate(spec.count, deal_env(rules, s)))
            )
        cards, rest = zone[:count], zone[count:]
        mask = 0
        for card in cards:
            mask |= 1 << card
        shown = spec.shown or s.seen.shown[index]
        step.set_cards(
            zones=set_at(s.cards.zones, index, rest),
            hands=set_at(s.cards.hands, seat, s.cards.hands[seat] | mask),
        )
        if shown and mask:
            s = step.state
            step.set_seen(
                public=set_at(s.seen.public, seat, s.seen.public[seat] | mask),
                reveals=(*s.seen.reveals, Reveal(spec.source, seat, mask, s.match.deal_no)),
            )
        if step.log:  # the cards' texts: only for a caller that keeps the events
            step.emit(
                CardsMoved(
                    source=spec.source,
                    to=seat,
                    shown=shown,
                    cards=tuple(rules.deck.card_text[c] for c in cards),
                )
            )
    return True


def legal(rules: Ruleset, spec: MovePhase, s: GameState) -> tuple[Action, ...]:
    return ()


def check(rules: Ruleset, spec: MovePhase, s: GameState, action: Action) -> Diagnostic | None:
    raise AssertionError("a move phase never waits for an action")


def act(step: Step, spec: MovePhase, action: Action) -> bool:
    raise AssertionError("a move phase never waits for an action")


# --- how it reads: the rules page and the prompts (its written half: rules/phases/) -----


def describe(rules: Ruleset, ph: MovePhase) -> str:
    count = "all the cards" if ph.count is None else f"{said(rules, ph.count)} cards each"
    shown = "face up" if ph.shown else "face down"
    return f"{count} of the {ph.source} go to {who_text(ph.to)}, {shown}."


KIND = kind_of(
    SYNTAX,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
)


# The spec records live in the written half; imported from here too.
__all__ = ["MovePhase"]
