"""Special files given as paths (issue 13): a FIFO, a folder, a device, a missing path.

Each command runs in a subprocess under ``timeout 60`` so that a regression (a FIFO opened
for reading blocks forever) fails the test instead of hanging the suite; 60 s, not less, because
a busy shared machine took over 10 s to start `play` once. A path that is not
a readable regular file is a usage error (exit 2) that says what the path is.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")

TIMEOUT_EXIT = 124


def tressette(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["timeout", "60", sys.executable, "-m", "tressette_dsl", *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        check=False,
    )


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo.yaml"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("command", ["validate", "describe", "play", "check", "replay"])
def test_a_fifo_is_refused_at_once(command: str, fifo: Path) -> None:
    done = tressette(command, fifo.name, cwd=fifo.parent)
    assert done.returncode != TIMEOUT_EXIT, "the command hung on a FIFO"
    assert "FIFO" in done.stderr
    assert "Traceback" not in done.stderr
    assert done.returncode in (1, 2)


@pytest.mark.parametrize("command", ["validate", "describe", "play", "check"])
@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/dev/null", "character device"),
        ("missing.yaml", "no such file"),
        ("folder.yaml", "folder"),
    ],
)
def test_unusable_paths_are_usage_errors_that_say_what_they_are(
    command: str, path: str, words: str, tmp_path: Path
) -> None:
    (tmp_path / "folder.yaml").mkdir()
    if command in ("validate", "check") and path == "folder.yaml":
        words = "no "  # a folder is searched: it holds no files
    done = tressette(command, path, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert words in done.stderr
    if path == "/dev/null":
        assert "bundled rulesets:" not in done.stderr  # no list of ids for a device


def test_extends_naming_a_fifo_says_so(fifo: Path) -> None:
    overlay = fifo.parent / "mine.yaml"
    overlay.write_text("id: mine\nextends: fifo.yaml\n", encoding="utf-8")
    done = tressette("validate", "mine.yaml", cwd=fifo.parent)
    assert done.returncode == 1
    assert "FIFO" in done.stderr or "FIFO" in done.stdout
    assert "did you mean 'fifo.yaml'" not in done.stdout


def test_a_fifo_inside_a_scenario_folder_is_skipped(fifo: Path) -> None:
    done = tressette("check", ".", cwd=fifo.parent)
    assert done.returncode == 2  # nothing else to check
    assert "no scenario files" in done.stderr


def test_replay_of_a_fifo_and_a_device(fifo: Path) -> None:
    for path in (fifo.name, "/dev/zero"):
        done = tressette("replay", path, cwd=fifo.parent)
        assert done.returncode == 1
        assert "cannot read" in done.stderr
        assert "not a file" in done.stderr


def test_a_log_with_a_deep_line_is_a_located_error(tmp_path: Path) -> None:
    log = tmp_path / "deep.jsonl"
    log.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    done = tressette("replay", log.name, cwd=tmp_path)
    assert done.returncode == 1
    assert "deep.jsonl:1:" in done.stderr
    assert "nested more than 64 levels" in done.stderr
    assert "RecursionError" not in done.stderr
