"""``--seats N`` of ``tressette play`` and ``simulate``: a seat count chosen per game
(`players.count` as a range), refused outside the range with the range named; logs of such
a game replay, elimination included."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tressette_dsl.cli import main


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("seats", [2, 5, 8])
def test_play_with_a_chosen_seat_count(seats: int, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(
        capsys, ["play", "traversone", "--seats", str(seats), "--seed", "2", "--quiet"]
    )
    assert code == 0, err
    assert re.search(r"(wins the match|share the win)", out), out
    assert len(re.findall(r"Seat \d \d+", out)) == seats  # every seat of the first table


def test_a_count_outside_the_range_is_refused_with_the_range(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _out, err = _run(capsys, ["play", "traversone", "--seats", "9", "--quiet"])
    assert code == 2
    assert "2 to 8 players, not 9" in err
    code, _out, err = _run(capsys, ["play", "tressette", "--seats", "3", "--quiet"])
    assert code == 2
    assert "exactly 4 players, not 3" in err


def test_simulate_with_a_chosen_seat_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(
        capsys, ["simulate", "traversone", "--seats", "6", "--games", "2", "--quiet"]
    )
    assert code == 0, err
    assert "Seat 5" in out


def test_a_log_of_a_shrinking_table_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "six.jsonl"
    argv = ["play", "traversone", "--seats", "6", "--seed", "4", "--quiet", "--log", str(log)]
    code, _out, err = _run(capsys, argv)
    assert code == 0, err
    code, out, err = _run(capsys, ["replay", str(log)])
    assert code == 0, err
    assert "replayed exactly" in out


def test_the_terminal_says_who_leaves_and_how_to_play_it_again(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _run(capsys, ["play", "traversone", "--seats", "6", "--seed", "4"])
    assert code == 0, err
    assert re.search(r"Seat \d leaves the table \(total \d+\)\.", out)
    assert "replay with: tressette play traversone --seats 6 --seed 4" in out
    final = [line for line in out.splitlines() if "Final totals" in line][-1]
    assert len(re.findall(r"Seat \d \d+", final)) == 6  # the seats gone too
