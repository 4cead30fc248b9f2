"""The interpreter's side of a playout: one decision chosen as the random agent chooses.

A choice is an index into the legal actions in the interpreter's canonical order with
claims left out (unless a claim is all there is), the list `RandomAgent` draws from; a
`Policy` maps (seat, number of choices) to that index. `PlayoutStats` counts what the
interpreter's `runner.play_match` counts, so that summaries agree.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from tressette_dsl.compiled.draws import randrange_of
from tressette_dsl.engine import to_act
from tressette_dsl.engine.actions import (
    Action,
    Announce,
    Annul,
    Bid,
    Call,
    Choose,
    Declare,
    Discard,
    Done,
    Give,
    Keep,
    Pass,
    Play,
    Signal,
    Take,
)
from tressette_dsl.engine.game import apply, legal_actions
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset

Policy = Callable[[int, int], int]
Chooser = Callable[[int], int]


@dataclass(slots=True)
class PlayoutStats:
    """What a playout did, for `simulate`'s summary and for `bench`."""

    actions: int = 0
    card_plays: int = 0
    kernel_actions: int = 0
    deals_dealt: int = 0  # `Dealt` events of the interpreter's steps

    def add_events(self, events: Sequence[Any]) -> None:
        self.deals_dealt += sum(1 for e in events if type(e).__name__ == "Dealt")


def choosers(
    n: int, rng: random.Random | Sequence[random.Random] | None, policy: Policy | None
) -> list[Chooser]:
    """One ``choose(n) -> index`` per seat: the policy's, or each seat's `randrange`."""
    if policy is not None:
        return [partial(policy, seat) for seat in range(n)]
    if rng is None:
        rng = random.Random()
    if isinstance(rng, random.Random):
        return [randrange_of(rng)] * n
    return [randrange_of(r) for r in rng]


def no_claims(legal: Sequence[Action]) -> Sequence[Action]:
    """The legal actions without claims (unless a claim is all there is), as the random
    agent sees them (``str(a) != "claim"``). A list whose actions are all of kinds that
    never print as "claim" is returned as it is, without printing each."""
    for a in legal:
        if a.__class__ not in _NEVER_CLAIM:
            return [a for a in legal if str(a) != "claim"] or legal
    return legal


# the action kinds whose text never is "claim" (each prints a fixed other word or a
# prefixed phrase); any other kind, a claim or one added later, is printed and compared
_NEVER_CLAIM = frozenset(
    {Play, Declare, Announce, Signal, Bid, Pass, Choose, Keep, Call, Give, Discard, Take}
    | {Done, Annul}
)


def interpreted_step(
    rules: Ruleset, state: GameState, choose: Sequence[Chooser], stats: PlayoutStats
) -> GameState:
    """One decision on the interpreter, chosen as the random agent chooses (the agent of
    the seat that decides: a dummy's owner, `seating.dummy`)."""
    seat = to_act(state, rules)
    assert seat is not None
    choices = no_claims(legal_actions(rules, state))
    return apply_counted(rules, state, choices[choose[seat](len(choices))], stats)


def apply_counted(
    rules: Ruleset, state: GameState, action: Action, stats: PlayoutStats
) -> GameState:
    state, events = apply(rules, state, action)
    stats.actions += 1
    kind = action.__class__
    stats.card_plays += kind is Play or (  # the known kinds: only Play prints "play ..."
        kind not in _NEVER_CLAIM and str(action).startswith("play ")
    )
    stats.add_events(events)
    return state
