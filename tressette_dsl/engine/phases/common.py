"""Helpers shared by phase kinds: refusals that cite their rule, turn bookkeeping."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Play
from tressette_dsl.engine.errors import NO_SPAN, NOT_ALLOWED_NOW, NOT_YOUR_TURN
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Expr, Rule, Ruleset


def refuse(code: str, message: str, rule: Expr | Rule | None = None) -> Diagnostic:
    """A TS5xx diagnostic; with a rule, the message cites it and the span points at it."""
    if rule is None:
        return Diagnostic(code, message, NO_SPAN)
    return Diagnostic(code, f"{message} ({rule.cite()})", rule.span)


def not_legal(
    rules: Ruleset,
    s: GameState,
    action: Action,
    legal: tuple[Action, ...],
    phase_id: str,
    *,
    rule: Expr | Rule | None = None,
) -> Diagnostic | None:
    """The generic check: None when `action` is among `legal`, else why not."""
    if action in legal:
        return None
    seat = rules.players.names[s.cursor.to_act] if s.cursor.to_act is not None else "nobody"
    shown = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
    return refuse(
        NOT_ALLOWED_NOW,
        f"'{action}' is not allowed now: phase {phase_id!r}, {seat} to act; allowed: {shown}",
        rule,
    )


def wrong_turn(s: GameState) -> Diagnostic:
    return refuse(NOT_YOUR_TURN, f"it is seat {s.cursor.to_act}'s turn")


def plays_for(card_text: tuple[str, ...]) -> tuple[Play, ...]:
    """One shared `Play` record per card, so legal move lists allocate nothing per card.

    Asked once per decision with the same deck's `card_text`: the last answer is kept by
    the tuple's identity (one comparison), before the cache that hashes all its texts."""
    last = _LAST_PLAYS
    if last[0] is card_text:
        known: tuple[Play, ...] = last[1]
        return known
    plays = _plays_for(card_text)
    _LAST_PLAYS[:] = (card_text, plays)
    return plays


_LAST_PLAYS: list[Any] = [None, ()]


@lru_cache(maxsize=64)
def _plays_for(card_text: tuple[str, ...]) -> tuple[Play, ...]:
    return tuple(Play(text) for text in card_text)


@lru_cache(maxsize=4096)
def play_with(card: str, said: tuple[tuple[str, int | None], ...]) -> Play:
    """A shared `Play` with signals: every lead offers the same few again, and a cache hit
    is a third of the cost of building the frozen record."""
    return Play(card, said)


def card_of(rules: Ruleset, text: str) -> int | None:
    return rules.deck.by_text.get(text)
