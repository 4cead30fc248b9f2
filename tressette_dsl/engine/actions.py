"""Actions: small frozen records with a text form that parses back.

`str(action)` is the text a player types (`play 3D`, `play 3D SIGNAL`, `declare ID ARG`,
`bid due 70`); `parse_text` turns such text back into the record. Cards are kept as their
text (`3D`) so that an action means the same thing in every tool and log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tressette_dsl.engine.codec import Plain, record


class _Action(Plain):
    __slots__ = ()


@record
@dataclass(frozen=True, slots=True)
class Play(_Action):
    card: str
    signals: tuple[tuple[str, int | None], ...] = ()

    def __str__(self) -> str:
        if not self.signals:  # most plays: `observe` writes each legal action's text
            return f"play {self.card}"
        words = [f"play {self.card}"]
        for sig, value in self.signals:
            words.append(sig if value is None else f"{sig} {value}")
        return " ".join(words)


@record
@dataclass(frozen=True, slots=True)
class Declare(_Action):
    decl: str
    arg: str

    def __str__(self) -> str:
        return f"declare {self.decl} {self.arg}"


@record
@dataclass(frozen=True, slots=True)
class Announce(_Action):
    def __str__(self) -> str:
        return "announce"


@record
@dataclass(frozen=True, slots=True)
class Signal(_Action):
    signal: str
    value: int | None = None

    def __str__(self) -> str:
        return f"signal {self.signal}" + ("" if self.value is None else f" {self.value}")


@record
@dataclass(frozen=True, slots=True)
class Claim(_Action):
    def __str__(self) -> str:
        return "claim"


@record
@dataclass(frozen=True, slots=True)
class Bid(_Action):
    bid: str
    points: int | None = None

    def __str__(self) -> str:
        return f"bid {self.bid}" + ("" if self.points is None else f" {self.points}")


@record
@dataclass(frozen=True, slots=True)
class Pass(_Action):
    def __str__(self) -> str:
        return "pass"


@record
@dataclass(frozen=True, slots=True)
class Choose(_Action):
    option: str

    def __str__(self) -> str:
        return f"choose {self.option}"


@record
@dataclass(frozen=True, slots=True)
class Keep(_Action):
    def __str__(self) -> str:
        return "keep"


@record
@dataclass(frozen=True, slots=True)
class Call(_Action):
    card: str

    def __str__(self) -> str:
        return f"call {self.card}"


@record
@dataclass(frozen=True, slots=True)
class Give(_Action):
    card: str

    def __str__(self) -> str:
        return f"give {self.card}"


@record
@dataclass(frozen=True, slots=True)
class Discard(_Action):
    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@record
@dataclass(frozen=True, slots=True)
class Take(_Action):
    card: str

    def __str__(self) -> str:
        return f"take {self.card}"


@record
@dataclass(frozen=True, slots=True)
class Done(_Action):
    def __str__(self) -> str:
        return "done"


@record
@dataclass(frozen=True, slots=True)
class Annul(_Action):
    def __str__(self) -> str:
        return "annul"


Action = (
    Play
    | Declare
    | Announce
    | Signal
    | Claim
    | Bid
    | Pass
    | Choose
    | Keep
    | Call
    | Give
    | Discard
    | Take
    | Done
    | Annul
)

# The first word of the text of each action class (every `__str__` above begins with it):
# the rule-based bots sort actions by it without writing their texts (agents/action_words.py)
VERBS: dict[type, str] = {
    Play: "play",
    Declare: "declare",
    Announce: "announce",
    Signal: "signal",
    Claim: "claim",
    Bid: "bid",
    Pass: "pass",
    Choose: "choose",
    Keep: "keep",
    Call: "call",
    Give: "give",
    Discard: "discard",
    Take: "take",
    Done: "done",
    Annul: "annul",
}

_NO_ARGS: dict[str, Action] = {
    "announce": Announce(),
    "claim": Claim(),
    "pass": Pass(),
    "keep": Keep(),
    "done": Done(),
    "annul": Annul(),
}
_CARD_ACTIONS: dict[str, type] = {"call": Call, "give": Give, "discard": Discard, "take": Take}

USAGE = (
    "play CARD [SIGNAL [VALUE]]..., declare ID ARG, announce, signal ID [VALUE], claim, "
    "bid ID [POINTS], pass, choose ID, keep, call CARD, give CARD, discard CARD, take CARD, "
    "done, annul"
)


class ActionSyntaxError(ValueError):
    """Text that is not an action; the message says what was expected."""


def _int(word: str, what: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise ActionSyntaxError(f"{what} must be a whole number, not {word!r}") from None


def parse_text(text: str, card: Any, signal_has_values: Any) -> Action:
    """Parse action text. `card(word) -> str` normalises or rejects a card text;
    `signal_has_values(id) -> bool` says whether a signal id takes a value."""
    words = text.split()
    if not words:
        raise ActionSyntaxError(f"empty action; expected one of: {USAGE}")
    verb, args = words[0].lower(), words[1:]
    if verb in _NO_ARGS:
        if args:
            raise ActionSyntaxError(f"'{verb}' takes no arguments, got {' '.join(args)!r}")
        return _NO_ARGS[verb]
    if verb in _CARD_ACTIONS:
        if len(args) != 1:
            raise ActionSyntaxError(f"'{verb}' takes one card, e.g. '{verb} 3D'")
        cls: Any = _CARD_ACTIONS[verb]
        action: Action = cls(card(args[0]))
        return action
    if verb == "play":
        return _parse_play(args, card, signal_has_values)
    if verb == "declare":
        if len(args) != 2:
            raise ActionSyntaxError(
                "'declare' takes a declaration id and what is declared, e.g. 'declare ID D'"
            )
        return Declare(args[0], args[1])
    if verb == "signal":
        if len(args) not in (1, 2):
            raise ActionSyntaxError("'signal' takes an id and an optional value")
        return Signal(args[0], _int(args[1], "a signal value") if len(args) == 2 else None)
    if verb == "bid":
        if len(args) not in (1, 2):
            raise ActionSyntaxError("'bid' takes a bid id and optional points, e.g. 'bid solo'")
        return Bid(args[0], _int(args[1], "bid points") if len(args) == 2 else None)
    if verb == "choose":
        if len(args) != 1:
            raise ActionSyntaxError("'choose' takes one option id")
        return Choose(args[0])
    raise ActionSyntaxError(f"unknown action {verb!r}; expected one of: {USAGE}")


def _parse_play(args: list[str], card: Any, signal_has_values: Any) -> Play:
    if not args:
        raise ActionSyntaxError("'play' needs a card, e.g. 'play 3D'")
    played = card(args[0])
    signals: list[tuple[str, int | None]] = []
    rest = args[1:]
    while rest:
        sig, rest = rest[0], rest[1:]
        value: int | None = None
        if signal_has_values(sig):
            if not rest:
                raise ActionSyntaxError(f"signal {sig!r} needs a value, e.g. 'play 3D {sig} 2'")
            value, rest = _int(rest[0], f"the value of {sig!r}"), rest[1:]
        signals.append((sig, value))
    return Play(played, tuple(signals))
