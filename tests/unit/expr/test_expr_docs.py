"""docs/expressions.md documents every built-in and every error code the package uses."""

from __future__ import annotations

import re
from pathlib import Path

from tressette_dsl.expr import BUILTINS

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "expressions.md").read_text(encoding="utf-8")


def test_every_builtin_is_documented() -> None:
    missing = [name for name in BUILTINS if f"`{name}(" not in DOC]
    assert not missing


def test_every_error_code_is_documented() -> None:
    source = "".join(p.read_text() for p in (ROOT / "tressette_dsl" / "expr").glob("*.py"))
    used = set(re.findall(r"\"(TS3\d\d)\"", source))
    section = DOC.split("## Error codes", 1)[1]
    assert used and all(f"### {code}" in section for code in used), used
