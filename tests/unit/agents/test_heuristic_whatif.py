"""bench/heuristic_whatif.py: a candidate that chooses as the base bot is credited with
nothing, and one that differs is credited where it differs (by trick position)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[3] / "bench" / "heuristic_whatif.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("heuristic_whatif", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_same_bot_as_candidate_differs_nowhere(capsys: pytest.CaptureFixture[str]) -> None:
    _bench().main(["tressette", "--candidate", "heuristic", "--deals", "2"])
    out = capsys.readouterr().out
    assert "differs" not in out
    assert "total delta per deal +0.0000" in out


def test_another_bot_is_credited_where_it_differs(capsys: pytest.CaptureFixture[str]) -> None:
    _bench().main(["tressette", "--candidate", "heuristic-v1", "--deals", "2"])
    out = capsys.readouterr().out
    assert "play pos0      differs" in out  # heuristic-v1 never signals on its leads
