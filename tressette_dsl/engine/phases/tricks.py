"""`tricks`: play tricks until the hands are empty.

This module plays cards and tricks. What else happens during play - declarations, signals,
claims, drawing from the stock, the reveal of a called partner, announce-then-reveal, the
leftover cards - is a feature of its own (engine/phases/trick_features/), registered on the
hook points this phase offers: on entering, on each card, on the lead, on a trick won,
before the next trick, at the end of play, extra legal actions, and per action type its
check and act. Sub-states (`state.cursor.sub`): `play`, and the features' rounds (`declare`,
`announce`) in which each seat in turn acts, then says `done`.
"""

from __future__ import annotations

from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine import match, scoring
from tressette_dsl.engine.actions import (
    Action,
    Done,
    Play,
)
from tressette_dsl.engine.errors import (
    MUST_FOLLOW,
    NOT_IN_HAND,
)
from tressette_dsl.engine.events import (
    CardPlayed,
    Event,
    TrickWon,
    TrumpSet,
)
from tressette_dsl.engine.maker import maker
from tressette_dsl.engine.phases import trick_features
from tressette_dsl.engine.phases.common import not_legal, plays_for, refuse
from tressette_dsl.engine.phases.kind import (
    Obs,
    Talk,
    kind_of,
)
from tressette_dsl.engine.phases.trick_features import (
    ACTS,
    CHECK_SAID,
    CHECKS,
    REFUSALS,
    ROUNDS,
    TrickTable,
    table,
)
from tressette_dsl.engine.phases.trick_features.base import Changes, TricksLocal, window
from tressette_dsl.engine.phases.words import declaring_at, said
from tressette_dsl.engine.state import (
    Cards,
    Cursor,
    DealRecord,
    GameState,
    Knowledge,
    TrickPlay,
    TrickRecord,
    set_at,
)
from tressette_dsl.engine.step import Step, evaluate, evaluate_seat
from tressette_dsl.engine.table import deal_env, zone_sizes
from tressette_dsl.rules.model import NO_CONST, Ruleset, iter_cards
from tressette_dsl.rules.phases.tricks import SYNTAX, DrawSpec, TricksPhase
from tressette_dsl.rules.zones import size_names

# --- entering and the flow of tricks -------------------------------------------------------


def enter(step: Step, spec: TricksPhase) -> bool:
    rules, s = step.rules, step.state
    env = deal_env(rules, s)
    trump = s.play.trump  # a call with `trump: called_suit` may have set it
    if spec.trump is not None:
        trump = trump_suit(evaluate(spec.trump, env))
    return begin(step, spec, evaluate_seat(spec.first_lead, env, s.n), trump)


def trump_suit(value: Any) -> int | None:
    """The trump suit's index a phase's `trump` expression gives: none for a null or a
    negative value (no trump this deal)."""
    return None if value is None or value < 0 else int(value)


def begin(step: Step, spec: TricksPhase, leader: int, trump: int | None) -> bool:
    """The play begins, the first trick led by `leader` with `trump`: `enter`'s, once
    it has worked them out (the compiled kernel's side works them out its own way,
    `compiled.gates`)."""
    rules, s = step.rules, step.state
    must_follow, window_open = _trick_rules(rules, spec, s, 1)
    step.update(
        play=s.play.but(trick_no=1, leader=leader, trump=trump, must_follow=must_follow),
        cards=s.cards.but(trick=()),
        local=TricksLocal(window_open, (0,) * s.n),
    )
    if trump is not None and step.log:
        step.emit(TrumpSet(suit=rules.deck.suits[trump]))
    for hook in (spec.hooks or table(rules, spec)).on_enter:
        kind = hook(rules, step.state)
        if kind is not None and _start_round(step, kind, rules.players.order_from(leader)):
            return False
    return _resume(step, spec)


_TRICK_NO = frozenset({"trick_no"})
_SIZES = frozenset({"trick_no", *size_names()})  # the trick number and the zones' sizes


