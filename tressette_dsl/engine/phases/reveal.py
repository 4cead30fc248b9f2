"""`reveal`: show a zone (the monte, the stock) to every seat."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.events import ZoneShown
from tressette_dsl.engine.phases.kind import Path, PhaseBuilder, PhaseKind, phase_schema
from tressette_dsl.engine.state import GameState, Reveal
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Expr, Ruleset
from tressette_dsl.rules.zones import zone_ref_schema


@dataclass(frozen=True, slots=True)
class RevealPhase:
    id: str
    when: Expr | None
    zone: str
    kind: str = "reveal"


def enter(step: Step, spec: RevealPhase) -> bool:
    s = step.state
    cards = s.monte if spec.zone == "monte" else s.stock
    mask = 0
    for card in cards:
        mask |= 1 << card
    changes: dict[str, object] = {"reveals": (*s.reveals, Reveal(spec.zone, None, mask, s.deal_no))}
    if spec.zone == "monte":
        changes["monte_shown"] = True
    step.set(**changes)
    step.emit(ZoneShown(zone=spec.zone, cards=tuple(step.rules.deck.card_text[c] for c in cards)))
    return True


def legal(rules: Ruleset, spec: RevealPhase, s: GameState) -> tuple[Action, ...]:
    return ()


def check(rules: Ruleset, spec: RevealPhase, s: GameState, action: Action) -> Diagnostic | None:
    raise AssertionError("a reveal phase never waits for an action")


def act(step: Step, spec: RevealPhase, action: Action) -> bool:
    raise AssertionError("a reveal phase never waits for an action")


# --- how it is written and built ---------------------------------------------------------

DESCRIPTION = "Shows a zone to every seat."
PROPERTIES: Mapping[str, Any] = {"zone": zone_ref_schema("The zone shown")}
REQUIRED: tuple[str, ...] = ("zone",)


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> RevealPhase:
    return RevealPhase(pid, when, str(b.get((*path, "zone"), "monte")))


def describe(rules: Ruleset, ph: RevealPhase) -> str:
    return f"the {ph.zone} is shown to every player."


KIND = PhaseKind(
    name="reveal",
    spec=RevealPhase,
    schema=phase_schema("reveal", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
)
