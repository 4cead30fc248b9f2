"""Text to parse tree: one cached LALR parser for every start symbol, and readable errors.

Input may be hostile (a ruleset from anywhere), so length and bracket depth are checked
before Lark sees the text; Lark's errors are rewritten into one located `ExprProblem` that
names what was expected in words ("expected a value after 'and'").
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from tressette_dsl.expr.errors import ExprError, ExprProblem, fail
from tressette_dsl.resources import data_path
from tressette_dsl.user_cache import cache_folder

EXPR_STARTS = ("condition", "formula", "seat", "cards", "any")
STARTS = (*EXPR_STARTS, "pattern", "order", "values", "packets", "card_list")
MAX_CHARS = 4000  # far beyond any rule; keeps parse time and tree size small
MAX_BRACKETS = 32  # nesting of ( [ { ; the compiler separately bounds tree depth

_parser: Lark | None = None


def parser() -> Lark:
    """The one parser, built on first use and kept for the process.

    Building the LALR tables takes about 60 ms; loading them from Lark's cache about 10 ms,
    a large share of a cold ``tressette validate``. The cache lives in a per-user folder,
    not in the shared temp dir, because Lark loads it with pickle; it is keyed by a hash of
    the grammar, the options and the Lark and Python versions, so it cannot go stale.
    """
    global _parser  # noqa: PLW0603 - a lazy module-level cache is the point
    if _parser is None:
        grammar = data_path("grammar", "expr.lark").read_text(encoding="utf-8")
        _parser = Lark(
            grammar,
            parser="lalr",
            start=list(STARTS),
            propagate_positions=True,
            maybe_placeholders=True,
            cache=_cache_file() or False,
        )
    return _parser


def _cache_file() -> str | None:
    """``$XDG_CACHE_HOME/tressette-dsl/expr.lark-cache`` (or ~/.cache), None if unusable
    (no home, a read-only disk: the tables are built every time) or turned off."""
    folder = cache_folder()
    return None if folder is None else str(folder / "expr.lark-cache")


@lru_cache(maxsize=1024)
def parse(text: str, start: str, code: str = "TS301") -> Tree[Token]:
    """Parse `text` from `start`; syntax errors are ExprError with `code`, limits TS305.

    Cached: rulesets repeat texts ("true", "next(dealer)") and overlays re-check their
    parents'; callers must not modify the tree.
    """
    if not isinstance(text, str):
        raise TypeError(f"expected the text of an expression, got {type(text).__name__}")
    check_limits(text)
    try:
        return parser().parse(text, start=start)
    except UnexpectedInput as e:
        raise ExprError([syntax_problem(text, e, code, start)]) from None
    except LarkError as e:  # anything else Lark may raise is still a syntax problem
        raise fail(code, f"cannot read this: {e}", 0, len(text)) from None


def check_limits(text: str) -> None:
    depth, quote = 0, ""
    for i, ch in enumerate(text[: MAX_CHARS + 1]):  # nesting first: the more telling message
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
            if depth > MAX_BRACKETS:
                raise fail("TS305", f"brackets are nested more than {MAX_BRACKETS} deep", i, i + 1)
        elif ch in ")]}":
            depth -= 1
    if len(text) > MAX_CHARS:
        message = f"text is too long ({len(text)} characters; the limit is {MAX_CHARS})"
        raise fail("TS305", message, MAX_CHARS, len(text), "split it into smaller rules")


_VALUE_TERMS = {"INT", "NAME"}  # both are accepted exactly where an operand may start
_OPERATOR_TERMS = {"MUL_OP", "VBAR", "AMPERSAND", "AND", "OR", "IN", "IF", "LESSTHAN", "MORETHAN"}
_CLOSERS = {"RPAR": "')'", "RSQB": "']'", "RBRACE": "'}'"}
_OPENER = {")": "(", "]": "[", "}": "{"}
_WORDS: dict[str, dict[str, str]] = {
    "pattern": {
        "INT+NAME": "a rank",
        "INT": "a number",
        "NAME": "a rank",
        "LBRACE": "'{'",
        "ANY": "'any'",
    },
    "order": {"INT": "a rank", "NAME": "a rank", "MORETHAN": "'>'"},
    "values": {
        "INT+NAME": "a rank",
        "INT": "a number",
        "NAME": "a rank",
        "EQUAL": "'='",
        "ADD_OP": "",
    },
    "packets": {"INT": "a number", "NAME": "a zone name", "REST": "'rest'", "COLON": "':'"},
    "card_list": {"CARD_TOKEN": "a card", "NAME": "a card", "COMMA": "','"},
}
_CHAR_HINTS = {
    "!": "use 'not' to negate, or '!=' to compare",
    ".": "there are no decimal points: write a fraction with '/', e.g. 4/3; there are no "
    "attributes",
    "=": "use '==' to compare",
    "^": "there is no power operator",
}
_DOUBLED_HINTS = {  # a token written twice, as in other languages
    "&": "use 'and' for logic; '&' is the intersection of two sets",
    "|": "use 'or' for logic; '|' is the union of two sets",
    "*": "there is no power operator",
    "=": "use '==' to compare",
}
_PREV = re.compile(r"(\w+|==|!=|<=|>=|//|\S)\s*$")


# The card values and packets count whole units: what a decimal or a fraction should be.
_UNITS_HINT = (
    "card values are whole numbers of units: with deck.unit: 3 a unit is a third of a point, "
    "so a card worth a third is 1 (J=1) and one worth a point is 3 (A=3)"
)
_SUIT_SYMBOLS = {"♥": "C", "♡": "C", "♦": "D", "♢": "D", "♠": "S", "♤": "S", "♣": "B", "♧": "B"}


def _char_hint(text: str, pos: int, ch: str, start: str) -> str | None:
    """The hint for a character the grammar does not accept at all."""
    if start in ("values", "packets") and ch in "./":
        return _UNITS_HINT
    if ch in _SUIT_SYMBOLS:
        rank = text[pos - 1] if pos > 0 and not text[pos - 1].isspace() else "3"
        letter = _SUIT_SYMBOLS[ch]
        return (
            f"a card is written with its rank and its suit id, not the symbol: '{rank}{letter}' "
            f"if '{ch}' is the suit {letter} in deck.suits (as in the bundled decks)"
        )
    if not ch.isascii() and (ch.isalpha() or ch.isdigit()):
        return f"{non_ascii(ch)}: names are ASCII letters, digits and '_'; retype it"
    return _CHAR_HINTS.get(ch)


def non_ascii(ch: str) -> str:
    """``'а' is U+0430 CYRILLIC SMALL LETTER A, not an ASCII letter``."""
    name = unicodedata.name(ch, "a character with no name")
    return f"{ch!r} is U+{ord(ch):04X} {name}, not an ASCII letter"


def syntax_problem(text: str, e: UnexpectedInput, code: str, start: str) -> ExprProblem:
    if isinstance(e, UnexpectedCharacters):
        pos = e.pos_in_stream or 0
        ch = text[pos] if pos < len(text) else ""
        hint = _char_hint(text, pos, ch, start)
        return ExprProblem(code, f"unexpected character {ch!r}", pos, pos + 1, hint)
    if not isinstance(e, UnexpectedToken):
        pos = e.pos_in_stream or 0
        return ExprProblem(code, "cannot read this", pos, pos + 1)
    tok = e.token
    at_end = tok.type == "$END"
    pos = len(text.rstrip()) if at_end else (tok.start_pos or 0)
    end = pos if at_end else (tok.end_pos or pos + 1)
    prev = _PREV.search(text[:pos])
    after = f" after {prev.group(1)!r}" if prev else ""
    wanted = _describe(set(e.accepts or e.expected), start)
    if at_end:
        message = f"incomplete: expected {wanted}{after}" if prev else f"empty: expected {wanted}"
        return ExprProblem(code, message, pos, end, _unclosed(text))
    word = str(tok)
    doubled = prev is not None and prev.group(1) == word
    hint = _DOUBLED_HINTS.get(word) if doubled or word == "=" else None
    if start in ("values", "packets") and word in ("/", "."):
        hint = _UNITS_HINT
    return ExprProblem(code, f"unexpected {word!r}{after}: expected {wanted}", pos, end, hint)


def _describe(expected: set[str], start: str) -> str:
    words: list[str] = []
    table = _WORDS.get(start)
    if table is None:  # an expression: talk about values and operators, not tokens
        if expected & _VALUE_TERMS:
            words.append("a value")
        if expected & _OPERATOR_TERMS or any(t.startswith("__ANON") for t in expected):
            words.append("an operator")
        if "ELSE" in expected:
            words.append("'else'")
        words += [w for t, w in _CLOSERS.items() if t in expected]
        words += [f"'{w}'" for t, w in (("COMMA", ","), ("COLON", ":")) if t in expected]
    else:
        if {"INT", "NAME"} <= expected and "INT+NAME" in table:
            words.append(table["INT+NAME"])
            expected -= {"INT", "NAME"}
        for t in sorted(expected - {"$END"}):
            word = table[t] if t in table else _CLOSERS.get(t) or f"{_pattern(t)!r}"
            if word and word not in words:
                words.append(word)
    if "$END" in expected:
        words.append("the end")
    return _join(words) if words else "something else"


def _pattern(terminal: str) -> str:
    try:
        return str(parser().get_terminal(terminal).pattern.value)
    except KeyError:
        return terminal.lower()


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _unclosed(text: str) -> str | None:
    """Name the innermost bracket left open, for a message about a missing ')'."""
    stack: list[int] = []
    for i, ch in enumerate(text):
        if ch in "([{":
            stack.append(i)
        elif ch in ")]}" and stack and text[stack[-1]] == _OPENER[ch]:
            stack.pop()
    if not stack:
        return None
    i = stack[-1]
    return f"the {text[i]!r} at offset {i} is not closed"
