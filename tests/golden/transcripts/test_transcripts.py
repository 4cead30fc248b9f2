"""Golden transcripts: the printed story of seeded bot matches, byte for byte.

A change to the engine, the bots or the renderer that changes what ``tressette play``
prints for these seeds shows up here as a diff; rewrite with ``--update-goldens``.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from tressette_dsl.cli import main

HERE = Path(__file__).resolve().parent

CASES = [
    ("tressette", 1),
]


@pytest.mark.parametrize(("ruleset", "seed"), CASES, ids=[f"{r}__seed{s}" for r, s in CASES])
def test_transcript(ruleset: str, seed: int, golden: Callable[[Path, str], None]) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["play", ruleset, "--seed", str(seed)])
    assert code == 0
    golden(HERE / f"{ruleset}__seed{seed}.txt", out.getvalue())
