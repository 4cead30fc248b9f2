"""Opening input files: only regular files, never a FIFO, a device or a folder.

Every command that reads a ruleset, a scenario or a game log goes through `read_regular`.
A FIFO opened for reading blocks until a writer appears, and ``/dev/zero`` never ends, so
the file is opened non-blocking, checked with ``fstat`` on the open descriptor (no race
between the check and the read) and only then read, at most ``limit + 1`` bytes.
"""

from __future__ import annotations

import os
import stat

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class FileProblem(Exception):
    """A path that cannot be read as a file; ``missing`` when nothing is there at all."""

    def __init__(self, reason: str, *, missing: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.missing = missing


def kind_of(mode: int) -> str | None:
    """What a non-regular file is, in words (``None`` for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    for test, words in _KINDS:
        if test(mode):
            return words
    return "not a regular file"


def path_problem(path: str | os.PathLike[str]) -> FileProblem | None:
    """Why `path` cannot be read as a file, without opening it; ``None`` when it can."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError) as exc:
        return _os_problem(exc)
    kind = kind_of(mode)
    return None if kind is None else FileProblem(f"it is {kind}, not a file")


def open_regular(path: str | os.PathLike[str]) -> int:
    """A descriptor open for reading on a regular file; raises `FileProblem` otherwise
    (and closes what it opened). The caller closes the descriptor."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError) as exc:
        raise _os_problem(exc) from None
    try:
        kind = kind_of(os.fstat(fd).st_mode)
    except OSError as exc:
        os.close(fd)
        raise _os_problem(exc) from None
    if kind is not None:
        os.close(fd)
        raise FileProblem(f"it is {kind}, not a file")
    if hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)
    return fd


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """At most ``limit + 1`` bytes of a regular file; raises `FileProblem` otherwise.

    The caller compares the length with ``limit`` to report a file that is too large.
    """
    fd = open_regular(path)
    try:
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise _os_problem(exc) from None
    finally:
        os.close(fd)


def _os_problem(exc: OSError | ValueError) -> FileProblem:
    if isinstance(exc, ValueError):  # an embedded NUL in the path
        return FileProblem("the path is not a valid file name")
    if isinstance(exc, FileNotFoundError):
        return FileProblem("no such file", missing=True)
    if isinstance(exc, IsADirectoryError):
        return FileProblem("it is a folder, not a file")
    if exc.strerror and "name too long" in exc.strerror.lower():
        return FileProblem("the path is too long to be a file name", missing=True)
    return FileProblem((exc.strerror or type(exc).__name__).lower())
