"""Reinforcement-learning environments (optional extra `rl`: pettingzoo, gymnasium, numpy).

    >>> from tressette_dsl.envs import env
    >>> e = env(ruleset="calabresella", render_mode=None)

`env` and `raw_env` follow PettingZoo's AEC conventions (`aec`); the observation encoding
is `encoding`, the fixed action space `catalogue`. docs/rl.md documents both.
"""

from __future__ import annotations

try:
    from tressette_dsl.envs.aec import env, raw_env
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        f"tressette_dsl.envs needs the 'rl' extra: pip install 'tressette-dsl[rl]' ({exc})"
    ) from exc

__all__ = ["env", "raw_env"]
