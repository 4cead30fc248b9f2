"""The Agent protocol: what a bot is given, and what it may not see.

An agent is anything with ``name`` and ``act(rules, observation, legal, rng) -> Action``:

* ``rules`` is the compiled `Ruleset` (public knowledge: deck, ranking, values, sides);
* ``observation`` is ``engine.observe(rules, state, seat)`` for the agent's own seat, so it
  holds that seat's hand and the public table, never another seat's hidden cards;
* ``legal`` is ``engine.legal_actions(rules, state)``, in canonical order, never empty;
* ``rng`` is a `random.Random` owned by the caller for this seat: an agent that needs chance
  uses it and nothing else, so a seeded match is reproducible.

The action returned must be one of ``legal``. An agent never receives the `GameState`.

A search agent sets ``needs_worlds = True``; `choose` then also passes the keyword
``worlds``: a `Worlds` service bound to the agent's seat, built by the caller from the
state, that can only *sample a world consistent with this seat's knowledge* (a
determinisation, ``engine.determinize``) and tell the ruleset and the seat. The real
state stays in the caller's hands (OpenSpiel's ``resample_from_infostate`` contract, made
structural rather than a promise). See docs/bots.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
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


class Worlds:
    """Determinisations for one seat: the only door a search agent has to the hidden cards.

    `sample(rng)` returns a full `GameState` that `seat` could not tell from the real one
    (its own hand and every public fact kept, the hidden cards dealt at random within what
    the rules let it infer). The real state is held in a closure, not in an attribute, so
    an agent cannot read it by accident; the sampled worlds are fair game, being guesses.
    """

    __slots__ = ("_draw", "rules", "seat")

    def __init__(self, rules: Ruleset, state: GameState, seat: int) -> None:
        from tressette_dsl.engine.determinize import sampler  # noqa: PLC0415

        self.rules = rules
        self.seat = seat
        # `determinize`'s worlds, what the seat knows worked out at the first draw only
        made: list[Callable[[random.Random], GameState]] = []

        def draw(rng: random.Random) -> GameState:
            if not made:
                made.append(sampler(rules, state, seat))
            return made[0](rng)

        self._draw = draw

    def sample(self, rng: random.Random) -> GameState:
        """One world consistent with everything this seat knows; chance from `rng` only."""
        return self._draw(rng)


class WorldSource(Protocol):
    """What a search reads worlds from: a `Worlds`, or a wrapper that weighs its samples
    by the evidence (`bid_reading.AuctionWorlds`, `play_reading.PlayWorlds`)."""

    @property
    def rules(self) -> Ruleset: ...

    @property
    def seat(self) -> int: ...

    def sample(self, rng: random.Random) -> GameState: ...


class SearchAgent(Protocol):
    """An agent with ``needs_worlds = True``: `choose` also passes it a `Worlds`."""

    name: str
    needs_worlds: bool

    def act(
        self,
        rules: Ruleset,
        observation: Observation,
        legal: Sequence[Action],
        rng: random.Random,
        *,
        worlds: Worlds | None = None,
    ) -> Action: ...


def choose(
    agent: Agent, rules: Ruleset, state: GameState, legal: Sequence[Action], rng: random.Random
) -> Action:
    """Ask `agent`, in the seat to act in `state`, for an action: it gets that seat's
    observation, and a `Worlds` service for that seat when it ``needs_worlds``."""
    seat = state.to_act
    if seat is None:
        raise ValueError("nobody is to act in this state")
    observation = observe(rules, state, seat)
    if getattr(agent, "needs_worlds", False):
        search = cast(SearchAgent, agent)  # the protocol's `act` takes no worlds; its does
        return search.act(rules, observation, legal, rng, worlds=Worlds(rules, state, seat))
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
