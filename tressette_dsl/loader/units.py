"""Values in card units that look like points (TS425, a warning).

Card values, and `scoring.last_trick`, are counted in card units: `deck.unit` of them make a
point (3 in the Tressette family, where a figure is worth a third). An author who writes
``last_trick: 1`` meaning "one point" gets a third of a point, silently; a last-trick bonus
that is not a whole number of points is rare enough in real rules that the loader says so,
without refusing the file.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tressette_dsl.diagnostics import Diagnostic, Severity
from tressette_dsl.source import SourceMap

CODE = "TS425"
CODES = {CODE: "a value in card units that looks like points (a warning)"}


def check_units(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    deck = doc.get("deck") if isinstance(doc.get("deck"), dict) else {}
    scoring = doc.get("scoring") if isinstance(doc.get("scoring"), dict) else {}
    unit = deck.get("unit") if isinstance(deck, dict) else None
    last = scoring.get("last_trick") if isinstance(scoring, dict) else None
    if not isinstance(unit, int) or isinstance(unit, bool) or unit <= 1:
        return
    if not isinstance(last, int) or isinstance(last, bool) or last % unit == 0:
        return
    whole = last * unit
    yield smap.diagnostic(
        CODE,
        f"scoring.last_trick: {last} is in card units, {_share(last, unit)} of a point "
        f"(deck.unit: {unit} units make a point)",
        ("scoring", "last_trick"),
        hint=f"for {last} point{'s' if last != 1 else ''}, write {whole}",
        severity=Severity.WARNING,
    )


def _share(value: int, unit: int) -> str:
    whole, rest = divmod(value, unit)
    return f"{whole} and {rest}/{unit}" if whole else f"{rest}/{unit}"
