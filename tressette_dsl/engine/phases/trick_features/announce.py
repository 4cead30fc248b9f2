"""Announce, then reveal (`declaring.at: announce_then_reveal`, "Good play"): in a round
before the first trick each seat holding a combination may `announce` (without saying
which); its combinations are declared when it first wins a trick."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tressette_dsl.engine import declare
from tressette_dsl.engine.actions import Action, Announce, Done
from tressette_dsl.engine.events import Announced
from tressette_dsl.engine.phases.trick_features.base import Round, TrickFeature
from tressette_dsl.engine.state import GameState, set_at
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset

if TYPE_CHECKING:
    from tressette_dsl.engine.phases.tricks import TricksPhase


def on_enter(rules: Ruleset, s: GameState) -> str | None:
    return "announce" if s.window_open else None


def _announce(step: Step, seat: int) -> None:
    s = step.state
    step.set(announced=set_at(s.announced, seat, s.hands[seat]))
    step.emit(Announced(seat=seat))


def act(step: Step, spec: TricksPhase, seat: int, action: Announce) -> bool:
    _announce(step, seat)
    return True  # the next seat's turn in the round


def _round_legal(rules: Ruleset, s: GameState, seat: int) -> tuple[Action, ...]:
    holds = declare.options(rules, s, seat, s.hands[seat])
    return ((Announce(),) if holds else ()) + (Done(),)


def _auto(step: Step, seat: int) -> None:
    s = step.state
    if declare.options(step.rules, s, seat, s.hands[seat]):
        _announce(step, seat)


def _mandatory(rules: Ruleset) -> bool:
    return rules.declaring is not None and rules.declaring.mandatory


def on_trick_won(step: Step, spec: TricksPhase, s: GameState, winner: int) -> None:
    """The winner's announced combinations are declared, the first time it wins."""
    if s.announced[winner] and not s.revealed_announce[winner]:
        step.set(revealed_announce=set_at(s.revealed_announce, winner, True))
        declare.declare_all(step, winner, s.announced[winner])


def resolve(rules: Ruleset, spec: TricksPhase) -> TrickFeature | None:
    d = rules.declaring
    return FEATURE if d is not None and d.at == "announce_then_reveal" else None


FEATURE = TrickFeature(
    name="announce",
    resolve=resolve,
    on_enter=on_enter,
    on_trick_won=on_trick_won,
    acts={Announce: act},
    rounds={"announce": Round(_round_legal, _auto, _mandatory)},
)
