"""tressette simulate's statistics options: intervals, --format, --output, --compare,
--plot, --quiet, the --jobs cap and --backend checks."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from tressette_dsl.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["simulate", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_report_has_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "calabresella", "--games", "3", "--quiet")
    assert code == 0, err
    assert re.search(r"^  win rate by seat:   South \d+\.\d% \[\d+\.\d, \d+\.\d\]", out, re.M)
    assert re.search(r"^  contract chiamo: bid in \d+\.\d% \[", out, re.M)
    assert re.search(r"^  match length: \d+\.\d\d \[\d+\.\d\d, \d+\.\d\d\] deals$", out, re.M)
    assert err == ""  # no progress bar when stderr is not a terminal


def test_json_export_on_stdout_is_only_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _run(capsys, "tressette", "--games", "3", "--format", "json")
    assert code == 0
    doc = json.loads(out)
    wins = doc["summary"]["wins"]["by_side"]
    assert wins["NS"]["count"] + wins["EW"]["count"] >= 3
    assert doc["summary"]["games"] == 3 and doc["errors"] == []
    assert "compare" not in doc


def test_csv_to_a_file_keeps_the_text_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "stats.csv"
    code, out, _err = _run(
        capsys, "tressette-in-due", "--games", "3", "--format", "csv", "--output", str(target)
    )
    assert code == 0 and "3 matches of tressette-in-due" in out
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert {r["section"] for r in rows} >= {"wins", "points_per_deal", "match_length"}


def test_compare_plays_the_same_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _run(
        capsys, "tressette", "--games", "3", "--compare", "house-nonna", "--format", "json"
    )
    assert code == 0
    doc = json.loads(out)
    assert doc["compare"]["b"]["ruleset"] == "house-nonna"
    diff = doc["compare"]["difference"]
    assert diff["paired_games"] == 3
    assert set(diff["wins"]["by_side"]) == {"NS", "EW"}
    assert -1 <= diff["wins"]["by_side"]["NS"]["low"] <= diff["wins"]["by_side"]["NS"]["high"] <= 1
    code, text, _err = _run(capsys, "tressette", "--games", "2", "--compare", "house-nonna")
    assert "house-nonna against tressette on the same 2 seeds" in text
    assert re.search(r"^verdict: ", text, re.M)


def test_compare_needs_the_same_number_of_seats(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = _run(capsys, "tressette", "--games", "2", "--compare", "calabresella")
    assert code == 2 and "the same seeds need the same seats" in err


def test_plot_writes_a_picture(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the 'plot' extra (matplotlib) is not installed")
    png, svg = tmp_path / "a.png", tmp_path / "a.svg"
    code, _out, _err = _run(capsys, "tressette-in-due", "--games", "2", "--plot", str(png))
    assert code == 0 and png.read_bytes().startswith(b"\x89PNG")
    code, _out, _err = _run(
        capsys, "tressette", "--games", "2", "--compare", "tressette-41", "--plot", str(svg)
    )
    assert code == 0 and "<svg" in svg.read_text(encoding="utf-8")


def test_bad_export_options_are_refused_before_playing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _out, err = _run(capsys, "tressette", "--plot", "x.pdf")
    assert code == 2 and "must end in .png or .svg" in err
    code, _out, err = _run(capsys, "tressette", "--output", "x.json")
    assert code == 2 and "--output needs --format json or csv" in err


def test_jobs_are_capped_with_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "tressette-in-due", "--games", "2", "--jobs", "1000")
    assert re.search(r"ms per match, [12] jobs?\)", out)
    assert code == 0
    assert re.search(r"--jobs 1000 capped at [12] \(", err)
    assert "2 games)" in err


def test_the_statistics_are_the_same_on_the_compiled_kernel(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Random bots play on the compiled kernel with --engine auto; the deal records (bids,
    successes, big wins) come along, so the exported statistics equal the interpreter's."""
    common = ["calabresella", "--games", "4", "--agents", "random", "--format", "json"]
    code, interpreted, _err = _run(capsys, *common, "--engine", "interpreted")
    assert code == 0
    code, compiled, _err = _run(capsys, *common, "--engine", "compiled")
    assert code == 0
    doc = json.loads(compiled)
    assert doc["summary"]["contracts"], "the compiled path carries the contracts"
    assert compiled == interpreted