def _trick_rules(
    rules: Ruleset, spec: TricksPhase, s: GameState, trick_no: int
) -> tuple[bool, bool]:
    """`must_follow` and `window_open` for trick `trick_no`, which is about to begin: once
    per trick, and no env is built when both are constants (`follow_suit: "true"`)."""
    d = rules.declaring
    env: dict[str, object] = {}
    if spec.follow_suit.const is NO_CONST or (d is not None and d.window.const is NO_CONST):
        read = spec.follow_suit.names | (d.window.names if d is not None else frozenset())
        if read <= _TRICK_NO:
            env = {"trick_no": trick_no}  # `window: "trick_no == 1"`: the one name it reads
        elif read <= _SIZES:  # `follow_suit: "stock_size == 0"`: `deal_env`'s own values
            env = {**zone_sizes(s), "trick_no": trick_no}
        else:
            env = deal_env(rules, s)
            env["trick_no"] = trick_no
    return (
        bool(evaluate(spec.follow_suit, env)),
        d is not None and bool(evaluate(d.window, env)),
    )


def _start_round(step: Step, kind: str, order: tuple[int, ...]) -> bool:
    """A round of `kind` (a feature's, e.g. `declare`) in `order`; False when it ran by
    itself (a mandatory round)."""
    round_ = ROUNDS[kind]
    if round_.mandatory(step.rules):
        for seat in order:
            round_.auto(step, seat)
        return False
    step.set_cursor(sub=kind, pending=order, to_act=order[0])
    return True


def _resume(step: Step, spec: TricksPhase) -> bool:
    """Back to playing after a round or a trick; True when the deal's play is over."""
    s = step.state
    if not s.cards.trick and not any(s.cards.hands):
        for hook in (spec.hooks or table(step.rules, spec)).on_play_end:
            hook(step)
        step.set_cursor(sub="", pending=(), to_act=None)
        return True
    nxt = s.play.leader if not s.cards.trick else step.rules.players.next(s.cards.trick[-1][0])
    step.set_cursor(sub="play", pending=(), to_act=nxt)
    return False


# --- legal actions ---------------------------------------------------------------------------


def legal(rules: Ruleset, spec: TricksPhase, s: GameState) -> tuple[Action, ...]:
    seat = s.cursor.to_act
    assert seat is not None
    if s.cursor.sub != "play":
        return ROUNDS[s.cursor.sub].legal(rules, s, seat)
    return _play_legal(rules, spec, s, seat)


def playable(rules: Ruleset, s: GameState, seat: int) -> int:
    """The cards `seat` may play now: follow suit when the rule holds and it can."""
    hand = s.cards.hands[seat]
    if s.cards.trick and s.play.must_follow:
        same = hand & rules.deck.suit_mask[rules.deck.card_suit[s.cards.trick[0][1]]]
        if same:
            return same
    return hand


def _play_legal(rules: Ruleset, spec: TricksPhase, s: GameState, seat: int) -> tuple[Action, ...]:
    hooks = spec.hooks
    if hooks is None:  # `table(rules, spec)`, its last answer read inline
        last = trick_features.LAST
        hooks = last[2] if last[1] is spec and last[0] is rules else table(rules, spec)
    cards = iter_cards(playable(rules, s, seat))
    out = hooks.plays(rules, s, seat, cards) if hooks.plays is not None else None
    if out is None:
        plays = plays_for(rules.deck.card_text)
        out = [plays[card] for card in cards]
    for extras in hooks.extras:  # declarations, a claim: mostly none
        out += extras(rules, s, seat)
    return tuple(out)


# --- checking ----------------------------------------------------------------------------------


def check(rules: Ruleset, spec: TricksPhase, s: GameState, action: Action) -> Diagnostic | None:
    if s.cursor.sub == "play":
        if isinstance(action, Play):
            problem = _check_card(rules, spec, s, action)
            if problem is not None or not action.signals or CHECK_SAID is None:
                return problem
            return CHECK_SAID(rules, spec, s, action)
        own = CHECKS.get(type(action))
        if own is not None:
            return own(rules, spec, s, action)
    elif s.cursor.sub in ROUNDS and isinstance(action, Done):
        return None  # a round always offers `done`
    legal_now = legal(rules, spec, s)
    if action in legal_now:
        return None
    refusal = REFUSALS.get(type(action))
    if refusal is not None:
        return refusal(rules, spec, s, action)
    return not_legal(rules, s, action, legal_now, spec.id)


