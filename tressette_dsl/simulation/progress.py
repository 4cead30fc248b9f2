"""A progress bar on a terminal, and nothing at all elsewhere (pipes, CI logs, --quiet).

tqdm draws it on stderr, so stdout keeps only the report (and stays a clean JSON or CSV
document with --format). Without a terminal the bar is disabled rather than printed line
by line: a log gains nothing from 100 carriage returns.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from types import TracebackType
from typing import IO, Any


class Progress:
    """Counts finished matches; use as a context manager, call `advance(n)`."""

    def __init__(
        self, total: int, label: str, *, quiet: bool = False, stream: IO[str] | None = None
    ):
        out = sys.stderr if stream is None else stream
        self.enabled = not quiet and _is_tty(out)
        self._bar: Any = None
        if self.enabled:
            try:
                tqdm = import_module("tqdm").tqdm  # only on a terminal; untyped
            except ImportError:
                self.enabled = False
            else:
                self._bar = tqdm(total=total, desc=label, unit="match", file=out, leave=False)

    def advance(self, n: int = 1) -> None:
        if self._bar is not None:
            self._bar.update(n)

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._bar is not None:
            self._bar.close()


def _is_tty(stream: IO[str]) -> bool:
    isatty: Callable[[], bool] | None = getattr(stream, "isatty", None)
    return bool(isatty and isatty())
