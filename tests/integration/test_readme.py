"""README.md stays true: CI runs its test command verbatim, and its Python example runs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _blocks(lang: str = "") -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README, re.S)


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    commands = [b.strip() for b in _blocks() if "pytest" in b]
    assert len(commands) == 1, "the quick start names exactly one test command"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[0] in ci.splitlines()


def test_quick_start_plays_the_default_ruleset() -> None:
    play = [b.strip() for b in _blocks() if "tressette play" in b]
    assert len(play) == 1
    # The install part needs the network on a fresh machine; the game itself is checked here.
    argv = play[0].split("&&")[1].split()[1:]
    out = subprocess.run(
        [sys.executable, "-m", "tressette_dsl", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert "wins" in out.stdout.lower()


def test_python_example_runs() -> None:
    (code,) = _blocks("python")
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert "MatchResult" in out.stdout
