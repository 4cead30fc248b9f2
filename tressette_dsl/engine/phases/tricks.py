"""`tricks`: play tricks until the hands are empty.

Inside this phase also happen: declarations (in the window and timing of `declaring`),
signals with a card or at any time, claims, drawing from the stock after each trick, the
reveal of a secret partner when the called card is played, and, at the end, the leftover
monte going to the last-trick winner. Sub-states (`state.sub`): `play`, and the rounds
`declare` / `announce` in which each seat in turn declares (or announces) then says `done`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, assert_never

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine import declare, match, scoring, signals
from tressette_dsl.engine.actions import (
    Action,
    Announce,
    Claim,
    Declare,
    Done,
    Play,
    Signal,
)
from tressette_dsl.engine.errors import (
    BAD_DECLARATION,
    FALSE_SIGNAL,
    MUST_FOLLOW,
    NOT_ALLOWED_NOW,
    NOT_IN_HAND,
)
from tressette_dsl.engine.events import (
    Announced,
    CardDrawn,
    CardPlayed,
    Claimed,
    LeftoverTaken,
    PartnerRevealed,
    Signalled,
    TrickWon,
    TrumpSet,
)
from tressette_dsl.engine.phases.common import not_legal, play_with, plays_for, refuse
from tressette_dsl.engine.phases.kind import Obs, Path, PhaseBuilder, PhaseKind, Talk, phase_schema
from tressette_dsl.engine.phases.words import declaring_at
from tressette_dsl.engine.state import (
    DealRecord,
    GameState,
    Reveal,
    SignalRecord,
    TrickRecord,
    set_at,
)
from tressette_dsl.engine.step import Step, evaluate, evaluate_int, evaluate_seat
from tressette_dsl.engine.table import deal_env, side_of, total_slot_of_side
from tressette_dsl.expr import Type
from tressette_dsl.rules import options, scopes
from tressette_dsl.rules.model import NO_CONST, Expr, Ruleset, SignalSpec, iter_cards
from tressette_dsl.rules.options import DrawOrder


@dataclass(frozen=True, slots=True)
class DrawSpec:
    source: str
    order: DrawOrder
    shown: bool


@dataclass(frozen=True, slots=True)
class TricksPhase:
    id: str
    when: Expr | None
    first_lead: Expr
    follow_suit: Expr
    trump: Expr | None
    draw: DrawSpec | None
    kind: str = "tricks"


# --- entering and the flow of tricks -------------------------------------------------------


def enter(step: Step, spec: TricksPhase) -> bool:
    rules, s = step.rules, step.state
    env = deal_env(rules, s)
    trump = s.trump  # a call with `trump: called_suit` may have set it
    if spec.trump is not None:
        value = evaluate(spec.trump, env)
        trump = None if value is None or value < 0 else int(value)
    leader = evaluate_seat(spec.first_lead, env, s.n)
    step.set(trick_no=1, leader=leader, trump=trump, trick=(), **_trick_rules(rules, spec, s, 1))
    if trump is not None:
        step.emit(TrumpSet(suit=rules.deck.suits[trump]))
    d = rules.declaring
    if (
        d is not None
        and d.at in ("before_first_trick", "announce_then_reveal")
        and step.state.window_open
    ):
        kind = "announce" if d.at == "announce_then_reveal" else "declare"
        if _start_round(step, kind, rules.players.order_from(leader)):
            return False
    return _resume(step)


def _trick_rules(rules: Ruleset, spec: TricksPhase, s: GameState, trick_no: int) -> dict[str, bool]:
    """`must_follow` and `window_open` for trick `trick_no`, which is about to begin: once
    per trick, and no env is built when both are constants (`follow_suit: "true"`)."""
    d = rules.declaring
    env: dict[str, object] = {}
    if spec.follow_suit.const is NO_CONST or (d is not None and d.window.const is NO_CONST):
        env = deal_env(rules, s)
        env["trick_no"] = trick_no
    return {
        "must_follow": bool(evaluate(spec.follow_suit, env)),
        "window_open": d is not None and bool(evaluate(d.window, env)),
    }


def _start_round(step: Step, kind: str, order: tuple[int, ...]) -> bool:
    """A declaring/announcing round in `order`; False when it ran by itself (mandatory)."""
    d = step.rules.declaring
    assert d is not None
    if d.mandatory:
        for seat in order:
            _auto(step, kind, seat)
        return False
    step.set(sub=kind, pending=order, to_act=order[0])
    return True


def _auto(step: Step, kind: str, seat: int) -> None:
    s = step.state
    if kind == "declare":
        declare.declare_all(step, seat, declare.basis(s, seat))
    elif declare.options(step.rules, s, seat, s.hands[seat]):
        _announce(step, seat)


def _announce(step: Step, seat: int) -> None:
    s = step.state
    step.set(announced=set_at(s.announced, seat, s.hands[seat]))
    step.emit(Announced(seat=seat))


def _resume(step: Step) -> bool:
    """Back to playing after a round or a trick; True when the deal's play is over."""
    s = step.state
    if not s.trick and not any(s.hands):
        _leftover(step)
        step.set(sub="", pending=(), to_act=None)
        return True
    nxt = s.leader if not s.trick else step.rules.players.next(s.trick[-1][0])
    step.set(sub="play", pending=(), to_act=nxt)
    return False


