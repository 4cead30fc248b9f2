"""What every expectation check shares: the `Check` signature, `Located` problems, the
wording of ``expected X, got Y`` messages and the seats a side name stands for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tressette_dsl.scenarios import codes
from tressette_dsl.scenarios.game import Game
from tressette_dsl.scenarios.model import Path
from tressette_dsl.scenarios.names import (
    NameProblem,
)

SEAT_FIELDS = ("seat", "winner", "leader", "to", "source", "declarer", "partner", "dealer")


@dataclass(frozen=True, slots=True)
class Located:
    """A problem with one part of an expectation's value: ``at`` is its path below the
    expectation (``("East", "not_sees", 1)``); ``code`` replaces the check's own code."""

    message: str
    at: Path = ()
    code: str | None = None


Check = Callable[[Game, Any], str | list[Located] | None]


def expected(what: str, want: Any, got: Any) -> str:
    return f"expected {what} {want}, got {got}"


def as_list(value: Any) -> list[Any]:
    if isinstance(value, str):
        return [value]
    return list(value) if isinstance(value, list | tuple) else [value]


def mapping(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise NameProblem(codes.BAD_VALUE, f"{what} must be a mapping (name: value)")
    return value


def show(items: set[str]) -> str:
    return "[" + ", ".join(sorted(items)) + "]" if items else "nothing"


def set_diff(what: str, want: set[str], got: set[str]) -> str:
    return f"expected {what} {show(want)}, got {show(got)}" + diff_tail(want, got)


def diff_tail(want: set[str], got: set[str]) -> str:
    parts = [""]
    if want - got:
        parts.append(f"missing {show(want - got)}")
    if got - want:
        parts.append(f"unexpected {show(got - want)}")
    return "; ".join(parts) if len(parts) > 1 else ""


def seats_of(game: Game, name: Any) -> set[int]:
    """The seats a name stands for: a team, ``declarer`` (with a partner), ``defenders``,
    ``all`` (every seat), or one seat."""
    rules = game.rules
    word = str(name).lower()
    if word == "all":
        return set(range(rules.players.count))
    for i, team in enumerate(rules.sides.names):
        if rules.sides.mode == "teams" and word == team.lower():
            return set(rules.sides.seats[i])
    if word in ("declarer", "defenders"):
        record = game.last_deal() if game.deal_over() or game.is_over() else None
        source = record if record is not None else game.state
        if source.declarer is not None:
            attack = {source.declarer} | ({source.partner} if source.partner is not None else set())
            return attack if word == "declarer" else set(range(rules.players.count)) - attack
    return {game.seat(name)}
