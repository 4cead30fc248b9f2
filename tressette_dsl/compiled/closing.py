"""A deal's close on the kernel - last trick, leftover, scoring, the match's end - as ONE
generated function.

`chain.Chain` closes a deal the kernel played (its last card) through a dozen small
calls: the trick's winner, `FastEnd._score`, the side facts (`facts_of`), `_scored`,
the big wins (`first_big`), the points formula once a side, the record's columns, the
record, `_outcome` and its `match.end` formula. Their glue was about 1,250 bytecodes of
a warm `tressette` deal (docs/compiled.md, session 10). `close_source` writes the same
computation, in the same order of additions (so the same values and types), as one
straight-line function of the kernel and the last card: the trick unrolled for the
table's size, each side's facts as locals, every big-win condition inline, the
scoring formulas through their own memos (a dict lookup, the formula's call only on
a miss), the totals and the record by side number. The source is built from seat,
side and table numbers and from `exprgen`'s emission of the rules' parse trees, never
from ruleset text; `tressette compile RULESET --show` prints it.

What it cannot write keeps the general path (`Chain._close_slow`): `seating.people`
(the totals' slots move with the dealer), a big-win or `match.end` condition that does
not emit. At run time a trick of another size or captures that overlap hand the card
to that path too (`SLOW`), and a formula that gives no whole number returns None, as
`_scored` does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tressette_dsl.compiled.exprgen import Emitter, Uncovered
from tressette_dsl.engine.state import Outcome
from tressette_dsl.rules import scopes
from tressette_dsl.rules.model import NO_CONST

# the tables a mask's units are summed from, and the bits of each (`dealend._unit_chunks`)
Chunks = tuple[list[list[Any]], int]


def side_lines(
    sides: Sequence[Sequence[int]], n: int, chunks: Chunks | None, overlap: str
) -> list[str]:
    """Body lines (4 spaces in) computing each side's facts as locals from `won`,
    `declarations`, `tricks_won` and `last`: ``tricks_i, cu_i, last_i, units_i,
    declared_i, best_i, outside_i`` per side `i`, as `FastEnd._facts` computes them, the
    same additions in the same order; `overlap` is the statement run when the seats'
    captures overlap (the caller's general way). Names the tables `UNITS` (or `T0`..
    and `LOW` with `chunks`) and `LAST`."""
    seats = range(n)
    w = ", ".join(f"w{x}" for x in seats) + ("," if n == 1 else "")
    t = ", ".join(f"t{x}" for x in seats) + ("," if n == 1 else "")
    lines = [
        f"    {w} = won",
        f"    if ({' | '.join(f'w{x}' for x in seats)}).bit_count() != "
        + " + ".join(f"w{x}.bit_count()" for x in seats)
        + ":",
        f"        {overlap}",
    ]
    if chunks is None:
        lines += [f"    u{x} = UNITS(w{x})" for x in seats]
    else:
        tables, width = chunks
        for x in seats:
            terms = [f"T0[w{x} & LOW]"] + [
                f"T{i}[w{x} >> {width * i}{' & LOW' if i < len(tables) - 1 else ''}]"
                for i in range(1, len(tables))
            ]
            lines.append(f"    u{x} = {' + '.join(terms)}")
    lines.append("    a = 0 + " + " + ".join(f"u{x}" for x in seats))
    lines += [
        f"    d = [0] * {n}",
        "    for r in declarations:",
        "        if not r.cancelled:",
        "            d[r.seat] += r.points",
        f"    {t} = tricks_won",
    ]
    for i, side in enumerate(sides):
        first = side[0]
        lines.append(f"    best_{i} = t{first}")
        lines.append(f"    ub = u{first}")
        for x in side[1:]:
            lines.append(f"    if t{x} > best_{i}:")
            lines.append(f"        best_{i} = t{x}")
            lines.append(f"        ub = u{x}")
        lines.append(f"    cu_{i} = 0 + {' + '.join(f'u{x}' for x in side)}")
        lines.append(f"    last_{i} = {' or '.join(f'last == {x}' for x in side)}")
        lines.append(f"    tricks_{i} = 0 + {' + '.join(f't{x}' for x in side)}")
        lines.append(f"    units_{i} = cu_{i} + LAST if last_{i} else cu_{i}")
        lines.append(f"    declared_{i} = 0 + {' + '.join(f'd[{x}]' for x in side)}")
        lines.append(f"    outside_{i} = a - ub")
    return lines


def big_lines(
    em: Emitter,
    bigs: Iterable[Any],
    sides: int,
    *,
    extra: Sequence[dict[str, str]] = (),
) -> list[str] | None:
    """Body lines setting ``found`` to the (big win, side) indices of the first big win,
    in order, that holds for a side, sides in order, or None - every condition emitted
    inline on `side_lines`' locals (and ``contract``). `extra`, per side, names more (or
    other) expressions a condition may read: a contract's declarer side, its points.
    None when a condition does not emit."""
    lines = []
    for total, part in (("total_tricks", "tricks"), ("all_cu", "cu"), ("all_units", "units")):
        lines.append(f"    {total} = 0 + {' + '.join(f'{part}_{i}' for i in range(sides))}")
    branch = "if"
    for j, big in enumerate(bigs):
        for i in range(sides):
            names = {
                "units": f"units_{i}",
                "cards_units": f"cu_{i}",
                "last_trick": f"last_{i}",
                "tricks": f"tricks_{i}",
                "declared": f"declared_{i}",
                "contract": "contract",
                "side0": "False",
                "declarer_side": "False",
                "opp_tricks": f"(total_tricks - tricks_{i})",
                "total_tricks": "total_tricks",
                "opp_cards_units": f"(all_cu - cu_{i})",
                "opp_units": f"(all_units - units_{i})",
                "best_seat_tricks": f"best_{i}",
                "units_outside_best_seat": f"outside_{i}",
            }
            if extra:
                names.update(extra[i])
            e = big.condition
            try:
                src = (
                    repr(e.const)
                    if e.const is not NO_CONST
                    else em.emit(e.text, "condition", scopes.BIG_WIN, names)
                )
            except Uncovered:
                return None
            lines.append(f"    {branch} {src}:")
            lines.append(f"        found = ({j}, {i})")
            branch = "elif"
    lines.append("    else:" if branch == "elif" else "    if True:")
    lines.append("        found = None")
    return lines


def memo_call(fn: Any, name: str, into: str, args: Sequence[str], indent: str) -> list[str]:
    """Lines setting `into` to ``fn(*args)`` (a `dealend._function`, in the namespace as
    `name`): with a memo, its own key looked up first (``M_name``) and the call made only
    on a miss, which stores the value as the call always does - the same value."""
    call = f"{indent}{into} = {name}({', '.join(args)})"
    memo = getattr(fn, "memo", None)
    if memo is None:
        return [call]
    used: Sequence[int] = fn.used  # the indices of the arguments its key holds
    key = "".join(f"{args[u]}, ({args[u]}).__class__, " for u in used)
    return [
        f"{indent}{into} = M_{name}.get(({key}), M_{name})",
        f"{indent}if {into} is M_{name}:",
        "    " + call,
    ]


def close_source(fast: Any, em: Emitter) -> tuple[str, dict[str, Any]] | None:
    """The source of ``close(k, card)`` for `fast` (a `dealend.FastEnd`) and the names it
    reads (all but `SLOW`, `Chain._close_slow`), or None where the general path stays."""
    rules = fast.rules
    d = rules.declaring
    if fast.people or fast.ends is None or fast.after_points:
        return None  # big wins after the points: `FastEnd._big_after`, the general path
    if d is not None and d.at == "announce_then_reveal":
        return None  # no `Chain` (`Chain.build`): its deals end on `FastEnd.end`
    n = rules.players.count
    sides = fast.sides
    ns = len(sides)
    bigs = [spec for spec, _cond in fast.big]
    found = big_lines(em, bigs, ns) if bigs else ["    found = None"]
    if found is None:
        return None
    width = 1 + max(s for slots in fast.slots for s in slots)
    lines = ["def close(k, card):"]
    d = rules.declaring
    if d is not None and d.at == "end_of_trick":
        lines += ["    if k.window_open:", "        return None"]
    lines += _winner_lines(n)
    lines += [
        "    winner = SEAT_AT[k.leader][bi]",
        "    won = list(k.won)",
        f"    won[winner] |= {' | '.join(f'BIT[c{i}]' for i in range(n))}",
        "    tricks_won = list(k.tricks_won)",
        "    tricks_won[winner] += 1",
    ]
    if rules.scoring.leftover_to == "last_trick_winner":
        lines += [
            "    for c in (*k.monte, *k.stock[k.spos :]):",
            "        won[winner] |= BIT[c]",
        ]
    lines += [
        "    first = k.between.first if k.between is not None else k.origin",
        "    cp = first.contract_part",
        "    contract_id = cp.contract",
        "    contract = contract_id or ''",
        "    declarations = k.decls",
        "    last = winner",
        *side_lines(sides, n, fast.chunks, "return SLOW(k, card)"),
        *found,
    ]
    point_args = ["units_{i}", "cu_{i}", "last_{i}", "tricks_{i}", "declared_{i}", "contract"]
    for i in range(ns):
        args = [a.format(i=i) for a in point_args] + ["False"]
        lines += memo_call(fast.points, "POINTS", f"p{i}", args, "    ")
        lines += [f"    if p{i}.__class__ is not int:", "        return None"]
    feeds: list[list[int]] = [[] for _ in range(width)]
    for i, slots in enumerate(fast.slots):
        for slot in slots:
            feeds[slot].append(i)
    for slot, fed in enumerate(feeds):
        lines.append(f"    e{slot} = 0{''.join(f' + p{i}' for i in fed)}")
    es = ", ".join(f"e{x}" for x in range(width)) + ("," if width == 1 else "")
    tbs = ", ".join(f"b{x}" for x in range(width)) + ("," if width == 1 else "")
    columns = ", ".join(
        [
            *(_column(f"{name}_", ns) for name in ("units", "cu", "tricks", "declared")),
            _column("p", ns),
        ]
    )

    def record(big_fields: str) -> str:  # the `DealRecord`, its big-win fields given
        return (
            "RECORD(k.deal_no, k.dealer, True, 'scored', contract_id, cp.declarer, cp.partner,"
            f" SIDES, {columns}, {big_fields}, None, ({es}), totals)"
        )

    big = f"spec.id, found[1], {'spec.multiplier' if fast.multiply else '1'}"
    lines += [
        "    before = k.totals",
        f"    if len(before) != {width}:",
        "        return SLOW(k, card)",
        f"    {tbs} = before",
        f"    totals = ({''.join(f'b{x} + e{x}, ' for x in range(width))})",
        "    if k.bare:",
        "        record = None",
        "    elif found is None:",
        f"        record = {record('None, None, 1')}",
        "    else:",
        "        spec = BIGS[found[0]]",
        f"        record = {record(big)}",
        "    counted = k.deals_counted + 1",
    ]
    if rules.scoring.big_win_effect == "win_match":
        lines += [
            "    if found is not None:",
            "        spec = BIGS[found[0]]",
            "        return totals, record, counted,"
            " OUTCOME(WINNERS[found[1]], 'big_win', spec.games, spec.id)",
        ]
    ends_args = ["totals", repr(rules.match.target or 0), "counted", "k.deal_no"]
    lines += memo_call(fast.ends, "ENDS", "ended", ends_args, "    ")
    lines += [
        "    if not ended:",
        "        return totals, record, counted, None",
        f"    top = {'max' if rules.match.winner == 'highest' else 'min'}(totals)",
        "    winners = tuple([i for i, t in enumerate(totals) if t == top])",
    ]
    if rules.match.tie == "play_on":
        lines += ["    if len(winners) > 1:", "        return totals, record, counted, None"]
    lines.append(f"    return totals, record, counted, OUTCOME(winners, {rules.match.reason!r})")
    namespace: dict[str, Any] = {
        "SUIT": rules.deck.card_suit,
        "STRENGTH": rules.deck.card_strength,
        "SEAT_AT": tuple(rules.players.order_from(s) for s in range(n)),
        "BIT": fast.bit,
        "UNITS": fast.units,
        "LAST": fast.last_trick,
        "SIDES": sides,
        "BIGS": tuple(bigs),
        "WINNERS": tuple(tuple(sorted(slots)) for slots in fast.slots),
        "OUTCOME": Outcome,
        "RECORD": fast.record,
        "POINTS": fast.points,
        "ENDS": fast.ends,
    }
    for name, fn in (("POINTS", fast.points), ("ENDS", fast.ends)):
        if getattr(fn, "memo", None) is not None:
            namespace[f"M_{name}"] = fn.memo
    if fast.chunks is not None:
        tables, width_bits = fast.chunks
        namespace["LOW"] = (1 << width_bits) - 1
        namespace.update((f"T{i}", table) for i, table in enumerate(tables))
    return "\n".join(lines) + "\n", namespace


def _winner_lines(n: int) -> list[str]:
    """The last trick's cards ``c0 ..`` and the index ``bi`` of its winning card, as
    `Chain._close_slow` finds it, unrolled for `n` cards (another size: `SLOW`)."""
    cs = [f"c{i}" for i in range(n)]
    lines: list[str] = []
    lines += [
        "    trick = (*k.trick, card)",
        f"    if len(trick) != {n}:",
        "        return SLOW(k, card)",
        f"    {', '.join(cs)}{',' if n == 1 else ''} = trick",
        "    led = SUIT[c0]",
        "    bi = 0",
        "    trump = k.trump",
        "    if trump < 0:",
        "        top = STRENGTH[c0]",
    ]
    for i in range(1, n):
        lines += [
            f"        if SUIT[c{i}] == led and STRENGTH[c{i}] > top:",
            f"            bi, top = {i}, STRENGTH[c{i}]",
        ]
    lines += ["    else:", "        best = (2 if led == trump else 1, STRENGTH[c0])"]
    for i in range(1, n):
        lines += [
            f"        cs = SUIT[c{i}]",
            f"        key = (2 if cs == trump else 1 if cs == led else 0, STRENGTH[c{i}])",
            "        if key > best:",
            f"            bi, best = {i}, key",
        ]
    return lines


def _column(prefix: str, sides: int) -> str:
    """A tuple of one local a side: ``(prefix0, prefix1, )``."""
    return "(" + "".join(f"{prefix}{i}, " for i in range(sides)) + ")"


def close_function(
    made: tuple[str, dict[str, Any]], slow: Callable[[Any, int], Any]
) -> Callable[[Any, int], Any]:
    """`close` compiled from `close_source`'s output, its fallback `slow`."""
    source, names = made
    namespace = {**names, "SLOW": slow}
    exec(compile(source, "<deal close>", "exec"), namespace)  # built above, never from text
    return namespace["close"]  # type: ignore[no-any-return]


__all__ = ["Chunks", "big_lines", "close_function", "close_source", "memo_call", "side_lines"]
