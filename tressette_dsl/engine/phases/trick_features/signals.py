"""Signals during play: with the card led or followed (`play 3D <signal>`), or at any time
(`signal <id>`), within `signaling.window`; checked for truth unless bluffing is allowed.
What may be said, and when it is true, is engine/signals.py; this is its place in play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine import signals
from tressette_dsl.engine.actions import Action, Play, Signal
from tressette_dsl.engine.errors import FALSE_SIGNAL, NOT_ALLOWED_NOW
from tressette_dsl.engine.events import Event, Signalled
from tressette_dsl.engine.maker import maker
from tressette_dsl.engine.phases.common import not_legal, play_with, plays_for, refuse
from tressette_dsl.engine.phases.trick_features.base import Changes, TrickFeature
from tressette_dsl.engine.state import GameState, SignalRecord
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset, SignalSpec

if TYPE_CHECKING:
    from tressette_dsl.engine.phases.tricks import TricksPhase


def plays(rules: Ruleset, s: GameState, seat: int, cards: list[int]) -> list[Action] | None:
    """Each card, then the same card with each set of signals that may go with it; then
    the any-time signals. None outside the window (the bare cards), and when no signal is
    made at this moment (a follow in rules whose signals go with the lead): the same list."""
    if not signals.offered_now(rules, "follow" if s.cards.trick else "lead"):
        return None
    if not signals.window_open(rules, s, seat):
        return None
    out: list[Action] = []
    offers = signals.card_offers(rules, s, seat, cards)
    if offers is not None:  # the generated truths: each card's plays, shared records
        for offer in offers:
            out += offer
    else:
        bare = plays_for(rules.deck.card_text)
        text = rules.deck.card_text
        for card, said in zip(cards, signals.with_cards(rules, s, seat, cards), strict=True):
            out.append(bare[card])
            for one in said:
                out.append(play_with(text[card], one))
    for sig, value in signals.any_time(rules, s, seat):
        out.append(Signal(sig, value))
    return out


def on_card(
    s: GameState, seat: int, card: int, action: Play, changes: Changes
) -> tuple[Event, ...]:
    trick_no = s.play.trick_no
    said = action.signals
    changes.signals = (
        *s.play.signals,
        *[_SIGNAL_RECORD(seat, sig, value, trick_no, card) for sig, value in said],
    )
    return tuple([_SIGNALLED(seat, sig, value) for sig, value in said])


# built through their slots (`maker`): a signal goes with many a lead
_SIGNAL_RECORD = maker(SignalRecord)
_SIGNALLED = maker(Signalled)


def check_said(rules: Ruleset, spec: TricksPhase, s: GameState, action: Play) -> Diagnostic | None:
    """Each signal exists, fits the moment, is true (or may be false), takes a listed value;
    several only with `combine`, each id once."""
    seat = s.cursor.to_act
    assert seat is not None
    at = "follow" if s.cards.trick else "lead"
    card = rules.deck.by_text[action.card]
    base = signals.truth_env(rules, s, seat)
    base.update(hand=s.cards.hands[seat] & ~(1 << card), card=card)
    if at == "lead":
        base["led_suit"] = rules.deck.card_suit[card]
    for sig_id, value in action.signals:
        sig = next((x for x in rules.signals if x.id == sig_id), None)
        if sig is None:
            return refuse(NOT_ALLOWED_NOW, f"there is no signal {sig_id!r} in these rules")
        if sig.at != at:
            return refuse(
                NOT_ALLOWED_NOW,
                f"signal {sig_id!r} is made at {sig.at}, "
                f"not when you {'lead' if at == 'lead' else 'follow'}",
            )
        if not signals.window_open(rules, s, seat):
            return refuse(NOT_ALLOWED_NOW, "no signals now", rules.signaling.window)
        if (value is None) != (not sig.values) or (value is not None and value not in sig.values):
            return refuse(
                NOT_ALLOWED_NOW,
                f"signal {sig_id!r} takes "
                + (f"one of the values {list(sig.values)}" if sig.values else "no value"),
            )
        if not signals.holds(rules, sig, dict(base), value):
            return _false_signal(sig, value, f" with {action.card}")
    ids = [sig for sig, _ in action.signals]
    if len(ids) > 1 and (not rules.signaling.combine or len(set(ids)) != len(ids)):
        return refuse(
            NOT_ALLOWED_NOW, f"these signals cannot go together: {action}", rules.signaling.rule
        )
    return None


def check_any_time(
    rules: Ruleset, spec: TricksPhase, s: GameState, action: Signal
) -> Diagnostic | None:
    """An `any_time` signal: allowed, false (TS506, as a false signal made with a card), or
    not allowed now (TS505: unknown, outside the window, already made this trick...)."""
    from tressette_dsl.engine.phases.tricks import legal  # noqa: PLC0415 - the phase's list

    seat = s.cursor.to_act
    assert seat is not None
    said = (action.signal, action.value)
    if said in signals.any_time(rules, s, seat):
        return None
    if said in signals.any_time(rules, s, seat, check_truth=False):
        return _false_signal(rules.signal(action.signal), action.value, " now")
    return not_legal(rules, s, action, legal(rules, spec, s), spec.id)


def _false_signal(spec: SignalSpec, value: int | None, when: str) -> Diagnostic:
    """TS506, naming the signal's truth condition and citing its rule."""
    assert spec.truth is not None
    said = spec.id if value is None else f"{spec.id} {value}"
    return refuse(
        FALSE_SIGNAL,
        f"signal '{said}' would be false{when}: its truth is "
        f"{spec.truth.text!r}" + ("" if value is None else f" with value {value}"),
        spec.truth,
    )


def act(step: Step, spec: TricksPhase, seat: int, action: Signal) -> bool:
    """An any-time signal: recorded; the seat still plays its card."""
    s = step.state
    step.set_play(
        signals=(
            *s.play.signals,
            SignalRecord(seat, action.signal, action.value, s.play.trick_no, None),
        )
    )
    step.emit(Signalled(seat=seat, signal=action.signal, value=action.value))
    return False


def resolve(rules: Ruleset, spec: TricksPhase) -> TrickFeature | None:
    return FEATURE if rules.signals else None


FEATURE = TrickFeature(
    name="signals",
    resolve=resolve,
    on_card_with_signals=on_card,
    plays=plays,
    check_said=check_said,
    checks={Signal: check_any_time},
    acts={Signal: act},
)
