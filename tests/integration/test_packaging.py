"""The installed wheel carries the grammar, the JSON Schema and the bundled rulesets.

The top-level ``grammar/`` and ``rulesets/`` folders are the single source; the wheel maps
them under ``tressette_dsl/_data``. This test builds a wheelhouse
(the package and its dependencies), installs from it alone into a fresh virtual environment
without system site-packages and runs the command from another directory, so a packaging
mistake cannot hide behind the source checkout or the interpreter running the tests.
"""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("wheel")
    wheelhouse = tmp / "wheelhouse"
    # The package and every dependency become wheels first, so that the venv below needs
    # neither the network nor the interpreter it was made from: it passes the same inside a
    # virtual environment (whose base interpreter may lack lark) and on a bare machine.
    # The current pip configuration (index, find-links) supplies the dependencies.
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-build-isolation",
            "--wheel-dir",
            str(wheelhouse),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, "pip wheel needs an index for the dependencies:\n" + built.stderr
    assert next(wheelhouse.glob("tressette_dsl-*.whl"), None) is not None
    env_dir = tmp / "venv"
    venv.EnvBuilder(with_pip=True, system_site_packages=False).create(env_dir)
    py = env_dir / "bin" / "python"
    done = subprocess.run(
        [
            str(py),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-index",
            "--find-links",
            str(wheelhouse),
            "tressette-dsl",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return env_dir


def _run(env_dir: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(env_dir / "bin" / "tressette"), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


def test_wheel_contains_data_files(installed: Path, tmp_path: Path) -> None:
    py = installed / "bin" / "python"
    code = (
        "import tressette_dsl, tressette_dsl.resources as r;"
        "print(tressette_dsl.__file__);"
        "print(r.data_path('grammar', 'expr.lark'));"
        "print(r.data_path('rulesets', 'tressette.yaml'))"
    )
    out = subprocess.run(
        [str(py), "-c", code], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr
    pkg, grammar, ruleset = out.stdout.split()
    assert str(installed) in pkg
    assert "_data" in grammar and Path(grammar).is_file()
    assert "_data" in ruleset and Path(ruleset).is_file()


def test_installed_command_lists_and_validates(installed: Path, tmp_path: Path) -> None:
    listed = _run(installed, "list", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "calabresella" in listed.stdout
    validated = _run(installed, "validate", cwd=tmp_path)
    assert validated.returncode == 0, validated.stdout + validated.stderr


def test_schema_comments_of_bundled_files_resolve_when_installed(installed: Path) -> None:
    """Editors follow `# yaml-language-server: $schema=...` relative to the file: it must
    reach the shipped schema in the installed package too, not only in a checkout."""
    data = next(installed.glob("lib/python*/site-packages/tressette_dsl/_data"))
    files = sorted((data / "rulesets").rglob("*.yaml"))
    assert files
    for path in files:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("$schema=", 1)[1]).resolve()
        assert target.is_file(), f"{path.name}: {target}"
        assert json.loads(target.read_text(encoding="utf-8"))["$id"]
