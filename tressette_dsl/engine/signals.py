"""Signals (partnership signals, free talk): which may go with a card, and when true.

A signal's `truth` is evaluated on the hand *after* the card is played. With
`signaling.truthful` a false signal is refused unless the signal itself allows `bluff`.
With `signaling.combine` several signals may go with one card (each id once).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from tressette_dsl.engine import zone_view
from tressette_dsl.engine.actions import Play
from tressette_dsl.engine.phases.common import play_with, plays_for
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

# (env, hand before the card, cards) -> per card, a bit per candidate whose truth holds
Truths = Callable[[dict[str, Any], int, list[int]], list[int]]


@dataclass(frozen=True, slots=True)
class _Tables:
    """What the signals of one ruleset are, worked out once: asked on every card."""

    by_at: dict[str, tuple[Candidate, ...]]
    needs_unseen: bool
    # per moment (lead, follow): the candidates' truths as one generated function, None
    # when an expression is one the generator does not translate (then: the closures)
    truths: dict[str, Truths | None]
    # per moment, card and truth bits: the plays offered with that card (`card_offers`)
    offers: dict[str, dict[int, tuple[Play, ...]]]
    # per moment: whether the generated truths read a name of the env (`truth_env`)
    # beyond the hand, the card, the value and (on a lead) the suit led, which they are
    # given directly; when none does, no env is built
    reads_env: dict[str, bool]


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
    candidates = {at: tuple(items) for at, items in by_at.items()}
    tables = _Tables(
        candidates,
        any(sig.truth is not None and "unseen" in sig.truth.names for sig in rules.signals),
        {at: _generated(rules, at, candidates.get(at, ())) for at in ("lead", "follow")},
        {"lead": {}, "follow": {}},
        {  # a follow's truths read the suit led from the env
            "lead": any(
                t is not None and not t.names <= _GIVEN for *_x, t in candidates.get("lead", ())
            ),
            "follow": True,
        },
    )
    _TABLES[id(rules)] = (rules, tables)
    _LAST = (rules, tables)
    return tables


# The names the generated truths get as their own variables, not from the env.
_GIVEN = frozenset({"hand", "card", "led_suit", "value"})
_NO_ENV: dict[str, Any] = {}  # what the truths get when they read nothing of the env


def _generated(rules: Ruleset, at: str, candidates: tuple[Candidate, ...]) -> Truths | None:
    """The truths of the signals made `at` as one Python function, generated from the same
    parse trees by the compiled kernel's expression writer (`compiled.exprgen`: one
    expression per truth instead of a closure tree; the same semantics, and an expression
    it does not translate leaves this None, so the closures decide). Per card it tests each
    candidate on the hand after the card, as `with_cards` does."""
    if not candidates or all(truth is None for _sig, _value, truth in candidates):
        return None
    from tressette_dsl.compiled.exprgen import Emitter, Uncovered  # noqa: PLC0415
    from tressette_dsl.rules import scopes  # noqa: PLC0415

    em = Emitter(rules.ctx)
    lines = [
        "def truths(env, hand, cards):",
        "    out = []",
        *(["    ls = env['led_suit']"] if at == "follow" else []),
        "    for c in cards:",
        "        h = hand & ~(1 << c)",
        *(["        ls = CARD_SUIT[c]"] if at == "lead" else []),
        "        b = 0",
    ]
    for i, (_sig, value, truth) in enumerate(candidates):
        if truth is None:
            lines.append(f"        b |= {1 << i}")
            continue
        names = {"hand": "h", "card": "c", "led_suit": "ls", "value": repr(value or 0)}
        for name in truth.names - names.keys():
            names[name] = f"env[{name!r}]"
        try:
            src = em.emit(truth.text, "condition", scopes.SIGNAL_TRUTH, names)
        except Uncovered:
            return None
        lines.append(f"        if {src}:")
        lines.append(f"            b |= {1 << i}")
    lines += ["        out.append(b)", "    return out"]
    namespace: dict[str, Any] = {
        **em.table_symbols(),
        **em.symbols,
        "CARD_SUIT": tuple(rules.deck.card_suit),
    }
    # our own source: the only ruleset text in it is what `Emitter` wrote as literals
    exec(compile("\n".join(lines), f"<signal truths {rules.id} {at}>", "exec"), namespace)
    fn: Truths = namespace["truths"]
    return fn


def by_hand_at_lead(rules: Ruleset) -> bool:
    """Whether the plays of a lead are a function of the hand alone: signals are made with
    the lead, none at any time, and their generated truths read nothing of the env (the
    window aside, which the caller tests)."""
    tables = _tables(rules)
    return (
        "any_time" not in tables.by_at
        and tables.truths.get("lead") is not None
        and not tables.reads_env["lead"]
    )


def offered_now(rules: Ruleset, at: str) -> bool:
    """Whether any signal may be made with a card `at` (lead, follow) or at any time."""
    by_at = _tables(rules).by_at
    return at in by_at or "any_time" in by_at


def candidates_at(rules: Ruleset, at: str) -> tuple[Candidate, ...]:
    """(id, value, condition to check) of every signal made `at`, in the listed order."""
    return _tables(rules).by_at.get(at, ())


def with_cards(rules: Ruleset, s: GameState, seat: int, cards: list[int]) -> list[list[Said]]:
    """Per card of `cards` (that `seat` may play now): the signal sets that may accompany it,
    not counting 'no signal'. The env is built once and each card changes only its part."""
    at = "follow" if s.cards.trick else "lead"
    candidates = candidates_at(rules, at)
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


def card_offers(
    rules: Ruleset, s: GameState, seat: int, cards: list[int]
) -> list[tuple[Play, ...]] | None:
    """Per card of `cards`: the card alone, then the card with each signal set that may go
    with it (what `with_cards` lists, as shared `Play` records), from the generated truths;
    None when there are none for this moment (or they failed: the closures then raise the
    located error), and the caller asks `with_cards`."""
    at = "follow" if s.cards.trick else "lead"
    tables = _tables(rules)
    truths = tables.truths.get(at)
    if truths is None:
        return None
    env = truth_env(rules, s, seat) if tables.reads_env[at] else _NO_ENV
    try:
        bits = truths(env, s.cards.hands[seat], cards)
    except Exception:
        return None
    offers = tables.offers[at]
    shift = len(tables.by_at[at])
    out = []
    for card, b in zip(cards, bits, strict=True):
        key = card << shift | b
        offer = offers.get(key)
        if offer is None:
            candidates = tables.by_at[at]
            singles = [(sig, v) for i, (sig, v, _t) in enumerate(candidates) if b >> i & 1]
            text = rules.deck.card_text[card]
            bare = plays_for(rules.deck.card_text)[card]
            offer = offers[key] = (bare, *[play_with(text, one) for one in _sets(rules, singles)])
        out.append(offer)
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
    candidates = candidates_at(rules, "any_time")
    if not candidates or not window_open(rules, s, seat):
        return []
    made = {r.signal for r in s.play.signals if r.seat == seat and r.trick_no == s.play.trick_no}
    env = truth_env(rules, s, seat)
    return [
        (sig, value)
        for sig, value, truth in candidates
        if sig not in made and (truth is None or not check_truth or _true(truth, env, value))
    ]
