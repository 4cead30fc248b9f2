"""The card that ends the play, scored and followed by the next deal, without the interpreter.

For the simplest and commonest flow - ``[deal, tricks, score]`` with fixed sides, no phase
conditions, no misdeal round, no big win that cancels declarations (`FastEnd.applies`
names what else it refuses) - the end of a deal is a fixed sequence: the last card
completes the last trick, the leftover goes to its taker, the deal is scored (captured
units per side, `scoring.deal_points`, the deal's total and its residual, big wins and
their rescoring), the match may end, and otherwise the next dealer shuffles and deals
(cards laid before the deal in their zone) and the first trick begins, or the declaring
or announcing round before it. `FastEnd` does exactly what the
tricks, score and deal phases do for it, with the scoring formulas emitted as Python
(`exprgen`) and card units summed by table; the few things that stay the interpreter's
(rule expressions of the next deal's start) are called through its own `evaluate`
functions. When anything falls outside that shape at run time (a formula that does not
give a whole number, a last trick that reveals announced combinations, a seat that
`match.eliminate` sends away), `end` returns None and the interpreter applies the card;
the differential tests hold both to the same result.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Callable, Iterable, Sequence
from operator import add
from typing import Any

from tressette_dsl.compiled import seating
from tressette_dsl.compiled.closing import Chunks, big_lines, close_source, side_lines
from tressette_dsl.compiled.draws import Shuffles
from tressette_dsl.compiled.exprgen import Emitter, Uncovered
from tressette_dsl.compiled.rounds import declared
from tressette_dsl.compiled.writeback import window_record, zones_with
from tressette_dsl.engine import declare
from tressette_dsl.engine.match import fresh_deal
from tressette_dsl.engine.phases.trick_features.base import TricksLocal
from tressette_dsl.engine.phases.tricks import trump_suit, winner_of
from tressette_dsl.engine.state import (
    DealRecord,
    DeclRecord,
    GameState,
    Outcome,
    SignalRecord,
    TrickRecord,
)
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

    It is memoised (unless it only compares and combines its arguments, with no
    arithmetic and no call): the emitted expression is a pure function of its arguments (the
    helpers it calls are the interpreter's pure built-ins), and a deal's facts take few
    distinct values, while one evaluation through `Fraction` arithmetic costs microseconds.
    The key holds only the arguments the emitted source reads (found in its syntax tree,
    so a condition on the tricks alone is not told apart by the units), each with its
    class, so that 3 and Fraction(3), or 1 and True, which are equal and hash alike,
    never share an entry (the result's type matters)."""
    names = {p: p for p in params}
    names["declarer_side"] = "side0"
    src = repr(e.const) if e.const is not NO_CONST else em.emit(e.text, start, scope, names)
    tree = ast.parse(src, mode="eval")
    read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    used = [p for p in params if p in read]
    namespace: dict[str, Any] = {**em.table_symbols(), **em.symbols, "MEMO": {}}
    if not any(isinstance(n, ast.Call | ast.BinOp) for n in ast.walk(tree)):
        # comparisons and logic of the arguments alone: cheaper than the memo's key
        code = compile(f"def f({', '.join(params)}):\n    return {src}\n", "<scoring>", "exec")
        exec(code, namespace)  # source built by `exprgen` from the parse tree, never text
        return namespace["f"]
    key = "".join(f"{p}, {p}.__class__, " for p in used)
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
    made = namespace["f"]
    # for `closing.memo_call`: the memo and the arguments its key holds, by position
    made.memo, made.used = namespace["MEMO"], tuple(params.index(p) for p in used)
    return made


_TOTAL_NAMES = ("all_units", "all_cards_units", "sides")  # `scoring.deal_total`'s
# the names of a big win that are known once the points are, in the order
# `FastEnd._big_after` passes them
_AFTER_POINTS = ("opp_points", "deal_total")
_MEMO_LIMIT = 50_000  # entries per scoring formula: bounded memory, ample for real facts
_END_NAMES = ("totals", "target", "deals_counted", "deal_no")
# a side's facts as `FastEnd._score` lists them (`seats` first), and the big-win names
# each stands for; the other names are sums over the sides or constants
_SIDE_FACTS = ("seats", "tricks", "cu", "last", "units", "declared", "best", "outside")


