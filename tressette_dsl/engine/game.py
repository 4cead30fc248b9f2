"""The game loop: start a match, dispatch actions to phase kinds, move along the flow.

After every public call the state is either waiting for `to_act` or the match is over:
phases without a decision (deal, reveal, move, score, skipped phases) run by themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine import arguments, fast_step, legal_cache, match, seating
from tressette_dsl.engine.actions import Action, Claim, Done, Play
from tressette_dsl.engine.errors import (
    MATCH_OVER,
    NO_SPAN,
    NOT_YOUR_TURN,
    ArgumentValueError,
    IllegalActionError,
)
from tressette_dsl.engine.events import Event
from tressette_dsl.engine.phases import PHASE_KINDS, auction
from tressette_dsl.engine.phases.deal import DealPhase
from tressette_dsl.engine.phases.trick_features.claims import interrupt, out_of_turn_actions
from tressette_dsl.engine.phases.tricks import TricksPhase
from tressette_dsl.engine.rng import first_dealer
from tressette_dsl.engine.state import Cursor, DealRecord, FixedDeal, GameState, Match
from tressette_dsl.engine.step import Step, evaluate, evaluate_seat
from tressette_dsl.engine.table import deal_env
from tressette_dsl.rules.model import Ruleset


def new_game(
    rules: Ruleset,
    seed: int,
    *,
    dealer: int | None = None,
    deck: Sequence[str] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    seats: int | None = None,
    **zones: Sequence[str] | None,
) -> GameState:
    """A new match, dealt and waiting for the first decision.

    `seats` chooses the number of players of a ruleset whose `players.count` is a range
    (`rules.for_seats(seats)`; default: its default count); any other count is an
    `ArgumentValueError` naming the range.

    `deck` fixes the first deal's order, `hands` some seats' hands, and each keyword named
    by a zone id of the ruleset (`stock=[...]`, `monte=[...]`, `out=[...]`) that zone's
    cards; whatever is not given is dealt from the rest. A zone id the first deal does not
    deal is an `ArgumentValueError` (a ValueError) naming the ruleset's zones."""
    rules = _seated("new_game", rules, seats)
    arguments.check_setup(
        "new_game", rules, seed=seed, dealer=dealer, deck=deck, hands=hands, zones=zones
    )
    state, _events = _begin(
        rules, seed, dealer=dealer, deck=deck, hands=hands, zones=zones, log=False
    )
    return arguments.trust(rules, state)


def start(
    rules: Ruleset,
    seed: int,
    *,
    dealer: int | None = None,
    deck: Sequence[str] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    seats: int | None = None,
    **zones: Sequence[str] | None,
) -> tuple[GameState, tuple[Event, ...]]:
    """`new_game`, with the events of getting there: the first `Dealt` and every automatic
    step before the first decision (a redeal, a trump set, mandatory declarations...)."""
    rules = _seated("start", rules, seats)
    arguments.check_setup(
        "start", rules, seed=seed, dealer=dealer, deck=deck, hands=hands, zones=zones
    )
    return _begin(rules, seed, dealer=dealer, deck=deck, hands=hands, zones=zones)


def _begin(
    rules: Ruleset,
    seed: int,
    *,
    dealer: int | None,
    deck: Sequence[str] | None,
    hands: Mapping[int, Sequence[str]] | None,
    zones: Mapping[str, Sequence[str] | None],
    log: bool = True,
) -> tuple[GameState, tuple[Event, ...]]:
    n = rules.players.count
    fixed = _fixed(rules, deck, hands, zones)
    if dealer is None:
        dealer = _first_dealer(rules, seed)
    elif not 0 <= dealer < n:
        raise ValueError(f"dealer must be a seat 0..{n - 1}, not {dealer}")
    state = GameState(
        seed=seed,
        n=n,
        match=Match(dealer=dealer, totals=(0,) * match.total_slots(rules)),
        fixed=fixed,
    )
    step = Step(rules, state, log)
    _start_deal(step, dealer)
    return arguments.trust(rules, step.state), tuple(step.events)


def _seated(fn: str, rules: Ruleset, seats: int | None) -> Ruleset:
    """The ruleset for `seats` players (None: `rules` as given)."""
    if seats is None:
        return rules
    arguments.check_rules(fn, rules)
    arguments.check_int(fn, "seats", seats)
    try:
        return rules.for_seats(seats)
    except ValueError as exc:
        raise ArgumentValueError(fn, "seats", str(exc)) from None


