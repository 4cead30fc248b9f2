"""The trick-time features, one module each, and the per-ruleset table of their hooks.

`FEATURES` lists them once, in the order their hooks run (declarations before claims in
the legal actions; signals before the partner's reveal in the events of a card; the
announced combinations revealed before drawing). A new trick-time feature is one module
with a `FEATURE` (base.py), listed here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.phases.trick_features import (
    announce,
    claims,
    declarations,
    draw,
    dummy,
    leftover,
    partner,
    signals,
)
from tressette_dsl.engine.phases.trick_features.base import (
    Act,
    Extras,
    OnCard,
    OnLead,
    OnPlayEnd,
    OnTrickWon,
    Plays,
    Refusal,
    Round,
    RoundStart,
    TrickFeature,
)
from tressette_dsl.rules.model import Ruleset

if TYPE_CHECKING:
    from tressette_dsl.engine.phases.tricks import TricksPhase

FEATURES: tuple[TrickFeature, ...] = (
    declarations.FEATURE,
    announce.FEATURE,
    signals.FEATURE,
    partner.FEATURE,
    dummy.FEATURE,
    draw.FEATURE,
    claims.FEATURE,
    leftover.FEATURE,
)

# Checks and rounds do not depend on the ruleset: an action of a feature a ruleset does
# not use is refused by that feature's own words ("there is no declaration 'x'").
CHECK_SAID: Refusal | None = next((f.check_said for f in FEATURES if f.check_said), None)
CHECKS: dict[type[Action], Refusal] = {t: c for f in FEATURES for t, c in f.checks.items()}
REFUSALS: dict[type[Action], Refusal] = {t: r for f in FEATURES for t, r in f.refusals.items()}
ACTS: dict[type[Action], Act] = {t: a for f in FEATURES for t, a in f.acts.items()}
ROUNDS: dict[str, Round] = {k: r for f in FEATURES for k, r in f.rounds.items()}


@dataclass(frozen=True, slots=True)
class TrickTable:
    """The hooks of the features one ruleset uses, in `FEATURES` order."""

    on_enter: tuple[RoundStart, ...]
    on_card: tuple[OnCard, ...]
    on_card_in_window: tuple[OnCard, ...]
    on_card_with_signals: tuple[OnCard, ...]
    on_lead: tuple[OnLead, ...]
    on_trick_won: tuple[OnTrickWon, ...]
    round_after_trick: tuple[RoundStart, ...]
    on_play_end: tuple[OnPlayEnd, ...]
    plays: Plays | None
    extras: tuple[Extras, ...]


def resolve(rules: Ruleset, spec: TricksPhase) -> TrickTable:
    used = [r for r in (f.resolve(rules, spec) for f in FEATURES) if r is not None]

    def hooks(name: str) -> tuple[Any, ...]:
        return tuple(h for h in (getattr(f, name) for f in used) if h is not None)

    plays = hooks("plays")
    return TrickTable(
        on_enter=hooks("on_enter"),
        on_card=hooks("on_card"),
        on_card_in_window=hooks("on_card_in_window"),
        on_card_with_signals=hooks("on_card_with_signals"),
        on_lead=hooks("on_lead"),
        on_trick_won=hooks("on_trick_won"),
        round_after_trick=hooks("round_after_trick"),
        on_play_end=hooks("on_play_end"),
        plays=plays[0] if plays else None,
        extras=hooks("extras"),
    )


_TABLES: dict[int, tuple[Ruleset, TricksPhase, TrickTable]] = {}
_NONE = TrickTable((), (), (), (), (), (), (), (), None, ())
# The table asked last, (rules, spec, table): the trick phase reads it inline on every card
# and decision (`hooks`), a call less than asking `table`.
LAST: tuple[object, object, TrickTable] = (None, None, _NONE)


def table(rules: Ruleset, spec: TricksPhase) -> TrickTable:
    """`resolve`, once per ruleset and trick phase (a ruleset is immutable)."""
    global LAST  # noqa: PLW0603 - the one-entry cache in front of `_TABLES`
    last = LAST
    if last[1] is spec and last[0] is rules:
        return last[2]
    entry = _TABLES.get(id(spec))
    if entry is None or entry[0] is not rules or entry[1] is not spec:
        if len(_TABLES) > 256:  # many rulesets loaded (tests): start again
            _TABLES.clear()
        entry = (rules, spec, resolve(rules, spec))
        _TABLES[id(spec)] = entry
    LAST = entry
    return entry[2]
