"""The record of valid documents (loader/valid_cache.py): an unchanged document the schema
found valid is not validated again, and nothing else changes what the schema check says."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tressette_dsl.loader import extends, resolve_ruleset_path, valid_cache
from tressette_dsl.loader import schema as schema_mod
from tressette_dsl.source import SourceMap

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("TRESSETTE_DSL_NO_CACHE", raising=False)
    return tmp_path / "tressette-dsl" / valid_cache.FILE


def _merged(name: str = "tressette") -> tuple[dict[str, Any], SourceMap]:
    doc, smap, _problems = extends.load(resolve_ruleset_path(name))
    return doc, smap


def _no_validator() -> Any:
    raise AssertionError("the document was validated again")


def test_a_valid_document_is_remembered_and_not_validated_again(
    record: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc, smap = _merged()
    assert schema_mod.check(doc, smap) == []
    lines = record.read_text(encoding="ascii").splitlines()
    assert lines[0] == valid_cache.FORMAT
    assert len(lines) == 2
    monkeypatch.setattr(schema_mod, "_validator", _no_validator)
    assert schema_mod.check(doc, smap) == []


def test_a_changed_document_is_validated_and_its_problems_are_never_remembered(
    record: Path,
) -> None:
    doc, smap = _merged()
    schema_mod.check(doc, smap)
    bad = {**doc, "players": {**doc["players"], "count": "four"}}
    first = schema_mod.check(bad, smap)
    assert [d.code for d in first] == ["TS201"]
    assert schema_mod.check(bad, smap) == first
    assert len(record.read_text(encoding="ascii").splitlines()) == 2  # the valid one only


def test_documents_json_cannot_encode_one_to_one_get_no_key() -> None:
    cycle: list[Any] = []
    cycle.append(cycle)
    shared: list[Any] = [1]
    for doc in ({"a": (1, 2)}, {1: "a"}, {"a": {True: 1}}, {"a": {1, 2}}, cycle, [shared, shared]):
        assert valid_cache.document_key(doc, "schema") is None, doc


def test_the_key_tells_apart_what_the_schema_tells_apart() -> None:
    docs = [{"a": [1, 2]}, {"a": [1.0, 2]}, {"a": [True, 2]}, {"a": ["1", 2]}, {"a": [None, 2]}]
    keys = {valid_cache.document_key(doc, "schema") for doc in docs}
    assert None not in keys
    assert len(keys) == len(docs)
    assert valid_cache.document_key(docs[0], "schema") != valid_cache.document_key(docs[0], "x")
    assert valid_cache.document_key(docs[0], "schema") == valid_cache.document_key(
        {"a": [1, 2]}, "schema"
    )


def test_nothing_is_recorded_when_caching_is_off(
    record: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRESSETTE_DSL_NO_CACHE", "1")
    doc, smap = _merged()
    assert schema_mod.check(doc, smap) == []
    assert not record.exists()
    assert not valid_cache.known(str(valid_cache.document_key(doc, schema_mod._shipped()[1])))


def test_the_record_keeps_the_last_keys_and_ignores_a_garbled_file(record: Path) -> None:
    keys = [f"{i:064x}" for i in range(valid_cache.KEEP + 5)]
    for key in keys:
        valid_cache.remember(key)
    assert len(record.read_text(encoding="ascii").splitlines()) == valid_cache.KEEP + 1
    assert valid_cache.known(keys[-1])
    assert not valid_cache.known(keys[0])
    record.write_text(f"something else\n{keys[-1]}\n", encoding="ascii")
    assert not valid_cache.known(keys[-1])
    record.write_bytes(b"\xff\xfe")
    assert not valid_cache.known(keys[-1])
    valid_cache.remember(keys[-1])
    assert valid_cache.known(keys[-1])


def test_validating_an_unchanged_file_again_imports_no_jsonschema(tmp_path: Path) -> None:
    """A fresh interpreter each time, as a user's command: the first run validates (and
    imports jsonschema), the second finds the document in the record."""
    probe = (
        "import sys\n"
        "from tressette_dsl.cli import main\n"
        "code = main(['validate', '-q', 'rulesets/tressette.yaml'])\n"
        "print(code, 'jsonschema' in sys.modules)\n"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("TRESSETTE_DSL_NO_CACHE", None)
    runs = [
        subprocess.run(
            [sys.executable, "-c", probe],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        for _ in range(2)
    ]
    assert [r.stdout.split() for r in runs] == [["0", "True"], ["0", "False"]], runs