def _first_big(em: Emitter, bigs: Iterable[Any], sides: int) -> Callable[..., Any] | None:
    """One Python function ``f(facts, contract)`` for `FastEnd._big`: the (big win,
    side) indices of the first big win, in order, that holds for a side, sides in order,
    or None - every condition emitted inline with each side's facts, instead of one call
    of each condition with thirteen arguments for each side. None when there is none or
    a condition does not emit (then `_big` calls them one by one)."""
    bigs = list(bigs)
    if not bigs or sides < 1:
        return None
    found = big_lines(em, bigs, sides)
    if found is None:
        return None
    lines = ["def f(facts, contract):"]
    for i in range(sides):
        lines.append(f"    {', '.join(f'{n}_{i}' for n in _SIDE_FACTS)} = facts[{i}]")
    lines += [*found, "    return found"]
    namespace: dict[str, Any] = {**em.table_symbols(), **em.symbols}
    code = compile("\n".join(lines) + "\n", "<big wins>", "exec")
    exec(code, namespace)  # source built by `exprgen` from the parse tree, never text
    return namespace["f"]  # type: ignore[no-any-return]


def _big_args(facts: list[Any], contract: str) -> list[tuple[Any, ...]]:
    """Each side's arguments of a big win's condition (`_BIG_NAMES`, in order) from the
    sides' facts (`FastEnd._facts`' tuples): its own facts, then the others' and the
    deal's sums."""
    total_tricks = sum(f[1] for f in facts)
    all_cu = sum(f[2] for f in facts)
    all_units = sum(f[4] for f in facts)
    return [
        (
            *(units, cu, is_last, tricks, declared, contract, False),
            *(total_tricks - tricks, total_tricks, all_cu - cu, all_units - units, bst, out),
        )
        for _s, tricks, cu, is_last, units, declared, bst, out in facts
    ]


def _facts_function(
    sides: tuple[tuple[int, ...], ...],
    n: int,
    units: Callable[[int], Any],
    last_trick: Any,
    chunks: Chunks | None = None,
) -> Callable[..., list[Any] | None]:
    """``facts_of(declarations, won, tricks_won, last)``: `FastEnd._facts` for these
    sides and `n` seats as straight-line code - each seat's captured units once, each
    side's sums and best seat unrolled - the same values in the same order of additions
    (so the same types), or None when the seats' captures overlap (then `_facts` says
    what the general way says). With `chunks` (the tables `units` sums, `_unit_tables`)
    each seat's units are those lookups written inline, the same additions in the same
    order, without a call a seat. The source is made of seat numbers alone."""
    lines = [
        "def facts_of(declarations, won, tricks_won, last):",
        *side_lines(sides, n, chunks, "return None"),
    ]
    made = []
    for i in range(len(sides)):
        lines.append(
            f"    f{i} = (SIDES[{i}], tricks_{i}, cu_{i}, last_{i}, units_{i}, declared_{i}, "
            f"best_{i}, outside_{i})"
        )
        made.append(f"f{i}")
    lines.append(f"    return [{', '.join(made)}]")
    namespace: dict[str, Any] = {"UNITS": units, "SIDES": sides, "LAST": last_trick}
    if chunks is not None:
        namespace["LOW"] = (1 << chunks[1]) - 1
        namespace.update((f"T{i}", table) for i, table in enumerate(chunks[0]))
    exec(compile("\n".join(lines) + "\n", "<side facts>", "exec"), namespace)  # ints only
    return namespace["facts_of"]  # type: ignore[no-any-return]


def _chunk_table(units_of: Callable[[int], Any], shift: int, width: int, every: int) -> list[Any]:
    """`units_of(v << shift & every)` for every `v` of `width` bits. Built a card at a time
    (a mask's value is its value without its lowest card plus that card's: `points`
    adds up over disjoint cards, which `_unit_tables` checks), one addition an entry
    instead of one `points` call; by `points` itself when the empty mask is not 0."""
    zero = units_of(0)
    if zero != 0 or type(zero) is not int:
        return [units_of(v << shift & every) for v in range(1 << width)]
    single = [units_of(1 << (shift + j) & every) for j in range(width)]
    table: list[Any] = [zero] * (1 << width)
    for v in range(1, 1 << width):
        low = v & -v
        table[v] = table[v ^ low] + single[low.bit_length() - 1]
    return table


def _unit_tables(units_of: Callable[[int], Any], size: int) -> Callable[[int], Any]:
    """`points` of a mask as a sum over its bytes (`_unit_chunks`)."""
    return _unit_chunks(units_of, size)[0]