# --- legal actions ---------------------------------------------------------------------------


def legal(rules: Ruleset, spec: TricksPhase, s: GameState) -> tuple[Action, ...]:
    seat = s.to_act
    assert seat is not None
    if s.sub == "declare":
        opts = declare.options(rules, s, seat, declare.basis(s, seat))
        return (*(Declare(d.id, text) for d, text, _ in opts), Done())
    if s.sub == "announce":
        holds = declare.options(rules, s, seat, s.hands[seat])
        return ((Announce(),) if holds else ()) + (Done(),)
    return _play_legal(rules, s, seat)


def playable(rules: Ruleset, s: GameState, seat: int) -> int:
    """The cards `seat` may play now: follow suit when the rule holds and it can."""
    hand = s.hands[seat]
    if s.trick and s.must_follow:
        same = hand & rules.deck.suit_mask[rules.deck.card_suit[s.trick[0][1]]]
        if same:
            return same
    return hand


def _play_legal(rules: Ruleset, s: GameState, seat: int) -> tuple[Action, ...]:
    cards = iter_cards(playable(rules, s, seat))
    plays = plays_for(rules.deck.card_text)
    out: list[Action]
    if rules.signals and signals.window_open(rules, s, seat):
        out = []
        text = rules.deck.card_text
        for card, said in zip(cards, signals.with_cards(rules, s, seat, cards), strict=True):
            out.append(plays[card])
            for one in said:
                out.append(play_with(text[card], one))
        for sig, value in signals.any_time(rules, s, seat):
            out.append(Signal(sig, value))
    else:
        out = [plays[card] for card in cards]
    for decl, said_text, _cards in _turn_declarations(rules, s, seat):  # mostly none
        out.append(Declare(decl.id, said_text))
    if rules.claims is not None and _claim_allowed(rules, s, seat):
        out.append(Claim())
    return tuple(out)


def _turn_declarations(rules: Ruleset, s: GameState, seat: int) -> list[declare.Option]:
    d = rules.declaring
    if d is None or d.mandatory:
        return []
    out: list[declare.Option] = []
    if d.at == "own_turn" and s.window_open:
        out = declare.options(rules, s, seat, declare.basis(s, seat))
    if s.drawn[seat]:
        seen = {(o[0].id, o[2]) for o in out}
        out += [
            o
            for o in declare.options(rules, s, seat, s.hands[seat], s.drawn[seat])
            if (o[0].id, o[2]) not in seen
        ]
    return out


