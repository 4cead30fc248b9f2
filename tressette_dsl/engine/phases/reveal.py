"""`reveal`: show a zone (the monte, the stock) to every seat."""

from __future__ import annotations

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.events import ZoneShown
from tressette_dsl.engine.phases.kind import kind_of
from tressette_dsl.engine.state import GameState, Reveal, set_at
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.rules.phases.reveal import SYNTAX, RevealPhase


def enter(step: Step, spec: RevealPhase) -> bool:
    s = step.state
    index = step.rules.zone_index(spec.zone)
    cards = s.cards.zones[index]
    mask = 0
    for card in cards:
        mask |= 1 << card
    step.set_seen(
        reveals=(*s.seen.reveals, Reveal(spec.zone, None, mask, s.match.deal_no)),
        shown=set_at(s.seen.shown, index, True),
    )
    if step.log:  # the cards' texts: only for a caller that keeps the events
        text = step.rules.deck.card_text
        step.emit(ZoneShown(zone=spec.zone, cards=tuple(text[c] for c in cards)))
    return True


def legal(rules: Ruleset, spec: RevealPhase, s: GameState) -> tuple[Action, ...]:
    return ()


def check(rules: Ruleset, spec: RevealPhase, s: GameState, action: Action) -> Diagnostic | None:
    raise AssertionError("a reveal phase never waits for an action")


def act(step: Step, spec: RevealPhase, action: Action) -> bool:
    raise AssertionError("a reveal phase never waits for an action")


# --- how it reads: the rules page and the prompts (its written half: rules/phases/) -----


def describe(rules: Ruleset, ph: RevealPhase) -> str:
    return f"the {ph.zone} is shown to every player."


KIND = kind_of(
    SYNTAX,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
)


# The spec records live in the written half; imported from here too.
__all__ = ["RevealPhase"]
