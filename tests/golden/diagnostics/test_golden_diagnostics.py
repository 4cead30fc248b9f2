"""Golden diagnostics: ``tressette validate`` prints exactly ``bad_*.expected.txt``.

``pytest tests/golden --update-goldens`` (or ``TRESSETTE_UPDATE_GOLDENS=1``, or
``python tests/golden/diagnostics/errors_doc.py``) rewrites the expected files and
docs/errors.md; then review the diff.
"""

from __future__ import annotations

import re
from pathlib import Path

import errors_doc
import pytest


@pytest.mark.parametrize("path", errors_doc.golden_inputs(), ids=lambda p: p.stem)
def test_validate_output_matches_the_golden_file(path: Path, update_goldens: bool):
    code, output = errors_doc.run_cli(str(path.relative_to(errors_doc.ROOT)))
    expected = errors_doc.expected_path(path)
    if update_goldens:
        expected.write_text(output, encoding="utf-8")
    assert code == 1
    assert output == expected.read_text(encoding="utf-8")


def test_golden_file_names_match_their_codes():
    for path in errors_doc.golden_inputs():
        code = re.match(r"bad_(ts\d{3})_", path.name).group(1).upper()
        assert f"error[{code}]" in errors_doc.expected_path(path).read_text(encoding="utf-8")


def test_every_code_is_documented_with_an_example():
    for code in errors_doc.CODES:
        assert code in errors_doc.EXPLAIN, code
    text = errors_doc.generate()
    for code in errors_doc.CODES:
        section = text.split(f"## {code}\n", 1)[1].split("\n## ", 1)[0]
        assert code in {"TS199", "TS200"} or "```text" in section, code


def test_docs_errors_md_is_up_to_date(update_goldens: bool):
    text = errors_doc.generate()
    if update_goldens:
        errors_doc.DOC.write_text(text, encoding="utf-8")
    assert errors_doc.DOC.read_text(encoding="utf-8") == text, (
        "docs/errors.md is stale: run python tests/golden/diagnostics/errors_doc.py"
    )
