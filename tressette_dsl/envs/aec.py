"""The PettingZoo AEC environment: any ruleset, one agent per seat, turn by turn.

Built the way PettingZoo's classic games are: `raw_env` is the environment, `env` wraps it
in the usual wrappers (illegal moves end the game with -1, out-of-bounds actions assert,
the call order is enforced). Agents are ``player_0``..``player_{n-1}`` (seat numbers).
Each observation is ``{"observation": float32[N], "action_mask": int8[A]}``: the vector of
`encoding.Encoder`, built from ``observe(rules, state, seat)`` only, and the mask of the
legal actions in the fixed action space of `catalogue.Catalogue` (all zeros for an agent
that is not to act). Rewards come at the end of a match: +1 to each winning seat, -1 to
the others. A match longer than `max_actions` actions is truncated for every agent.
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

from tressette_dsl.engine import apply, is_over, legal_actions, new_game, observe, result, to_act
from tressette_dsl.engine.actions import Action
from tressette_dsl.envs.catalogue import Catalogue
from tressette_dsl.envs.encoding import Encoder
from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset

_pz = import_module("pettingzoo")
_spaces = import_module("gymnasium.spaces")
_np = import_module("numpy")
_wrappers = import_module("pettingzoo.utils.wrappers")
# imported by name so that mypy need not see PettingZoo (an optional extra)
AECEnv: Any = _pz.AECEnv


class raw_env(AECEnv):  # type: ignore[misc]
    metadata = {  # noqa: RUF012 - PettingZoo reads this class attribute
        "render_modes": ["human", "ansi"],
        "name": "tressette_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        ruleset: str | Ruleset = "tressette",
        render_mode: str | None = None,
        max_actions: int = 20_000,
    ) -> None:
        super().__init__()
        self.rules = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.catalogue = Catalogue(self.rules)
        self.encoder = Encoder(self.rules)
        n = self.rules.players.count
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = _spaces.Dict(
            {
                "observation": _spaces.Box(
                    low=-_np.inf, high=_np.inf, shape=(self.encoder.size,), dtype=_np.float32
                ),
                "action_mask": _spaces.Box(
                    low=0, high=1, shape=(len(self.catalogue),), dtype=_np.int8
                ),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {
            a: _spaces.Discrete(len(self.catalogue)) for a in self.possible_agents
        }
        self._seed_rng = random.Random()
        self.state: Any = None
        self._legal: dict[str, Action] = {}
        self.actions_taken = 0

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    # --- the AEC cycle -----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match. With `seed`, the match (and those of later seedless resets) is
        reproducible: the engine's seed is drawn from it."""
        if seed is not None:
            self._seed_rng.seed(seed)
        self.state = new_game(self.rules, seed=self._seed_rng.randrange(2**31))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.actions_taken = 0
        self._select()

    def _select(self) -> None:
        seat = to_act(self.state)
        self._legal = {str(a): a for a in legal_actions(self.rules, self.state)}
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif not hasattr(self, "agent_selection"):
            self.agent_selection = self.possible_agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.agent_seat[agent]
        obs = observe(self.rules, self.state, seat)
        mask = _np.zeros(len(self.catalogue), dtype=_np.int8)
        for text in obs.legal:
            mask[self.catalogue.index_of(text)] = 1
        return {"observation": self.encoder.encode(obs), "action_mask": mask}

    def legal_mask(self) -> Any:
        """The action mask of the agent to act."""
        return self.observe(self.agent_selection)["action_mask"]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        text = self.catalogue.texts[int(action)] if action is not None else ""
        chosen = self._legal.get(text)
        if chosen is None:
            raise ValueError(f"{agent}: action {action} ({text!r}) is not legal now")
        self._cumulative_rewards[agent] = 0.0
        self.state, _events = apply(self.rules, self.state, chosen)
        self.actions_taken += 1
        if is_over(self.state):
            winners = result(self.rules, self.state).winner_seats
            for a, seat in self.agent_seat.items():
                self.rewards[a] = 1.0 if seat in winners else -1.0
                self.terminations[a] = True
        elif self.actions_taken >= self.max_actions:
            for a in self.agents:
                self.truncations[a] = True
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        s = self.state
        seat = to_act(s)
        who = self.possible_agents[seat] if seat is not None else "nobody (match over)"
        return f"deal {s.deal_no}, trick {s.trick_no}, totals {list(s.totals)}; to act: {who}"

    def close(self) -> None:
        """Nothing to release: the engine holds no resources."""


def env(**kwargs: Any) -> Any:
    """`raw_env` in PettingZoo's usual wrappers for turn-based games."""
    wrapped = raw_env(**kwargs)
    wrapped = _wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = _wrappers.AssertOutOfBoundsWrapper(wrapped)
    return _wrappers.OrderEnforcingWrapper(wrapped)
