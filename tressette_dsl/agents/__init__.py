"""Players that choose actions from their own observation: random, heuristic, search.

Every agent follows `base.Agent`: it sees the ruleset, its own observation and the legal
actions, and returns one of those actions. Agents never read the game state: a search bot
(`SearchAgent`, `SamplingAgent`) is handed a `base.Worlds` service bound to its seat, that
samples worlds consistent with that seat's knowledge, and nothing else. `AGENT_KINDS` holds
the quick kinds (a decision in well under a millisecond); `make_agent` also builds the
slow ones and user bots from a specification (`registry`: ``search:iters=200``,
``module:Class``, an entry point of the group ``tressette_dsl.agents``).
"""

from __future__ import annotations

from collections.abc import Callable

from tressette_dsl.agents.base import Agent, AgentError, Worlds, choose, seat_rng
from tressette_dsl.agents.heuristic import HeuristicAgent
from tressette_dsl.agents.heuristic_v1 import HeuristicV1Agent
from tressette_dsl.agents.random_agent import RandomAgent
from tressette_dsl.agents.registry import ALIASES, build
from tressette_dsl.agents.sampling import SamplingAgent
from tressette_dsl.agents.search import SearchAgent

AGENT_KINDS: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "heuristic-v1": HeuristicV1Agent,
}


def canonical_kind(word: str) -> str:
    """The agent kind a user's word means ('bot' is the heuristic bot). A built-in kind is
    case-insensitive; a ``module:Class`` specification keeps its case."""
    kind = word.strip()
    if ":" in kind:
        head, _colon, rest = kind.partition(":")
        head = ALIASES.get(head.lower(), head.lower()) if "." not in head else head
        return f"{head}:{rest}"
    return ALIASES.get(kind.lower(), kind.lower())


def make_agent(kind: str) -> Agent:
    """A fresh bot from a specification: a kind (`random`, `heuristic`, `search`...; `bot`
    means `heuristic`) with options (``search:iters=200``), ``module:Class``, or an installed
    entry point (see `registry`)."""
    return build(kind)


__all__ = [
    "AGENT_KINDS",
    "Agent",
    "AgentError",
    "HeuristicAgent",
    "HeuristicV1Agent",
    "RandomAgent",
    "SamplingAgent",
    "SearchAgent",
    "Worlds",
    "choose",
    "make_agent",
    "seat_rng",
]
