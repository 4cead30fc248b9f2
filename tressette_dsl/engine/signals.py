"""Signals (partnership signals, free talk): which may go with a card, and when true.

A signal's `truth` is evaluated on the hand *after* the card is played. With
`signaling.truthful` a false signal is refused unless the signal itself allows `bluff`.
With `signaling.combine` several signals may go with one card (each id once).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from tressette_dsl.engine import zone_view
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import evaluate
from tressette_dsl.engine.table import zone_sizes
from tressette_dsl.rules.model import NO_CONST, Expr, Ruleset, SignalSpec

Said = tuple[tuple[str, int | None], ...]


def unseen(rules: Ruleset, s: GameState, seat: int) -> int:
    """Cards `seat` has not seen: not in its hand, not played, not shown, not discarded by it."""
    seen = s.cards.hands[seat] | s.seen.discarded[seat]
    for mask in s.cards.played:
        seen |= mask
    for other, mask in enumerate(s.seen.public):
        if other != seat:
            seen |= mask
    for _seat, card in s.cards.trick:
        seen |= 1 << card
    # a zone counts as seen only while `seat` sees it: a shown monte that face-down
    # discards went into is hidden again (zone_view), or the truth would read them
    for index, cards in enumerate(s.cards.zones):
        if cards and zone_view.visible(rules, s, index, seat):
            for card in cards:
                seen |= 1 << card
    return rules.deck.full_mask & ~seen


def window_open(rules: Ruleset, s: GameState, seat: int) -> bool:
    window = rules.signaling.window
    if window is None:
        return True
    if window.const is not NO_CONST:
        return bool(window.const)
    env = {
        "trick_no": s.play.trick_no,
        "seat": seat,
        "leader": s.play.leader,
        "on_lead": not s.cards.trick and s.play.leader == seat,
        **zone_sizes(s),
        "deal_no": s.match.deal_no,
    }
    return bool(evaluate(window, env))


def truth_env(rules: Ruleset, s: GameState, seat: int) -> dict[str, Any]:
    led = rules.deck.card_suit[s.cards.trick[0][1]] if s.cards.trick else -1
    needs_unseen = _tables(rules).needs_unseen
    return {
        "hand": s.cards.hands[seat],
        "card": -1,
        "led_suit": led,
        "unseen": unseen(rules, s, seat) if needs_unseen else 0,
        "trick_no": s.play.trick_no,
        "seat": seat,
        "value": 0,
        **zone_sizes(s),
    }


def checked_truth(rules: Ruleset, sig: SignalSpec) -> Expr | None:
    """The condition a signal must meet, or None when it may always be given (no truth,
    `bluff`, or `signaling.truthful: false`)."""
    if sig.truth is None or sig.bluff or not rules.signaling.truthful:
        return None
    return sig.truth


def holds(rules: Ruleset, sig: SignalSpec, env: dict[str, Any], value: int | None) -> bool:
    """May the signal be given here: true, or falsity allowed."""
    truth = checked_truth(rules, sig)
    return truth is None or _true(truth, env, value)


def _true(truth: Expr, env: dict[str, Any], value: int | None) -> bool:
    env["value"] = 0 if value is None else value
    return bool(evaluate(truth, env))


Candidate = tuple[str, int | None, Expr | None]


@dataclass(frozen=True, slots=True)
class _Tables:
    """What the signals of one ruleset are, worked out once: asked on every card."""

    by_at: dict[str, tuple[Candidate, ...]]
    needs_unseen: bool


# id(rules) -> (rules, tables): the ruleset is kept alive with its entry, so an id is never
# reused while its entry exists. A process plays a handful of rulesets.
_TABLES: dict[int, tuple[Ruleset, _Tables]] = {}


_LAST: tuple[Ruleset | None, _Tables | None] = (None, None)  # the ruleset asked last


def _tables(rules: Ruleset) -> _Tables:
    global _LAST  # noqa: PLW0603 - a one-entry cache in front of `_TABLES`
    last = _LAST
    if last[0] is rules and last[1] is not None:
        return last[1]
    entry = _TABLES.get(id(rules))
    if entry is not None and entry[0] is rules:
        _LAST = (rules, entry[1])
        return entry[1]
    by_at: dict[str, list[Candidate]] = {}
    for sig in rules.signals:
        for value in sig.values or (None,):
            by_at.setdefault(sig.at, []).append((sig.id, value, checked_truth(rules, sig)))
    tables = _Tables(
        {at: tuple(items) for at, items in by_at.items()},
        any(sig.truth is not None and "unseen" in sig.truth.names for sig in rules.signals),
    )
    _TABLES[id(rules)] = (rules, tables)
    _LAST = (rules, tables)
    return tables


def _candidates(rules: Ruleset, at: str) -> tuple[Candidate, ...]:
    """(id, value, condition to check) of every signal made `at`, in the listed order."""
    return _tables(rules).by_at.get(at, ())


def with_cards(rules: Ruleset, s: GameState, seat: int, cards: list[int]) -> list[list[Said]]:
    """Per card of `cards` (that `seat` may play now): the signal sets that may accompany it,
    not counting 'no signal'. The env is built once and each card changes only its part."""
    at = "follow" if s.cards.trick else "lead"
    candidates = _candidates(rules, at)
    if not candidates:
        return [[] for _card in cards]
    env = truth_env(rules, s, seat)
    hand, suit_of = s.cards.hands[seat], rules.deck.card_suit
    out = []
    for card in cards:
        env["hand"] = hand & ~(1 << card)
        env["card"] = card
        if at == "lead":
            env["led_suit"] = suit_of[card]
        singles = []
        for sig, value, truth in candidates:
            if truth is not None:
                env["value"] = 0 if value is None else value
                if not evaluate(truth, env):
                    continue
            singles.append((sig, value))
        out.append(_sets(rules, singles))
    return out


def _sets(rules: Ruleset, singles: list[tuple[str, int | None]]) -> list[Said]:
    if not rules.signaling.combine:
        return [(one,) for one in singles]
    out: list[Said] = []
    for size in range(1, len(singles) + 1):
        for combo in combinations(singles, size):
            if len({sig for sig, _ in combo}) == size:
                out.append(combo)
    return out


def any_time(
    rules: Ruleset, s: GameState, seat: int, *, check_truth: bool = True
) -> list[tuple[str, int | None]]:
    """Free announcements `seat` may make now (once per trick per id); with
    `check_truth=False`, also those refused only because they would be false."""
    candidates = _candidates(rules, "any_time")
    if not candidates or not window_open(rules, s, seat):
        return []
    made = {r.signal for r in s.play.signals if r.seat == seat and r.trick_no == s.play.trick_no}
    env = truth_env(rules, s, seat)
    return [
        (sig, value)
        for sig, value, truth in candidates
        if sig not in made and (truth is None or not check_truth or _true(truth, env, value))
    ]
