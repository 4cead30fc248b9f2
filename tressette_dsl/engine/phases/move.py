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
from tressette_dsl.engine.state import GameState, Reveal, set_at
from tressette_dsl.engine.step import Step, evaluate
from tressette_dsl.engine.table import deal_env, seats_of
from tressette_dsl.rules.model import MovePhase, Ruleset


def enter(step: Step, spec: MovePhase) -> bool:
    rules = step.rules
    for seat in seats_of(rules, step.state, spec.to):
        s = step.state
        zone = s.monte if spec.source == "monte" else s.stock
        count = len(zone) if spec.count is None else int(evaluate(spec.count, deal_env(rules, s)))
        cards, rest = zone[:count], zone[count:]
        mask = 0
        for card in cards:
            mask |= 1 << card
        shown = spec.shown or (spec.source == "monte" and s.monte_shown)
        changes: dict[str, object] = {
            spec.source: rest,
            "hands": set_at(s.hands, seat, s.hands[seat] | mask),
        }
        if shown and mask:
            changes["public"] = set_at(s.public, seat, s.public[seat] | mask)
            changes["reveals"] = (*s.reveals, Reveal(spec.source, seat, mask, s.deal_no))
        step.set(**changes)
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
