"""A contract deal's scoring as ONE generated function per declarer and partner.

`ContractEnd._record` scores a contract deal through a handful of small calls: the
sides' facts (`_facts`, a loop over the seats of each side), the points formula once a
side, the big wins (`_big`: a tuple of fifteen arguments a side, each condition called
with them), the payoff (`_payoff`: a list of thirteen arguments, five formulas), the
totals and the record's columns (`zip(*facts)`). Their glue was some 9-10 us of a
contract deal of 110-130 us (session 12's profile). Which seats make each side is known
once the declarer and his partner are: `record_source` writes, for one such pair, the
same computation as straight-line code - each side's facts as locals (`closing.side_lines`,
the same additions in the same order), the points through the formula's own memo (a dict
lookup, the call on a miss: `closing.memo_call`), every big-win condition inline
(`closing.big_lines`), the payoff's formulas through their memos, the totals and the
record by seat number. The functions are made on first use of each pair (at most
`n * (n + 1)` of them) and kept on the `ContractEnd`.

What it does not write keeps `_record`'s general path (`_record(..., general=True)`):
units that are not whole numbers or not summed by tables, no defender, a big-win
condition that does not emit. At run time captures that overlap, or lists of another
size, hand the deal to that path too (`SLOW`). The source is built from seat numbers,
the contracts' numbers and `exprgen`'s emission of the rules' parse trees, never from
ruleset text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tressette_dsl.compiled.closing import big_lines, memo_call, side_lines
from tressette_dsl.compiled.exprgen import Emitter

if TYPE_CHECKING:
    from tressette_dsl.compiled.contractend import ContractEnd

# `_record`'s arguments, as the generated function and its fallback take them
_ARGS = "cp, m, won, tricks_won, last, declarations"
# the payoff's names in `contractend._PAYOFF`'s order, as the generated code's locals
_PAYOFF_ARGS = (
    "p0",
    "units_0",
    "p1",
    "tricks_0",
    "bid_points",
    "contract",
    "value_of",
    "target",
    "ALONE",
    "multiplier",
    "adversaries",
)


def record_source(
    end: ContractEnd, em: Emitter, declarer: int, partner: int | None
) -> tuple[str, dict[str, Any]] | None:
    """The source of ``record(cp, m, won, tricks_won, last, declarations)`` - the value
    `_record` gives for a deal of this declarer and partner - and the names it reads
    (all but `SLOW`), or None where `_record`'s general path stays."""
    rules = end.rules
    n = rules.players.count
    chunks = end.chunks
    if chunks is None or not end.whole_units:
        return None
    attack = (declarer,) if partner is None or partner == declarer else (declarer, partner)
    defence = tuple([x for x in end.orders[declarer] if x not in attack])
    if not defence:
        return None
    sides = (tuple(sorted(attack)), defence)
    # the best seat of a side is its first of the most tricks by seat number
    # (`_facts`): `side_lines` keeps the first of the seats in the order given
    by_number = (sides[0], tuple(sorted(defence)))
    bigs = [spec for spec, _cond in end.bigs]
    slow = (
        "return SLOW(cp, m, won=won, tricks_won=tricks_won, last=last, declarations=declarations)"
    )
    lines = [
        f"def record({_ARGS}):",
        f"    if len(won) != {n} or len(tricks_won) != {n}:",
        f"        {slow}",
        "    contract_id = cp.contract",
        "    contract = contract_id or ''",
        *side_lines(by_number, n, chunks, slow),
    ]
    point_args = ["units_{i}", "cu_{i}", "last_{i}", "tricks_{i}", "declared_{i}", "contract"]
    for i in range(2):
        args = [a.format(i=i) for a in point_args] + [repr(i == 0)]
        lines += memo_call(end.points, "POINTS", f"p{i}", args, "    ")
        lines += [f"    if p{i}.__class__ is not int:", "        return None"]
    if bigs:
        lines.append("    total = 0 + p0 + p1")
        extra = [
            {
                "side0": repr(i == 0),
                "declarer_side": repr(i == 0),
                "opp_points": f"(total - p{i})",
                "deal_total": "total",
            }
            for i in range(2)
        ]
        found = big_lines(em, bigs, 2, extra=extra)
        if found is None:
            return None
        lines += found
        multiplier = "BIGS[found[0]].multiplier" if end.multiply else "1"
        lines.append(f"    multiplier = 1 if found is None else {multiplier}")
    else:
        lines += ["    found = None", "    multiplier = 1"]
    lines += _payoff_lines(end, declarer, partner)
    lines += [
        "    record = RECORD(",
        "        deal_no=m.deal_no,",
        "        dealer=m.dealer,",
        "        counted=True,",
        "        reason='scored',",
        "        contract=contract_id,",
        f"        declarer={declarer},",
        f"        partner={partner},",
        "        sides=SIDES,",
        "        units=(units_0, units_1),",
        "        cards_units=(cu_0, cu_1),",
        "        tricks=(tricks_0, tricks_1),",
        "        declared=(declared_0, declared_1),",
        "        points=(p0, p1),",
        "        big_win=None if found is None else BIGS[found[0]].id,",
        "        big_win_side=None if found is None else found[1],",
        "        multiplier=multiplier,",
        "        success=success,",
        "        deltas=deltas,",
        "        totals=totals,",
        "    )",
        "    return totals, record",
    ]
    alone = partner is None
    namespace: dict[str, Any] = {
        "UNITS": end.units,
        "LAST": rules.scoring.last_trick,
        "SIDES": sides,
        "BIGS": tuple(bigs),
        "ALONE": alone,
        "RECORD": end.record_maker,
        "RULES": rules,
        "PEOPLE_AT": end.people_at,
        "PER_PERSON": end._per_person,
        "VALUES": {
            c.id: (c.alone_value if alone and c.alone_value else c.value, c.target or 0)
            for c in rules.contracts.values()
        },
        "POINTS": end.points,
        "SUCCESS": end.success,
        "VALUE": end.value,
        "DECLARER": end.declarer,
        "PARTNER": end.partner,
        "DEFENDER": end.defender,
    }
    for name in ("POINTS", "SUCCESS", "VALUE", "DECLARER", "PARTNER", "DEFENDER"):
        memo = getattr(namespace[name], "memo", None)
        if memo is not None:
            namespace[f"M_{name}"] = memo
    tables, width = chunks
    namespace["LOW"] = (1 << width) - 1
    namespace.update((f"T{i}", table) for i, table in enumerate(tables))
    return "\n".join(lines) + "\n", namespace


