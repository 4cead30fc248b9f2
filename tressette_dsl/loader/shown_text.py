"""No control characters in the texts a ruleset shows (TS405).

Titles, descriptions, seat and suit names, rank names and every other text of a ruleset
end up on a terminal (`describe`, `play`, `list`). YAML's double-quoted escapes let a file
hold ``"\\e[2J"`` or ``"\\e]0;title\\a"``, which would clear the screen or retitle the
window when printed. Such a text is refused where it is written; line breaks and tabs stay
allowed in long texts and expressions (a ``|`` block), never in a name or a key.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.source import Path, SourceMap
from tressette_dsl.text import escape, is_control

CODES: dict[str, str] = {
    "TS405": "a control character (an escape sequence, a bell, a line break in a name) in a text",
}


def _is_name(path: Path) -> bool:
    """The one-line texts: the title, the id, seat, suit and rank names and symbols."""
    if path in (("meta", "title"), ("id",), ("extends",)):
        return True
    if len(path) == 3 and path[:2] == ("players", "names"):
        return True
    if len(path) == 4 and path[:2] == ("deck", "suits") and path[3] in ("name", "symbol"):
        return True
    return len(path) == 3 and path[:2] == ("deck", "rank_names")


def check_shown_text(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """Every key and every text value of the document, walked without recursion."""
    todo: list[tuple[Path, Any]] = [((), doc)]
    while todo:
        path, value = todo.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                here = (*path, key)
                if isinstance(key, str):
                    yield from _check(smap, here, key, multiline=False, at_key=True)
                todo.append((here, item))
        elif isinstance(value, list):
            todo.extend(((*path, i), item) for i, item in enumerate(value))
        elif isinstance(value, str):
            yield from _check(smap, path, value, multiline=not _is_name(path))


def _check(
    smap: SourceMap, path: Path, text: str, *, multiline: bool, at_key: bool = False
) -> Iterator[Diagnostic]:
    allowed = "\n\t\r" if multiline else ""
    for char in text:
        if is_control(char) and char not in allowed:
            code = ord(char)
            shown = f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
            what = "key" if at_key else "text"
            yield smap.diagnostic(
                "TS405",
                f"the {what} '{escape(text)[:80]}' holds the control character {shown}: "
                "it would act on the terminal instead of being shown",
                path,
                at_key=at_key,
                hint="remove it; names are one line of plain text"
                if not multiline
                else "remove it (line breaks and tabs are fine here, other control characters not)",
            )
            return
