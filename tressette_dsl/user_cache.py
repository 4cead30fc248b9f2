"""The per-user cache folder: ``$XDG_CACHE_HOME/tressette-dsl`` (or ``~/.cache/...``).

It holds what a cold start would otherwise compute again: the expression parser's tables
(expr/parse.py) and the record of documents the schema found valid (loader/valid_cache.py).
Per user and private (mode 0700), not the shared temp dir, because Lark loads its cache
with pickle. ``TRESSETTE_DSL_NO_CACHE`` (any non-empty value) turns every cache off.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_folder() -> Path | None:
    """The folder, made if missing; None when caching is off or the folder is unusable
    (no home, a read-only disk): then everything is computed every time."""
    if os.environ.get("TRESSETTE_DSL_NO_CACHE"):
        return None
    try:
        root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        folder = root / "tressette-dsl"
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except (OSError, RuntimeError):
        return None
    return folder
