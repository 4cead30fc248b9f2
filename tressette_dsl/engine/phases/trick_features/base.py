"""What a trick-time feature provides: the hook points of the trick phase.

The trick phase (engine/phases/tricks.py) plays cards and tricks; everything else that
happens during play - declarations, signals, claims, drawing from the stock, the reveal of
a called partner, announce-then-reveal, the leftover cards - is a `TrickFeature` of its own
module here, registering on these hooks:

* `on_enter(rules, state) -> round kind | None` - as play begins (after the first leader
  is known): a round of each seat in turn (`declare`, `announce`) to run first;
* `on_card(state, seat, card, action, changes) -> events` - a card is being played:
  add to the one state change of the card (`changes`), return events for after it;
  `on_card_in_window` the same, only while the declaring window is open
  (`state.window_open`), and `on_card_with_signals` only for a card played with signals,
  so that most cards call no hook at all;
* `on_lead(rules, state, seat) -> round kind | None` - the first card of a trick was led;
* `on_trick_won(step, spec, state, winner)` - a trick was won (`state`: before its last
  card), before the next trick begins;
* `round_after_trick(rules, state) -> round kind | None` - a round before the next trick;
* `on_play_end(step)` - the hands are empty, before the phase ends;
* `plays(rules, state, seat, cards) -> actions` - the card plays themselves, when a feature
  offers more than the bare card (a card with signals); at most one feature does;
* `extras(rules, state, seat) -> actions` - more legal actions beside the cards;
* `check_said` - the check of a card played with signals (`play 3D <signal>`);
* `checks` - per action type, the whole check of such an action while cards are played;
* `acts` / `refusals` - per action type, how a checked action is applied (True: move on
  in the current round) and why one that is not legal now is refused;
* `rounds` - per round kind (`state.cursor.sub`), its legal actions, act and mandatory play.

`resolve(rules, spec)` gives the feature as a ruleset uses it - None when unused, else the
record with only the hooks that ruleset needs (`dataclasses.replace`); the trick phase
resolves the features once per ruleset (`trick_features.table`), so a feature or hook a
ruleset does not use costs nothing per card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Play
from tressette_dsl.engine.codec import record
from tressette_dsl.engine.events import Event
from tressette_dsl.engine.state import GameState, PhaseLocal, SignalRecord
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset

if TYPE_CHECKING:
    from tressette_dsl.engine.phases.tricks import TricksPhase


@record
@dataclass(frozen=True, slots=True)
class TricksLocal(PhaseLocal):
    """The trick phase's own record (`GameState.local` while it runs): whether the declaring
    window is open for the current trick, and per seat the cards it played while it was
    open (they still count for declaring)."""

    window_open: bool = False
    window_played: tuple[int, ...] = ()


def window(s: GameState) -> TricksLocal:
    """The trick phase's record of the state (a closed window before it starts)."""
    local = s.local
    if isinstance(local, TricksLocal):
        return local
    return TricksLocal(False, (0,) * s.n)


@dataclass(slots=True)
class Changes:
    """What the card hooks add to the one state change of a played card (None: unchanged).
    The trick phase applies them with its own changes, in one typed update."""

    signals: tuple[SignalRecord, ...] | None = None
    partner_revealed: bool | None = None
    window_played: tuple[int, ...] | None = None
    exposed: int | None = None  # a seat whose hand (after the card) every seat now sees


RoundStart = Callable[[Ruleset, GameState], str | None]
OnCard = Callable[[GameState, int, int, Play, Changes], tuple[Event, ...]]
OnLead = Callable[[Ruleset, GameState, int], str | None]
OnTrickWon = Callable[[Step, "TricksPhase", GameState, int], None]
OnPlayEnd = Callable[[Step], None]
Plays = Callable[[Ruleset, GameState, int, list[int]], list[Action] | None]
Extras = Callable[[Ruleset, GameState, int], Sequence[Action]]
Act = Callable[[Step, "TricksPhase", int, Any], bool]
Refusal = Callable[[Ruleset, "TricksPhase", GameState, Any], Diagnostic | None]


@dataclass(frozen=True, slots=True)
class Round:
    """A round in which each seat in turn acts, then says `done` (`state.cursor.sub` = its kind)."""

    legal: Callable[[Ruleset, GameState, int], tuple[Action, ...]]
    auto: Callable[[Step, int], None]  # the seat's turn when the round is mandatory
    mandatory: Callable[[Ruleset], bool]


_NONE: Mapping[Any, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class TrickFeature:
    name: str
    # the feature as a ruleset uses it (only the hooks it needs), or None when unused
    resolve: Callable[[Ruleset, TricksPhase], TrickFeature | None]
    on_enter: RoundStart | None = None
    on_card: OnCard | None = None
    on_card_in_window: OnCard | None = None
    on_card_with_signals: OnCard | None = None
    on_lead: OnLead | None = None
    on_trick_won: OnTrickWon | None = None
    round_after_trick: RoundStart | None = None
    on_play_end: OnPlayEnd | None = None
    plays: Plays | None = None
    extras: Extras | None = None
    check_said: Refusal | None = None  # a card played with signals (`play 3D <signal>`)
    checks: Mapping[type[Action], Refusal] = field(default_factory=lambda: _NONE)
    acts: Mapping[type[Action], Act] = field(default_factory=lambda: _NONE)
    refusals: Mapping[type[Action], Refusal] = field(default_factory=lambda: _NONE)
    rounds: Mapping[str, Round] = field(default_factory=lambda: _NONE)