def _claim_allowed(rules: Ruleset, s: GameState, seat: int) -> bool:
    assert rules.claims is not None
    allowed = rules.claims.allowed
    if allowed.const is not NO_CONST:  # e.g. "true": no env to build
        return bool(allowed.const)
    env = {
        "seat": seat,
        "leader": s.leader,
        "on_lead": not s.trick and s.leader == seat,
        "trick_no": s.trick_no,
        "stock_size": len(s.stock),
        "deal_no": s.deal_no,
    }
    return bool(evaluate(allowed, env))


# --- checking ----------------------------------------------------------------------------------


def check(rules: Ruleset, spec: TricksPhase, s: GameState, action: Action) -> Diagnostic | None:
    if s.sub == "play" and isinstance(action, Play):
        problem = _check_card(rules, spec, s, action)
        if problem is not None or not action.signals:
            return problem
        return _check_signals(rules, s, action)
    if s.sub == "play" and isinstance(action, Signal):
        return _check_any_time(rules, spec, s, action)
    if s.sub in ("declare", "announce") and isinstance(action, Done):
        return None  # a declaring or announcing round always offers `done`
    legal_now = legal(rules, spec, s)
    if action in legal_now:
        return None
    if isinstance(action, Declare):
        return _why_not_declare(rules, s, action)
    return not_legal(rules, s, action, legal_now, spec.id)


def _check_card(rules: Ruleset, spec: TricksPhase, s: GameState, action: Play) -> Diagnostic | None:
    seat = s.to_act
    assert seat is not None
    card = rules.deck.by_text.get(action.card)
    if card is None or not s.hands[seat] >> card & 1:
        return refuse(NOT_IN_HAND, f"you do not hold {action.card}")
    if not playable(rules, s, seat) >> card & 1:
        led = rules.deck.card_suit[s.trick[0][1]]
        return refuse(
            MUST_FOLLOW, f"must follow suit: you hold {rules.deck.suits[led]}", spec.follow_suit
        )
    return None


def _check_signals(rules: Ruleset, s: GameState, action: Play) -> Diagnostic | None:
    """Each signal exists, fits the moment, is true (or may be false), takes a listed value;
    several only with `combine`, each id once."""
    seat = s.to_act
    assert seat is not None
    at = "follow" if s.trick else "lead"
    card = rules.deck.by_text[action.card]
    base = signals.truth_env(rules, s, seat)
    base.update(hand=s.hands[seat] & ~(1 << card), card=card)
    if at == "lead":
        base["led_suit"] = rules.deck.card_suit[card]
    for sig_id, value in action.signals:
        spec = next((x for x in rules.signals if x.id == sig_id), None)
        if spec is None:
            return refuse(NOT_ALLOWED_NOW, f"there is no signal {sig_id!r} in these rules")
        if spec.at != at:
            return refuse(
                NOT_ALLOWED_NOW,
                f"signal {sig_id!r} is made at {spec.at}, "
                f"not when you {'lead' if at == 'lead' else 'follow'}",
            )
        if not signals.window_open(rules, s, seat):
            return refuse(NOT_ALLOWED_NOW, "no signals now", rules.signaling.window)
        if (value is None) != (not spec.values) or (value is not None and value not in spec.values):
            return refuse(
                NOT_ALLOWED_NOW,
                f"signal {sig_id!r} takes "
                + (f"one of the values {list(spec.values)}" if spec.values else "no value"),
            )
        if not signals.holds(rules, spec, dict(base), value):
            return _false_signal(spec, value, f" with {action.card}")
    ids = [sig for sig, _ in action.signals]
    if len(ids) > 1 and (not rules.signaling.combine or len(set(ids)) != len(ids)):
        return refuse(
            NOT_ALLOWED_NOW, f"these signals cannot go together: {action}", rules.signaling.rule
        )
    return None


def _check_any_time(
    rules: Ruleset, spec: TricksPhase, s: GameState, action: Signal
) -> Diagnostic | None:
    """An `any_time` signal: allowed, false (TS506, as a false signal made with a card), or
    not allowed now (TS505: unknown, outside the window, already made this trick...)."""
    seat = s.to_act
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


