"""The PettingZoo environment: PettingZoo's own API test on every bundled ruleset, an action
space that covers every legal action, and observations that hide what a seat cannot know."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the 'rl' extra (pettingzoo) is not installed")
np = pytest.importorskip("numpy", reason="the 'rl' extra (numpy) is not installed")


from pettingzoo.test import api_test  # noqa: E402

from tressette_dsl.engine import apply, determinize, is_over, legal_actions, new_game, observe  # noqa: E402
from tressette_dsl.envs import env, raw_env  # noqa: E402
from tressette_dsl.envs.catalogue import Catalogue  # noqa: E402
from tressette_dsl.envs.encoding import Encoder, layout  # noqa: E402
from tressette_dsl.loader import load_ruleset, playable_rulesets  # noqa: E402

RULESETS = [str(p) for p in playable_rulesets()]


def _ids(path: str) -> str:
    return Path(path).stem


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("ruleset", RULESETS, ids=_ids)
def test_pettingzoo_api(ruleset: str) -> None:
    api_test(env(ruleset=ruleset), num_cycles=200)


@pytest.mark.parametrize("ruleset", RULESETS, ids=_ids)
def test_every_legal_action_is_in_the_action_space(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    catalogue = Catalogue(rules)
    for seed in range(4):
        state, rng = new_game(rules, seed=seed), random.Random(seed)
        for _ in range(3000):
            if is_over(state):
                break
            legal = legal_actions(rules, state)
            for action in legal:
                catalogue.index_of(str(action))
            state, _ = apply(rules, state, rng.choice(legal))


@pytest.mark.parametrize("ruleset", ["calabresella", "tressette", "briscola-chiamata"])
def test_the_encoding_sees_only_the_observation(ruleset: str) -> None:
    """A state re-dealt consistently with a seat's knowledge encodes the same for that seat:
    the tensor cannot carry hidden cards."""
    rules = load_ruleset(ruleset)
    enc = Encoder(rules)
    state, rng = new_game(rules, seed=11), random.Random(5)
    for _ in range(60):
        if is_over(state):
            break
        seat = state.to_act
        other = determinize(rules, state, seat, random.Random(rng.random()))
        a = enc.encode(observe(rules, state, seat))
        b = enc.encode(observe(rules, other, seat))
        assert np.array_equal(a, b)
        state, _ = apply(rules, state, rng.choice(legal_actions(rules, state)))


def test_layout_covers_the_vector_once() -> None:
    rules = load_ruleset("tressette")
    blocks = layout(rules)
    assert blocks[0].name == "hand" and blocks[0].start == 0
    for before, after in itertools.pairwise(blocks):
        assert before.stop == after.start
    assert blocks[-1].stop == Encoder(rules).size
    e = raw_env(ruleset="tressette")
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    hand = obs["observation"][blocks[0].start : blocks[0].stop]
    assert int(hand.sum()) == 10 and obs["observation"].dtype == np.float32
    mask = obs["action_mask"]
    texts = {e.catalogue.texts[i] for i in np.flatnonzero(mask)}
    assert texts == {str(a) for a in legal_actions(e.rules, e.state)}
    other = next(a for a in e.possible_agents if a != e.agent_selection)
    assert not e.observe(other)["action_mask"].any()


def test_the_match_ends_with_win_and_loss_rewards() -> None:
    e = env(ruleset="tressette-in-due")
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(final.values()) == [-1.0, 1.0]


def test_a_seed_repeats_the_match() -> None:
    def trace(seed: int) -> list[int]:
        e = raw_env(ruleset="calabresella")
        e.reset(seed=seed)
        out = []
        for _agent in e.agent_iter(max_iter=80):
            obs, _r, term, trunc, _i = e.last()
            action = None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0])
            out.append(-1 if action is None else action)
            e.step(action)
        return out

    assert trace(9) == trace(9)
