"""The phases' `when` conditions as Python over the state, for `game._advance`.

Entering the phases after a decision (`game._advance`) tests each phase's `when` over
`deal_env(rules, state)`: a dict of some twenty names built for every test, a contract
game's flow testing a dozen conditions a deal (`contract == 'chiamo'`,
`called_from_defender`). `Gates` emits each condition once (`exprgen`, from the same
parse tree as the interpreter's closure) as a function of the state that reads only the
names it uses, each written as `deal_env` computes it. A condition reading a name not
written here (a zone's size, `holder`) stays `evaluate` over `deal_env`, and so does any
condition whose emitted code raises (the interpreter's error, then, is the one raised).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tressette_dsl.compiled.enters import discard_enter, move_enter
from tressette_dsl.compiled.exprgen import Emitter, Uncovered
from tressette_dsl.engine.phases import PHASE_KINDS
from tressette_dsl.engine.phases import auction as auction_kind
from tressette_dsl.engine.phases import tricks as tricks_kind
from tressette_dsl.engine.phases.trick_features import table
from tressette_dsl.engine.phases.trick_features.base import TricksLocal
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import Step, evaluate
from tressette_dsl.engine.table import deal_env
from tressette_dsl.rules import scopes
from tressette_dsl.rules.model import (
    NO_CONST,
    AuctionPhase,
    CallPhase,
    Expr,
    Ruleset,
    TricksPhase,
)
from tressette_dsl.rules.phases.discard import DiscardPhase
from tressette_dsl.rules.phases.move import MovePhase

# `deal_env`'s names as Python over the state `s` (its contract part `cp`)
_NAMES = {
    "dealer": "s.match.dealer",
    "deal_no": "s.match.deal_no",
    "deals_counted": "s.match.deals_counted",
    "players": "s.n",
    "contract": "(cp.contract or '')",
    "bid": "(cp.bid or '')",
    "bid_rank": "(-1 if cp.bid_rank is None else cp.bid_rank)",
    "bid_points": "(cp.bid_points or 0)",
    "declarer": "cp.declarer",
    "alone": "(cp.declarer is not None and cp.partner is None)",
    "called_card": "(-1 if cp.called_card is None else cp.called_card)",
    "called_from_defender": "(cp.call_supplier is not None)",
    "trick_no": "s.play.trick_no",
    "target": "TARGET",
}


# and a call's `cards`: the seat to act, its hand, the deck
_CALL = {
    **_NAMES,
    "seat": "s.cursor.to_act",
    "hand": "s.cards.hands[s.cursor.to_act]",
    "deck": "DECK",
}


class Gates:
    """`passes(index, state)`: the `when` of the phase at `index`, true or not; and
    `enter(index, step, spec)`: the phase kind's `enter`, a tricks phase's with its
    first leader and trump emitted too (session 9: `tricks.begin` with them)."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        em = Emitter(rules.ctx)
        self.tests: list[Callable[[GameState], Any] | None] = [
            None if p.when is None else _emitted(em, p.when, rules) for p in rules.flow
        ]
        # a call's `cards` as `call.callable_cards` reads it (the seat to act's hand)
        self.calls: list[Callable[[GameState], Any] | None] = [
            _emitted(em, p.cards, rules, start="cards", scope=scopes.CALL_CARDS, names=_CALL)
            if isinstance(p, CallPhase)
            else None
            for p in rules.flow
        ]
        # a tricks phase's first leader and trump as emitted (`Starts`), for `enter` and
        # for the plain run of a contract deal's start (`prelude`)
        self.starts: list[Starts | None] = [
            _starts(em, p, rules) if isinstance(p, TricksPhase) else None for p in rules.flow
        ]
        # an auction's first to speak as emitted (for `enter`, and for the plain
        # opening of a dealt contract deal, `prelude`)
        self.firsts: list[Callable[[GameState], Any] | None] = [
            _emitted(em, p.first, rules, start="seat", scope=scopes.SEAT_EXPR)
            if isinstance(p, AuctionPhase)
            else None
            for p in rules.flow
        ]
        # a call's caller where a seat expression names him (`who: "next(dealer)"`), as
        # emitted: for the plain opening of a dealt contract deal (`prelude`)
        self.callers: list[Callable[[GameState], Any] | None] = [
            _emitted(em, p.who.seat, rules, start="seat", scope=scopes.SEAT_EXPR)
            if isinstance(p, CallPhase) and p.who.role is None and p.who.seat is not None
            else None
            for p in rules.flow
        ]
        self.enters: list[Callable[[Step, Any], bool] | None] = [
            _tricks_enter(p, start)
            if isinstance(p, TricksPhase) and start is not None
            else _auction_enter(first)
            if first is not None
            else discard_enter(rules)  # session 13: the cursor written once
            if isinstance(p, DiscardPhase)
            else move_enter(rules, p)  # session 13: the cards and what is seen, once
            if isinstance(p, MovePhase)
            else None
            for p, start, first in zip(rules.flow, self.starts, self.firsts, strict=True)
        ]

    def enter(self, index: int, step: Step, spec: Any) -> bool:
        own = self.enters[index]
        return own(step, spec) if own is not None else PHASE_KINDS[spec.kind].enter(step, spec)

    def passes(self, index: int, s: GameState) -> Any:
        test = self.tests[index]
        if test is not None:
            try:
                return test(s)
            except Exception:
                pass
        when = self.rules.flow[index].when
        assert when is not None
        return evaluate(when, deal_env(self.rules, s))