def _why_not_declare(rules: Ruleset, s: GameState, action: Declare) -> Diagnostic:
    d = rules.declaring
    rule = d.rule if d is not None else None
    if not any(x.id == action.decl for x in rules.declarations):
        return refuse(BAD_DECLARATION, f"there is no declaration {action.decl!r}")
    return refuse(
        BAD_DECLARATION,
        f"you cannot declare {action.decl} {action.arg} now: "
        "not held, already declared, superseded, or outside the window",
        rule,
    )


# --- acting --------------------------------------------------------------------------------------


def act(step: Step, spec: TricksPhase, action: Action) -> bool:
    rules = step.rules
    seat = step.state.to_act
    assert seat is not None
    done = False
    if isinstance(action, Play):
        done = _play(step, spec, seat, action)
    elif isinstance(action, Declare):
        s = step.state
        opts = (
            declare.options(rules, s, seat, declare.basis(s, seat))
            if s.sub == "declare"
            else _turn_declarations(rules, s, seat)
        )
        option = next(o for o in opts if o[0].id == action.decl and o[1] == action.arg)
        declare.record(step, seat, option)
    elif isinstance(action, Announce):
        _announce(step, seat)
        done = _next_in_round(step)
    elif isinstance(action, Done):
        done = _next_in_round(step)
    elif isinstance(action, Signal):
        _signal(step, seat, action.signal, action.value, None)
    elif isinstance(action, Claim):
        _claim(step, seat)
        return False
    if not step.state.over and rules.match.check == "immediately":
        _check_now(step)
    return done and not step.state.over


def _next_in_round(step: Step) -> bool:
    pending = step.state.pending[1:]
    if pending:
        step.set(pending=pending, to_act=pending[0])
        return False
    return _resume(step)


def _signal(step: Step, seat: int, sig: str, value: int | None, card: int | None) -> None:
    s = step.state
    step.set(signals=(*s.signals, SignalRecord(seat, sig, value, s.trick_no, card)))
    step.emit(Signalled(seat=seat, signal=sig, value=value))


def _play(step: Step, spec: TricksPhase, seat: int, action: Play) -> bool:
    """Play a card; the one state change also completes the trick when it is the last."""
    rules, s = step.rules, step.state
    card = rules.deck.by_text[action.card]
    bit = 1 << card
    trick = (*s.trick, (seat, card))
    changes: dict[str, object] = {
        "hands": set_at(s.hands, seat, s.hands[seat] & ~bit),
        "played": set_at(s.played, seat, s.played[seat] | bit),
    }
    if s.public[seat] & bit:
        changes["public"] = set_at(s.public, seat, s.public[seat] & ~bit)
    if s.window_open:
        changes["window_played"] = set_at(s.window_played, seat, s.window_played[seat] | bit)
    if action.signals:
        changes["signals"] = s.signals + tuple(
            SignalRecord(seat, sig, value, s.trick_no, card) for sig, value in action.signals
        )
    revealed = card == s.called_card and not s.partner_revealed
    if revealed:
        changes["partner_revealed"] = True
    complete = len(trick) == s.n
    if complete:
        winner = winner_of(rules, trick, s.trump)
        mask = 0
        for _seat, c in trick:
            mask |= 1 << c
        changes.update(
            won=set_at(s.won, winner, s.won[winner] | mask),
            tricks_won=set_at(s.tricks_won, winner, s.tricks_won[winner] + 1),
            tricks=(
                *s.tricks,
                TrickRecord(s.trick_no, s.leader or 0, trick, winner, s.must_follow),
            ),
            last_winner=winner,
            trick=(),
        )
    else:
        changes.update(trick=trick, to_act=rules.players.next(seat))
    step.set(**changes)
    step.emit(CardPlayed(seat=seat, card=action.card, trick_no=s.trick_no))
    for sig, value in action.signals:
        step.emit(Signalled(seat=seat, signal=sig, value=value))
    if revealed and s.partner is not None:
        step.emit(PartnerRevealed(seat=s.partner, card=action.card))
    if complete:
        step.emit(
            TrickWon(
                trick_no=s.trick_no,
                seat=winner,
                cards=tuple(rules.deck.card_text[c] for _x, c in trick),
                units=rules.deck.units(mask),
            )
        )
        return _after_trick(step, spec, s, winner)
    d = rules.declaring
    if len(trick) == 1 and d is not None and d.at == "after_lead" and s.window_open:
        _start_round(step, "declare", rules.players.order_from(seat))
        if step.state.sub != "declare":
            return _resume(step)
    return False