def _check_card(rules: Ruleset, spec: TricksPhase, s: GameState, action: Play) -> Diagnostic | None:
    seat = s.cursor.to_act
    assert seat is not None
    card = rules.deck.by_text.get(action.card)
    if card is None or not s.cards.hands[seat] >> card & 1:
        return refuse(NOT_IN_HAND, f"you do not hold {action.card}")
    if not playable(rules, s, seat) >> card & 1:
        led = rules.deck.card_suit[s.cards.trick[0][1]]
        return refuse(
            MUST_FOLLOW, f"must follow suit: you hold {rules.deck.suits[led]}", spec.follow_suit
        )
    return None


# --- acting --------------------------------------------------------------------------------------


def act(step: Step, spec: TricksPhase, action: Action) -> bool:
    rules = step.rules
    seat = step.state.cursor.to_act
    assert seat is not None
    if isinstance(action, Play):
        done = _play(step, spec, seat, action)
    elif isinstance(action, Done) or ACTS[type(action)](step, spec, seat, action):
        done = _next_in_round(step, spec)  # `done`, or an act that ends the seat's turn
    else:
        done = False
    if not step.state.match.over and rules.match.check == "immediately":
        _check_now(step)
    return done and not step.state.match.over


def _next_in_round(step: Step, spec: TricksPhase) -> bool:
    pending = step.state.cursor.pending[1:]
    if pending:
        step.set_cursor(pending=pending, to_act=pending[0])
        return False
    return _resume(step, spec)


def _changed(
    fields: dict[str, Any], s: GameState, changes: Changes, local: TricksLocal
) -> TricksLocal:
    """What the card hooks added (`changes`) into the new state's parts (`fields`); the
    phase's own record, changed or not."""
    if changes.partner_revealed is not None:
        fields["contract_part"] = s.contract_part.but(partner_revealed=changes.partner_revealed)
    if changes.window_played is not None:
        local = TricksLocal(local.window_open, changes.window_played)
    if changes.exposed is not None:  # e.g. the dummy, laid face up after the first card
        seen: Knowledge = fields["seen"]
        x, hands = changes.exposed, fields["cards"].hands
        fields["seen"] = seen.but(public=set_at(seen.public, x, seen.public[x] | hands[x]))
    return local


def _play(step: Step, spec: TricksPhase, seat: int, action: Play) -> bool:
    """Play a card; the one state change also completes the trick when it is the last.

    The hot path of every playout: the features' card hooks run only when they apply
    (most cards call none, and then no `Changes` is made), and the new state is one copy
    of the state's record with the two or three parts the card changed. The card that
    completes a trick also begins the next one in that same copy when nothing runs in
    between (`_next_trick_now`), as `_after_trick` would have."""
    rules, s = step.rules, step.state
    hooks = spec.hooks
    if hooks is None:  # `table(rules, spec)`, its last answer read inline
        last = trick_features.LAST
        hooks = last[2] if last[1] is spec and last[0] is rules else table(rules, spec)
    card = rules.deck.by_text[action.card]
    bit = 1 << card
    trick = (*s.cards.trick, (seat, card))
    local = s.local if type(s.local) is TricksLocal else window(s)
    changes, after = card_hooks_if_any(hooks, s, seat, card, action, window_open=local.window_open)
    complete = len(trick) == s.n
    cards, play = s.cards, s.play
    hands = set_at(cards.hands, seat, cards.hands[seat] & ~bit)
    played = set_at(cards.played, seat, cards.played[seat] | bit)
    if changes is not None and changes.signals is not None:
        play = play.but(signals=changes.signals)
    new = object.__new__(GameState)  # one copy of the record; the parts below replace
    fields = new.__dict__
    fields.update(s.__dict__)
    following: tuple[bool, bool] | None = None  # the next trick's rules, begun right here
    if complete:
        winner, mask, following, play = _complete(
            rules, spec, hooks, s, fields, trick=trick, hands=hands, played=played, play=play
        )
    else:  # the parts built by position (`maker`): the commonest card of all
        fields["cards"] = _CARDS(
            hands=hands,
            zone_ids=cards.zone_ids,
            zones=cards.zones,
            won=cards.won,
            trick=trick,
            played=played,
        )
        c = s.cursor
        fields["cursor"] = _CURSOR(
            phase=c.phase,
            sub=c.sub,
            step=c.step,
            to_act=rules.players.next(seat),
            pending=c.pending,
        )
    if play is not s.play:
        fields["play"] = play
    public = s.seen.public
    if public[seat] & bit:
        fields["seen"] = s.seen.but(public=set_at(public, seat, public[seat] & ~bit))
    local = local if changes is None else _changed(fields, s, changes, local)
    if following is not None:
        local = _TRICKS_LOCAL(following[1], local.window_played)
    fields["local"] = local
    step.state = new
    if step.log:
        step.events.append(_CARD_PLAYED(seat, action.card, s.play.trick_no))
        if after:
            step.events.extend(after)
    if complete:
        if following is not None:
            if step.log:
                _trick_won_event(step, s, winner, trick, mask)
            return False
        return _trick_complete(step, spec, s, winner, trick=trick, mask=mask)
    if len(trick) == 1 and hooks.on_lead:
        return _after_lead(step, spec, hooks, s, seat)
    return False


