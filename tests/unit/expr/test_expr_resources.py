from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tressette_dsl.resources import data_path

ROOT = Path(__file__).resolve().parents[3]


def test_grammar_is_found_in_a_checkout() -> None:
    path = data_path("grammar", "expr.lark")
    assert path.is_file() and path.name == "expr.lark"


def test_missing_data_names_both_places() -> None:
    with pytest.raises(FileNotFoundError, match="_data"):
        data_path("grammar", "nope.lark")


def test_parser_tables_are_cached_per_user(tmp_path: Path) -> None:
    """A second process loads the tables from the cache and parses the same."""
    code = (
        "from tressette_dsl.expr.parse import parse;"
        "print(parse('count(hand[suit == D]) > 1', 'condition').pretty())"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("TRESSETTE_DSL_NO_CACHE", None)
    runs = [
        subprocess.run(
            [sys.executable, "-c", code],
            check=False,
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        for _ in range(2)
    ]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    assert (tmp_path / "tressette-dsl" / "expr.lark-cache").is_file()
