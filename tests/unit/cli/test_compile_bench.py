"""`tressette compile` and `tressette bench`: coverage, the printed source, the JSON shape."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tressette_dsl.cli import main


def test_compile_reports_coverage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compile", "tressette"]) == 0
    out = capsys.readouterr().out
    assert "compiled: the kernel plays this ruleset" in out
    assert "claims" in out


def test_compile_show_prints_runnable_readable_source(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compile", "tresette-american", "--show"]) == 0
    out = capsys.readouterr().out
    assert "def run(k, choose):" in out
    assert "SUIT_OF = (" in out  # the deck's tables are shown as literals
    compile(out, "<shown>", "exec")  # the listing is valid Python


def test_compile_keeps_user_text_out_of_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(
        "id: house-quote\nextends: tressette\n"
        'signals: {busso: {means: \'""" + __import__("os") # run me\'}}\n',
        encoding="utf-8",
    )
    assert main(["compile", str(path), "--show"]) == 0
    out = capsys.readouterr().out
    assert "__import__" not in out and "run me" not in out
    assert "SIGNAL_IDS = ('busso', 'striscio', 'volo')" in out  # ids only as literals


def test_bench_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "tressette", "--deals", "3", "--games", "1", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["paths"] == {"interpreted": "interpreter", "compiled": "kernel"}
    assert data["compiled_covers"] is True
    for name in ("interpreted", "compiled", "simulate"):
        assert data[name]["card_plays_per_s"] > 0
        assert data[name]["deals_per_s"] > 0
    assert data["simulate"]["games_per_s"] > 0


def test_bench_names_an_uncovered_feature(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("id: house-now\nextends: tressette\nmatch: {check: immediately}\n")
    assert main(["bench", str(path), "--deals", "2", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "match.check: immediately" in out
    assert "(interpreter)" in out