class Starts:
    """A tricks phase's start worked out without `deal_env`: its first leader and trump
    as emitted Python over the state (`lead`, `trump`: None where the phase names
    none), and where the play's start needs nothing but writing (`_opening`) its
    constants: the first trick's `must_follow` and the play's own record (`local`)."""

    __slots__ = ("lead", "local", "must_follow", "n", "trump")

    def __init__(
        self,
        lead: Callable[[GameState], Any],
        trump: Callable[[GameState], Any] | None,
        opening: tuple[bool, TricksLocal] | None,
        n: int,
    ) -> None:
        self.lead, self.trump, self.n = lead, trump, n
        self.must_follow: bool | None = None
        self.local: TricksLocal | None = None
        if opening is not None:
            self.must_follow, self.local = opening

    def leader_and_trump(self, s: GameState) -> tuple[int, int | None] | None:
        """`tricks.enter`'s first leader and trump suit on `s`; None where the emitted
        expressions raise or give a seat `evaluate_seat` refuses (`enter`'s own, then)."""
        trump = self.trump
        try:
            value = None if trump is None else trump(s)
        except Exception:
            return None
        leader = seat_of(self.lead, s)
        if leader is None:
            return None
        return leader, s.play.trump if trump is None else tricks_kind.trump_suit(value)


def _starts(em: Emitter, spec: TricksPhase, rules: Ruleset) -> Starts | None:
    """The `Starts` of a tricks phase; None where its first leader or trump does not
    emit."""
    lead = _emitted(em, spec.first_lead, rules, start="seat", scope=scopes.SEAT_EXPR)
    trump = (
        None
        if spec.trump is None
        else _emitted(em, spec.trump, rules, start="any", scope=scopes.TRUMP)
    )
    if lead is None or (spec.trump is not None and trump is None):
        return None
    return Starts(lead, trump, _opening(rules, spec), rules.players.count)


def _tricks_enter(spec: TricksPhase, start: Starts) -> Callable[[Step, TricksPhase], bool]:
    """`tricks.enter` with the first leader and trump as emitted Python over the state
    (no `deal_env`). A value `evaluate_seat` would refuse, or an expression that
    raises, is `enter`'s own (its error, then)."""
    begin = _begin_at_once(spec, start)

    def enter(step: Step, spec: TricksPhase) -> bool:
        found = start.leader_and_trump(step.state)
        if found is None:
            return tricks_kind.enter(step, spec)
        leader, suit = found
        if begin is not None:
            return begin(step, leader, suit)
        return tricks_kind.begin(step, spec, leader, suit)

    return enter


