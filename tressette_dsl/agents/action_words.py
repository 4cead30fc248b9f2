"""The words of an action's text that the rule-based bots decide by, without the text.

The bots sort the legal actions by their first word (`play`, `declare`, `bid`...) and
read a card action's card; that was `str(action).split()` on every legal action of every
decision. An engine action's first word is its class's (`engine.actions.VERBS`: each
`__str__` begins with a fixed word) and a card play keeps its card as text, so both are
read from the record; any other object is read from its text as before. Same words, so
the same decisions.
"""

from __future__ import annotations

from collections.abc import Sequence

from tressette_dsl.engine.actions import VERBS, Action, Play

__all__ = ["VERBS", "by_verb", "card_of", "plain_plays", "verb"]


def verb(action: Action) -> str:
    """The first word of `str(action)`."""
    found = VERBS.get(type(action))
    return found if found is not None else str(action).split(" ", 1)[0]


def card_of(action: Action) -> str:
    """The second word of `str(action)`: the card of a card action."""
    if type(action) is Play:
        return action.card
    return str(action).split()[1]


def by_verb(legal: Sequence[Action]) -> dict[str, list[Action]]:
    """The actions grouped by their first word, each group in the order of `legal`
    (`verb` inline: a lead offers some thirty actions)."""
    out: dict[str, list[Action]] = {}
    known = VERBS.get
    for action in legal:
        word = known(type(action))
        if word is None:
            word = str(action).split(" ", 1)[0]
        found = out.get(word)
        if found is None:
            out[word] = [action]
        else:
            found.append(action)
    return out


def plain_plays(plays: Sequence[Action]) -> dict[str, Action]:
    """Per card, in the order first met: its play without signals (a text of two words)
    if listed, else its first play."""
    plain: dict[str, Action] = {}
    for action in plays:
        if type(action) is Play:  # (`card_of` and `_bare` inline: the common case)
            card = action.card
            if card not in plain or not action.signals or _bare_play(action):
                plain[card] = action
            continue
        card = card_of(action)
        if card not in plain or _bare(action):
            plain[card] = action
    return plain


def _bare(action: Action) -> bool:
    if type(action) is Play:
        return not action.signals or _bare_play(action)
    return len(str(action).split()) == 2


def _bare_play(play: Play) -> bool:
    """Is the text of `play`, which has signals, two words? Only if every signal's word is
    blank (a value always shows) and the card is one word: `str` and `split` without
    building the text (each lead offers a play per card and signal)."""
    for signal, value in play.signals:
        if value is not None or signal.split():
            return False
    return len(play.card.split()) == 1
