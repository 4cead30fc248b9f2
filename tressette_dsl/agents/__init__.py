"""Players that choose actions from their own observation: random, heuristic, sampling.

Every agent follows `base.Agent`: it sees the ruleset, its own observation and the legal
actions, and returns one of those actions. Agents never read the full game state, so a bot
at the table knows exactly what a human in its seat would know; the search bot
`SamplingAgent` is handed the state but reads it only through ``engine.determinize``. It
is not in `AGENT_KINDS` (the registry of the command line): it is slow by design.
"""

from __future__ import annotations

from collections.abc import Callable

from tressette_dsl.agents.base import Agent, AgentError, choose, seat_rng
from tressette_dsl.agents.heuristic import HeuristicAgent
from tressette_dsl.agents.random_agent import RandomAgent
from tressette_dsl.agents.sampling import SamplingAgent

AGENT_KINDS: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
}


# Words a user may type for a kind of bot.
ALIASES = {"bot": "heuristic"}


def canonical_kind(word: str) -> str:
    """The agent kind a user's word means (case-insensitive; 'bot' is the heuristic bot)."""
    kind = word.strip().lower()
    return ALIASES.get(kind, kind)


def make_agent(kind: str) -> Agent:
    """A fresh bot of the given kind (`random` or `heuristic`; `bot` means `heuristic`)."""
    if kind == "bot":
        kind = "heuristic"
    try:
        return AGENT_KINDS[kind]()
    except KeyError:
        known = ", ".join(sorted(AGENT_KINDS))
        raise ValueError(f"unknown agent kind {kind!r} (known: {known})") from None


__all__ = [
    "AGENT_KINDS",
    "Agent",
    "AgentError",
    "HeuristicAgent",
    "RandomAgent",
    "SamplingAgent",
    "choose",
    "make_agent",
    "seat_rng",
]
