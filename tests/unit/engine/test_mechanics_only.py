"""The engine knows mechanics only: no variant name, player count or target in its code."""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "tressette_dsl"
NAMES = re.compile(
    r"calabres|napolet|briscola|spizz|chiamo|solissimo|dividete|"
    r"scegliete|busso|striscio|volo\b",
    re.IGNORECASE,
)


def test_no_variant_names_in_engine_or_model() -> None:
    hits = []
    for folder in ("engine", "rules"):
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if NAMES.search(line):
                    hits.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    assert hits == []