_CARD_PLAYED = maker(CardPlayed)
_CARDS = maker(Cards, keywords=True)  # the parts: every field by its name
_CURSOR = maker(Cursor, keywords=True)
_TRICK_PLAY = maker(TrickPlay, keywords=True)
_TRICK_RECORD = maker(TrickRecord)
_TRICK_WON = maker(TrickWon)
_TRICKS_LOCAL = maker(TricksLocal)


def _complete(
    rules: Ruleset,
    spec: TricksPhase,
    hooks: TrickTable,
    s: GameState,
    fields: dict[str, Any],
    *,
    trick: tuple[tuple[int, int], ...],
    hands: tuple[int, ...],
    played: tuple[int, ...],
    play: TrickPlay,
) -> tuple[int, int, tuple[bool, bool] | None, TrickPlay]:
    """The card that completes `trick`, into the new state's parts (`fields`): the cards
    won, and the trick taken - with the next one begun when `_next_trick_now` allows.
    (winner, cards of the trick, the next trick's rules or None, the trick play)."""
    cards = s.cards
    winner = winner_of(rules, trick, play.trump)
    mask = 0
    for _seat, c in trick:
        mask |= 1 << c
    won = set_at(cards.won, winner, cards.won[winner] | mask)
    fields["cards"] = _CARDS(
        hands=hands, zone_ids=cards.zone_ids, zones=cards.zones, won=won, trick=(), played=played
    )
    following = _next_trick_now(rules, spec, hooks, s, hands)
    if following is None:
        return winner, mask, None, _trick_taken(play, trick, winner)
    at = s.cursor
    fields["cursor"] = _CURSOR(phase=at.phase, sub="play", step=at.step, to_act=winner, pending=())
    p = play
    play = _TRICK_PLAY(  # the trick taken and the next one begun, in one copy of the part
        trick_no=p.trick_no + 1,
        leader=winner,
        must_follow=following[0],
        trump=p.trump,
        last_winner=winner,
        tricks_won=set_at(p.tricks_won, winner, p.tricks_won[winner] + 1),
        tricks=(*p.tricks, _TRICK_RECORD(p.trick_no, p.leader or 0, trick, winner, p.must_follow)),
        declarations=p.declarations,
        announced=p.announced,
        revealed_announce=p.revealed_announce,
        drawn=p.drawn,
        signals=p.signals,
    )
    return winner, mask, following, play


