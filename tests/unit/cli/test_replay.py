"""Game logs and ``tressette replay``: round trips, and tampered or broken logs caught at
the right line, never with a traceback."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tressette_dsl import gamelog
from tressette_dsl.cli import main
from tressette_dsl.loader import bundled_ids, load_ruleset


@pytest.fixture(scope="module")
def game_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "tressette.jsonl"
    assert main(["play", "tressette", "--seed", "1", "--quiet", "--log", str(path)]) == 0
    return path


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _replay(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["replay", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def _first_action_line(lines: list[str], verb: str = "play ", start: int = 1) -> int:
    """0-based index of the first action line (from `start`) whose action starts with verb."""
    for i in range(start, len(lines)):
        obj = json.loads(lines[i])
        if obj["type"] == "action" and obj["action"].startswith(verb):
            return i
    raise AssertionError(f"no {verb!r} action")


# --- the log format --------------------------------------------------------------------------


def test_log_shape(game_log: Path) -> None:
    lines = [json.loads(x) for x in _lines(game_log)]
    header = lines[0]
    assert header["type"] == "header"
    assert header["format"] == gamelog.FORMAT
    assert header["ruleset"] == "tressette"
    assert header["ruleset_path"] is None
    assert header["ruleset_hash"].startswith("sha256:")
    assert header["seed"] == 1
    assert header["seats"] == ["South", "East", "North", "West"]
    assert header["players"] == ["heuristic"] * 4
    assert isinstance(header["dealer"], int)
    actions = [x for x in lines if x["type"] == "action"]
    assert [a["n"] for a in actions] == list(range(1, len(actions) + 1))
    assert all({"seat", "action", "events"} <= set(a) for a in actions)
    assert lines[-1]["type"] == "result"
    assert lines[-1]["result"]["over"] is True


def test_read_log_round_trip(game_log: Path) -> None:
    log = gamelog.read_log(game_log)
    assert log.header["seed"] == 1
    assert log.end.complete
    assert log.actions[0].line == 2
    assert log.end.line == len(_lines(game_log))


def test_ruleset_hash_is_stable_and_content_based(tmp_path: Path) -> None:
    first = gamelog.ruleset_hash("tressette")
    assert first == gamelog.ruleset_hash(str(bundled_ids()["tressette"]))
    copy = tmp_path / "mine.yaml"
    text = bundled_ids()["tressette-31"].read_text(encoding="utf-8")
    copy.write_text(
        text.replace("extends: tressette", f"extends: {bundled_ids()['tressette']}"),
        encoding="utf-8",
    )
    before = gamelog.ruleset_hash(copy)
    copy.write_text(copy.read_text(encoding="utf-8") + "\n# only a comment\n", encoding="utf-8")
    assert gamelog.ruleset_hash(copy) == before
    copy.write_text(
        copy.read_text(encoding="utf-8").replace("target: 31", "target: 33"), encoding="utf-8"
    )
    assert gamelog.ruleset_hash(copy) != before


# --- replay ----------------------------------------------------------------------------------


def test_replay_exact(game_log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _replay(capsys, str(game_log))
    assert code == 0, err
    assert "actions replayed exactly" in out
    assert "wins the match" in out


def test_replay_show_prints_the_game(game_log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _replay(capsys, str(game_log), "--show")
    assert code == 0
    assert "Trick  1:" in out


@pytest.mark.parametrize(
    ("ruleset", "seed"), [("calabresella", 3), ("spizzichino", 2), ("briscola-chiamata", 1)]
)
def test_log_replay_round_trip_on_other_rulesets(
    ruleset: str, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "g.jsonl"
    assert (
        main(
            [
                "play",
                ruleset,
                "--seed",
                str(seed),
                "--quiet",
                "--log",
                str(log),
                "--players",
                "random",
            ]
        )
        == 0
    )
    code, _, err = _replay(capsys, str(log))
    assert code == 0, err


def test_changed_card_is_caught_at_its_line(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _lines(game_log)
    i = _first_action_line(lines, "play ", start=5)
    obj = json.loads(lines[i])
    card = obj["action"].split()[1]
    other = next(c for c in ("4B", "5B", "6B", "7B") if c != card)
    obj["action"] = obj["action"].replace(card, other)  # the events still say `card`
    lines[i] = json.dumps(obj)
    code, _, err = _replay(capsys, str(_write(tmp_path / "t.jsonl", lines)))
    assert code == 1
    assert err.startswith(f"{tmp_path / 't.jsonl'}:{i + 1}: expected ")
    assert "got" in err and "Traceback" not in err


def test_changed_event_is_caught(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _lines(game_log)
    i = _first_action_line(lines, "play ", start=3)
    obj = json.loads(lines[i])
    obj["events"][0]["card"] = "KB" if obj["events"][0]["card"] != "KB" else "KC"
    lines[i] = json.dumps(obj)
    code, _, err = _replay(capsys, str(_write(tmp_path / "t.jsonl", lines)))
    assert code == 1
    assert f":{i + 1}: event 1: expected CardPlayed{{card: " in err


def test_removed_line_is_caught(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _lines(game_log)
    del lines[6]
    code, _, err = _replay(capsys, str(_write(tmp_path / "t.jsonl", lines)))
    assert code == 1
    assert ":7: expected action #6, got #7" in err


def test_removed_and_renumbered_line_is_caught_by_the_engine(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _lines(game_log)
    del lines[6]
    for i in range(6, len(lines) - 1):
        obj = json.loads(lines[i])
        obj["n"] -= 1
        lines[i] = json.dumps(obj)
    code, _, err = _replay(capsys, str(_write(tmp_path / "t.jsonl", lines)))
    assert code == 1
    assert ":7: expected seat" in err


def test_changed_result_is_caught(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _lines(game_log)
    obj = json.loads(lines[-1])
    obj["result"]["winners"] = ["EW"] if obj["result"]["winners"] != ["EW"] else ["NS"]
    lines[-1] = json.dumps(obj)
    code, _, err = _replay(capsys, str(_write(tmp_path / "t.jsonl", lines)))
    assert code == 1
    assert f":{len(lines)}: expected result winners = " in err


def test_extra_action_after_the_end_is_caught(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _lines(game_log)
    last_action = json.loads(lines[-2])
    extra = dict(last_action, n=last_action["n"] + 1)
    lines.insert(len(lines) - 1, json.dumps(extra))
    code, _, err = _replay(capsys, str(_write(tmp_path / "t.jsonl", lines)))
    assert code == 1
    assert f":{len(lines) - 1}: expected no more actions" in err


BROKEN = {
    "bad_json": (lambda ls: [*ls[:3], ls[3][:-7], *ls[4:]], ":4: invalid JSON"),
    "not_an_object": (lambda ls: [*ls[:3], "[1, 2]", *ls[4:]], ":4: expected a JSON object"),
    "no_header": (lambda ls: ls[1:], ":1: expected the header line"),
    "missing_seed": (
        lambda ls: [
            json.dumps({k: v for k, v in json.loads(ls[0]).items() if k != "seed"}),
            *ls[1:],
        ],
        ":1: header: missing field 'seed'",
    ),
    "missing_action_text": (
        lambda ls: [
            *ls[:2],
            json.dumps({k: v for k, v in json.loads(ls[2]).items() if k != "action"}),
            *ls[3:],
        ],
        ":3: action line: missing 'action' text",
    ),
    "unknown_type": (
        lambda ls: [*ls[:2], '{"type": "banana"}', *ls[3:]],
        ":3: unknown line type 'banana'",
    ),
    "blank_line": (lambda ls: [*ls[:2], "", *ls[2:]], ":3: blank line"),
    "truncated": (lambda ls: ls[:20], ":21: truncated"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_logs_are_reported_at_their_line(
    case: str, game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    change, message = BROKEN[case]
    path = _write(tmp_path / "t.jsonl", change(_lines(game_log)))
    code, _, err = _replay(capsys, str(path))
    assert code == 1
    assert f"{path}{message}" in err, err
    assert "Traceback" not in err


def test_cut_in_the_middle_of_a_line(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = game_log.read_bytes()
    path = tmp_path / "t.jsonl"
    path.write_bytes(raw[: len(raw) // 2])
    code, _, err = _replay(capsys, str(path))
    assert code == 1
    assert "truncated line" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", ":1: empty log"),
        (b"\n\n", ":1: empty log"),
        (bytes(range(256)), ":1: not a text file"),
        (b'{"type": "header"}\xff\xfe\n', ":1: not UTF-8 text"),
    ],
    ids=["empty", "blank", "binary", "latin1"],
)
def test_unreadable_files(
    content: bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(content)
    code, _, err = _replay(capsys, str(path))
    assert code == 1
    assert f"{path}{message}" in err


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _replay(capsys, str(tmp_path / "nope.jsonl"))
    assert code == 1
    assert "cannot read" in err


def test_incomplete_log_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io  # noqa: PLC0415

    log = tmp_path / "g.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n1\n"))
    assert main(["play", "--seed", "2", "--players", "human", "--log", str(log)]) == 1
    capsys.readouterr()
    code, out, _ = _replay(capsys, str(log))
    assert code == 0
    assert "the log is incomplete (end of input)" in out


def test_ruleset_changed_since_the_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ruleset = tmp_path / "mine.yaml"
    source = bundled_ids()["tressette-31"].read_text(encoding="utf-8")
    ruleset.write_text(source, encoding="utf-8")
    log = tmp_path / "g.jsonl"
    # a seed whose logged game the higher target changes (the bots' game on seed 4, the
    # seed used with session 7's heuristic, ends the same way under either target with
    # session 8's; seed 3, used before session 7, changes again)
    assert main(["play", str(ruleset), "--seed", "3", "--quiet", "--log", str(log)]) == 0
    assert json.loads(_lines(log)[0])["ruleset_path"] == str(ruleset.resolve())
    capsys.readouterr()
    assert _replay(capsys, str(log))[0] == 0
    ruleset.write_text(source.replace("target: 31", "target: 61"), encoding="utf-8")
    code, _, err = _replay(capsys, str(log))
    assert f"{log}:1: warning: the ruleset 'tressette-31' changed" in err
    assert code == 1  # and the game no longer ends where the log says
    code, _, err = _replay(capsys, str(log), "--strict")
    assert code == 1
    assert ":1: error: the ruleset" in err


def test_ruleset_file_gone_falls_back_to_bundled_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ruleset = tmp_path / "tressette-31.yaml"
    shutil.copy(bundled_ids()["tressette-31"], ruleset)
    log = tmp_path / "g.jsonl"
    assert main(["play", str(ruleset), "--seed", "3", "--quiet", "--log", str(log)]) == 0
    ruleset.unlink()
    capsys.readouterr()
    code, out, err = _replay(capsys, str(log))
    assert "is gone; using the bundled 'tressette-31'" in err
    assert code == 0, err
    assert "replayed exactly" in out


def test_random_corruption_never_gives_a_traceback(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import random  # noqa: PLC0415

    raw = bytearray(game_log.read_bytes())
    rng = random.Random(7)
    path = tmp_path / "t.jsonl"
    for _ in range(40):
        data = bytearray(raw)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(data))
            data[i] = rng.choice(b'{}[]":,0123456789abcSDBC \n\x00\xff')
        path.write_bytes(bytes(data))
        code, _, err = _replay(capsys, str(path))
        assert code in (0, 1, 2), err
        assert "Traceback" not in err and "internal error" not in err, err


# --- the first deal in the header ---------------------------------------------------------


def test_header_records_the_first_deal(game_log: Path) -> None:
    header = json.loads(_lines(game_log)[0])
    first = header["events"]
    assert first[0]["type"] == "Dealt" and first[0]["deal_no"] == 1
    assert [len(hand) for hand in first[0]["hands"]] == [10, 10, 10, 10]


def test_replay_show_prints_the_first_deal(
    game_log: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _replay(capsys, str(game_log), "--show")
    assert code == 0
    assert out.index("== Deal 1 - dealer") < out.index("Trick  1:")


def test_changed_first_deal_is_caught(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _lines(game_log)
    header = json.loads(lines[0])
    hands = header["events"][0]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    lines[0] = json.dumps(header)
    code, _, err = _replay(capsys, str(_write(tmp_path / "t.jsonl", lines)))
    assert code == 1
    assert ":1: header: event 1: expected Dealt{hands: " in err


def test_log_without_first_deal_still_replays(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _lines(game_log)
    header = json.loads(lines[0])
    del header["events"]  # logs written before the first deal was recorded
    lines[0] = json.dumps(header)
    code, _, err = _replay(capsys, str(_write(tmp_path / "t.jsonl", lines)))
    assert code == 0, err


def test_ruleset_hash_of_the_model_is_that_of_the_document() -> None:
    for rid in ("tressette", "calabresella", "house-nonna"):
        path = bundled_ids()[rid]
        rules = load_ruleset(path)
        assert rules.document_hash == gamelog.ruleset_hash(path) == gamelog.ruleset_hash(rules)


def test_setup_in_the_header_is_not_read(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`setup` is always {} from `play`; replay starts from the seed alone (a JSON setup,
    with string seat keys, could not be passed to `start` anyway)."""
    lines = _lines(game_log)
    header = json.loads(lines[0])
    header["setup"] = {"hands": {"0": ["KS"]}, "dealer": "7"}
    lines[0] = json.dumps(header)
    code, _, err = _replay(capsys, str(_write(tmp_path / "t.jsonl", lines)))
    assert code == 0, err


def test_wrong_dealer_in_the_header_is_caught(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _lines(game_log)
    header = json.loads(lines[0])
    header["dealer"] = (header["dealer"] + 1) % len(header["seats"])
    lines[0] = json.dumps(header)
    code, _, err = _replay(capsys, str(_write(tmp_path / "t.jsonl", lines)))
    assert code == 1
    assert ":1: expected dealer " in err


def test_logged_events_decode_into_engine_records(game_log: Path) -> None:
    log = gamelog.read_log(game_log)
    first = log.actions[0]
    assert len(first.records) == len(first.events)
    assert [r.to_dict() for r in first.records] == list(first.events)


def test_an_event_that_is_no_engine_event_is_a_located_log_error(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _lines(game_log)
    i = _first_action_line(lines, "play ", start=3)
    obj = json.loads(lines[i])
    obj["events"][0]["type"] = "CardPlayedTwice"
    lines[i] = json.dumps(obj)
    code, _, err = _replay(capsys, str(_write(tmp_path / "t.jsonl", lines)))
    assert code != 0
    assert f"t.jsonl:{i + 1}: action line: event 1 is not an engine event" in err
    assert "Traceback" not in err
