"""Reading a file: regular files only, size limit, bytes -> text (UTF-8 only, no NUL).

Every failure is a `Diagnostic` with a position, never a Python traceback.
"""

from __future__ import annotations

import os

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, Span
from tressette_dsl.source.files import FileProblem, read_regular
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

    Only a regular file is opened (a FIFO would block, a device never end); at most
    `MAX_BYTES` + 1 bytes are read, so a 50 MB file costs one read of 1 MB.
    """
    name = name or display_name(path)
    where = Span(name, 1, 1)
    try:
        data = read_regular(path, MAX_BYTES)
    except FileProblem as exc:
        raise DiagnosticError(
            [Diagnostic("TS114", f"cannot read '{name}': {exc.reason}", where)]
        ) from None
    if len(data) > MAX_BYTES:
        try:
            size = os.stat(path).st_size
        except OSError:
            size = len(data)
        raise DiagnosticError([too_large(name, max(size, len(data)))])
    return decode_source(data, name)


def decode_source(data: bytes, name: str, what: str = "a YAML ruleset") -> str:
    """UTF-8 text (a BOM is allowed), or TS109 for binary and other encodings; `what` the
    file should have been, for the message."""
    wide = _wide_encoding(data)
    if wide is not None:
        raise DiagnosticError(
            [
                Diagnostic(
                    "TS109",
                    f"the file is {wide} text, not UTF-8",
                    Span(name, 1, 1),
                    hint="save the file as UTF-8 (in most editors: Save as, Encoding: UTF-8)",
                )
            ]
        )
    nul = data.find(b"\x00")
    if nul >= 0:
        line, col = _line_col_bytes(data, nul)
        raise DiagnosticError(
            [
                Diagnostic(
                    "TS109",
                    f"this is a binary file (it contains NUL bytes), not {what}",
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


def _wide_encoding(data: bytes) -> str | None:
    """``UTF-16``/``UTF-32`` when the bytes look like one (a BOM, or ASCII with NUL
    between the letters), so the message says what to do instead of "binary"."""
    for bom, words in (
        (b"\xff\xfe\x00\x00", "UTF-32"),
        (b"\x00\x00\xfe\xff", "UTF-32"),
        (b"\xff\xfe", "UTF-16"),
        (b"\xfe\xff", "UTF-16"),
    ):
        if data.startswith(bom):
            return words
    head = data[:512]
    if len(head) >= 4 and head.count(0) * 3 >= len(head):
        even, odd = head[0::2], head[1::2]
        if even.count(0) * 4 >= len(even) * 3 or odd.count(0) * 4 >= len(odd) * 3:
            return "UTF-16"
    return None


def _line_col_bytes(data: bytes, index: int) -> tuple[int, int]:
    before = data[:index]
    return before.count(b"\n") + 1, index - (before.rfind(b"\n") + 1) + 1


def too_large(name: str, size: int) -> Diagnostic:
    return Diagnostic(
        "TS105",
        f"the file is too large ({size:,} bytes; a ruleset may have at most {MAX_BYTES:,})",
        Span(name, 1, 1),
    )