def winner_of(rules: Ruleset, trick: tuple[tuple[int, int], ...], trump: int | None) -> int:
    """The highest trump, else the highest card of the suit led."""
    suit, strength = rules.deck.card_suit, rules.deck.card_strength
    led = suit[trick[0][1]]
    best_seat, best = trick[0][0], (1, strength[trick[0][1]])
    if led == trump:
        best = (2, best[1])
    for seat, card in trick[1:]:
        cs = suit[card]
        key = (2 if cs == trump else 1 if cs == led else 0, strength[card])
        if key > best:
            best_seat, best = seat, key
    return best_seat


def _after_trick(step: Step, spec: TricksPhase, s: GameState, winner: int) -> bool:
    """After `winner` took the trick (`s`: the state before its last card): reveal announced
    combinations, draw, check the match, then begin the next trick or end the play."""
    rules = step.rules
    d = rules.declaring
    if (
        d is not None
        and d.at == "announce_then_reveal"
        and s.announced[winner]
        and not s.revealed_announce[winner]
    ):
        step.set(revealed_announce=set_at(s.revealed_announce, winner, True))
        declare.declare_all(step, winner, s.announced[winner])
    if spec.draw is not None and step.state.stock:
        _draw(step, spec, winner)
    if rules.match.check == "immediately" and _check_now(step):
        return False
    declaring_round = d is not None and d.at == "end_of_trick" and s.window_open
    if any(step.state.hands):
        begin = _trick_rules(rules, spec, step.state, s.trick_no + 1)
        if not declaring_round:  # the usual case: one state change begins the next trick
            step.set(
                trick_no=s.trick_no + 1,
                leader=winner,
                **begin,
                sub="play",
                pending=(),
                to_act=winner,
            )
            return False
        step.set(trick_no=s.trick_no + 1, leader=winner, **begin)
    if declaring_round and _start_round(step, "declare", rules.players.order_from(winner)):
        return False
    return _resume(step)


def _draw(step: Step, spec: TricksPhase, winner: int) -> None:
    """Each seat from the winner draws the top card of the stock while there is one."""
    rules, s = step.rules, step.state
    assert spec.draw is not None
    shown = spec.draw.shown
    stock, hands, drawn, public, reveals = s.stock, s.hands, s.drawn, s.public, s.reveals
    events = []
    for seat in rules.players.order_from(winner):
        if not stock:
            break
        card, stock = stock[0], stock[1:]
        bit = 1 << card
        hands = set_at(hands, seat, hands[seat] | bit)
        drawn = set_at(drawn, seat, drawn[seat] | bit)
        if shown:
            public = set_at(public, seat, public[seat] | bit)
            reveals = (*reveals, Reveal("drawn", seat, bit, s.deal_no))
        events.append(CardDrawn(seat=seat, card=rules.deck.card_text[card], shown=shown))
    step.set(stock=stock, hands=hands, drawn=drawn, public=public, reveals=reveals)
    for event in events:
        step.emit(event)
    d = rules.declaring
    if d is not None and d.mandatory:
        for seat in rules.players.order_from(winner):
            s = step.state
            declare.declare_all(step, seat, s.hands[seat], s.drawn[seat])


def _leftover(step: Step) -> None:
    rules, s = step.rules, step.state
    rest = s.monte + s.stock
    if not rest:
        return
    match rules.scoring.leftover_to:
        case "none":
            return
        case "last_trick_winner":
            seat = s.last_winner
        case "declarer":
            seat = s.declarer
        case unknown:
            assert_never(unknown)
    if seat is None:
        return
    mask = 0
    for card in rest:
        mask |= 1 << card
    step.set(won=set_at(s.won, seat, s.won[seat] | mask), monte=(), stock=())
    step.emit(LeftoverTaken(seat=seat, cards=tuple(rules.deck.card_text[c] for c in rest)))


