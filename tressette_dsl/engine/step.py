"""One transition in progress: the rules, the state so far, the events so far.

Phase code receives a `Step`, replaces `step.state` with new immutable values and appends
events; `apply` hands back the final state and the events as a tuple. Events are built only
when the caller asked for them (`log`, `apply(..., events=False)` for bots and playouts):
nothing in the engine reads them back, so a step without them reaches the same state.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.errors import EVAL_FAILED, RuleEvaluationError
from tressette_dsl.engine.events import Event
from tressette_dsl.engine.state import (
    KEEP,
    BidRecord,
    Cards,
    Contract,
    Cursor,
    DealRecord,
    DeclRecord,
    GameState,
    Keep,
    Knowledge,
    Match,
    Outcome,
    PhaseLocal,
    Reveal,
    SignalRecord,
    TrickPlay,
    TrickRecord,
)
from tressette_dsl.rules.model import Expr, Ruleset


class Step:
    __slots__ = ("events", "log", "restart", "rules", "state")

    def __init__(self, rules: Ruleset, state: GameState, log: bool = True) -> None:
        self.rules = rules
        self.state = state
        self.events: list[Event] = []
        # build the event records: False when the caller discards them (a hot emit site
        # tests it before it builds its record; `emit` drops what others built)
        self.log = log
        self.restart: str | None = None  # all_pass | misdeal: abandon the deal, deal again

    def set(self, **changes: Any) -> GameState:
        """Change fields by their flat names (`GameState.replace`): for tests and tools;
        engine code uses the typed `set_<part>` calls below."""
        self.state = self.state.replace(**changes)
        return self.state

    def update(
        self,
        *,
        cursor: Cursor | Keep = KEEP,
        cards: Cards | Keep = KEEP,
        seen: Knowledge | Keep = KEEP,
        play: TrickPlay | Keep = KEEP,
        contract: Contract | Keep = KEEP,
        match: Match | Keep = KEEP,
        local: PhaseLocal | Keep | None = KEEP,
    ) -> GameState:
        """Replace whole parts at once (built from the same state, e.g.
        `update(cards=s.cards.but(...), cursor=s.cursor.but(...))`)."""
        new = object.__new__(GameState)  # `GameState.with_parts`, inlined: the hot path
        fields = new.__dict__
        fields.update(self.state.__dict__)
        if cursor is not KEEP:
            fields["cursor"] = cursor
        if cards is not KEEP:
            fields["cards"] = cards
        if seen is not KEEP:
            fields["seen"] = seen
        if play is not KEEP:
            fields["play"] = play
        if contract is not KEEP:
            fields["contract_part"] = contract
        if match is not KEEP:
            fields["match"] = match
        if local is not KEEP:
            fields["local"] = local
        self.state = new
        return new

    # One typed call per part: only that part and the state's own record are copied.
    def set_cursor(
        self,
        *,
        phase: int | Keep = KEEP,
        sub: str | Keep = KEEP,
        step: int | Keep = KEEP,
        to_act: int | Keep | None = KEEP,
        pending: tuple[int, ...] | Keep = KEEP,
    ) -> GameState:
        """Change fields of the state's `Cursor` (typed)."""
        s = self.state
        part = s.cursor.but(
            phase=phase,
            sub=sub,
            step=step,
            to_act=to_act,
            pending=pending,
        )
        new = object.__new__(GameState)  # `with_parts`, inlined: the hot path
        fields = new.__dict__
        fields.update(s.__dict__)
        fields["cursor"] = part
        self.state = new
        return new

    def set_cards(
        self,
        *,
        hands: tuple[int, ...] | Keep = KEEP,
        zone_ids: tuple[str, ...] | Keep = KEEP,
        zones: tuple[tuple[int, ...], ...] | Keep = KEEP,
        won: tuple[int, ...] | Keep = KEEP,
        trick: tuple[tuple[int, int], ...] | Keep = KEEP,
        played: tuple[int, ...] | Keep = KEEP,
    ) -> GameState:
        """Change fields of the state's `Cards` (typed)."""
        s = self.state
        part = s.cards.but(
            hands=hands,
            zone_ids=zone_ids,
            zones=zones,
            won=won,
            trick=trick,
            played=played,
        )
        new = object.__new__(GameState)  # `with_parts`, inlined: the hot path
        fields = new.__dict__
        fields.update(s.__dict__)
        fields["cards"] = part
        self.state = new
        return new

    def set_seen(
        self,
        *,
        public: tuple[int, ...] | Keep = KEEP,
        discarded: tuple[int, ...] | Keep = KEEP,
        shown: tuple[bool, ...] | Keep = KEEP,
        reveals: tuple[Reveal, ...] | Keep = KEEP,
    ) -> GameState:
        """Change fields of the state's `Knowledge` (typed)."""
        s = self.state
        part = s.seen.but(
            public=public,
            discarded=discarded,
            shown=shown,
            reveals=reveals,
        )
        new = object.__new__(GameState)  # `with_parts`, inlined: the hot path
        fields = new.__dict__
        fields.update(s.__dict__)
        fields["seen"] = part
        self.state = new
        return new

    def set_play(
        self,
        *,
        trick_no: int | Keep = KEEP,
        leader: int | Keep | None = KEEP,
        must_follow: bool | Keep = KEEP,
        trump: int | Keep | None = KEEP,
        last_winner: int | Keep | None = KEEP,
        tricks_won: tuple[int, ...] | Keep = KEEP,
        tricks: tuple[TrickRecord, ...] | Keep = KEEP,
        declarations: tuple[DeclRecord, ...] | Keep = KEEP,
        announced: tuple[int, ...] | Keep = KEEP,
        revealed_announce: tuple[bool, ...] | Keep = KEEP,
        drawn: tuple[int, ...] | Keep = KEEP,
        signals: tuple[SignalRecord, ...] | Keep = KEEP,
    ) -> GameState:
        """Change fields of the state's `TrickPlay` (typed)."""
        s = self.state
        part = s.play.but(
            trick_no=trick_no,
            leader=leader,
            must_follow=must_follow,
            trump=trump,
            last_winner=last_winner,
            tricks_won=tricks_won,
            tricks=tricks,
            declarations=declarations,
            announced=announced,
            revealed_announce=revealed_announce,
            drawn=drawn,
            signals=signals,
        )
        new = object.__new__(GameState)  # `with_parts`, inlined: the hot path
        fields = new.__dict__
        fields.update(s.__dict__)
        fields["play"] = part
        self.state = new
        return new

    def set_contract(
        self,
        *,
        auction: tuple[BidRecord, ...] | Keep = KEEP,
        passed: frozenset[int] | Keep = KEEP,
        declarer: int | Keep | None = KEEP,
        contract: str | Keep | None = KEEP,
        bid: str | Keep | None = KEEP,
        bid_rank: int | Keep | None = KEEP,
        bid_points: int | Keep | None = KEEP,
        called_card: int | Keep | None = KEEP,
        call_supplier: int | Keep | None = KEEP,
        partner: int | Keep | None = KEEP,
        partner_revealed: bool | Keep = KEEP,
        taken: tuple[int, ...] | Keep = KEEP,
    ) -> GameState:
        """Change fields of the state's `Contract` (typed)."""
        s = self.state
        part = s.contract_part.but(
            auction=auction,
            passed=passed,
            declarer=declarer,
            contract=contract,
            bid=bid,
            bid_rank=bid_rank,
            bid_points=bid_points,
            called_card=called_card,
            call_supplier=call_supplier,
            partner=partner,
            partner_revealed=partner_revealed,
            taken=taken,
        )
        new = object.__new__(GameState)  # `with_parts`, inlined: the hot path
        fields = new.__dict__
        fields.update(s.__dict__)
        fields["contract_part"] = part
        self.state = new
        return new

    def set_match(
        self,
        *,
        deal_no: int | Keep = KEEP,
        deals_counted: int | Keep = KEEP,
        dealer: int | Keep = KEEP,
        totals: tuple[int, ...] | Keep = KEEP,
        deals: tuple[DealRecord, ...] | Keep = KEEP,
        deal_ended: bool | Keep = KEEP,
        over: bool | Keep = KEEP,
        outcome: Outcome | Keep | None = KEEP,
    ) -> GameState:
        """Change fields of the state's `Match` (typed)."""
        s = self.state
        part = s.match.but(
            deal_no=deal_no,
            deals_counted=deals_counted,
            dealer=dealer,
            totals=totals,
            deals=deals,
            deal_ended=deal_ended,
            over=over,
            outcome=outcome,
        )
        new = object.__new__(GameState)  # `with_parts`, inlined: the hot path
        fields = new.__dict__
        fields.update(s.__dict__)
        fields["match"] = part
        self.state = new
        return new

    def emit(self, event: Event) -> None:
        if self.log:
            self.events.append(event)


