"""Showing input text safely: control characters escaped, long lines cut around a column.

Anything a user or a file wrote can come back in a message (a source line under a
diagnostic, a name in quotes, a seat name at the table). Written raw, an escape sequence
would clear the screen or retitle the window, and one 200 KB line would flood the terminal.
Every place that quotes input goes through `quote_input` or `cut_line`.
"""

from __future__ import annotations

import unicodedata

# Shown as \\t in quotes but kept in source lines, where it is the author's indentation.
_BIDI = frozenset(map(chr, (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F)))
LINE_WIDTH = 160  # the most of one source line a diagnostic shows
QUOTE_WIDTH = 80  # the most of one quoted value a message shows


def is_control(char: str) -> bool:
    """A character a terminal would act on instead of showing (C0, DEL, C1, bidi overrides)."""
    return unicodedata.category(char) == "Cc" or char in _BIDI or char in "\u2028\u2029"


def first_control(text: str) -> int | None:
    """The index of the first control character in `text`, or None."""
    for index, char in enumerate(text):
        if is_control(char):
            return index
    return None


def escape(text: str, *, keep_tabs: bool = False, keep: str = "") -> str:
    """`text` with each control character written as a visible escape (``\\x1b``, ``\\u202e``);
    tabs (`keep_tabs`) and the characters of `keep` are left as they are."""
    if first_control(text) is None:
        return text
    out = []
    for char in text:
        if (keep_tabs and char == "\t") or char in keep:
            out.append(char)
        elif is_control(char):
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


def quote_input(text: str, width: int = QUOTE_WIDTH) -> str:
    """`text` escaped and, when longer than `width`, cut with an ellipsis and its length."""
    if len(text) > width:
        return escape(text[:width]) + f"… ({len(text):,} characters)"
    return escape(text)


def cut_line(line: str, col: int, width: int = LINE_WIDTH) -> tuple[str, int]:
    """The part of `line` around the 1-based `col` that fits `width`, escaped, and the
    1-based column of the caret in what is returned.

    >>> cut_line("a" * 300 + "X" + "b" * 300, 301, 20)
    ('… aaaaaaaaaXbbbbbbbbbb …', 12)
    """
    index = max(col - 1, 0)
    if len(line) <= width:
        before = line[:index]
        return escape(line, keep_tabs=True), len(escape(before, keep_tabs=True)) + 1
    start = max(0, min(index - width // 2, len(line) - width))
    end = start + width
    head = "… " if start > 0 else ""
    tail = " …" if end < len(line) else ""
    before = head + escape(line[start:index], keep_tabs=True)
    shown = before + escape(line[index:end], keep_tabs=True) + tail
    return shown, len(before) + 1


def non_ascii_note(word: str) -> str | None:
    """Names the first non-ASCII character of a word that was meant to be a key or an id
    (a Cyrillic ``а`` in ``mаtch`` looks like ``a``), or None when the word is ASCII."""
    for char in word:
        if not char.isascii():
            name = unicodedata.name(char, "with no Unicode name")
            return (
                f"'{escape(word)}' contains the non-ASCII character '{escape(char)}' "
                f"(U+{ord(char):04X} {name}): retype it with ASCII letters"
            )
    return None
