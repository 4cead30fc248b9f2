"""Legal actions remembered per state, and `check` as a membership test on small ints.

A `GameState` is immutable, so the actions legal in it never change: `legal_actions`
keeps its answer on the state itself (a private entry of the state's instance dict,
never a field: equality, hashing, `repr`, `to_dict` and pickling do not see it) and a
second call for the same state - a bot, then `observe`, then `apply` - reads it back.
The entry dies with its state, so the cache cannot grow. It holds the identity of the
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

An entry is a plain tuple (built in one C call: the loop makes one per decision):
`(rules, cursor, cards, play, match, local, seen, contract, actions, mask)`, `mask`
None until first needed. `game.legal_actions` and `game.apply` read it through `cached`
and `offered`.
"""

from __future__ import annotations

from typing import Any, Final

from tressette_dsl.engine.actions import Action
from tressette_dsl.engine.state import _LEGAL_ENTRY, GameState
from tressette_dsl.rules.model import Ruleset

KEY: Final = _LEGAL_ENTRY  # the entry's key in the state's instance dict (not pickled)
ACTIONS: Final = 8  # the index of the legal tuple in an entry
MASK: Final = 9  # the index of the codes' bitmask (None until first needed)

Entry = tuple[Any, ...]

# Every action listed so far -> its code. Bounded: past `_MAX_CODES` distinct actions
# (no bundled ruleset comes near: cards x signal sets, bids, declarations) a new action
# gets no code and is then checked the long way - never a wrong answer.
_CODES: dict[Action, int] = {}
_MAX_CODES: Final = 4096


def live(rules: Ruleset, state: GameState) -> Entry | None:
    """The entry kept on `state` if it was worked out for `rules` and exactly these parts
    of `state`; else None (also when `state` is no state at all: the argument checks then
    say what it is). One call, the identity tests written out: it runs once a decision."""
    try:
        entry: Entry | None = state.__dict__.get(KEY)
    except AttributeError:  # None, a string...: nothing remembered
        return None
    if (
        entry is not None
        and entry[0] is rules
        and entry[1] is state.cursor
        and entry[2] is state.cards
        and entry[3] is state.play
        and entry[4] is state.match
        and entry[5] is state.local
        and entry[6] is state.seen
        and entry[7] is state.contract_part
    ):
        return entry
    return None


def cached(rules: Ruleset, state: GameState) -> tuple[Action, ...] | None:
    """The legal list remembered on `state` for `rules`, or None."""
    entry = live(rules, state)
    if entry is None:
        return None
    actions: tuple[Action, ...] = entry[ACTIONS]
    return actions


def remember(rules: Ruleset, state: GameState, actions: tuple[Action, ...]) -> None:
    """Keep `actions` as the legal list of `state` under `rules`."""
    state.__dict__[KEY] = (
        rules,
        state.cursor,
        state.cards,
        state.play,
        state.match,
        state.local,
        state.seen,
        state.contract_part,
        actions,
        None,
    )


def offered(rules: Ruleset, state: GameState, action: Action) -> bool:
    """`action` is in the legal list remembered on `state` for `rules` - the very object
    or an equal one - so it needs no check; False when none is remembered or it is not
    in it."""
    entry = live(rules, state)
    if entry is None:
        return False
    for listed in entry[ACTIONS]:  # a plain loop: cheaper than any(genexpr)
        if listed is action:
            return True
    return equal_listed(state, entry, action)


def equal_listed(state: GameState, entry: Entry, action: Action) -> bool:
    """`action` equals an action of `entry` (kept on `state`): one bit test on its code;
    the bitmask is built on the first question and kept in the entry."""
    mask = entry[MASK]
    if mask is None:
        mask = codes_mask(entry[ACTIONS])
        state.__dict__[KEY] = (*entry[:MASK], mask)
    try:
        found = _CODES.get(action)
    except TypeError:  # not hashable: no action of ours; the full check says so
        return False
    return found is not None and bool(mask >> found & 1)


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