def _next_trick_now(
    rules: Ruleset, spec: TricksPhase, hooks: TrickTable, s: GameState, hands: tuple[int, ...]
) -> tuple[bool, bool] | None:
    """`must_follow` and `window_open` of the next trick when the card that completes this
    one (`s`: the state before it; `hands`: after it) may begin it at once: cards are left,
    no feature acts on the trick won or starts a round, the match is not checked at each
    trick, and the next trick's rules need no deal env (constants, or `trick_no` alone) -
    exactly what `_after_trick` would then do. None: `_after_trick` runs. (A round hook is
    a function of the rules and `s`, which `_after_trick` asks again with the same.)"""
    if hooks.on_trick_won or rules.match.check == "immediately" or not any(hands):
        return None
    for round_after in hooks.round_after_trick:
        if round_after(rules, s) is not None:
            return None
    by_trick = _by_trick_no(rules, spec)
    if by_trick is None:
        return None  # `_trick_rules` would read the state after the trick: not here
    trick_no = s.play.trick_no + 1
    found = by_trick.get(trick_no)
    if found is None:
        found = by_trick[trick_no] = _trick_rules(rules, spec, s, trick_no)
    return found


# Per trick phase (by identity, with its ruleset): the next trick's rules by its number,
# when they are constants or read `trick_no` alone - then a function of the number only.
_BY_TRICK_NO: dict[int, tuple[Ruleset, TricksPhase, dict[int, tuple[bool, bool]] | None]] = {}


def _by_trick_no(rules: Ruleset, spec: TricksPhase) -> dict[int, tuple[bool, bool]] | None:
    """The memo of `_trick_rules` by trick number for `spec`, or None when those rules
    read more of the state than the trick number."""
    entry = _BY_TRICK_NO.get(id(spec))
    if entry is not None and entry[1] is spec and entry[0] is rules:
        return entry[2]
    d = rules.declaring
    constant = spec.follow_suit.const is not NO_CONST and (
        d is None or d.window.const is not NO_CONST
    )
    read = spec.follow_suit.names | (d.window.names if d is not None else frozenset())
    memo: dict[int, tuple[bool, bool]] | None = {} if constant or read <= _TRICK_NO else None
    if len(_BY_TRICK_NO) > 256:  # many rulesets loaded (tests): start again
        _BY_TRICK_NO.clear()
    _BY_TRICK_NO[id(spec)] = (rules, spec, memo)
    return memo


def _trick_won_event(
    step: Step, s: GameState, winner: int, trick: tuple[tuple[int, int], ...], mask: int
) -> None:
    """The `TrickWon` of `winner` taking `trick` (cards `mask`; `s`: before its last card)."""
    deck = step.rules.deck
    text = deck.card_text
    step.events.append(
        _TRICK_WON(s.play.trick_no, winner, tuple([text[c] for _x, c in trick]), deck.units(mask))
    )


def _trick_complete(
    step: Step,
    spec: TricksPhase,
    s: GameState,
    winner: int,
    *,
    trick: tuple[tuple[int, int], ...],
    mask: int,
) -> bool:
    """`winner` took `trick` (cards `mask`; `s`: the state before its last card)."""
    if step.log:
        _trick_won_event(step, s, winner, trick, mask)
    return _after_trick(step, spec, s, winner)


def _after_lead(step: Step, spec: TricksPhase, hooks: TrickTable, s: GameState, seat: int) -> bool:
    """The features' hooks once a trick is led (`s`: the state before the lead)."""
    rules = step.rules
    for on_lead in hooks.on_lead:  # a round after the lead
        kind = on_lead(rules, s, seat)
        if kind is not None:
            _start_round(step, kind, rules.players.order_from(seat))
            if step.state.cursor.sub != kind:
                return _resume(step, spec)
    return False


def _trick_taken(play: TrickPlay, trick: tuple[tuple[int, int], ...], winner: int) -> TrickPlay:
    """The trick play once `winner` took the complete `trick`."""
    return play.but(
        tricks_won=set_at(play.tricks_won, winner, play.tricks_won[winner] + 1),
        tricks=(
            *play.tricks,
            _TRICK_RECORD(play.trick_no, play.leader or 0, trick, winner, play.must_follow),
        ),
        last_winner=winner,
    )


