"""``help`` at the terminal table: how to type moves, and the signals, contracts and claim
of the ruleset in play, read from the ruleset model (never from its name)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tressette_dsl.cli import render, suit_input
from tressette_dsl.rules.model import Ruleset

SIGNAL_AT = {
    "lead": "when you lead: choose the card, then the signal",
    "follow": "when you follow: choose the card, then the signal",
    "any_time": "at your turn, without using it up: type 'signal' and its name",
}


def help_lines(rules: Ruleset, items: Sequence[Any]) -> list[str]:
    deck = rules.deck
    example = render.action_text(rules, str(items[0])) if items else "pass"
    first_card = deck.card_text[deck.cards[0]]
    lines = [
        f"Type a move's number, or its text (e.g. '{example}'); a bare card such as "
        f"'{first_card}' is short for playing, calling, giving... it.",
    ]
    letters = suit_input.legend(rules)
    if letters:
        names = ", ".join(
            f"{sid}={sym} {name}"
            for sid, sym, name in zip(deck.suits, deck.suit_symbols, deck.suit_names, strict=True)
        )
        lines.append(f"Cards are rank then suit: {names}. The symbols work too.")
        for letter, ours, french in suit_input.french_clashes(rules):
            lines.append(
                f"Careful: {letter} is {render.suit(rules, ours)} here, but clubs "
                f"({render.suit(rules, french)}) in French cards: the table asks which you "
                f"mean the first time, then remembers."
            )
    lines.append("Several discards at once: 'discard' and the cards, e.g. 'discard 4D 5D 6D 7D'.")
    lines.append(
        "Commands: 'hand' shows the table again, 'history' the tricks of this deal, "
        "'quit' ends the game."
    )
    lines += _signals(rules) + _contracts(rules) + _claim(rules)
    return lines


def _signals(rules: Ruleset) -> list[str]:
    if not rules.signals:
        return []
    out = ["Signals of this ruleset:"]
    for sig in rules.signals:
        values = f" N (N = {', '.join(map(str, sig.values))})" if sig.values else ""
        bluff = " It may be a bluff." if sig.bluff else ""
        at = SIGNAL_AT.get(sig.at, sig.at)
        out.append(f"  {sig.id}{values}: {sig.means} ({at}).{bluff}")
    if rules.signaling.truthful:
        out.append("  A signal must be true: a false one is refused.")
    return out


def _contracts(rules: Ruleset) -> list[str]:
    if not rules.contracts:
        return []
    out = ["Contracts of this ruleset (what a bid undertakes, and its value):"]
    for c in rules.contracts.values():
        alone = f", {c.alone_value} when played alone" if c.alone_value is not None else ""
        target = f"; needs {c.target} points" if c.target is not None else ""
        out.append(f"  {c.id}: worth {c.value}{alone}{target}")
    return out


def _claim(rules: Ruleset) -> list[str]:
    c = rules.claims
    if c is None:
        return []
    whose = "the other side's" if c.about == "opponents" else "your side's"
    return [
        f"'claim' ends the match at once: it is right when {whose} total ({c.total.text}) "
        f"reaches {c.target.text}; a wrong claim loses the match. The table asks you to "
        "confirm it, and it is never one of the numbered moves."
    ]
