"""The PettingZoo AEC environment: any ruleset, one agent per seat, turn by turn.

Built the way PettingZoo's classic games are: `raw_env` is the environment, `env` wraps it
in the usual wrappers (illegal moves end the game with -1, out-of-bounds actions assert,
the call order is enforced). Agents are ``player_0``..``player_{n-1}``: the people of the
match (`engine.people`), who are the seats unless `seating.people` moves them round the
seats deal by deal; an agent then plays wherever its person sits, decides for the dummy in
the deals its person owns it, and observes zeros with an empty mask in a deal it sits out.
`seats` chooses n for a ruleset whose `players.count` is a range (default: its default).
Each observation is ``{"observation": float32[N], "action_mask": int8[A]}``: the vector of
`encoding.Encoder`, built from ``observe(rules, state, seat)`` only, and the mask of the
legal actions in the fixed action space of `catalogue.Catalogue` (all zeros for an agent
that is not to act). Rewards come at the end of a match: +1 to each winning seat, -1 to
the others. A match longer than `max_actions` actions is truncated for every agent.

Elimination (`match.eliminate`), the PettingZoo way: the seats that leave the table are
terminated with reward -1 as soon as they leave and drop out of `agents` after their last
`step(None)`; the others keep their agent names, which stay the seats they had when the
match began, whatever the engine's numbering of the smaller table (`engine.seating`); the
spaces keep their size (`tables.reachable`). A seat that left observes, until it is
removed, what it saw last at the table, with an empty mask.
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

from tressette_dsl.engine import apply, is_over, legal_actions, new_game, observe
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.people import people_count, person_to_act, seat_of_person, winner_people
from tressette_dsl.engine.seating import seats_in
from tressette_dsl.envs.catalogue import Catalogue
from tressette_dsl.envs.encoding import Encoder
from tressette_dsl.envs.tables import seated
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
        seats: int | None = None,
    ) -> None:
        super().__init__()
        loaded = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.rules = seated(loaded, seats)
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.catalogue = Catalogue(self.rules)
        self.encoder = Encoder(self.rules)
        n = people_count(self.rules)
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
        self._left: dict[str, Any] = {}  # agent that left the table -> its last observation
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
        self._left = {}
        self._skip_agent_selection = None
        self._select()

    def _select(self) -> None:
        person = person_to_act(self.rules, self.state)  # a dummy's owner decides for it
        self._legal = {str(a): a for a in legal_actions(self.rules, self.state)}
        if person is not None:
            self.agent_selection = self.possible_agents[person]
        elif not hasattr(self, "agent_selection"):
            self.agent_selection = self.possible_agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        return self._observe(self.state, agent)

    def _observe(self, state: Any, agent: str) -> dict[str, Any]:
        mask = _np.zeros(len(self.catalogue), dtype=_np.int8)
        seat = seat_of_person(self.rules, state, self.agent_seat[agent])
        if seat is None and agent in self._left:  # left the table: what it saw last
            return {"observation": self._left[agent], "action_mask": mask}
        if seat is None:  # sits this deal out (`seating.people`): nothing to see
            return {"observation": _np.zeros(self.encoder.size, _np.float32), "action_mask": mask}
        obs = observe(self.rules, state, seat)
        for text in obs.legal:
            mask[self.catalogue.index_of(text)] = 1
        vector = self.encoder.encode(obs, seats_in(state))
        return {"observation": vector, "action_mask": mask}

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
        self._clear_rewards()
        before = self.state
        self.state, _events = apply(self.rules, self.state, chosen)
        self.actions_taken += 1
        if is_over(self.state):
            winners = winner_people(self.rules, self.state)
            for a in self.agents:
                self.rewards[a] = 1.0 if self.agent_seat[a] in winners else -1.0
                self.terminations[a] = True
        else:
            self._eliminated(before)
            if self.actions_taken >= self.max_actions:
                for a in self.agents:
                    self.truncations[a] = True
        self._select()
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def _eliminated(self, before: Any) -> None:
        """The agents whose seats the last action sent away (`match.eliminate`): terminated,
        -1, their last observation kept (from `before`, the state they last sat in)."""
        gone = {seat for seat, _total, _deal in self.state.match.left}
        for a in self.agents:
            if self.agent_seat[a] in gone and a not in self._left:
                self._left[a] = self._observe(before, a)["observation"]
                self.rewards[a] = -1.0
                self.terminations[a] = True

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
        person = person_to_act(self.rules, s)
        seated_now = seats_in(s)
        who = self.possible_agents[person] if person is not None else "nobody (match over)"
        text = f"deal {s.deal_no}, trick {s.trick_no}, totals {list(s.totals)}; to act: {who}"
        if len(seated_now) < len(self.possible_agents):  # the totals are of the seats still in
            text += f"; at the table: {', '.join(self.possible_agents[i] for i in seated_now)}"
        return text

    def close(self) -> None:
        """Nothing to release: the engine holds no resources."""


def env(**kwargs: Any) -> Any:
    """`raw_env` in PettingZoo's usual wrappers for turn-based games."""
    wrapped = raw_env(**kwargs)
    wrapped = _wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = _wrappers.AssertOutOfBoundsWrapper(wrapped)
    return _wrappers.OrderEnforcingWrapper(wrapped)
