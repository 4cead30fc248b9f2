"""The strict scalar resolver: which plain YAML scalars are what, and which are ambiguous.

YAML 1.1 reads ``yes``, ``on``, ``012``, ``0x1F`` or ``1:30`` as booleans or numbers; the
language keeps only ``true``/``false`` and plain decimal integers and reports the other
forms (TS103) with what a YAML 1.1 reader would have made of them.
"""

from __future__ import annotations

import re
from typing import Any

# ---------------------------------------------------------------------------------------
# Scalars: the strict resolver.

_NULLS = {"", "~", "null", "Null", "NULL"}
_TRUE_WORDS = {"y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "True", "TRUE"}
_FALSE_WORDS = {"n", "N", "no", "No", "NO", "off", "Off", "OFF", "False", "FALSE"}
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_FLOAT = re.compile(
    r"[-+]?(?:\.[0-9_]+|[0-9][0-9_]*\.[0-9_]*)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?[0-9][0-9_]*[eE][-+]?[0-9]+"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
)
_SEXAGESIMAL = re.compile(r"[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+")
_OTHER_INT = re.compile(
    r"[-+]?(?:0[0-9_]+|0[oO][0-7_]+|0[xX][0-9a-fA-F_]+|0[bB][01_]+|[0-9][0-9_]*)"
)


def resolve_plain(text: str) -> tuple[Any, tuple[str, str] | None]:
    """The value of a plain (unquoted) scalar, and a (message, hint) when it is ambiguous.

    >>> resolve_plain("12"), resolve_plain("true"), resolve_plain("on")[0], resolve_plain("x")
    ((12, None), (True, None), True, ('x', None))
    >>> resolve_plain("012")[1][1]
    "write 12, or quote it ('012') if you mean text"
    """
    if text in _NULLS:
        return None, None
    if text == "true":
        return True, None
    if text == "false":
        return False, None
    if _INT.fullmatch(text):
        return int(text), None
    problem = _ambiguity(text)
    return (_yaml11_value(text) if problem else text), problem


def _yaml11_value(text: str) -> Any:
    """What YAML 1.1 reads: later stages see the value the author probably meant, so that
    one reported surprise does not cascade (``abstract: yes`` stays abstract)."""
    if text in _TRUE_WORDS or text in _FALSE_WORDS:
        return text in _TRUE_WORDS
    value = _yaml11_int(text) if _OTHER_INT.fullmatch(text) else text
    return value


def _ambiguity(text: str) -> tuple[str, str] | None:
    if text in _TRUE_WORDS or text in _FALSE_WORDS:
        word = "true" if text in _TRUE_WORDS else "false"
        return (
            f"'{text}' is the boolean {word} in YAML 1.1 but plain text in YAML 1.2",
            f"write {word} or quote it ('{text}')",
        )
    if _FLOAT.fullmatch(text):
        return (
            f"'{text}' is a decimal fraction: rulesets count exactly, with integers and fractions",
            'write an integer number of units, or a fraction as a string such as "3/2"',
        )
    if _SEXAGESIMAL.fullmatch(text):
        return (
            f"'{text}' is a base-60 number in YAML 1.1",
            f"quote it ('{text}') if you mean text; integers are plain decimal",
        )
    if _OTHER_INT.fullmatch(text):
        return (
            f"'{text}' is not a plain decimal integer (YAML 1.1 reads it as {_yaml11_int(text)})",
            f"write {_decimal_guess(text)}, or quote it ('{text}') if you mean text",
        )
    return None


def _yaml11_int(text: str) -> int | str:
    digits = text.replace("_", "")
    sign = -1 if digits.startswith("-") else 1
    body = digits.lstrip("+-")
    try:
        if body[:2].lower() in ("0x", "0o", "0b"):
            return sign * int(body, 0)
        if body.startswith("0") and len(body) > 1:
            return sign * int(body, 8)
        return sign * int(body)
    except ValueError:
        return "a number"


def _decimal_guess(text: str) -> str:
    digits = text.replace("_", "")
    body = digits.lstrip("+-")
    if body[:2].lower() in ("0x", "0o", "0b"):
        return str(_yaml11_int(text))
    sign = "-" if digits.startswith("-") else ""
    return sign + (body.lstrip("0") or "0")
