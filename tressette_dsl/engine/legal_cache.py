"""Legal actions remembered per state, and `check` as a membership test on small ints.

A `GameState` is immutable, so the actions legal in it never change: `legal_actions`
keeps its answer on the state itself (a private entry of the state's instance dict,
never a field: equality, hashing, `repr`, `to_dict` and pickling do not see it) and a
second call for the same state - a bot, then `observe`, then `apply` - reads it back.
The entry dies with its state, so the cache cannot grow; it holds the identity of the
ruleset and of every part it was worked out from, and a state whose instance dict was
copied into another (the engine's copies do that, then replace a part or two) fails
that test and works its list out afresh: a stale list is never returned.

`apply` then accepts without any further check an action that is one of the listed
objects (by identity), or equal to one of them: each action listed gets a small int
(`code`, assigned once per distinct action for the life of the process) and the entry
keeps the codes of its list as one int bitmask, built on the first such question, so
that `Play('3D')` parsed from text, decoded from a log or sent by the browser is one dict
lookup and one bit test instead of the phase's full check. An action that is in no list
falls back to that check, which says why it is refused.
"""

from __future__ import annotations

from typing import Final

from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.state import _LEGAL_ENTRY, GameState
from tressette_dsl.rules.model import Ruleset

KEY: Final = _LEGAL_ENTRY  # the entry's key in the state's instance dict (not pickled)

# Every action listed so far -> its code. Bounded: past `_MAX_CODES` distinct actions
# (no bundled ruleset comes near: cards x signal sets, bids, declarations) a new action
# gets no code and is then checked the long way - never a wrong answer.
_CODES: dict[Action, int] = {}
_MAX_CODES: Final = 4096


class Entry:
    """One state's legal list, the ruleset and parts it was worked out from, and (built on
    first use) the bitmask of its actions' codes."""

    __slots__ = (
        "actions",
        "cards",
        "contract",
        "cursor",
        "local",
        "mask",
        "match",
        "play",
        "rules",
        "seen",
    )

    def __init__(self, rules: Ruleset, state: GameState, actions: tuple[Action, ...]) -> None:
        self.rules = rules
        self.cursor = state.cursor
        self.cards = state.cards
        self.seen = state.seen
        self.play = state.play
        self.contract = state.contract_part
        self.match = state.match
        self.local = state.local
        self.actions = actions
        self.mask: int | None = None

    def holds(self, rules: Ruleset, state: GameState) -> bool:
        """This entry was worked out for `rules` and exactly these parts of `state`."""
        return (
            self.rules is rules
            and self.cursor is state.cursor
            and self.cards is state.cards
            and self.play is state.play
            and self.match is state.match
            and self.local is state.local
            and self.seen is state.seen
            and self.contract is state.contract_part
        )

    def contains(self, action: Action) -> bool:
        """`action` is one of the listed actions: the very object, or an equal one."""
        for listed in self.actions:  # a plain loop: cheaper than any(genexpr)
            if listed is action:
                return True
        mask = self.mask
        if mask is None:
            mask = self.mask = codes_mask(self.actions)
        try:
            code = _CODES.get(action)
        except TypeError:  # not hashable: no action of ours; the full check says so
            return False
        return code is not None and bool(mask >> code & 1)


def code(action: Action) -> int | None:
    """The action's small int (assigned on first sight), None once the table is full."""
    found = _CODES.get(action)
    if found is None and len(_CODES) < _MAX_CODES:
        found = _CODES[action] = len(_CODES)
    return found


def codes_mask(actions: tuple[Action, ...]) -> int:
    """The bitmask of the codes of `actions` (an action without a code is left out)."""
    mask = 0
    for action in actions:
        found = code(action)
        if found is not None:
            mask |= 1 << found
    return mask


def cached(rules: Ruleset, state: GameState) -> tuple[Action, ...] | None:
    """The legal list remembered on `state` for `rules`, or None (also for an argument
    that is no state at all: the argument checks then say what it is)."""
    entry = _entry(state)
    if entry is not None and entry.holds(rules, state):
        return entry.actions
    return None


def _entry(state: GameState) -> Entry | None:
    try:
        entry: Entry | None = state.__dict__.get(KEY)
    except AttributeError:  # not a GameState (None, a string...): nothing remembered
        return None
    return entry


def remember(rules: Ruleset, state: GameState, actions: tuple[Action, ...]) -> None:
    """Keep `actions` as the legal list of `state` under `rules`."""
    state.__dict__[KEY] = Entry(rules, state, actions)


def offered(rules: Ruleset, state: GameState, action: Action) -> bool:
    """`action` is in the legal list remembered on `state` for `rules` (so it needs no
    check); False when none is remembered or it is not in it."""
    entry = _entry(state)
    return entry is not None and entry.holds(rules, state) and entry.contains(action)
