"""tressette schema, new, diff and completion."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tressette_dsl.cli import main
from tressette_dsl.loader import load_ruleset
from tressette_dsl.loader.schema import schema


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_schema_prints_the_shipped_schema(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _err = _run(capsys, "schema")
    assert code == 0 and json.loads(out) == schema()
    target = tmp_path / "ruleset.schema.json"
    code, _out, err = _run(capsys, "schema", "--output", str(target))
    assert code == 0 and json.loads(target.read_text(encoding="utf-8")) == schema()
    assert str(target) in err


@pytest.mark.parametrize("base", ["tressette", "calabresella", "briscola-chiamata"])
def test_new_writes_a_starter_that_loads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, base: str
) -> None:
    target = tmp_path / "mine.yaml"
    code, out, err = _run(capsys, "new", "house-mine", "--extends", base, "-o", str(target))
    assert code == 0, err
    assert f"extends {base}" in out
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=")
    assert f"extends: {base}\n" in text
    rules = load_ruleset(target)
    assert rules.id == "house-mine"
    assert rules.players.count == load_ruleset(base).players.count
    # uncommenting the target example still loads (the commented block is valid YAML)
    if "# match:" in text:
        edited = text.replace("# match:", "match:").replace("#   target:", "  target:")
        target.write_text(edited, encoding="utf-8")
        assert load_ruleset(target).match.target is not None


def test_new_extends_a_file_by_a_relative_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    base = tmp_path / "bases" / "ours.yaml"
    base.parent.mkdir()
    base.write_text("id: ours\nextends: tressette\nmatch:\n  target: 31\n", encoding="utf-8")
    target = tmp_path / "rules" / "variant.yaml"
    target.parent.mkdir()
    code, _out, err = _run(capsys, "new", "variant", "--extends", str(base), "-o", str(target))
    assert code == 0, err
    assert "extends: ../bases/ours.yaml\n" in target.read_text(encoding="utf-8")
    assert load_ruleset(target).match.target == 31


def test_new_refuses_to_overwrite_and_bad_ids(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "x.yaml"
    target.write_text("keep me", encoding="utf-8")
    code, _out, err = _run(capsys, "new", "x", "--extends", "tressette", "-o", str(target))
    assert code == 2 and "exists" in err and target.read_text(encoding="utf-8") == "keep me"
    code, _out, err = _run(capsys, "new", "Bad Id", "--extends", "tressette")
    assert code == 2 and "not a ruleset id" in err


def test_diff_lists_what_a_house_rule_changes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _run(capsys, "diff", "tressette", "house-nonna")
    assert code == 0
    assert out.startswith("# Nonna's table (house rule) against Tressette")
    assert "- points needed to win the match: 21 → 31" in out
    assert "## Signals" in out and "striscio: only in tressette" in out
    assert "when a player may claim (call himself out): “true” → “on_lead”" in out


def test_diff_of_a_ruleset_with_itself(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _run(capsys, "diff", "calabresella", "calabresella")
    assert code == 0 and "The two rulesets play the same rules." in out
    code, out, _err = _run(capsys, "diff", "tressette", "tressette-41", "--format", "json")
    doc = json.loads(out)
    assert doc["differences"] and {"section", "what", "a", "b"} <= set(doc["differences"][0])


def test_diff_reports_an_unknown_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = _run(capsys, "diff", "tressette", "no-such-ruleset")
    assert code == 2 and "no bundled ruleset" in err


def _bash_complete(script: str, words: list[str]) -> list[str]:
    line = " ".join(words)
    program = (
        script
        + f"\nCOMP_WORDS=({line}); COMP_CWORD={len(words) - 1}; _tressette; "
        + 'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    done = subprocess.run(
        ["bash", "-c", program], capture_output=True, text=True, check=True, cwd="/"
    )
    return done.stdout.split()


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_bash_completion_completes_commands_options_and_ids(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, script, _err = _run(capsys, "completion", "bash")
    assert code == 0
    assert "simulate" in _bash_complete(script, ["tressette", "sim"])
    assert "--games" in _bash_complete(script, ["tressette", "simulate", "--ga"])
    assert "calabresella" in _bash_complete(script, ["tressette", "describe", "calab"])


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_scripts_parse(capsys: pytest.CaptureFixture[str], shell: str) -> None:
    code, script, _err = _run(capsys, "completion", shell)
    assert code == 0 and "simulate" in script
    if shell == "fish":
        assert "complete -c tressette -n '__fish_seen_subcommand_from simulate' -l games" in script
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed: the script was generated, not parsed")
    flag = ["--no-execute"] if shell == "fish" else ["-n"]
    done = subprocess.run([shell, *flag], input=script, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
