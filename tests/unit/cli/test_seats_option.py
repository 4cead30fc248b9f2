"""``--seats N`` of ``tressette play``, ``simulate`` and ``arena``: a seat count chosen per game
(`players.count` as a range), refused outside the range with the range named; logs of such
a game replay, elimination included."""

from __future__ import annotations

import json
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


def test_arena_with_a_chosen_seat_count_the_same_with_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`arena --seats N` rotates one bot through the N seats of that table, in the parent
    and in worker processes alike (each worker seats the ruleset as the parent did)."""
    args = ["arena", "traversone", "--seats", "3", "--players", "heuristic,random"]
    reports = []
    for jobs in ("1", "2"):
        code, out, err = _run(capsys, [*args, "--deals", "2", "--jobs", jobs, "--format", "json"])
        assert code == 0, err
        report = json.loads(out)
        for agent in report["agents"]:
            agent.pop("seconds_per_decision")
        for pairing in report["pairings"]:
            for agent in pairing["agents"]:
                agent.pop("seconds_per_decision")
        reports.append(report)
    assert reports[0] == reports[1]
    assert reports[0]["seats"] == 3
    assert reports[0]["games_per_deal"] == 3  # one bot alone in each of the three seats
    assert reports[0]["agents"][0]["games"] == 6
    code, _out, err = _run(capsys, [*args, "--seats", "9"])
    assert code == 2
    assert "tressette arena: --seats: traversone is played by 2 to 8 players, not 9" in err


def test_simulate_compare_is_seated_too(capsys: pytest.CaptureFixture[str]) -> None:
    """`--seats` applies to the `--compare` ruleset as well: both are played at N seats
    (before, the second was loaded at its default count and refused as a different table)."""
    argv = ["simulate", "traversone", "--seats", "5", "--compare", "traversone"]
    code, out, err = _run(capsys, [*argv, "--games", "2", "--agents", "random", "--quiet"])
    assert code == 0, err
    assert "Seat 4" in out
    code, _out, err = _run(
        capsys, ["simulate", "traversone", "--seats", "5", "--compare", "tressette", "-q"]
    )
    assert code == 2
    assert "--seats: tressette is played by exactly 4 players, not 5" in err
