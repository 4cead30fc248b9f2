"""The card that ends the play, scored and followed by the next deal, without the interpreter.

For the simplest and commonest flow - ``[deal, tricks, score]`` with fixed sides, no phase
conditions, no misdeal round, no declaring round at the start or at the end of the play,
no big win that cancels declarations - the end of a deal is a fixed sequence: the last
card completes the last trick, the leftover goes to its taker, the deal is scored (captured
units per side, big wins, `scoring.deal_points`), the match may end, and otherwise the next
dealer shuffles and deals and the first trick begins. `FastEnd` does exactly what the
tricks, score and deal phases do for it, with the scoring formulas emitted as Python
(`exprgen`) and card units summed by table; the few things that stay the interpreter's
(rule expressions of the next deal's start) are called through its own `evaluate`
functions. When anything falls outside that shape at run time (a formula that does not
give a whole number, say), `end` returns None and the interpreter applies the card; the
differential test holds both to the same result.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tressette_dsl.compiled.draws import shuffled
from tressette_dsl.compiled.exprgen import Emitter, Uncovered
from tressette_dsl.compiled.rounds import declared
from tressette_dsl.engine import declare
from tressette_dsl.engine.match import fresh_deal
from tressette_dsl.engine.state import DealRecord, GameState, Outcome, SignalRecord, TrickRecord
from tressette_dsl.engine.step import evaluate, evaluate_seat
from tressette_dsl.engine.table import deal_env
from tressette_dsl.expr.builtins import BUILTINS, function
from tressette_dsl.expr.types import Type
from tressette_dsl.rules import scopes
from tressette_dsl.rules.model import NO_CONST, DealPhase, Expr, Ruleset, ScorePhase, TricksPhase

_POINT_NAMES = ("units", "cards_units", "last_trick", "tricks", "declared", "contract", "side0")
_BIG_NAMES = (
    *_POINT_NAMES,
    "opp_tricks",
    "total_tricks",
    "opp_cards_units",
    "opp_units",
    "best_seat_tricks",
    "units_outside_best_seat",
)


def _function(
    em: Emitter, e: Expr, start: str, scope: scopes.Scope, params: tuple[str, ...]
) -> Any:
    """A Python function of `params` computing the expression (one call per evaluation).

    It is memoised: the emitted expression is a pure function of its arguments (the
    helpers it calls are the interpreter's pure built-ins), and a deal's facts take few
    distinct values, while one evaluation through `Fraction` arithmetic costs microseconds.
    The key holds each argument's class too, so that 3 and Fraction(3), or 1 and True,
    which are equal and hash alike, never share an entry (the result's type matters)."""
    names = {p: p for p in params}
    names["declarer_side"] = "side0"
    src = repr(e.const) if e.const is not NO_CONST else em.emit(e.text, start, scope, names)
    namespace: dict[str, Any] = {**em.table_symbols(), **em.symbols, "MEMO": {}}
    key = ", ".join(f"{p}, {p}.__class__" for p in params)
    code = compile(
        f"def f({', '.join(params)}):\n"
        f"    key = ({key})\n"
        "    found = MEMO.get(key, MEMO)\n"
        "    if found is not MEMO:\n"
        "        return found\n"
        f"    value = {src}\n"
        f"    if len(MEMO) < {_MEMO_LIMIT}:\n"
        "        MEMO[key] = value\n"
        "    return value\n",
        "<scoring>",
        "exec",
    )
    exec(code, namespace)  # source built by `exprgen` from the parse tree, never from text
    return namespace["f"]


_MEMO_LIMIT = 50_000  # entries per scoring formula: bounded memory, ample for real facts


def _zones(s: GameState, monte: tuple[int, ...], stock: tuple[int, ...]) -> dict[str, Any]:
    """The monte and stock as changes to `s`, only those that differ: zones are slow to
    set by name, and most deals have neither."""
    out: dict[str, Any] = {}
    if monte != s.monte:
        out["monte"] = monte
    if stock != s.stock:
        out["stock"] = stock
    return out


class FastEnd:
    """The end of a deal for one ruleset of the simple shape (see the module doc)."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        flow = rules.flow
        deal, tricks, score = flow
        assert isinstance(deal, DealPhase) and isinstance(tricks, TricksPhase)
        assert isinstance(score, ScorePhase)
        self.deal, self.tricks = deal, tricks
        em = Emitter(rules.ctx)
        self.points = _function(
            em, rules.scoring.deal_points, "formula", scopes.DEAL_POINTS, _POINT_NAMES
        )
        self.big = [
            (big, _function(em, big.condition, "condition", scopes.BIG_WIN, _BIG_NAMES))
            for big in rules.scoring.big_wins
        ]
        sig = BUILTINS["points"].resolve((Type.CARDS,))
        assert sig is not None
        self.units: Callable[[int], int] = function("points", rules.ctx, sig)
        self.sides = tuple(tuple(sorted(seats)) for seats in rules.sides.seats)
        self.teams = rules.sides.mode == "teams"
        self.bit = tuple(1 << c for c in range(max(rules.deck.cards) + 1))  # mask by card

    @staticmethod
    def applies(rules: Ruleset) -> str | None:
        """None when the shape fits, else what does not (kept for `coverage`)."""
        flow = rules.flow
        if len(flow) != 3 or not isinstance(flow[0], DealPhase):
            return "a flow other than [deal, tricks, score]"
        if not isinstance(flow[1], TricksPhase) or not isinstance(flow[2], ScorePhase):
            return "a flow other than [deal, tricks, score]"
        if any(p.when is not None for p in flow) or flow[0].misdeal is not None:
            return "phase conditions or a misdeal round"
        if rules.sides.mode == "contract":
            return "contract sides"
        d = rules.declaring
        if d is not None and d.at == "announce_then_reveal":
            return "announcing at the start of the play"
        if d is not None and d.at == "end_of_trick" and d.mandatory:
            return "mandatory declarations at the end of a trick"
        if any(b.cancels_opponent_declarations for b in rules.scoring.big_wins):
            return "a big win that cancels declarations"
        if rules.scoring.residual_to != "none":
            return f"scoring.residual_to: {rules.scoring.residual_to}"
        if any(b.points is not None or b.others is not None for b in rules.scoring.big_wins):
            return "a big win that rescores the deal (points / others)"
        return None

    @staticmethod
    def build(rules: Ruleset) -> FastEnd | None:
        if FastEnd.applies(rules) is not None:
            return None
        try:
            return FastEnd(rules)
        except Uncovered:
            return None

    # ------------------------------------------------------------------------------------

    def end(
        self, s: GameState, seat: int, card: int, said: tuple[tuple[str, int | None], ...]
    ) -> GameState | None:
        """The state after `seat` plays `card` (with `said`) as the last card of the deal."""
        rules = self.rules
        d = rules.declaring
        if d is not None and d.at == "end_of_trick" and s.window_open:
            return None  # a declaring round after the last trick: the interpreter's
        bit = 1 << card
        hands = list(s.hands)
        played = list(s.played)
        public = list(s.public)
        wplayed = list(s.window_played)
        hands[seat] &= ~bit
        played[seat] |= bit
        if public[seat] & bit:
            public[seat] &= ~bit
        if s.window_open:
            wplayed[seat] |= bit
        trick = (*s.trick, (seat, card))
        winner = self._winner(trick, s.trump)
        mask = 0
        for _x, c in trick:
            mask |= 1 << c
        won = list(s.won)
        won[winner] |= mask
        tricks_won = list(s.tricks_won)
        tricks_won[winner] += 1
        signals = s.signals
        if said:
            signals += tuple(SignalRecord(seat, sig, v, s.trick_no, card) for sig, v in said)
        record = TrickRecord(s.trick_no, s.leader or 0, trick, winner, s.must_follow)
        monte, stock = s.monte, s.stock
        rest = monte + stock
        if rest and rules.scoring.leftover_to == "last_trick_winner":
            for c in rest:
                won[winner] |= 1 << c
            monte = stock = ()
        scored = self._score(s, won, tricks_won, winner)
        if scored is None:
            return None
        totals, deal, big = scored
        ended = s.replace(
            hands=tuple(hands),
            played=tuple(played),
            public=tuple(public),
            window_played=tuple(wplayed),
            won=tuple(won),
            tricks_won=tuple(tricks_won),
            tricks=(*s.tricks, record),
            last_winner=winner,
            trick=(),
            signals=signals,
            **_zones(s, monte, stock),
            sub="",
            pending=(),
            to_act=None,
            phase=2,
            step=0,
            deal_ended=False,
            totals=totals,
            deals=(*s.deals, deal),
            deals_counted=s.deals_counted + 1,
        )
        outcome = self._outcome(ended, big)
        if outcome is not None:
            return ended.replace(over=True, outcome=outcome)
        ended = ended.replace(deal_ended=True)
        return self._next_deal(ended)

    def _winner(self, trick: tuple[tuple[int, int], ...], trump: int | None) -> int:
        suit, strength = self.rules.deck.card_suit, self.rules.deck.card_strength
        led = suit[trick[0][1]]
        best_seat, best = trick[0][0], (2 if led == trump else 1, strength[trick[0][1]])
        for seat, card in trick[1:]:
            cs = suit[card]
            key = (2 if cs == trump else 1 if cs == led else 0, strength[card])
            if key > best:
                best_seat, best = seat, key
        return best_seat

    def _score(
        self, s: GameState, won: list[int], tricks_won: list[int], last: int
    ) -> tuple[tuple[int, ...], DealRecord, Any] | None:
        rules = self.rules
        units_of = self.units
        # `points` sums per-card values, so over the seats' disjoint captures it adds up:
        # one table sum per seat instead of one per side, best seat and the whole.
        per_seat = [units_of(m) for m in won]
        everything = 0
        for m in won:
            everything |= m
        seat_units: list[int] | None = per_seat
        if everything.bit_count() == sum(m.bit_count() for m in won):
            all_units = sum(per_seat)
        else:  # never for the interpreter's captures; kept exact all the same
            all_units = units_of(everything)
            seat_units = None
        last_trick = rules.scoring.last_trick
        decls = [(r.seat, r.points) for r in s.declarations if not r.cancelled]
        facts = []
        for seats in self.sides:
            tricks = 0
            best = seats[0]
            for x in seats:
                tricks += tricks_won[x]
                if tricks_won[x] > tricks_won[best]:
                    best = x
            if seat_units is not None:
                cards_units = (
                    sum(seat_units[x] for x in seats) if len(seats) > 1 else seat_units[best]
                )
                outside = all_units - seat_units[best]
            else:
                cards = 0
                for x in seats:
                    cards |= won[x]
                cards_units = units_of(cards)
                outside = all_units - units_of(won[best])
            is_last = last in seats
            declared = sum(p for x, p in decls if x in seats) if decls else 0
            facts.append(
                (
                    seats,
                    tricks,
                    cards_units,
                    is_last,
                    cards_units + (last_trick if is_last else 0),
                    declared,
                    tricks_won[best],
                    outside,
                )
            )
        contract = s.contract or ""
        big = self._big(facts, contract)
        points = []
        for _seats, tricks, cu, is_last, units, declared, _b, _o in facts:
            value = self.points(units, cu, is_last, tricks, declared, contract, False)
            if value.__class__ is not int:
                return None  # the interpreter says why (not a whole number)
            points.append(value)
        deltas = [0] * len(s.totals)
        side_of = rules.sides.side_of
        for f, pts in zip(facts, points, strict=True):
            for slot in (side_of[f[0][0]],) if self.teams else f[0]:
                deltas[slot] += pts
        totals = tuple(t + x for t, x in zip(s.totals, deltas, strict=True))
        multiplier = big[0].multiplier if big and rules.scoring.big_win_effect == "multiply" else 1
        record = DealRecord(
            deal_no=s.deal_no,
            dealer=s.dealer,
            counted=True,
            reason="scored",
            contract=s.contract,
            declarer=s.declarer,
            partner=s.partner,
            sides=tuple(f[0] for f in facts),
            units=tuple(f[4] for f in facts),
            cards_units=tuple(f[2] for f in facts),
            tricks=tuple(f[1] for f in facts),
            declared=tuple(f[5] for f in facts),
            points=tuple(points),
            big_win=big[0].id if big else None,
            big_win_side=big[1] if big else None,
            multiplier=multiplier,
            success=None,
            deltas=tuple(deltas),
            totals=totals,
        )
        return totals, record, (big, facts)

    def _big(self, facts: list[Any], contract: str) -> tuple[Any, int] | None:
        """The first big win (in order) of the first side it holds for, or None: each
        side's arguments computed once, then every condition on them."""
        if not self.big:
            return None
        total_tricks = sum(f[1] for f in facts)
        all_cu = sum(f[2] for f in facts)
        all_units = sum(f[4] for f in facts)
        args = [
            (
                *(units, cu, is_last, tricks, declared, contract, False),
                *(total_tricks - tricks, total_tricks, all_cu - cu, all_units - units, bst, out),
            )
            for _s, tricks, cu, is_last, units, declared, bst, out in facts
        ]
        for spec, cond in self.big:
            for i, a in enumerate(args):
                if cond(*a):
                    return (spec, i)
        return None

    def _outcome(self, s: GameState, big_facts: Any) -> Outcome | None:
        """`match.end_match` after a win_match big win, else `match.check_end`."""
        rules = self.rules
        big, facts = big_facts
        if big and rules.scoring.big_win_effect == "win_match":
            seats = facts[big[1]][0]
            slots = (rules.sides.side_of[seats[0]],) if self.teams else seats
            return Outcome(tuple(sorted(slots)), "big_win", big[0].games, big[0].id)
        env = {
            "totals": s.totals,
            "target": rules.match.target or 0,
            "deals_counted": s.deals_counted,
            "deal_no": s.deal_no,
        }
        if not evaluate(rules.match.end, env):
            return None
        best = max(s.totals)
        winners = tuple(i for i, t in enumerate(s.totals) if t == best)
        if len(winners) > 1 and rules.match.tie == "play_on":
            return None
        return Outcome(winners, rules.match.reason)

    def _next_deal(self, s: GameState) -> GameState:
        """`game._start_deal` for this shape: shuffle, deal the packets, begin the play."""
        rules, n = self.rules, s.n
        dealer = evaluate_seat(self.deal.next_dealer, deal_env(rules, s), n)
        s = fresh_deal(rules, s, dealer, None)
        order = shuffled(rules.deck.cards, s.seed, s.deal_no)
        seats = rules.players.order_from(rules.players.next(dealer))
        hands = [0] * n
        zones: dict[str, list[int]] = {"stock": [], "monte": []}
        top = 0
        for packet in self.deal.packets:
            if packet.zone is None:
                bit = self.bit
                for seat in seats:
                    count = packet.count if packet.count is not None else (len(order) - top) // n
                    m = hands[seat]
                    for c in order[top : top + count]:
                        m |= bit[c]
                    hands[seat] = m
                    top += count
            else:
                count = packet.count if packet.count is not None else len(order) - top
                zones[packet.zone].extend(order[top : top + count])
                top += count
        s = s.replace(
            **_zones(s, tuple(zones["monte"]), tuple(zones["stock"])),
            hands=tuple(hands),
            phase=1,
            sub="",
            step=0,
            to_act=None,
            pending=(),
        )
        spec = self.tricks
        env = deal_env(rules, s)
        trump = s.trump
        if spec.trump is not None:
            value = evaluate(spec.trump, env)
            trump = None if value is None or value < 0 else int(value)
        leader = evaluate_seat(spec.first_lead, env, n)
        d = rules.declaring
        follow, window = spec.follow_suit, d.window if d is not None else None
        tenv: dict[str, object] = {}
        if follow.const is NO_CONST or (window is not None and window.const is NO_CONST):
            tenv = deal_env(rules, s)
            tenv["trick_no"] = 1
        s = s.replace(
            trick_no=1,
            leader=leader,
            trump=trump,
            trick=(),
            must_follow=bool(evaluate(follow, tenv)),
            window_open=window is not None and bool(evaluate(window, tenv)),
        )
        order = rules.players.order_from(leader)
        if d is not None and d.at == "before_first_trick" and s.window_open:
            if not d.mandatory:  # a declaring round from the leader: `rounds` plays it
                return s.replace(sub="declare", pending=order, to_act=order[0])
            for seat in order:  # mandatory: every seat declares all it holds, in turn
                for option in declare.options(rules, s, seat, declare.basis(s, seat)):
                    s = declared(rules, s, seat, option)
        # `declared` marks an action; these were automatic, the deal just ended and began
        return s.replace(sub="play", pending=(), to_act=leader, deal_ended=True)


__all__ = ["FastEnd"]
