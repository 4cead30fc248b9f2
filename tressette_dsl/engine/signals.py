"""Signals (partnership signals, free talk): which may go with a card, and when true.

A signal's `truth` is evaluated on the hand *after* the card is played. With
`signaling.truthful` a false signal is refused unless the signal itself allows `bluff`.
With `signaling.combine` several signals may go with one card (each id once).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import evaluate
from tressette_dsl.rules.model import NO_CONST, Ruleset, SignalSpec

Said = tuple[tuple[str, int | None], ...]


def unseen(rules: Ruleset, s: GameState, seat: int) -> int:
    """Cards `seat` has not seen: not in its hand, not played, not shown, not discarded by it."""
    seen = s.hands[seat] | s.discarded[seat]
    for mask in s.played:
        seen |= mask
    for other, mask in enumerate(s.public):
        if other != seat:
            seen |= mask
    for _seat, card in s.trick:
        seen |= 1 << card
    if s.monte_shown:
        for card in s.monte:
            seen |= 1 << card
    return rules.deck.full_mask & ~seen


def window_open(rules: Ruleset, s: GameState, seat: int) -> bool:
    window = rules.signaling.window
    if window is None:
        return True
    if window.const is not NO_CONST:
        return bool(window.const)
    env = {"trick_no": s.trick_no, "seat": seat, "leader": s.leader,
           "on_lead": not s.trick and s.leader == seat, "stock_size": len(s.stock),
           "deal_no": s.deal_no}
    return bool(evaluate(window, env))


def truth_env(rules: Ruleset, s: GameState, seat: int) -> dict[str, Any]:
    led = rules.deck.card_suit[s.trick[0][1]] if s.trick else -1
    needs_unseen = any(sig.truth is not None and "unseen" in sig.truth.names
                       for sig in rules.signals)
    return {"hand": s.hands[seat], "card": -1, "led_suit": led,
            "unseen": unseen(rules, s, seat) if needs_unseen else 0,
            "trick_no": s.trick_no, "seat": seat, "value": 0, "stock_size": len(s.stock)}


def holds(rules: Ruleset, sig: SignalSpec, env: dict[str, Any], value: int | None) -> bool:
    """May the signal be given here: true, or falsity allowed."""
    if sig.truth is None or sig.bluff or not rules.signaling.truthful:
        return True
    env["value"] = 0 if value is None else value
    return bool(evaluate(sig.truth, env))


def with_card(rules: Ruleset, s: GameState, seat: int, card: int, *, base: dict[str, Any],
              at: str) -> list[Said]:
    """The signal sets that may accompany playing `card` (not counting 'no signal')."""
    specs = [sig for sig in rules.signals if sig.at == at]
    if not specs:
        return []
    env = dict(base)
    env["hand"] = s.hands[seat] & ~(1 << card)
    env["card"] = card
    if at == "lead":
        env["led_suit"] = rules.deck.card_suit[card]
    singles = [(sig.id, value) for sig in specs for value in (sig.values or (None,))
               if holds(rules, sig, env, value)]
    if not rules.signaling.combine:
        return [((one,)) for one in singles]
    out: list[Said] = []
    for size in range(1, len(singles) + 1):
        for combo in combinations(singles, size):
            if len({sig for sig, _ in combo}) == size:
                out.append(combo)
    return out


def any_time(rules: Ruleset, s: GameState, seat: int) -> list[tuple[str, int | None]]:
    """Free announcements `seat` may make now (once per trick per id)."""
    specs = [sig for sig in rules.signals if sig.at == "any_time"]
    if not specs or not window_open(rules, s, seat):
        return []
    made = {r.signal for r in s.signals if r.seat == seat and r.trick_no == s.trick_no}
    env = truth_env(rules, s, seat)
    return [(sig.id, value) for sig in specs if sig.id not in made
            for value in (sig.values or (None,)) if holds(rules, sig, env, value)]
