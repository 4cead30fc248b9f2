"""Reading a file: size limit, bytes -> text (UTF-8 only, no NUL), readable file names.

Every failure is a `Diagnostic` with a position, never a Python traceback.
"""

from __future__ import annotations

import os
from pathlib import Path as FsPath

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, Span
from tressette_dsl.source.limits import MAX_BYTES

# ---------------------------------------------------------------------------------------
# Reading files.


def display_name(path: str | os.PathLike[str]) -> str:
    """The name a file is reported under: relative to the working folder when inside it."""
    text = os.fspath(path)
    try:
        rel = os.path.relpath(text)
    except ValueError:  # another drive on Windows
        return text
    return text if rel.startswith("..") else rel


def read_source(path: str | os.PathLike[str], name: str | None = None) -> str:
    """The text of a ruleset file, refusing large, binary and non-UTF-8 files.

    The size is checked before reading, so a 50 MB file costs one ``stat``.
    """
    name = name or display_name(path)
    where = Span(name, 1, 1)
    try:
        size = os.stat(path).st_size
        if FsPath(path).is_dir():
            raise DiagnosticError([Diagnostic("TS114", f"'{name}' is a folder, not a file", where)])
        if size > MAX_BYTES:
            raise DiagnosticError([too_large(name, size)])
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise DiagnosticError(
            [Diagnostic("TS114", f"cannot read '{name}': {reason}", where)]
        ) from None
    if len(data) > MAX_BYTES:
        raise DiagnosticError([too_large(name, len(data))])
    return decode_source(data, name)


def decode_source(data: bytes, name: str) -> str:
    """UTF-8 text (a BOM is allowed), or TS109 for binary and other encodings."""
    nul = data.find(b"\x00")
    if nul >= 0:
        line, col = _line_col_bytes(data, nul)
        raise DiagnosticError(
            [
                Diagnostic(
                    "TS109",
                    "this is a binary file (it contains NUL bytes), not a YAML ruleset",
                    Span(name, line, col),
                )
            ]
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line, col = _line_col_bytes(data, exc.start)
        raise DiagnosticError(
            [
                Diagnostic(
                    "TS109",
                    f"the file is not UTF-8 text (byte 0x{data[exc.start]:02x} cannot be decoded)",
                    Span(name, line, col),
                    hint="save the file as UTF-8",
                )
            ]
        ) from None


def _line_col_bytes(data: bytes, index: int) -> tuple[int, int]:
    before = data[:index]
    return before.count(b"\n") + 1, index - (before.rfind(b"\n") + 1) + 1


def too_large(name: str, size: int) -> Diagnostic:
    return Diagnostic(
        "TS105",
        f"the file is too large ({size:,} bytes; a ruleset may have at most {MAX_BYTES:,})",
        Span(name, 1, 1),
    )
