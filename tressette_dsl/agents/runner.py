"""Play whole matches with agents, through the public engine API only.

`play_match` is the loop shared by `tressette simulate`, the tests and the benchmark: each
seat's agent sees only ``observe(rules, state, seat)`` and the legal actions (a search agent
also gets the state, to determinize it: `base.choose`), and chooses with its own seeded
`random.Random` (`base.seat_rng`), so a match is a pure function of the ruleset, the seed
and the agent kinds.

The agents are bound to *people*, not places (`engine.people`): agent k plays person k
wherever he sits this deal (with `seating.people` the people move round the places; after
`match.eliminate` a person is the seat he began in), and decides the dummy's actions in the
deals he owns it. Without either, person k is seat k and nothing changes.
"""

from __future__ import annotations

import random
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import cast

from tressette_dsl.agents import make_agent
from tressette_dsl.agents.base import Agent, AgentError, choose, interruption, seat_rng
from tressette_dsl.engine import (
    apply,
    is_over,
    legal_actions,
    result,
    start,
    to_act,
)
from tressette_dsl.engine.actions import Action, Play
from tressette_dsl.engine.events import Event
from tressette_dsl.engine.people import (
    has_people,
    people_count,
    person_at,
    person_to_act,
    winner_people,
)
from tressette_dsl.engine.seating import rules_for
from tressette_dsl.engine.state import DealRecord, GameState
from tressette_dsl.rules.model import Ruleset

StepHook = Callable[[int, Action, Sequence[Event], GameState], None]


class MatchStopped(RuntimeError):
    """The match did not end within the safety limits (deals or actions)."""


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """What `simulate` needs from one match; plain data, so it crosses process boundaries."""

    seed: int
    over: bool
    winners: tuple[str, ...] = ()
    winner_seats: tuple[int, ...] = ()  # the seats the winners hold at the end
    # with `seating.people` the winning people (`engine.people`), who move round the seats;
    # () otherwise: people are then the seats the match began with, `winner_seats`
    winner_people: tuple[int, ...] = ()
    reason: str | None = None
    deals: int = 0
    actions: int = 0
    card_plays: int = 0
    totals: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    error: str | None = None
    # per scored deal: (deal number, what it added to each match total), for checks such as
    # the zero sum of payoffs in contract games
    deal_deltas: tuple[tuple[int, tuple[int, ...]], ...] = ()
    # every deal's record (contract, success, big win, points...), for the statistics of
    # tressette_dsl.stats; plain frozen data like the rest
    records: tuple[DealRecord, ...] = ()


def play_match(
    rules: Ruleset,
    seed: int,
    agents: Sequence[Agent],
    *,
    max_deals: int = 1000,
    max_actions: int = 200_000,
    on_step: StepHook | None = None,
) -> tuple[GameState, MatchSummary]:
    """Play one match; return the final state and its summary.

    `agents[k]` plays person k (`engine.people`; cycled when fewer agents than people are
    given). `on_step(seat, action, events, state)` is called after every action, `seat`
    the seat that decided. Raises `AgentError` when an agent returns an action that is not
    legal, and `MatchStopped` when a limit is reached.
    """
    began = time.perf_counter()
    # events only for a caller that reads them (`on_step`): the deals are counted from the
    # state (`deal_no` counts every deal dealt, as the `Dealt` events did)
    log = on_step is not None
    state, _first = start(rules, seed)
    deals = state.match.deal_no
    count = max(len(agents), people_count(rules, state))
    people = [agents[p % len(agents)] for p in range(count)]
    rngs = [seat_rng(seed, p) for p in range(count)]
    actions, plays = 0, 0
    while not is_over(state):
        seat = to_act(state, rules)
        player = person_to_act(rules, state)
        if seat is None or player is None:
            raise MatchStopped("the match is not over but no seat is to act")
        seated, seated_rngs = _by_seat(rules, state, people, rngs)
        out_of_turn = interruption(seated, rules, state, seated_rngs)  # claims "at any moment"
        if out_of_turn is not None:
            seat, action = out_of_turn
            state, events = apply(rules, state, action, seat=seat, events=log)
        else:
            legal = legal_actions(rules, state)
            action = choose(people[player], rules_for(rules, state), state, legal, rngs[player])
            if action not in legal:
                raise AgentError(
                    f"{people[player].name} agent in seat {seat} chose {action!s}, "
                    "which is not a legal action"
                )
            state, events = apply(rules, state, action, events=log)
        actions += 1
        plays += type(action) is Play  # only a card play's text begins "play "
        deals = state.match.deal_no
        if on_step is not None:
            on_step(seat, action, events, state)
        if deals > max_deals:
            raise MatchStopped(f"more than {max_deals} deals")
        if actions >= max_actions:
            raise MatchStopped(f"more than {max_actions} actions")
    res = result(rules, state)
    summary = MatchSummary(
        seed=seed,
        over=bool(res.over),
        winners=tuple(res.winners),
        winner_seats=tuple(sorted(res.winner_seats)),
        winner_people=tuple(sorted(winner_people(rules, state))) if has_people(rules) else (),
        reason=res.reason,
        deals=len(res.deals) or deals,
        actions=actions,
        card_plays=plays,
        totals=dict(res.totals),
        seconds=time.perf_counter() - began,
        deal_deltas=tuple((d.deal_no, tuple(d.deltas)) for d in res.deals if d.reason == "scored"),
        records=tuple(res.deals),
    )
    return state, summary


def _by_seat(
    rules: Ruleset, state: GameState, people: Sequence[Agent], rngs: Sequence[random.Random]
) -> tuple[Sequence[Agent], Sequence[random.Random]]:
    """The agents and random sources per seat of this deal, for `base.interruption`, which
    asks seats: the people's own where they sit (a place nobody takes never interrupts).
    Only worked out for a ruleset with out-of-turn claims whose people are not the seats."""
    claims = rules.claims
    if claims is None or not claims.out_of_turn:
        return people, rngs
    if not has_people(rules) and not state.match.roster:
        return people, rngs
    who = [person_at(rules, state, seat) for seat in range(state.n)]
    silent = cast(Agent, _Silent())
    agents = [silent if p is None else people[p] for p in who]
    return agents, [rngs[p] if p is not None else rngs[0] for p in who]


class _Silent:
    """The agent of a place nobody takes: never asked to act, never interrupts."""

    name = "nobody"

    def act(self, *_args: object) -> Action:
        raise AgentError("a place nobody takes was asked to act")


def safe_match(
    rules: Ruleset, seed: int, kinds: Sequence[str], max_deals: int = 1000
) -> MatchSummary:
    """`play_match` with fresh agents of the given kinds; any failure becomes `error`."""
    start = time.perf_counter()
    try:
        agents = [make_agent(k) for k in kinds]
        _state, summary = play_match(rules, seed, agents, max_deals=max_deals)
    except Exception as exc:
        where = traceback.extract_tb(exc.__traceback__)[-1]
        message = f"{type(exc).__name__}: {exc} (at {where.filename}:{where.lineno})"
        return MatchSummary(
            seed=seed, over=False, error=message, seconds=time.perf_counter() - start
        )
    return summary
