"""Colour at the terminal: red and black suits, the turn header in bold.

Only when the output is a terminal that can show it: never into a file or a pipe, never
with ``TERM=dumb``, and never when ``NO_COLOR`` is set to anything but the empty string
(https://no-color.org), so that transcripts and logs stay plain text.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import TextIO

RESET = "\033[0m"
BOLD = "\033[1m"
RED = "\033[31m"
_ANSI = re.compile(r"\033\[[0-9;]*m")


def enabled(stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """Whether `stream` should get colour."""
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR", ""):
        return False
    if env.get("TERM", "") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def suits_pattern(red_symbols: str, black_symbols: str) -> re.Pattern[str]:
    """A card written with a symbol (``10♥``, ``K♣``): the rank and its symbol."""
    return re.compile(rf"([0-9A-Za-z]{{1,2}})?([{re.escape(red_symbols + black_symbols)}])")


class Painter:
    """Paints the lines of one table: cards of the red suits red, headers bold."""

    def __init__(self, red: str, black: str, *, on: bool) -> None:
        self.on = on
        self.red = red
        self._cards = suits_pattern(red, black) if (red or black) else None

    def line(self, text: str) -> str:
        if not self.on or self._cards is None:
            return text
        if text.startswith("--- ") or text.startswith("== "):
            return f"{BOLD}{text}{RESET}"

        def paint(match: re.Match[str]) -> str:
            if match.group(2) in self.red:
                return f"{RED}{match.group(0)}{RESET}"
            return f"{BOLD}{match.group(0)}{RESET}"

        return self._cards.sub(paint, text)


def plain(text: str) -> str:
    """`text` without colour codes (for measuring widths)."""
    return _ANSI.sub("", text)