def legal_actions(rules: Ruleset, state: GameState, seat: int | None = None) -> tuple[Action, ...]:
    """The actions of the seat to act, in canonical order; () once the match is over.

    With `seat`, what that seat may do now: the same list when it is the seat to act;
    otherwise what it may do out of turn - a claim, in a ruleset with
    `claims.out_of_turn` (seed 003: "at any moment") while `claims.allowed` holds for it -
    and () in every other ruleset.

    The list is kept on the state (engine/legal_cache.py): asked again for the same state
    it is the same tuple, and `apply` takes any action of it without a further check."""
    if seat is None:  # once per decision: the list kept on the state, if any
        entry = legal_cache.live(rules, state)
        if entry is not None:
            known: tuple[Action, ...] = entry[legal_cache.ACTIONS]
            return known
    trusted = arguments.TRUSTED  # what `apply` just returned: checked, its rules resolved
    if seat is not None or trusted[1] is not state or trusted[0] is not rules:
        if getattr(rules, "seat_table", None) is not None:  # a seat count chosen per game
            rules = seating.rules_for(rules, state)
        if seat is not None:
            arguments.check_state("legal_actions", rules, state)
            arguments.check_seat("legal_actions", seat, rules.players.count)
            if state.match.over or state.cursor.to_act is None:
                return ()
            if seat != state.cursor.to_act:
                return out_of_turn_actions(rules, state, seat)
        cached = legal_cache.cached(rules, state)
        if cached is not None:
            return cached
        arguments.check_state("legal_actions", rules, state)
    if state.match.over or state.cursor.to_act is None:
        return ()
    phase = state.cursor.phase
    last = fast_step.LAST[0]  # read once: another thread may store another pair
    plan = (last[1] if last[0] is rules else fast_step.plans(rules))[phase]
    if plan is not None and fast_step.ENABLED:  # by its cards
        found = fast_step.legal(plan, state)
        if found is not None:
            legal_cache.remember(rules, state, found)
            return found
    spec = rules.flow[phase]
    legal: tuple[Action, ...] = PHASE_KINDS[spec.kind].legal(rules, spec, state)
    legal_cache.remember(rules, state, legal)
    return legal


def apply(
    rules: Ruleset,
    state: GameState,
    action: Action,
    *,
    seat: int | None = None,
    events: bool = True,
) -> tuple[GameState, tuple[Event, ...]]:
    """Apply the action of the seat to act; the new state and the events.

    `seat` names the acting seat when it is not the seat to act: only an out-of-turn
    action (`legal_actions(rules, state, seat=seat)`) is accepted from it.

    `events=False` builds no event records and returns `()` for them (the same new
    state): for bots, playouts and `simulate`, which discard them. The card texts of a
    deal, a trick's units and the other records are then never made.

    An action that `legal_actions` listed for this state - the very object or an equal
    one (`legal_cache.offered`: a bit test on the action's small int) - was checked when
    it was listed: it is applied at once."""
    listed = False
    if seat is None:  # once per decision: the very object listed, else an equal one
        entry = legal_cache.live(rules, state)
        if entry is not None:
            for one in entry[legal_cache.ACTIONS]:  # identity first: no hashing
                if one is action:
                    listed = True
                    break
            else:
                listed = legal_cache.equal_listed(state, entry, action)
            if listed and type(action) is Play and fast_step.ENABLED:  # a card: the fast path
                last = fast_step.LAST[0]
                plan = (last[1] if last[0] is rules else fast_step.plans(rules))[state.cursor.phase]
                if plan is not None:
                    done = fast_step.card(plan, state, action, events)
                    if done is not None:
                        return arguments.trust(rules, done[0]), done[1]
            elif listed and type(action) is Done and fast_step.ENABLED:  # a round's seat done
                last = fast_step.LAST[0]
                plan = (last[1] if last[0] is rules else fast_step.plans(rules))[state.cursor.phase]
                if plan is not None:
                    after = fast_step.done(plan, state)
                    if after is not None:
                        return arguments.trust(rules, after), ()
    if not listed:
        if getattr(rules, "seat_table", None) is not None:  # a seat count chosen per game
            rules = seating.rules_for(rules, state)
        if seat is not None:
            arguments.check_state("apply", rules, state)
            arguments.check_action("apply", action)
            if state.match.over or state.cursor.to_act is None:
                raise IllegalActionError(Diagnostic(MATCH_OVER, "the match is over", NO_SPAN))
            arguments.check_seat("apply", seat, rules.players.count)
            if seat != state.cursor.to_act:
                return _apply_out_of_turn(rules, state, action, seat, events)
        if not legal_cache.offered(rules, state, action):  # listed under the resolved rules
            _check(rules, state, action)
    spec = rules.flow[state.cursor.phase]
    kind = PHASE_KINDS[spec.kind]
    if state.match.deal_ended:
        state = state.with_parts(match=state.match.but(deal_ended=False))
    step = Step(rules, state, events)
    if kind.act(step, spec, action):
        _advance(step)
    elif step.restart:
        _restart(step)
    return arguments.trust(step.rules, step.state), tuple(step.events)