def _claim(step: Step, seat: int) -> None:
    rules, s = step.rules, step.state
    claims = rules.claims
    assert claims is not None
    own = side_of(rules, s, seat)
    # `for: opponents` (FITRES): the seat calls the other side out; it checks their total.
    side = 1 - own if claims.about == "opponents" else own
    facts = scoring.side_facts(rules, s, final=False)[side]
    slots = total_slot_of_side(rules, s, facts.seats)
    env = {
        "match_points": s.totals[slots[0]],
        "cards_units": facts.cards_units,
        "declared": facts.declared,
        "tricks": facts.tricks,
        "units": facts.units,
    }
    total = evaluate_int(claims.total, env)
    target = int(evaluate(claims.target, {"target": rules.match.target or 0}))
    right = total >= target
    step.emit(Claimed(seat=seat, side=side, total=total, target=target, right=right))
    if claims.about == "opponents":
        # Called out: that side wins if it has reached the target, and the calling side loses
        # even when the call was premature (FITRES's modern norms) - so the other side wins.
        winners = slots
    else:
        winners = slots if right else tuple(i for i in range(len(s.totals)) if i not in slots)
    step.set(
        deals=(
            *s.deals,
            DealRecord(deal_no=s.deal_no, dealer=s.dealer, counted=False, reason="claim"),
        )
    )
    match.end_match(
        step,
        tuple(sorted(winners)),
        "claim",
        detail=f"seat {seat} claimed {total} against {target}: " + ("right" if right else "wrong"),
    )


def _check_now(step: Step) -> bool:
    """`match.check: immediately`: the match ends the moment a running total reaches it."""
    s = step.state
    running = scoring.running_points(step.rules, s)
    record = DealRecord(
        deal_no=s.deal_no, dealer=s.dealer, counted=False, reason="match_end", totals=running
    )
    return match.check_end(step, running, record)


# --- how it is written and built ---------------------------------------------------------

DESCRIPTION = (
    "Plays tricks until the hands are empty; declarations, signals and claims happen inside it."
)
PROPERTIES: Mapping[str, Any] = {
    "first_lead": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": "Who leads the first trick (a seat expression or a role: "
        "declarer, defenders, partner, call_supplier, all expression. "
        "See docs/expressions.md.)",
    },
    "follow_suit": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": "Whether a seat must follow suit, re-evaluated per trick: "
        '"true", "stock_size == 0", "false" (a condition expression. '
        "See docs/expressions.md.)",
    },
    "trump": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": 'none, or a suit expression such as "suit(called_card)" (a suit '
        "expression. See docs/expressions.md.)",
    },
    "draw": {
        "type": "object",
        "description": "Drawing from the stock after each trick.",
        "additionalProperties": False,
        "properties": {
            "from": {"enum": ["stock"], "description": "The zone drawn from."},
            "order": {
                "enum": ["winner_first"],
                "description": "Who draws first: the trick's winner.",
            },
            "shown": {
                "type": "boolean",
                "description": "Whether drawn cards are shown to every seat.",
            },
        },
    },
}
REQUIRED: tuple[str, ...] = ()


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> TricksPhase | None:
    first = b.expr((*path, "first_lead"), "seat", scopes.SEAT_EXPR, "next(dealer)")
    follow = b.expr((*path, "follow_suit"), "condition", scopes.FOLLOW_SUIT, "true")
    trump = None
    if str(b.get((*path, "trump"), "none")) != "none":
        trump = b.expr((*path, "trump"), "any", scopes.TRUMP, expect=Type.SUIT)
    draw = None
    if b.get((*path, "draw")) is not None:
        draw = DrawSpec(
            str(b.get((*path, "draw", "from"), "stock")),
            options.pick(b.get((*path, "draw", "order")), options.DRAW_ORDERS, "winner_first"),
            bool(b.get((*path, "draw", "shown"), True)),
        )
    if first is None or follow is None:
        return None
    return TricksPhase(pid, when, first, follow, trump, draw)


