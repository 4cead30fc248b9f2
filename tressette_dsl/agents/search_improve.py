"""Rollout improvement of the heuristic bot at the root (`search:policy=heuristic`).

The tree search's rollouts (`rollout.RolloutPolicy`) play greedy cards with every hand in
view, so partners combine perfectly and defenders never misguess: in `tressette` the
search valued positions by games nobody plays, and against the session-7 heuristic it won
only 54-55% of deals. Here each sampled world is instead played to the end of the deal by
the heuristic bot itself in every seat (`heuristic:endgame=false`: it reads only the
observation of the seat it plays in that world, so every seat plays with the information
it would have), once after each candidate action, with the same random source for the
continuation after every candidate (common random numbers: the candidates are compared on
the same world and the same later choices, so their difference is far less noisy than
their values). Classic policy improvement (Bertsekas and Castanon; Tesauro and Galperin's
rollouts at backgammon): the best candidate against the base policy's continuation is at
least as good as the base policy's own choice, given enough worlds.

With few worlds the best of several noisy means is often a candidate that was lucky, so
the heuristic's own choice stands unless another's mean, paired world by world, is better
by more than `z` standard errors of the paired differences.
"""

from __future__ import annotations

import math
import random
import time as _time
from collections.abc import Callable

from tressette_dsl.agents.base import WorldSource
from tressette_dsl.agents.heuristic import HeuristicAgent
from tressette_dsl.engine import apply, deal_over, legal_actions, observe
from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset


def finish(rules: Ruleset, state: GameState, base: HeuristicAgent, rng: random.Random) -> GameState:
    """`state` played on to the end of its deal by `base` in every seat, each from its own
    observation of that state (no events built: the rollout's outcome is its state)."""
    while not deal_over(state) and state.to_act is not None:
        legal = legal_actions(rules, state)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = base.act(rules, observe(rules, state, state.to_act), legal, rng)
        state, _events = apply(rules, state, action, events=False)  # nobody reads them
    return state


def improve(
    rules: Ruleset,
    worlds: WorldSource,
    candidates: dict[str, Action],
    preferred: str,
    rng: random.Random,
    *,
    reward: Callable[[GameState, GameState], float],
    rollouts: int,
    seconds: float | None = None,
    z: float = 1.0,
    race: float = 0.0,
) -> tuple[str, int]:
    """The candidate key to play and the rollouts spent: `preferred` (the heuristic's),
    unless another candidate's mean outcome over the same worlds is better by more than
    `z` standard errors of the paired differences. Worlds are drawn until `rollouts`
    rollouts were played (or `seconds` of CPU time passed), every world with every
    candidate still in the race; at least one world. `reward(world, end)`: the outcome
    for the seat deciding of the deal `world` ended as `end`.

    With `race` above 0, from the fourth world on a candidate whose paired mean is below
    the best's by more than `race` standard errors leaves the race (the heuristic's own
    never does), so the later worlds go to the candidates that may still win."""
    base = HeuristicAgent(endgame=False)
    keys = list(candidates)
    outcomes: dict[str, list[float]] = {k: [] for k in keys}
    worlds_done = 0
    deadline = None if seconds is None else _time.process_time() + seconds
    spent = 0
    while True:
        world = worlds.sample(rng)
        seed = rng.getrandbits(63)
        for key in keys:
            after, _events = apply(rules, world, candidates[key])
            end = finish(rules, after, base, random.Random(seed))
            outcomes[key].append(reward(world, end))
        spent += len(keys)
        worlds_done += 1
        if race > 0 and worlds_done >= _RACE_FROM and len(keys) > 1:
            keys = _still_racing({k: outcomes[k] for k in keys}, preferred, race)
        if deadline is not None:
            if _time.process_time() >= deadline:
                break
        elif spent >= rollouts:
            break
    return _choose({k: outcomes[k] for k in keys}, preferred, z), spent


_RACE_FROM = 4  # worlds before a candidate may leave the race


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """The mean of ``a - b`` over the same worlds and its standard error (infinite
    with a single world: one world tells nothing)."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def _choose(outcomes: dict[str, list[float]], preferred: str, z: float) -> str:
    """The best mean, if it beats `preferred` by more than `z` standard errors of the
    paired differences (ties and single worlds keep `preferred`)."""
    best = max(outcomes, key=lambda k: (sum(outcomes[k]), k == preferred))
    if best == preferred:
        return preferred
    mean, error = _paired(outcomes[best], outcomes[preferred])
    return best if error < math.inf and mean > z * error else preferred


def _still_racing(outcomes: dict[str, list[float]], preferred: str, race: float) -> list[str]:
    """The candidates not clearly worse than the best so far (`improve`'s `race`), in
    their order."""
    best = max(outcomes, key=lambda k: (sum(outcomes[k]), k == preferred))
    out = []
    for key, values in outcomes.items():
        if key in (best, preferred):
            out.append(key)
            continue
        mean, error = _paired(outcomes[best], values)
        if not mean > race * error:
            out.append(key)
    return out


__all__ = ["finish", "improve"]