def evaluate_seat(expr: Expr, env: Mapping[str, Any], n: int) -> int:
    """A seat expression's value, or a located error when it names no seat (e.g. `declarer`
    before any auction, or `holder(4D)` while that card lies in the stock)."""
    value = evaluate(expr, env)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise RuleEvaluationError(
            Diagnostic(
                EVAL_FAILED,
                f"{expr.text!r} names no seat here (it gave {value!r}; "
                f"seats are 0 to {n - 1}) ({expr.cite()})",
                expr.span,
            )
        )
    return value


def evaluate_int(expr: Expr, env: Mapping[str, Any]) -> int:
    """A count or a score: a whole number, never silently rounded (write floor(...))."""
    value = evaluate(expr, env)
    if isinstance(value, bool) or not isinstance(value, int):
        hint = "; round it with floor(...)" if isinstance(value, Fraction) else ""
        raise RuleEvaluationError(
            Diagnostic(
                EVAL_FAILED,
                f"{expr.text!r} gave {value}, not a whole number{hint} ({expr.cite()})",
                expr.span,
            )
        )
    return value


def evaluate(expr: Expr, env: Mapping[str, Any]) -> Any:
    """Run a compiled expression; a failure names the rule that failed."""
    try:
        return expr.fn(env)  # not `expr(env)`: one call less (a constant's fn returns it)
    except Exception as exc:
        raise RuleEvaluationError(
            Diagnostic(
                EVAL_FAILED, f"could not evaluate {expr.text!r}: {exc} ({expr.cite()})", expr.span
            )
        ) from exc
