"""The numbered moves a human is offered at the terminal, built from the legal actions.

The engine lists one action per card *and* signal (a lead in tressette: 29 actions) and a
claim among them; a person wants the cards of their hand, in the order the hand is shown,
and a claim kept apart, where no mistyped number can make it. So the menu numbers each
distinct move once (a card play without its signals), sorted as the hand is, and keeps the
claim out; the signals that may go with a chosen card are offered afterwards, as a second,
optional choice (`signal_variants`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tressette_dsl.cli import render
from tressette_dsl.engine.actions import Claim, Play
from tressette_dsl.rules.model import Ruleset


@dataclass(frozen=True, slots=True)
class Menu:
    """`items` are numbered from 1; `claim` is offered by name only (with a confirmation)."""

    items: tuple[Any, ...]
    claim: Any | None
    legal: tuple[Any, ...]

    def signal_variants(self, action: Any) -> list[Any]:
        """The legal plays of the same card as `action`, the bare play (no signal) first;
        one element when there is no signal to choose."""
        if not isinstance(action, Play):
            return [action]
        same = [a for a in self.legal if isinstance(a, Play) and a.card == action.card]
        return sorted(same, key=lambda a: len(a.signals)) or [action]


def _card_of(action: Any) -> str | None:
    card = getattr(action, "card", None)
    return card if isinstance(card, str) else None


def build(rules: Ruleset, legal: Sequence[Any]) -> Menu:
    """The menu for `legal`: moves grouped by verb in the engine's order, the cards of each
    group in hand order, one item per card play, the claim apart."""
    claim = next((a for a in legal if isinstance(a, Claim)), None)
    groups: dict[str, list[Any]] = {}
    seen_plays: set[str] = set()
    for action in legal:
        if isinstance(action, Claim):
            continue
        if isinstance(action, Play):
            if action.card in seen_plays:
                continue
            seen_plays.add(action.card)
            variants = [a for a in legal if isinstance(a, Play) and a.card == action.card]
            item = min(variants, key=lambda a: len(a.signals))
        else:
            item = action
        groups.setdefault(str(item).split()[0], []).append(item)
    items: list[Any] = []
    for actions in groups.values():
        if all(_card_of(a) is not None for a in actions):
            items.extend(sorted(actions, key=lambda a: render.sort_key(rules, _card_of(a) or "")))
        else:
            items.extend(actions)
    return Menu(tuple(items), claim, tuple(legal))
