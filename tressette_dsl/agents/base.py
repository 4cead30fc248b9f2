"""The Agent protocol and the registry of bot kinds.

An agent is anything with ``act(rules, observation, legal, rng) -> Action``:

* ``rules`` is the compiled `Ruleset` (public knowledge: deck, ranking, values, sides);
* ``observation`` is ``engine.observe(rules, state, seat)`` for the agent's own seat, so it
  holds that seat's hand and the public table, never another seat's hidden cards;
* ``legal`` is ``engine.legal_actions(rules, state)``, in canonical order, never empty;
* ``rng`` is a `random.Random` owned by the caller for this seat: an agent that needs chance
  uses it and nothing else, so a seeded match is reproducible.

The action returned must be one of ``legal``.

A search agent that sets ``needs_state = True`` is also given the game state, as the
keyword ``state`` (`choose` does this): it may read it only through
``engine.determinize(rules, state, seat, rng)``, which keeps exactly what its seat knows
(OpenSpiel's ``resample_from_infostate`` contract).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, cast, runtime_checkable

from tressette_dsl.engine import legal_actions, observe
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.observe import Observation
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset


class AgentError(RuntimeError):
    """An agent returned something that is not one of the legal actions."""


@runtime_checkable
class Agent(Protocol):
    name: str

    def act(
        self, rules: Ruleset, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action: ...


class SearchAgent(Protocol):
    """An agent with ``needs_state = True``: `choose` also passes it the game state."""

    name: str
    needs_state: bool

    def act(
        self,
        rules: Ruleset,
        observation: Observation,
        legal: Sequence[Action],
        rng: random.Random,
        *,
        state: GameState | None = None,
    ) -> Action: ...


def choose(
    agent: Agent, rules: Ruleset, state: GameState, legal: Sequence[Action], rng: random.Random
) -> Action:
    """Ask `agent`, in the seat to act in `state`, for an action: it gets that seat's
    observation, and the state too when it ``needs_state``."""
    seat = state.to_act
    if seat is None:
        raise ValueError("nobody is to act in this state")
    observation = observe(rules, state, seat)
    if getattr(agent, "needs_state", False):
        search = cast(
            SearchAgent, agent
        )  # the protocol's `act` takes no state; a search agent's does
        return search.act(rules, observation, legal, rng, state=state)
    return agent.act(rules, observation, legal, rng)


def interrupt(
    agent: Agent,
    rules: Ruleset,
    state: GameState,
    *,
    seat: int,
    legal: Sequence[Action],
    rng: random.Random,
) -> Action | None:
    """Ask `agent`, in `seat`, which is not to act, whether it acts out of turn now (`legal`:
    ``legal_actions(rules, state, seat=seat)``, a claim in a ruleset with
    `claims.out_of_turn`). An agent opts in with a method ``interrupt(rules, observation,
    legal, rng) -> Action | None``; one without it never interrupts (the random agent, so
    that random playouts, and the compiled kernel's, stay as they are)."""
    method = getattr(agent, "interrupt", None)
    if method is None or not legal:
        return None
    chosen: Action | None = method(rules, observe(rules, state, seat), legal, rng)
    return chosen


def interruption(
    agents: Sequence[Agent],
    rules: Ruleset,
    state: GameState,
    rngs: Sequence[random.Random],
) -> tuple[int, Action] | None:
    """The first seat after the seat to act, in turn, whose agent acts out of turn, and its
    action; None when none does or the ruleset allows nothing out of turn (then no agent is
    asked, so this costs nothing per step)."""
    claims = rules.claims
    seat = state.to_act
    if claims is None or not claims.out_of_turn or seat is None:
        return None
    others = rules.players.order_from(rules.players.next(seat))[: rules.players.count - 1]
    for other in others:
        if other >= len(agents) or getattr(agents[other], "interrupt", None) is None:
            continue  # an agent that never interrupts costs nothing
        legal = legal_actions(rules, state, other)
        action = interrupt(agents[other], rules, state, seat=other, legal=legal, rng=rngs[other])
        if action is not None:
            if action not in legal:
                raise AgentError(
                    f"{agents[other].name} agent in seat {other} chose {action!s} out of turn, "
                    "which is not a legal action"
                )
            return other, action
    return None


def seat_rng(seed: int, seat: int) -> random.Random:
    """The private random source of the agent in `seat` for the match played with `seed`.

    String seeds are hashed with SHA-512 by `random.Random`, so this is stable across runs
    and Python processes (unlike ``hash()``).
    """
    return random.Random(f"tressette-agent:{seed}:{seat}")