def _apply_out_of_turn(
    rules: Ruleset, state: GameState, action: Action, seat: int, events: bool = True
) -> tuple[GameState, tuple[Event, ...]]:
    """An action by a seat that is not to act: only what it may do out of turn."""
    if action not in out_of_turn_actions(rules, state, seat):
        to_act = state.cursor.to_act
        allowed = rules.claims is not None and rules.claims.out_of_turn
        why = (
            "only a claim may interrupt, while claims.allowed holds for this seat"
            if allowed
            else "this ruleset allows nothing out of turn (claims.out_of_turn is not true)"
        )
        message = f"seat {seat} is not to act (seat {to_act} is): {why}"
        raise IllegalActionError(Diagnostic(NOT_YOUR_TURN, message, NO_SPAN))
    spec = rules.flow[state.cursor.phase]
    assert isinstance(action, Claim) and isinstance(spec, TricksPhase)
    if state.match.deal_ended:
        state = state.with_parts(match=state.match.but(deal_ended=False))
    step = Step(rules, state, events)
    interrupt(step, spec, seat, action)
    return arguments.trust(rules, step.state), tuple(step.events)


def _check(rules: Ruleset, state: GameState, action: Action) -> None:
    """Raise the `ArgumentError` or `IllegalActionError` that says why `action` may not be
    applied to `state`; return when it may."""
    arguments.check_state("apply", rules, state)
    arguments.check_action("apply", action)
    if state.match.over or state.cursor.to_act is None:
        raise IllegalActionError(Diagnostic(MATCH_OVER, "the match is over", NO_SPAN))
    spec = rules.flow[state.cursor.phase]
    problem = PHASE_KINDS[spec.kind].check(rules, spec, state, action)
    if problem is not None:
        raise IllegalActionError(problem)


def _advance(
    step: Step,
    passes: Callable[[int, GameState], Any] | None = None,
    enter: Callable[[int, Step, Any], bool] | None = None,
) -> None:
    """The current phase is done: enter the next ones until a decision is needed.

    `passes(index, state)`, when given, stands for the `when` condition of the phase at
    `index` evaluated over `deal_env(rules, state)` (the compiled kernel's emitted
    conditions, `compiled.gates`): the same truth, without building the env. As
    `deal_env` reads neither the cursor nor the phase's record - all that entering a
    phase writes - the phases it skips are then tested on the state as it is and only
    the phase entered (or the last one, before the deal's end) is written: the same
    state, without a copy for each phase skipped. `enter(index, step, spec)`, when
    given, stands for the phase kind's own `enter` (the kernel's, `compiled.gates`)."""
    rules = step.rules
    flow = rules.flow
    while not step.state.match.over:
        if step.restart:
            _restart(step)
            return
        index = step.state.cursor.phase + 1
        if index >= len(flow):
            _end_deal(step)
            return
        known = True  # the `when` of the phase at `index`, when `passes` has tested it
        while passes is not None and flow[index].when is not None:
            known = bool(passes(index, step.state))
            if known or index + 1 == len(flow):
                break
            index += 1
        step.update(cursor=_entering(index), local=None)  # its own record starts empty
        spec = flow[index]
        if spec.when is not None and not (
            evaluate(spec.when, deal_env(rules, step.state)) if passes is None else known
        ):
            continue
        if not (
            PHASE_KINDS[spec.kind].enter(step, spec) if enter is None else enter(index, step, spec)
        ):
            if step.restart:
                _restart(step)
            return


