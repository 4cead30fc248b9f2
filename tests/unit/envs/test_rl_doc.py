"""docs/rl.md's training loop runs as written (20 short matches of Tressette in due)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the 'rl' extra (pettingzoo) is not installed")

DOC = Path(__file__).resolve().parents[3] / "docs" / "rl.md"


def test_the_training_loop_of_the_docs_runs(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    loop = next(b for b in blocks if "agent_iter" in b)
    exec(compile(loop, str(DOC), "exec"), {})
    out = capsys.readouterr().out
    assert re.search(r"after 20 matches the most preferred action is '\w+", out)
