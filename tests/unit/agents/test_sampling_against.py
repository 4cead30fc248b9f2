"""bench/sampling_against.py: the sampling bot's CPU a decision in two checkouts."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def test_two_runs_of_one_tree_count_the_same_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location(
        "sampling_against", ROOT / "bench" / "sampling_against.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main([str(ROOT), "--budget", "2", "--deals", "1", "--rounds", "2"]) == 0
    out = capsys.readouterr().out
    counts = re.findall(r": (\d+) sampling decisions a run", out)
    assert len(counts) == 2 and counts[0] == counts[1] and int(counts[0]) > 0
    assert re.search(r"A/B \d+\.\d\d: B decides", out)