def _entering(index: int) -> Cursor:
    """The cursor of a phase being entered (nobody asked yet): one frozen record per
    phase index, shared by every state, instead of a copy each time a phase begins."""
    if index < len(_ENTERING):
        return _ENTERING[index]
    return Cursor(phase=index)


_ENTERING = tuple(Cursor(phase=i) for i in range(64))


def _start_deal(step: Step, dealer: int) -> None:
    s = step.state
    fixed = s.fixed if s.match.deal_no == 0 else None
    step.state = match.fresh_deal(step.rules, s, dealer, fixed)
    spec = step.rules.flow[0]
    if PHASE_KINDS[spec.kind].enter(step, spec):
        _advance(step)
    elif step.restart:
        _restart(step)


def _restart(step: Step) -> None:
    """Abandon the deal (all passed, or annulled): not counted; deal again."""
    _start_deal(step, _abandon(step))


def _abandon(step: Step) -> int:
    """The deal abandoned (`step.restart` says why) recorded as not counted, and who
    deals the next one (the compiled kernel deals it its own way: `contractend`)."""
    reason, step.restart = step.restart, None
    s = step.state
    step.set_match(
        deals=(
            *s.match.deals,
            DealRecord(
                deal_no=s.match.deal_no, dealer=s.match.dealer, counted=False, reason=reason or ""
            ),
        ),
        deal_ended=True,
    )
    same = (reason == "misdeal" and _misdeal_dealer(step.rules, s) == "same") or (
        reason == "all_pass" and auction.same_dealer_after_all_pass(step.rules)
    )
    return s.match.dealer if same else _next_dealer(step.rules, s)


def _misdeal_dealer(rules: Ruleset, s: GameState) -> str:
    """`misdeal.dealer` of the deal phase that was annulled: who deals again."""
    spec = rules.flow[s.cursor.phase] if s.cursor.phase < len(rules.flow) else None
    if isinstance(spec, DealPhase) and spec.misdeal is not None:
        return spec.misdeal.dealer
    return "same"


def _end_deal(step: Step) -> None:
    step.set_match(deal_ended=True)
    if not step.state.match.over:
        dealer = _next_dealer(step.rules, step.state)
        if step.state.match.leaving:  # match.eliminate: the table shrinks first
            dealer = seating.reseat(step, dealer)
        _start_deal(step, dealer)


def _next_dealer(rules: Ruleset, s: GameState) -> int:
    for spec in rules.flow:
        if isinstance(spec, DealPhase):
            return evaluate_seat(spec.next_dealer, deal_env(rules, s), s.n)
    return rules.players.next(s.match.dealer)


def _first_dealer(rules: Ruleset, seed: int) -> int:
    for spec in rules.flow:
        if isinstance(spec, DealPhase) and spec.first_dealer is not None:
            return evaluate_seat(spec.first_dealer, {}, rules.players.count)
    return first_dealer(seed, rules.players.count)


def _fixed(
    rules: Ruleset,
    deck: Sequence[str] | None,
    hands: Mapping[int, Sequence[str]] | None,
    zones: Mapping[str, Sequence[str] | None],
) -> FixedDeal | None:
    unknown = sorted(set(zones) - set(rules.zone_ids))
    if unknown:
        declared = ", ".join(rules.zone_ids) or "none"
        raise ValueError(
            f"new_game: {', '.join(map(repr, unknown))} is not a zone of {rules.id} "
            f"(its zones: {declared})"
        )
    given = {z: cards for z, cards in zones.items() if cards is not None}
    if deck is None and hands is None and not given:
        return None
    by_text = rules.deck.by_text

    def cards(texts: Sequence[str], what: str) -> tuple[int, ...]:
        out = []
        for text in texts:
            if text not in by_text:
                raise ValueError(f"{what}: {text!r} is not a card of this deck")
            out.append(by_text[text])
        return tuple(out)

    fixed_hands = None
    if hands:
        per_seat: list[tuple[int, ...] | None] = [None] * rules.players.count
        for seat, texts in hands.items():
            per_seat[seat] = cards(texts, f"hand of seat {seat}")
        fixed_hands = tuple(per_seat)
    return FixedDeal(
        deck=cards(deck, "deck") if deck is not None else None,
        hands=fixed_hands,
        zones=tuple((z, cards(given[z], z)) for z in rules.zone_ids if z in given),
    )