def _payoff_lines(end: ContractEnd, declarer: int, partner: int | None) -> list[str]:
    """Body lines of `record_source` for `ContractEnd._payoff` and the totals: each
    formula through its memo, the seats' amounts by seat number (``deltas``,
    ``totals``), the people's through `_per_person` with `seating.people`."""
    rules = end.rules
    n = rules.players.count
    lines: list[str] = []
    people = rules.players.people
    adversaries = sum(1 for x in range(n) if x not in (declarer, partner))
    lines.append(f"    adversaries = {adversaries}")
    if people is not None:
        lines += [
            "    try:",
            "        seated = PEOPLE_AT(RULES, m.dealer, m.deal_no)",
            "    except Exception:",
            "        return None",
        ]
        if people.sitting_out == "defender":
            lines.append("    adversaries += sum(1 for x in seated if x == -1)")
    lines += [
        "    bid_points = cp.bid_points or 0",
        "    value_of, target = VALUES.get(contract, (0, 0))",
    ]
    args = list(_PAYOFF_ARGS)
    lines += memo_call(end.success, "SUCCESS", "success", [*args, "False", "0"], "    ")
    lines.append("    success = bool(success)")
    lines += memo_call(end.value, "VALUE", "value", [*args, "success", "0"], "    ")
    args += ["success", "value"]
    lines += memo_call(end.declarer, "DECLARER", "mine", args, "    ")
    lines += ["    if mine.__class__ is not int:", "        return None"]
    per_seat = {declarer: "mine"}
    if partner is not None and end.partner is not None:
        lines += memo_call(end.partner, "PARTNER", "theirs", args, "    ")
        lines += ["    if theirs.__class__ is not int:", "        return None"]
        per_seat[partner] = "theirs"
    lines += memo_call(end.defender, "DEFENDER", "paid", args, "    ")
    lines += ["    if paid.__class__ is not int:", "        return None"]
    for x in range(n):
        if x not in (declarer, partner):
            per_seat[x] = "paid"
    seats = ", ".join(per_seat.get(x, "0") for x in range(n))
    if people is None:
        before = ", ".join(f"b{x}" for x in range(n)) + ("," if n == 1 else "")
        lines += [
            f"    deltas = ({seats},)",
            f"    {before} = m.totals",
            f"    totals = ({''.join(f'b{x} + {per_seat.get(x, 0)}, ' for x in range(n))})",
        ]
    else:
        lines += [
            f"    deltas = tuple(PER_PERSON(cp, [{seats}], seated))",
            "    totals = tuple([t + d for t, d in zip(m.totals, deltas, strict=True)])",
        ]
    return lines


def record_function(
    made: tuple[str, dict[str, Any]], slow: Callable[..., Any]
) -> Callable[..., Any]:
    """`record` compiled from `record_source`'s output, its fallback `slow`."""
    source, names = made
    namespace = {**names, "SLOW": slow}
    exec(compile(source, "<contract record>", "exec"), namespace)  # built above, never text
    return namespace["record"]  # type: ignore[no-any-return]


__all__ = ["record_function", "record_source"]
