"""Careless and hostile inputs of issue 13 that are regular files: each gets a located,
true message, never a traceback, and nothing wrong is silently accepted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tressette_dsl import gamelog
from tressette_dsl.cli import main
from tressette_dsl.diagnostics import Diagnostic, Span, render_text
from tressette_dsl.scenarios import discover


@pytest.fixture(scope="module")
def game_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "g.jsonl"
    argv = ["play", "calabresella", "--seed", "3", "--quiet", "--log", str(path)]
    assert main([*argv, "--players", "heuristic,random,heuristic"]) == 0
    return path


def _edit_header(src: Path, dst: Path, **fields: object) -> Path:
    lines = src.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header.update(fields)
    dst.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    return dst


def test_replay_refuses_renamed_seats(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _edit_header(game_log, tmp_path / "t.jsonl", seats=["A", "B", "C"])
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr().err
    assert f"{log}:1: header: expected seats" in err


def test_replay_refuses_changed_players(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _edit_header(game_log, tmp_path / "t.jsonl", players=["random"] * 3)
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr().err
    assert "were the header's players changed?" in err


def test_replay_refuses_an_unknown_player_kind(
    game_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _edit_header(game_log, tmp_path / "t.jsonl", players=["alien"] * 3)
    assert main(["replay", str(log)]) == 1
    assert ":1: header: player 0 is 'alien'" in capsys.readouterr().err


def test_a_log_with_a_bom_is_read(game_log: Path, tmp_path: Path) -> None:
    copy = tmp_path / "bom.jsonl"
    copy.write_bytes(b"\xef\xbb\xbf" + game_log.read_bytes())
    assert gamelog.read_log(copy).header["seed"] == 3
    assert main(["replay", str(copy)]) == 0


def test_a_utf16_log_is_named(game_log: Path, tmp_path: Path) -> None:
    copy = tmp_path / "wide.jsonl"
    copy.write_text(game_log.read_text(encoding="utf-8"), encoding="utf-16")
    with pytest.raises(gamelog.LogError, match="UTF-16 text, not UTF-8: save it as UTF-8"):
        gamelog.read_log(copy)


def test_a_log_line_too_long_is_located(tmp_path: Path) -> None:
    log = tmp_path / "long.jsonl"
    log.write_text('{"type": "header"}\n"' + "x" * 1_100_000 + '"\n', encoding="utf-8")
    with pytest.raises(gamelog.LogError) as info:
        gamelog.read_log(log)
    assert info.value.line == 2
    assert "longer than 1,000,000 bytes" in info.value.message


def test_a_utf16_ruleset_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.yaml"
    path.write_text("id: mine\nextends: tressette\n", encoding="utf-16")
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "error[TS109]: the file is UTF-16 text, not UTF-8" in out
    assert "save the file as UTF-8" in out
    assert "binary" not in out


def test_long_lines_are_cut_around_the_column() -> None:
    line = "x: " + "a" * 100_000 + "!" + "b" * 100_000
    diag = Diagnostic("TS101", "bad", Span("r.yaml", 1, 100_004))
    text = render_text(diag, {"r.yaml": line + "\n"})
    shown, caret = text.splitlines()[1:3]
    assert len(text) < 500
    assert shown[caret.index("^")] == "!"


def test_control_characters_in_quoted_lines_are_escaped() -> None:
    diag = Diagnostic("TS203", "unknown key 'a\x1b[2Jb'", Span("r.yaml", 1, 1))
    text = render_text(diag, {"r.yaml": "a\x1b[2Jb: 1\n"})
    assert "\x1b" not in text
    assert "a\\x1b[2Jb" in text


def _scenario_dir(tmp_path: Path) -> Path:
    (tmp_path / "rulesets").mkdir()
    (tmp_path / "rulesets" / "mine.yaml").write_text(
        "# my house rule\nid: mine\nextends: tressette\n", encoding="utf-8"
    )
    return tmp_path


def test_check_folder_skips_ruleset_files(tmp_path: Path) -> None:
    folder = _scenario_dir(tmp_path)
    (folder / "s.yaml").write_text("ruleset: rulesets/mine.yaml\n", encoding="utf-8")
    assert discover([str(folder)]) == [folder / "s.yaml"]


def test_check_a_ruleset_file_named_explicitly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _scenario_dir(tmp_path)
    assert main(["check", str(folder / "rulesets" / "mine.yaml")]) == 1
    assert "this is a ruleset file" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "the scenario file is empty"),
        (b"# only a comment\n", "the scenario file is empty"),
        (b"\x00\x01\x02binary", "not a YAML scenario file"),
        (b"\xff\xfe\x00\x00bad", "UTF-32"),
        (b"caf\xe9: 1\n", "not UTF-8"),
    ],
)
def test_broken_scenario_files(
    content: bytes, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.yaml"
    path.write_bytes(content)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert words in out
    assert "codec" not in out
    assert "ruleset is a mapping" not in out


def test_a_scenario_name_with_an_escape_sequence_is_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(
        'ruleset: tressette\nname: "evil \\e[2J"\nscript:\n  - expect: {to_act: North}\n',
        encoding="utf-8",
    )
    main(["check", "-v", str(path)])
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert "evil \\x1b[2J" in out