def card_hooks_if_any(
    hooks: TrickTable, s: GameState, seat: int, card: int, action: Play, *, window_open: bool
) -> tuple[Changes | None, tuple[Event, ...]]:
    """The features' card hooks when any applies to this card (the window open, signals
    made, or a hook on every card): what they change and their events; else (None, ()),
    and no `Changes` is made (most cards)."""
    if (
        (window_open and hooks.on_card_in_window)
        or (action.signals and hooks.on_card_with_signals)
        or hooks.on_card
    ):
        changes = Changes()
        return changes, _card_hooks(
            hooks, s, seat, card, action, in_window=window_open, changes=changes
        )
    return None, ()


def _card_hooks(
    hooks: TrickTable,
    s: GameState,
    seat: int,
    card: int,
    action: Play,
    *,
    in_window: bool,
    changes: Changes,
) -> tuple[Event, ...]:
    """The features' hooks on a card being played: they fill `changes`; their events."""
    after: tuple[Event, ...] = ()
    if in_window:  # it still counts for declaring
        for on_card in hooks.on_card_in_window:
            after += on_card(s, seat, card, action, changes)
    if action.signals:
        for on_card in hooks.on_card_with_signals:
            after += on_card(s, seat, card, action, changes)
    for on_card in hooks.on_card:  # e.g. the called card shows the partner
        after += on_card(s, seat, card, action, changes)
    return after


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
    """After `winner` took the trick (`s`: the state before its last card): the features'
    hooks (reveal announced combinations, draw), check the match, then begin the next
    trick or a round before it, or end the play."""
    rules = step.rules
    hooks = spec.hooks
    if hooks is None:  # `table(rules, spec)`, its last answer read inline
        last = trick_features.LAST
        hooks = last[2] if last[1] is spec and last[0] is rules else table(rules, spec)
    for on_trick_won in hooks.on_trick_won:
        on_trick_won(step, spec, s, winner)
    if rules.match.check == "immediately" and _check_now(step):
        return False
    round_kind = None
    for round_after in hooks.round_after_trick:
        round_kind = round_after(rules, s)
        if round_kind is not None:
            break
    if any(step.state.cards.hands):
        now = step.state
        must_follow, window_open = _trick_rules(rules, spec, now, s.play.trick_no + 1)
        play = now.play.but(trick_no=s.play.trick_no + 1, leader=winner, must_follow=must_follow)
        local = TricksLocal(window_open, window(now).window_played)
        if round_kind is None:  # the usual case: one state change begins the next trick
            step.update(
                play=play, local=local, cursor=now.cursor.but(sub="play", pending=(), to_act=winner)
            )
            return False
        step.update(play=play, local=local)
    if round_kind is not None and _start_round(step, round_kind, rules.players.order_from(winner)):
        return False
    return _resume(step, spec)


def _check_now(step: Step) -> bool:
    """`match.check: immediately`: the match ends the moment a running total reaches it."""
    s = step.state
    running = scoring.running_points(step.rules, s)
    record = DealRecord(
        deal_no=s.match.deal_no,
        dealer=s.match.dealer,
        counted=False,
        reason="match_end",
        totals=running,
    )
    return match.check_end(step, running, record)


# --- how it reads: the rules page and the prompts (its written half: rules/phases/) -----


def describe(rules: Ruleset, ph: TricksPhase) -> str:
    follow = {
        "true": "players must follow suit",
        "false": "players need not follow suit",
    }.get(ph.follow_suit.text, f"players must follow suit {said(rules, ph.follow_suit)}")
    if ph.trump is None:
        trump = "there are no trumps"
        wins = "The highest card of the suit led wins the trick (a card of another suit never does)"
    else:
        trump = f"the trump suit is {said(rules, ph.trump)}"
        wins = (
            "The highest trump wins the trick; without a trump in it, the highest card of the "
            "suit led (a card of another suit that is not trump never wins)"
        )
    text = (
        f"{said(rules, ph.first_lead)} leads the first trick; {follow}; {trump}. {wins}, and "
        "its winner leads the next trick, until the hands are empty."
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


KIND = kind_of(
    SYNTAX,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
    tasks={"declare": _task_declare, "announce": _task_announce, "play": _task_play},
    stage=stage,
)


# The spec records live in the written half; imported from here too.
__all__ = ["DrawSpec", "TricksPhase"]