def _unit_chunks(
    units_of: Callable[[int], Any], size: int
) -> tuple[Callable[[int], Any], Chunks | None]:
    """`points` of a mask as a sum over its bytes, from tables made with `points`
    itself (it sums per-card values, so it adds over disjoint parts); the tables are
    checked on every card and the whole deck, else `points` is used as it is. Also the
    tables and their width when the sum is of at most four of them, unrolled (which
    `_facts_function` may write inline), else None."""
    # at most four table lookups a mask, unrolled: chunks of up to 12 bits (tables of
    # at most 4,096 entries each, built in a few milliseconds)
    width = max(8, -(-size // 4))
    if width > 12:
        width = 8
    chunks = -(-size // width)
    every = (1 << size) - 1
    low = (1 << width) - 1
    tables = [_chunk_table(units_of, width * i, width, every) for i in range(chunks)]
    units: Callable[[int], Any]
    if chunks == 1:
        units = tables[0].__getitem__
    elif chunks == 2:
        t0, t1 = tables

        def units(m: int) -> Any:
            return t0[m & low] + t1[m >> width]

    elif chunks == 3:
        t0, t1, t2 = tables
        twice = 2 * width

        def units(m: int) -> Any:
            return t0[m & low] + t1[m >> width & low] + t2[m >> twice]

    elif chunks == 4:
        t0, t1, t2, t3 = tables
        twice, thrice = 2 * width, 3 * width

        def units(m: int) -> Any:
            return t0[m & low] + t1[m >> width & low] + t2[m >> twice & low] + t3[m >> thrice]

    else:

        def units(m: int) -> Any:
            total = 0
            i = 0
            while m:
                total += tables[i][m & low]
                m >>= width
                i += 1
            return total

    same = all(units(1 << c) == units_of(1 << c) for c in range(size))
    if (
        not same
        or units(every) != units_of(every)
        or type(units(every)) is not type(units_of(every))
    ):
        return units_of, None
    return units, ((tables, width) if chunks <= 4 else None)


_RECORD_FIELDS = tuple(f.name for f in dataclasses.fields(DealRecord))
_RECORD_SETTERS = tuple(getattr(DealRecord, name).__set__ for name in _RECORD_FIELDS)


def _record_maker() -> Callable[..., DealRecord]:
    """`DealRecord(*values)` (every field, in order) without the frozen dataclass's
    `__init__`, which sets each field through `object.__setattr__`: one slot descriptor
    call a field, written out one line a field (``S3(r, v3)``: no loop, no zip), the
    same record. The source holds generated names alone. A record class with a
    `__post_init__` (checks) is built by its constructor."""
    direct = not hasattr(DealRecord, "__post_init__") and len(_RECORD_FIELDS) == len(
        DealRecord.__slots__
    )
    if not direct:
        return DealRecord
    count = len(_RECORD_FIELDS)
    lines = [f"def deal_record({', '.join(f'v{i}' for i in range(count))}):", "    r = new(DR)"]
    lines += [f"    S{i}(r, v{i})" for i in range(count)]
    lines.append("    return r")
    namespace: dict[str, Any] = {"new": object.__new__, "DR": DealRecord}
    namespace.update((f"S{i}", put) for i, put in enumerate(_RECORD_SETTERS))
    exec(compile("\n".join(lines) + "\n", "<deal record>", "exec"), namespace)
    made: Callable[..., DealRecord] = namespace["deal_record"]
    return made


_deal_record = _record_maker()


def _record_columns(facts: list[Any]) -> tuple[tuple[Any, ...], ...]:
    """The record's units, cards' units, tricks and declared points per side, from the
    sides' facts (`FastEnd._score`) transposed in one call instead of one list a field."""
    cols = tuple(zip(*facts, strict=True))
    return cols[4], cols[2], cols[1], cols[5]


def _packets(
    plan: tuple[
        tuple[tuple[int, int, int], ...], tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]
    ],
    n: int,
    bit: tuple[int, ...],
) -> Callable[[Sequence[int]], tuple[list[int], tuple[int, ...], tuple[int, ...]]]:
    """One dealer's `_plan` as one generated expression over the shuffled order `o`:
    each seat's hand as the OR of its cards' bits (``B[o[i]]``), the monte and the
    stock as tuples of positions - no slices, no per-card calls. The source holds ints
    and the names `o` and `B` alone."""
    per_seat: list[list[int]] = [[] for _ in range(n)]
    for seat, a, b in plan[0]:
        per_seat[seat].extend(range(a, b))
    hands = ", ".join(" | ".join(f"B[o[{i}]]" for i in got) or "0" for got in per_seat)
    zones = [
        "(" + "".join(f"o[{i}], " for a, b in slices for i in range(a, b)) + ")"
        for slices in (plan[1], plan[2])
    ]
    source = f"def packets(o):\n    return [{hands}], {zones[0]}, {zones[1]}\n"
    namespace: dict[str, Any] = {"B": bit}
    exec(compile(source, "<packets>", "exec"), namespace)  # ints and two names only
    return namespace["packets"]  # type: ignore[no-any-return]


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
        scoring = rules.scoring
        bigs = scoring.big_wins
        # the side that took the last trick scores the deal's total less the others'
        # points (`scoring.residual_to`), the total by `scoring.deal_total` if given
        self.residual = scoring.residual_to == "last_trick_winner"
        self.deal_total = (
            None
            if scoring.deal_total is None
            else _function(em, scoring.deal_total, "formula", scopes.DEAL_TOTAL, _TOTAL_NAMES)
        )
        # the points before the big wins where a big win reads them (`opp_points`,
        # `deal_total`) or rescores the deal (`points` / `others`: the reverse game's
        # cappotto), or the points need the total first: `score_deal`'s order
        self.after_points = (
            self.residual
            or self.deal_total is not None
            or any(
                b.points is not None
                or b.others is not None
                or not b.condition.names.isdisjoint(_AFTER_POINTS)
                for b in bigs
            )
        )
        # `match.eliminate`: a deal that sends a seat away is the interpreter's
        # (`match._eliminate`: the seats leaving, the smaller table's next deal)
        self.eliminate = (
            None
            if rules.match.eliminate is None
            else _function(
                em,
                rules.match.eliminate,
                "condition",
                scopes.MATCH_ELIMINATE,
                (*_END_NAMES, "total"),
            )
        )
        names = (*_BIG_NAMES, *_AFTER_POINTS) if self.after_points else _BIG_NAMES
        self.big = [
            (big, _function(em, big.condition, "condition", scopes.BIG_WIN, names)) for big in bigs
        ]
        # per big win, its `points` and `others` formulas (None where it has none)
        self.rescore = [
            tuple(
                None if e is None else _function(em, e, "formula", scopes.BIG_WIN_POINTS, names)
                for e in (big.points, big.others)
            )
            for big in bigs
        ]
        # the first big win that holds, every condition of every side in one call
        self.first_big = None if self.after_points else _first_big(em, bigs, len(rules.sides.seats))
        self.ends: Callable[..., Any] | None = None  # `match.end` as Python, if it emits
        try:
            self.ends = _function(em, rules.match.end, "condition", scopes.MATCH_END, _END_NAMES)
        except Uncovered:
            self.ends = None
        sig = BUILTINS["points"].resolve((Type.CARDS,))
        assert sig is not None
        self.units: Callable[[int], int]
        self.units, chunks = _unit_chunks(
            function("points", rules.ctx, sig), max(rules.deck.cards) + 1
        )
        self.sides = tuple(tuple(sorted(seats)) for seats in rules.sides.seats)
        # `_facts` written out for these sides (None where the captures overlap)
        self.facts_of: Callable[..., list[Any] | None] = _facts_function(
            self.sides, rules.players.count, self.units, rules.scoring.last_trick, chunks
        )
        self.teams = rules.sides.mode == "teams"
        # the total slots each side's points go to: the side's, or each of its seats'
        self.slots = tuple(
            (rules.sides.side_of[seats[0]],) if self.teams else seats for seats in self.sides
        )
        self.people = rules.players.people is not None  # totals per person (`seating`)
        self.last_trick = rules.scoring.last_trick
        self.multiply = rules.scoring.big_win_effect == "multiply"
        self.chunks = chunks
        self.record = _deal_record
        self.bit = tuple(1 << c for c in range(max(rules.deck.cards) + 1))  # mask by card
        self.plans: dict[tuple[int, int], Any] = {}  # `_plan` per (dealer, seats)
        # cards laid before every deal (`zones.<id>.cards`, a deck reduction): out of
        # the shuffle, in their zone as `deal._deal` puts them (an unordered zone sorted)
        laid = {c for z in rules.zones for c in z.laid}
        self.laid = tuple(
            (z.id, z.laid if z.ordered else tuple(sorted(z.laid))) for z in rules.zones if z.laid
        )
        self.shuffles = Shuffles(  # the deals' deck orders
            tuple(c for c in rules.deck.cards if c not in laid)
        )
        # `chain.Chain` of this ruleset once built (None: it does not apply; False: not yet)
        self.chain: object = False
        # its tables (next dealer; leader, trump, follow, window per dealer), once built
        self.tables: tuple[list[int], list[tuple[int, int, bool, bool]]] | None = None
        # the deal's close as one generated function (`closing`), or None: `Chain`'s way
        self.close_made = close_source(self, em)

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
        # another zone is allowed where nothing but its laid cards is in it (not drawn
        # from, dealt no packet: the flow has no other phase), and they stay there
        dealt = {p.zone for p in flow[0].packets}
        if any(
            z.id not in ("stock", "monte") and (z.drawn_from or z.id in dealt) for z in rules.zones
        ):
            return "a zone other than the stock and the monte"
        if any(
            z.laid and (z.id in ("stock", "monte") or z.leftover_to != "none") for z in rules.zones
        ):
            return "cards laid in the stock or the monte, or taken from their zone at the end"
        if any(
            z.id in ("stock", "monte") and z.leftover_to != rules.scoring.leftover_to
            for z in rules.zones
        ):
            return "a zone whose leftover goes elsewhere than scoring.leftover_to says"
        d = rules.declaring
        if d is not None and d.at == "end_of_trick" and d.mandatory:
            return "mandatory declarations at the end of a trick"
        if any(b.cancels_opponent_declarations for b in rules.scoring.big_wins):
            return "a big win that cancels declarations"
        return seating.deal_end_note(rules)

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
        winner = winner_of(self.rules, trick, s.trump)
        if d is not None and d.at == "announce_then_reveal":
            announced = s.play.announced
            if announced and announced[winner] and not s.play.revealed_announce[winner]:
                return None  # its taker's announced combinations revealed: the interpreter's
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
        scored = self._score(
            s.declarations,
            (s.contract, s.declarer, s.partner, s.deal_no, s.dealer),
            s.totals,
            won=won,
            tricks_won=tricks_won,
            last=winner,
        )
        if scored is None:
            return None
        totals, deal, big = scored
        if self.eliminate is not None and self._eliminates(totals, s.deals_counted + 1, s.deal_no):
            return None  # a seat leaves: the interpreter's (`match._eliminate`)
        assert deal is not None  # kept: scored with its record
        cards = s.cards.but(hands=tuple(hands), played=tuple(played), won=tuple(won), trick=())
        zones = zones_with(s, (("monte", monte), ("stock", stock)))
        if zones is not None:
            cards = cards.but(zones=zones)
        # to the score phase: a new phase, so the tricks phase's own record is dropped
        ended = s.with_parts(
            cursor=s.cursor.but(sub="", pending=(), to_act=None, phase=2, step=0),
            cards=cards,
            seen=s.seen.but(public=tuple(public)),
            play=s.play.but(
                tricks_won=tuple(tricks_won),
                tricks=(*s.tricks, record),
                last_winner=winner,
                signals=signals,
            ),
            match=s.match.but(
                deal_ended=False,
                totals=totals,
                deals=(*s.deals, deal),
                deals_counted=s.deals_counted + 1,
            ),
            local=None,
        )
        outcome = self._outcome(
            ended.totals, ended.deals_counted, ended.deal_no, big, dealer=ended.dealer
        )
        if outcome is not None:
            return ended.with_parts(match=ended.match.but(over=True, outcome=outcome))
        ended = ended.with_parts(match=ended.match.but(deal_ended=True))
        return self._next_deal(ended)

    def _score(
        self,
        declarations: Iterable[DeclRecord],
        deal: tuple[str | None, int | None, int | None, int, int],
        totals_before: tuple[int, ...],
        *,
        won: list[int],
        tricks_won: list[int],
        last: int,
        keep: bool = True,
    ) -> tuple[tuple[int, ...], DealRecord | None, Any] | None:
        """The deal's scoring from its facts: `deal` is (contract, declarer, partner,
        deal_no, dealer), the records' fields; state or kernel, the same computation.
        Without `keep` the `DealRecord` is not built (None): a search bot's try reads
        the totals and the outcome alone."""
        facts = self.facts_of(declarations, won, tricks_won, last)
        if facts is None:  # captures that overlap: never the interpreter's, still exact
            facts = self._facts(declarations, won, tricks_won, last)
        return self._scored(facts, deal, totals_before, keep=keep)

    def _facts(
        self,
        declarations: Iterable[DeclRecord],
        won: list[int],
        tricks_won: list[int],
        last: int,
    ) -> list[Any]:
        """Each side's facts (seats, tricks, cards' units, last trick, units, declared,
        the best seat's tricks, the units outside the best seat), the general way
        (`facts_of` is the same, written out for this ruleset's sides)."""
        units_of = self.units
        # `points` sums per-card values, so over the seats' disjoint captures it adds up:
        # one table sum per seat instead of one per side, best seat and the whole.
        per_seat = [units_of(m) for m in won]
        everything = count = 0
        for m in won:
            everything |= m
            count += m.bit_count()
        seat_units: list[int] | None = per_seat
        if everything.bit_count() == count:
            all_units = sum(per_seat)
        else:  # never for the interpreter's captures; kept exact all the same
            all_units = units_of(everything)
            seat_units = None
        last_trick = self.last_trick
        declared_by = [0] * len(won)  # declared points per seat
        for r in declarations:
            if not r.cancelled:
                declared_by[r.seat] += r.points
        facts = []
        for seats in self.sides:
            tricks = 0
            best = seats[0]
            top = tricks_won[best]
            declared = cards_units = 0
            for x in seats:
                tw = tricks_won[x]
                tricks += tw
                if tw > top:
                    best, top = x, tw
                declared += declared_by[x]
            if seat_units is not None:
                for x in seats:
                    cards_units += seat_units[x]
                outside = all_units - seat_units[best]
            else:
                cards = 0
                for x in seats:
                    cards |= won[x]
                cards_units = units_of(cards)
                outside = all_units - units_of(won[best])
            is_last = last in seats
            facts.append(
                (
                    seats,
                    tricks,
                    cards_units,
                    is_last,
                    cards_units + last_trick if is_last else cards_units,
                    declared,
                    top,
                    outside,
                )
            )
        return facts

    def _scored(
        self,
        facts: list[Any],
        deal: tuple[str | None, int | None, int | None, int, int],
        totals_before: tuple[int, ...],
        *,
        keep: bool,
    ) -> tuple[tuple[int, ...], DealRecord | None, Any] | None:
        """`_score` from the sides' facts: big wins, the points formula, the totals."""
        contract_id, declarer, partner, deal_no, dealer = deal
        contract = contract_id or ""
        if not self.after_points:
            big = self._big(facts, contract) if self.big else None
        points = []
        formula = self.points
        for _seats, tricks, cu, is_last, units, said, _b, _o in facts:
            value = formula(units, cu, is_last, tricks, said, contract, False)
            if value.__class__ is not int:
                return None  # the interpreter says why (not a whole number)
            points.append(value)
        if self.after_points:
            found = self._after_points(facts, contract, points)
            if found is None:
                return None  # a total or a rescoring not whole: the interpreter says why
            big, points = found
        deltas = [0] * len(totals_before)
        for slots, pts in zip(self.slots_of(dealer, deal_no), points, strict=True):
            for slot in slots:
                deltas[slot] += pts
        totals = tuple(map(add, totals_before, deltas))  # as long as each other: no frame
        if not keep:
            return totals, None, (big, facts)
        multiplier = big[0].multiplier if big and self.multiply else 1
        record = _deal_record(
            deal_no,
            dealer,
            True,
            "scored",
            contract_id,
            declarer,
            partner,
            self.sides,
            *_record_columns(facts),
            tuple(points),
            big[0].id if big else None,
            big[1] if big else None,
            multiplier,
            None,
            tuple(deltas),
            totals,
        )
        return totals, record, (big, facts)

    def slots_of(self, dealer: int, deal_no: int) -> tuple[tuple[int, ...], ...]:
        """The total slots each side's points go to in this deal: the side's or its seats'
        (`slots`), or with `seating.people` the people sitting on it."""
        if self.people:
            return seating.side_slots(self.rules, self.sides, dealer, deal_no)
        return self.slots

    def _big(self, facts: list[Any], contract: str) -> tuple[Any, int] | None:
        """The first big win (in order) of the first side it holds for, or None: each
        side's arguments computed once, then every condition on them."""
        if not self.big:
            return None
        if self.first_big is not None:
            found = self.first_big(facts, contract)
            return None if found is None else (self.big[found[0]][0], found[1])
        args = _big_args(facts, contract)
        for spec, cond in self.big:
            for i, a in enumerate(args):
                if cond(*a):
                    return (spec, i)
        return None

    def _after_points(
        self, facts: list[Any], contract: str, points: list[int]
    ) -> tuple[tuple[Any, int] | None, list[int]] | None:
        """`score_deal` from the sides' points on: the deal's total (`deal_total`, the
        points' sum by default), the residual to the last trick's side
        (`scoring.deal_points`' `residual_to`), then the big win and its rescoring
        (`_big_after`). None where the total is not a whole number."""
        if self.deal_total is None:
            total = sum(points)
        else:
            total = self.deal_total(sum(f[4] for f in facts), sum(f[2] for f in facts), len(facts))
            if total.__class__ is not int:
                return None
        if self.residual:
            taker = next((i for i, f in enumerate(facts) if f[3]), None)
            if taker is not None:
                points[taker] = total - (sum(points) - points[taker])
        return self._big_after(facts, contract, points, total)

    def _big_after(
        self, facts: list[Any], contract: str, points: list[int], total: int
    ) -> tuple[tuple[Any, int] | None, list[int]] | None:
        """`score_deal`'s big win read after the points (each side's `opp_points`, the
        deal's `total`) and the points it rescores (`_rescored`): the first big win, in
        order, of the first side it holds for, and the points; None when a rescoring
        formula gives no whole number (the interpreter says why)."""
        args = [
            (*a, total - p, total) for a, p in zip(_big_args(facts, contract), points, strict=True)
        ]
        for j, (spec, cond) in enumerate(self.big):
            for i, a in enumerate(args):
                if cond(*a):
                    own, others = self.rescore[j]
                    if own is None and others is None:
                        return (spec, i), points
                    out = list(points)
                    for x, ax in enumerate(args):
                        fn = own if x == i else others
                        if fn is not None:
                            value = fn(*ax)
                            if value.__class__ is not int:
                                return None
                            out[x] = value
                    return (spec, i), out
        return None, points

    def _eliminates(self, totals: tuple[int, ...], deals_counted: int, deal_no: int) -> bool:
        """Does `match.eliminate` hold for a seat after the deal (`match._eliminate`)?"""
        eliminate = self.eliminate
        assert eliminate is not None
        target = self.rules.match.target or 0
        return any(eliminate(totals, target, deals_counted, deal_no, t) for t in totals)

    def _outcome(
        self,
        totals: tuple[int, ...],
        deals_counted: int,
        deal_no: int,
        big_facts: Any,
        *,
        dealer: int,
    ) -> Outcome | None:
        """`match.end_match` after a win_match big win, else `match.check_end` (the
        highest total wins, or the lowest with `match.winner: lowest`)."""
        rules = self.rules
        big, _facts = big_facts
        if big and rules.scoring.big_win_effect == "win_match":
            slots = self.slots_of(dealer, deal_no)[big[1]]
            return Outcome(tuple(sorted(slots)), "big_win", big[0].games, big[0].id)
        target = rules.match.target or 0
        if self.ends is not None:
            if not self.ends(totals, target, deals_counted, deal_no):
                return None
        else:
            env = {
                "totals": totals,
                "target": target,
                "deals_counted": deals_counted,
                "deal_no": deal_no,
            }
            if not evaluate(rules.match.end, env):
                return None
        best = max(totals) if rules.match.winner == "highest" else min(totals)
        winners = tuple(i for i, t in enumerate(totals) if t == best)
        if len(winners) > 1 and rules.match.tie == "play_on":
            return None
        return Outcome(winners, rules.match.reason)

    def _next_deal(self, s: GameState) -> GameState:
        """`game._start_deal` for this shape: shuffle, deal the packets, begin the play
        (the next dealer and the first trick from the chain's per-dealer tables when
        they apply: the same values, `chain.Chain` reads them off this code)."""
        rules, n = self.rules, s.n
        if self.chain is False:
            from tressette_dsl.compiled.chain import chain_for  # noqa: PLC0415 - a cycle

            chain_for(self, s)
        tables = self.tables
        if tables is not None:
            dealer = tables[0][s.dealer]
        else:
            dealer = evaluate_seat(self.deal.next_dealer, deal_env(rules, s), n)
        hands, monte, stock = self.deal_cards(s.seed, s.deal_no + 1, dealer, n)
        s = self.begin(s, dealer, hands, monte, stock, start=tables[1][dealer] if tables else None)
        leader = s.leader
        assert leader is not None
        order = rules.players.order_from(leader)
        d = rules.declaring
        if d is not None and d.at == "announce_then_reveal" and s.window_open:
            # the announcing round from the leader (`trick_features.announce`): `rounds`
            # plays it
            return s.with_parts(cursor=s.cursor.but(sub="announce", pending=order, to_act=order[0]))
        if d is not None and d.at == "before_first_trick" and s.window_open:
            if not d.mandatory:  # a declaring round from the leader: `rounds` plays it
                return s.with_parts(
                    cursor=s.cursor.but(sub="declare", pending=order, to_act=order[0])
                )
            for seat in order:  # mandatory: every seat declares all it holds, in turn
                for option in declare.options(rules, s, seat, declare.basis(s, seat)):
                    s = declared(rules, s, seat, option)
        # `declared` marks an action; these were automatic, the deal just ended and began
        return s.with_parts(
            cursor=s.cursor.but(sub="play", pending=(), to_act=leader),
            match=s.match.but(deal_ended=True),
        )

    def deal_cards(
        self, seed: int, deal_no: int, dealer: int, n: int
    ) -> tuple[list[int], tuple[int, ...], tuple[int, ...]]:
        """The hands (masks), monte and stock of deal `deal_no`: the seeded shuffle and
        the packets, from the seat after the dealer (`_plan`'s slices of the order)."""
        order = self.shuffles.order(seed, deal_no)
        packets = self.plans.get((dealer, n))
        if packets is None:
            plan = self._plan(dealer, n, len(order))
            packets = self.plans[(dealer, n)] = _packets(plan, n, self.bit)
        return packets(order)

    def _plan(
        self, dealer: int, n: int, size: int
    ) -> tuple[
        tuple[tuple[int, int, int], ...], tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]
    ]:
        """Where the packets go, as slices of a shuffled deck of `size` cards: (seat,
        start, end) per hand packet, then the monte's and the stock's slices. The sizes
        depend on the deck's size alone, so one plan serves every deal of a dealer."""
        rules = self.rules
        seats = rules.players.order_from(rules.players.next(dealer))
        to_hands: list[tuple[int, int, int]] = []
        zones: dict[str, list[tuple[int, int]]] = {"stock": [], "monte": []}
        top = 0
        for packet in self.deal.packets:
            if packet.zone is None:
                for seat in seats:
                    count = packet.count if packet.count is not None else (size - top) // n
                    to_hands.append((seat, top, top + count))
                    top += count
            else:
                count = packet.count if packet.count is not None else size - top
                zones[packet.zone].append((top, top + count))
                top += count
        return tuple(to_hands), tuple(zones["monte"]), tuple(zones["stock"])

    def begin(
        self,
        prev: GameState,
        dealer: int,
        hands: list[int],
        monte: tuple[int, ...],
        stock: tuple[int, ...],
        *,
        start: tuple[int, int, bool, bool] | None = None,
    ) -> GameState:
        """The state after `prev` (a deal just ended) when the next deal is dealt and its
        first trick set up (leader, trump, follow-suit, the declaring window), before
        any opening declarations: the tricks phase's `enter`. `start` gives those four
        (trump -1 for none) from the chain's tables instead of evaluating them."""
        rules, n = self.rules, prev.n
        s = fresh_deal(rules, prev, dealer, None)
        cards = s.cards.but(hands=tuple(hands), trick=())
        zones = zones_with(s, (("monte", monte), ("stock", stock), *self.laid))
        if zones is not None:
            cards = cards.but(zones=zones)
        if start is not None:
            leader, trump_no, follows, opened = start
            return s.with_parts(
                cursor=s.cursor.but(phase=1, sub="", step=0, to_act=None, pending=()),
                cards=cards,
                play=s.play.but(
                    trick_no=1,
                    leader=leader,
                    trump=None if trump_no < 0 else trump_no,
                    must_follow=follows,
                ),
                local=TricksLocal(window_open=opened, window_played=(0,) * n),
            )
        s = s.with_parts(
            cursor=s.cursor.but(phase=1, sub="", step=0, to_act=None, pending=()),
            cards=cards,
            local=None,  # a new phase: its own record starts empty
        )
        spec = self.tricks
        env = deal_env(rules, s)
        trump = s.trump
        if spec.trump is not None:
            trump = trump_suit(evaluate(spec.trump, env))
        leader = evaluate_seat(spec.first_lead, env, n)
        d = rules.declaring
        follow, window = spec.follow_suit, d.window if d is not None else None
        tenv: dict[str, object] = {}
        if follow.const is NO_CONST or (window is not None and window.const is NO_CONST):
            tenv = deal_env(rules, s)
            tenv["trick_no"] = 1
        return s.with_parts(
            play=s.play.but(
                trick_no=1, leader=leader, trump=trump, must_follow=bool(evaluate(follow, tenv))
            ),
            cards=s.cards.but(trick=()),
            local=window_record(
                s, window is not None and bool(evaluate(window, tenv)), always=True
            ),
        )


__all__ = ["FastEnd"]