def _opening(rules: Ruleset, spec: TricksPhase) -> tuple[bool, TricksLocal] | None:
    """The constants of a play whose start needs nothing but writing (session 12): no
    feature starts a round as the play begins (`on_enter`), the first trick's
    `follow_suit` and declaring window are constants (`_trick_rules` reads no state):
    the first trick's `must_follow` and the play's own record, made once per ruleset.
    None where `tricks.begin` must run."""
    d = rules.declaring
    if (
        (spec.hooks or table(rules, spec)).on_enter
        or spec.follow_suit.const is NO_CONST
        or (d is not None and d.window.const is NO_CONST)
    ):
        return None
    n = rules.players.count
    must_follow, window_open = tricks_kind._trick_rules(rules, spec, GameState(seed=0, n=n), 1)
    return must_follow, TricksLocal(window_open, (0,) * n)


def _begin_at_once(
    spec: TricksPhase, start: Starts
) -> Callable[[Step, int, int | None], bool] | None:
    """`tricks.begin` for a play whose start needs nothing but writing (`_opening`): the
    phase's record, the play's, the empty trick and the cursor (`_resume`: the leader
    to play) written in one copy of the state instead of two. None where `begin` must
    run; at run time a step that logs events (`TrumpSet`), another seat count or hands
    all empty are its own."""
    must_follow, local, n = start.must_follow, start.local, start.n
    if must_follow is None:
        return None

    def begin(step: Step, leader: int, trump: int | None) -> bool:
        s = step.state
        cards = s.cards
        if step.log or s.n != n or not any(cards.hands):
            return tricks_kind.begin(step, spec, leader, trump)
        step.state = s.with_parts(
            cursor=s.cursor.but(sub="play", pending=(), to_act=leader),
            cards=cards.but(trick=()),
            play=s.play.but(trick_no=1, leader=leader, trump=trump, must_follow=must_follow),
            local=local,
        )
        return False

    return begin


def seat_of(emitted: Callable[[GameState], Any], s: GameState) -> int | None:
    """The seat an emitted seat expression gives on `s`; None where it raises or gives
    what `evaluate_seat` refuses (the phase kind's own `enter` then says why)."""
    try:
        seat = emitted(s)
    except Exception:
        return None
    return seat if seat.__class__ is int and 0 <= seat < s.n else None


def _auction_enter(
    first: Callable[[GameState], Any],
) -> Callable[[Step, AuctionPhase], bool]:
    """`auction.enter` with the first to speak as emitted Python over the state. A
    value `evaluate_seat` would refuse, or an expression that raises, is `enter`'s own
    (its error, then)."""

    def enter(step: Step, spec: AuctionPhase) -> bool:
        seat = seat_of(first, step.state)
        if seat is None:
            return auction_kind.enter(step, spec)
        return auction_kind.begin(step, spec, seat)

    return enter


def _emitted(
    em: Emitter,
    when: Expr,
    rules: Ruleset,
    *,
    start: str = "condition",
    scope: scopes.Scope = scopes.WHEN,
    names: dict[str, str] = _NAMES,
) -> Callable[[GameState], Any] | None:
    """The expression (a condition, or of kind `start` in `scope`, reading `names`) as
    ``f(s)``, or None where it reads a name not written here or does not emit."""
    if not when.names <= names.keys():
        return None
    try:
        src = em.emit(when.text, start, scope, names)
    except Uncovered:
        return None
    namespace: dict[str, Any] = {
        **em.table_symbols(),
        **em.symbols,
        "TARGET": rules.match.target or 0,
        "DECK": rules.deck.full_mask,
    }
    code = compile(f"def f(s):\n    cp = s.contract_part\n    return {src}\n", "<when>", "exec")
    exec(code, namespace)  # source built by `exprgen` from the parse tree, never text
    return namespace["f"]  # type: ignore[no-any-return]


_GATES: dict[int, tuple[Ruleset, Gates]] = {}


def gates_of(rules: Ruleset) -> Gates:
    """The `Gates` of `rules`, kept per ruleset object (bounded: rulesets built on the
    fly in tests and house rules)."""
    found = _GATES.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    if len(_GATES) > 256:
        _GATES.clear()
    made = Gates(rules)
    _GATES[id(rules)] = (rules, made)
    return made


__all__ = ["Gates", "Starts", "gates_of", "seat_of"]
