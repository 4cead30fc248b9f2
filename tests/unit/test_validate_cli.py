"""The ``tressette`` command: validate, list, lazy subcommands, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tressette_dsl import cli
from tressette_dsl.cli import list_cmd, main
from tressette_dsl.cli import validate as validate_cmd
from tressette_dsl.diagnostics import Diagnostic, Span
from tressette_dsl.loader import bundled_rulesets

ROOT = Path(__file__).resolve().parents[2]
BAD = "id: r\nabstract: true\nplayers:\n  count: 9\n  colour: red\n"
GOOD = "id: r\nabstract: true\nplayers:\n  count: 4\n"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "bad.yaml").write_text(BAD, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "also.yml").write_text(BAD.replace("9", "1"), encoding="utf-8")
    (tmp_path / "sub" / "notes.txt").write_text("not a ruleset", encoding="utf-8")
    return tmp_path


def test_valid_file_exits_0_and_prints_nothing(folder, capsys):
    assert main(["validate", "good.yaml"]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("1 ruleset checked: all valid")


def test_problems_exit_1_with_every_problem_sorted(folder, capsys):
    assert main(["validate", "bad.yaml"]) == 1
    out, err = capsys.readouterr()
    assert out == (
        "bad.yaml:4:10: error[TS205]: players.count: 9 is not allowed (allowed: 2 to 8)\n"
        "  count: 9\n"
        "         ^\n"
        "bad.yaml:5:3: error[TS203]: unknown key 'colour' in players\n"
        "  colour: red\n"
        "  ^\n"
        "  hint: allowed keys: count, direction, names\n"
    )
    assert "2 problems in 1 file" in err


def test_folders_are_searched_for_yaml_and_yml(folder, capsys):
    assert main(["validate", "-q", "."]) == 1
    out, err = capsys.readouterr()
    assert err == ""
    files = [line.split(":")[0] for line in out.splitlines() if ": error[" in line]
    assert files == ["bad.yaml", "bad.yaml", "sub/also.yml", "sub/also.yml"]


def test_a_missing_path_is_a_usage_error(folder, capsys):
    assert main(["validate", "good.yaml", "nope.yaml"]) == 2
    assert "no such file or folder: nope.yaml" in capsys.readouterr().err


def test_a_folder_without_rulesets_is_a_usage_error(folder, capsys):
    (folder / "empty").mkdir()
    assert main(["validate", "empty"]) == 2
    assert "no ruleset files" in capsys.readouterr().err


def test_json_format(folder, capsys):
    assert main(["validate", "--format", "json", "bad.yaml", "good.yaml"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [(d["code"], d["file"], d["line"], d["col"]) for d in data] == [
        ("TS205", "bad.yaml", 4, 10),
        ("TS203", "bad.yaml", 5, 3),
    ]
    assert data[1]["path"] == ["players", "colour"]


def test_json_format_when_valid(folder, capsys):
    assert main(["validate", "--format", "json", "good.yaml"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_github_format(folder, capsys):
    assert main(["validate", "--format", "github", "bad.yaml"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "::error file=bad.yaml,line=4,col=10,title=TS205::"
        "players.count: 9 is not allowed (allowed: 2 to 8)"
    )
    assert lines[1].endswith("(hint: allowed keys: count, direction, names)")


def test_github_format_escapes():
    diag = Diagnostic("TS101", "100% bad\nline", Span("a,b:c.yaml", 1, 2))
    assert validate_cmd.render_github(diag) == (
        "::error file=a%2Cb%3Ac.yaml,line=1,col=2,title=TS101::100%25 bad%0Aline"
    )


def test_no_path_validates_every_bundled_ruleset(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    code = main(["validate"])
    out, err = capsys.readouterr()
    assert f"{len(bundled_rulesets())} rulesets checked" in err
    assert code == 0, out


def test_unreadable_and_hostile_files_do_not_crash(folder, capsys):
    (folder / "bin.yaml").write_bytes(b"\x00\x01\x02")
    (folder / "deep.yaml").write_text("a: " + "[" * 10_000 + "]" * 10_000)
    (folder / "empty.yaml").write_text("")
    (folder / "list.yaml").write_text("- 1\n")
    with (folder / "huge.yaml").open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    files = ["bin.yaml", "deep.yaml", "empty.yaml", "list.yaml", "huge.yaml"]
    assert main(["validate", "-q", *files]) == 1
    out = capsys.readouterr().out
    codes = [line.split("error[")[1][:5] for line in out.splitlines() if "error[" in line]
    assert codes == ["TS109", "TS107", "TS108", "TS105", "TS112"]


def test_list_hides_abstract_bases_and_sorts(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out.splitlines()
    ids = [line.split()[0] for line in out[1:] if not line.startswith(" ")]
    assert ids == sorted(ids)
    assert "tressette" in ids
    assert "calabresella" in ids
    assert "tressette-cards" not in ids
    assert out[0].split() == ["ID", "PLAYERS", "TITLE"]


def test_list_all_marks_abstract_bases(capsys):
    assert main(["list", "--all"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("tressette-cards"))
    assert "(abstract)" in line


def test_list_json(capsys):
    assert main(["list", "--format", "json"]) == 0
    data = {e["id"]: e for e in json.loads(capsys.readouterr().out)}
    assert data["tressette"]["players"] == 4
    assert data["calabresella"]["players"] == 3
    assert data["tressette"]["description"]
    assert all(e["problems"] == 0 for e in data.values())


def test_list_shows_an_invalid_bundled_file(tmp_path: Path):
    (tmp_path / "broken.yaml").write_text("id: broken\nplayers: {count: 1}\n", encoding="utf-8")
    entry = list_cmd.entry(tmp_path / "broken.yaml")
    assert entry.problems > 0
    assert "INVALID" in list_cmd.render([entry])


def test_a_subcommand_not_written_yet(monkeypatch, capsys):
    monkeypatch.setitem(cli.COMMANDS, "dance", ("no_such_module", "dance"))
    assert main(["dance"]) == 2
    assert capsys.readouterr().err == "tressette dance: not available yet\n"


def test_no_subcommand_prints_help(capsys):
    assert main([]) == 2
    assert "validate" in capsys.readouterr().err


def test_usage_errors_and_help_return_codes(capsys):
    assert main(["validate", "--format", "xml"]) == 2
    assert main(["--help"]) == 0
    assert main(["--version"]) == 0
    capsys.readouterr()


def test_an_internal_error_is_reported_without_a_traceback(monkeypatch, capsys):
    def boom(args):
        raise RuntimeError("oops")

    monkeypatch.setattr(validate_cmd, "run", boom)
    assert main(["validate"]) == 3
    err = capsys.readouterr().err
    assert "internal error: RuntimeError: oops" in err
    assert "Traceback" not in err


def test_validate_does_not_import_the_engine():
    code = (
        "import sys; from tressette_dsl.cli import main; main(['validate', '-q', "
        "'rulesets/family/tressette-cards.yaml']); "
        "print(sorted(m for m in sys.modules if m.startswith('tressette_dsl.engine')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_python_dash_m(tmp_path: Path):
    (tmp_path / "bad.yaml").write_text(BAD, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "tressette_dsl", "validate", "bad.yaml"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
    )
    assert out.returncode == 1
    assert out.stdout.startswith("bad.yaml:4:10: error[TS205]")