def describe(rules: Ruleset, ph: TricksPhase) -> str:
    follow = {"true": "always", "false": "never"}.get(
        ph.follow_suit.text, f"when `{ph.follow_suit.text}`"
    )
    trump = "no trumps" if ph.trump is None else f"trump: `{ph.trump.text}`"
    text = (
        f"`{ph.first_lead.text}` leads the first trick; must follow suit: {follow}; {trump}. "
        "The highest card of the suit led wins (a card of another suit never does) and its "
        "winner leads the next trick, until the hands are empty."
    )
    if ph.draw is not None:
        shown = "shown to all" if ph.draw.shown else "face down"
        text += (
            f" After each trick each player draws one card from the {ph.draw.source}, the "
            f"winner first, {shown}."
        )
    return text


def stage(rules: Ruleset, obs: Obs) -> str:
    """``trick 3``, ``after trick 1``, ``before trick 1`` (a declaring round), ``play``."""
    activity = obs.get("activity") or ""
    trick_no = obs.get("trick_no") or 0
    done = len(obs.get("tricks") or [])
    if activity in ("declare", "announce"):
        if declaring_at(rules) == "end_of_trick" and done:
            return f"after trick {done}"
        if not done and not obs.get("trick"):
            return "before trick 1"
        return f"trick {trick_no}"
    return f"trick {trick_no}" if trick_no else "play"


def _task_declare(rules: Ruleset, obs: Obs, spec: Any, legal: list[str], talk: Talk) -> str:
    at = declaring_at(rules)
    done_tricks = len(obs.get("tricks") or [])
    if at == "end_of_trick" and done_tricks:
        when = f"Declarations at the end of trick {done_tricks}"
    elif at == "after_lead":
        when = f"Declarations after the lead of trick {obs.get('trick_no') or 1}"
    elif not done_tricks:
        when = "Declarations before the first trick"
    else:
        when = "Declarations"
    if any(a.startswith("declare ") for a in legal):
        return f"{when}: declare your combinations, one at a time, then 'done'."
    return f"{when}: you have nothing to declare."


def _task_announce(rules: Ruleset, obs: Obs, spec: Any, legal: list[str], talk: Talk) -> str:
    if "announce" in legal:
        return (
            "Good play? You hold a combination: 'announce' it (it is declared when you "
            "win a trick) or say 'done'."
        )
    return "Good play? You hold no combination to announce."


def _suit_of(rules: Ruleset, text: str) -> str | None:
    index = rules.deck.by_text.get(text)
    return None if index is None else str(rules.deck.suits[rules.deck.card_suit[index]])


def _task_play(rules: Ruleset, obs: Obs, spec: Any, legal: list[str], talk: Talk) -> str:
    trick_no = obs.get("trick_no") or 1
    trick = obs.get("trick") or []
    if trick:
        text = f"Trick {trick_no}: play a card"
        led = _suit_of(rules, str(trick[0][1]))
        plays = {_suit_of(rules, a.split()[1]) for a in legal if a.startswith("play ")}
        held = {_suit_of(rules, str(c)) for c in obs.get("hand") or []}
        if led is not None and plays == {led} and held - plays:  # the moves show it is forced
            text += f"; you must follow {talk.suit(led)}"
    else:
        text = f"Trick {trick_no}: you lead - play a card"
    extra = []
    if any(a.startswith("declare ") for a in legal):
        extra.append("declare a combination first")
    if any(a.startswith("signal ") for a in legal):
        extra.append("make a signal")
    if extra:
        text += f" (you may also {' or '.join(extra)}: that does not use your turn)"
    return text + "."


KIND = PhaseKind(
    name="tricks",
    spec=TricksPhase,
    schema=phase_schema("tricks", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
    tasks={"declare": _task_declare, "announce": _task_announce, "play": _task_play},
    stage=stage,
)
