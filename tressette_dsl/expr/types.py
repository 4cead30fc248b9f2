"""The static types of the expression language.

Every expression slot is type-checked when a ruleset loads, so a slot that adds a card set
to a number fails with ``TS303`` before any game is played. Types are plain enum members
(``Type.CARDS``) so that scopes read like declarations; functions a caller provides are
described by `FuncType`.

Runtime representations (what an env holds and what compiled closures return):

===========  =========================================================================
``NUM``      ``int`` or ``fractions.Fraction`` (never ``float``)
``BOOL``     ``bool``
``CARD``     ``int`` card index (``-1`` means "no card", e.g. ``highest`` of nothing)
``CARDS``    ``int`` bit mask over card indices (bit ``i`` set = card ``i`` present)
``SUIT``     ``int`` suit index (``-1`` = no suit)
``SUITS``    ``int`` bit mask over suit indices
``RANK``     ``int`` rank index (``-1`` = no rank)
``RANKS``    ``int`` bit mask over rank indices
``SEAT``     ``int`` 0 .. players-1
``SEATS``    ``frozenset[int]``
``NUMS``     ``tuple`` of NUM (e.g. per-team scores)
``STR``      ``str`` (an id: contract, bid, declaration)
``STRS``     ``frozenset[str]``
===========  =========================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Type(Enum):
    NUM = "NUM"
    BOOL = "BOOL"
    CARD = "CARD"
    CARDS = "CARDS"
    SUIT = "SUIT"
    SUITS = "SUITS"
    RANK = "RANK"
    RANKS = "RANKS"
    SEAT = "SEAT"
    SEATS = "SEATS"
    NUMS = "NUMS"
    STR = "STR"
    STRS = "STRS"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class FuncType:
    """A function the caller puts in the env: ``FuncType((Type.SEAT,), Type.NUM)``.

    Calls are checked against `params` at compile time; the env value is any Python
    callable taking the runtime values positionally.
    """

    params: tuple[Type, ...]
    result: Type

    def __str__(self) -> str:
        return f"({', '.join(map(str, self.params))}) -> {self.result}"


#: The element type of each collection type, and back.
ELEMENT: dict[Type, Type] = {
    Type.CARDS: Type.CARD,
    Type.SUITS: Type.SUIT,
    Type.RANKS: Type.RANK,
    Type.SEATS: Type.SEAT,
    Type.NUMS: Type.NUM,
    Type.STRS: Type.STR,
}
COLLECTION: dict[Type, Type] = {v: k for k, v in ELEMENT.items()}

#: Collections stored as int bit masks (the others are frozensets or, for NUMS, tuples).
MASKS: frozenset[Type] = frozenset({Type.CARDS, Type.SUITS, Type.RANKS})

#: Collections that support ``|``, ``&`` and ``-`` (NUMS is a sequence, not a set).
SETS: frozenset[Type] = frozenset({Type.CARDS, Type.SUITS, Type.RANKS, Type.SEATS, Type.STRS})
