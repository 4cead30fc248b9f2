"""Golden files: ``--update-goldens`` rewrites them instead of comparing.

The flag is declared in ``tests/conftest.py`` so that it works from the repository root
(``pytest --update-goldens``); the environment variable ``TRESSETTE_UPDATE_GOLDENS=1`` does
the same. Review the diff of the rewritten files like code.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from pathlib import Path

import pytest


@pytest.fixture
def update_goldens(request: pytest.FixtureRequest) -> bool:
    flag = bool(request.config.getoption("--update-goldens", default=False))
    return flag or os.environ.get("TRESSETTE_UPDATE_GOLDENS") == "1"


@pytest.fixture
def golden(update_goldens: bool) -> Callable[[Path, str], None]:
    """``golden(path, text)``: compare `text` with the file, or rewrite it when updating."""

    def check(path: Path, text: str) -> None:
        if update_goldens or not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            if not update_goldens:
                pytest.fail(f"{path} did not exist: written now, review it and run again")
            return
        expected = path.read_text(encoding="utf-8")
        if text != expected:
            diff = "".join(
                difflib.unified_diff(
                    expected.splitlines(keepends=True),
                    text.splitlines(keepends=True),
                    fromfile=str(path),
                    tofile="current output",
                    n=2,
                )
            )
            pytest.fail(
                f"output differs from {path.name} "
                f"(rerun with --update-goldens if intended):\n{diff[:6000]}"
            )

    return check
