"""Checks of the score: deal points, declarations, match totals, payoffs, the contract."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tressette_dsl.scenarios import codes
from tressette_dsl.scenarios.check_base import (
    as_list,
    expected,
    mapping,
    seats_of,
)
from tressette_dsl.scenarios.game import Game
from tressette_dsl.scenarios.names import (
    NameProblem,
    deal_side_index,
    points,
    show_points,
    side_label,
    slot_index,
    slot_names,
)

# -- the deal ------------------------------------------------------------------------------


def check_deal_over(game: Game, value: Any) -> str | None:
    got = game.deal_over()
    return None if got == bool(value) else expected("deal over:", bool(value), got)


def _per_side(game: Game, value: Any, what: str, field: str, unit: int) -> str | None:
    record = game.last_deal()
    if record is None:
        return f"expected {what} {value}, but no deal has been scored yet"
    got_all = getattr(record, field)
    problems = []
    for name, want in mapping(value, what).items():
        i = deal_side_index(game.rules, record, name)
        got = Fraction(got_all[i], unit)
        if got != points(want):
            problems.append(f"{name} {show_points(points(want))}, got {show_points(got)}")
    if not problems:
        return None
    actual = ", ".join(
        f"{side_label(game.rules, record, i)} {show_points(Fraction(v, unit))}"
        for i, v in enumerate(got_all)
    )
    return f"expected {what}: {'; '.join(problems)} (deal {record.deal_no}: {actual})"


def check_deal_points(game: Game, value: Any) -> str | None:
    return _per_side(game, value, "deal points", "points", 1)


def check_raw_points(game: Game, value: Any) -> str | None:
    return _per_side(game, value, "points before rounding", "units", game.rules.deck.unit)


def check_declared(game: Game, value: Any) -> str | None:
    """Declaration points per side, of the deal in play or of the deal just scored."""
    decls = _deal_declarations(game)
    record = game.last_deal() if game.deal_over() or game.is_over() else None
    problems = []
    for name, want in mapping(value, "declared").items():
        if record is not None and record.declared:
            got = record.declared[deal_side_index(game.rules, record, name)]
        else:
            seats = seats_of(game, name)
            got = sum(d.points for d in decls if d.seat in seats)
        if got != want:
            problems.append(f"{name} {want}, got {got}")
    if not problems:
        return None
    return "expected declared points: " + "; ".join(problems) + f" ({_decl_list(game, decls)})"


@dataclass(frozen=True, slots=True)
class Decl:
    seat: int
    decl: str
    arg: str
    points: int


def _deal_declarations(game: Game) -> list[Decl]:
    """Of the deal in play: the state (mandatory ones are made while dealing, with no
    event the runner sees); of a deal just scored: its ``Declared`` events."""
    if not (game.deal_over() or game.is_over()):
        return [
            Decl(d.seat, d.decl, d.arg, d.points)
            for d in game.state.declarations
            if not d.cancelled
        ]
    return [
        Decl(e["seat"], e["decl"], e["arg"], e["points"])
        for e in game.deal_in_view()
        if e.get("type") == "Declared"
    ]


def _decl_list(game: Game, decls: list[Decl]) -> str:
    return ", ".join(f"{game.name(d.seat)} {d.decl} {d.arg} {d.points}" for d in decls) or "none"


def _wanted_declaration(game: Game, item: Any) -> tuple[int, str, str, int | None]:
    words = str(item).split()
    points_ok = len(words) == 3 or (words[-1].isdecimal() and words[-1].isascii())
    if len(words) not in (3, 4) or not points_ok:
        raise NameProblem(
            codes.BAD_VALUE,
            f"'{item}': write SEAT DECLARATION SAID [POINTS], e.g. 'East napoletana C 3'",
        )
    return game.seat(words[0]), words[1], words[2], int(words[3]) if len(words) == 4 else None


def check_declarations(game: Game, value: Any) -> str | None:
    """Exactly these declarations were made this deal: ``"East napoletana C 3"`` each."""
    decls = _deal_declarations(game)
    wanted = [_wanted_declaration(game, item) for item in (as_list(value) if value else [])]
    left = list(decls)
    missing = []
    for seat, decl, arg, pts in wanted:
        found = next(
            (
                d
                for d in left
                if (d.seat, d.decl, d.arg) == (seat, decl, arg) and pts in (None, d.points)
            ),
            None,
        )
        if found is None:
            missing.append(f"{game.name(seat)} {decl} {arg}" + ("" if pts is None else f" {pts}"))
        else:
            left.remove(found)
    if not missing and not left:
        return None
    parts = [f"expected declarations [{', '.join(map(str, as_list(value or [])))}]"]
    parts.append(f"got [{_decl_list(game, decls)}]")
    if missing:
        parts.append(f"missing {', '.join(missing)}")
    if left:
        parts.append(f"unexpected {_decl_list(game, left)}")
    return "; ".join(parts)


# -- the match -------------------------------------------------------------------------------


def _slots(game: Game, value: Any, what: str, values: tuple[int, ...]) -> str | None:
    problems = []
    for name, want in mapping(value, what).items():
        i = slot_index(game.rules, name)
        got = values[i] if i < len(values) else None
        if got != want:
            problems.append(f"{name} {want}, got {got}")
    if not problems:
        return None
    actual = ", ".join(f"{n} {v}" for n, v in zip(slot_names(game.rules), values, strict=False))
    return f"expected {what}: {'; '.join(problems)} ({actual})"


def check_totals(game: Game, value: Any) -> str | None:
    return _slots(game, value, "totals", tuple(game.state.totals))


def check_running(game: Game, value: Any) -> str | None:
    """The score as it stands now: the match totals plus the deal in play so far (cards
    captured, floored per side, no last trick; declarations scored at once)."""
    running = tuple(game.view(game.to_act() or 0)["running"])
    return _slots(game, value, "running score", running)


def check_balances(game: Game, value: Any) -> str | None:
    return _slots(game, value, "balances", tuple(game.state.totals))


def check_payoffs(game: Game, value: Any) -> str | None:
    record = game.last_deal()
    if record is None:
        return "expected payoffs, but no deal has been scored yet"
    return _slots(game, value, "payoffs", tuple(record.deltas))


def check_match_over(game: Game, value: Any) -> str | None:
    got = game.is_over()
    return None if got == bool(value) else expected("match over:", bool(value), got)


def check_match_winner(game: Game, value: Any) -> str | None:
    outcome = game.state.outcome
    names = slot_names(game.rules)
    got = sorted(names[w] for w in outcome.winners) if outcome is not None else []
    want = sorted(
        names[slot_index(game.rules, v)] for v in as_list(value) if v not in (None, "none")
    )
    if got == want:
        return None
    detail = f" ({outcome.reason})" if outcome is not None else " (the match is not over)"
    return expected(
        "match winner", " and ".join(want) or "none", (" and ".join(got) or "none") + detail
    )


def check_games(game: Game, value: Any) -> str | None:
    outcome = game.state.outcome
    got = outcome.games if outcome is not None else None
    return None if got == value else expected("the match to count as", f"{value} games", got)


def check_deals_counted(game: Game, value: Any) -> str | None:
    got = game.state.deals_counted
    return None if got == value else expected("deals counted:", value, got)


# -- contract games ----------------------------------------------------------------------------


def check_contract(game: Game, value: Any) -> str | None:
    record = game.last_deal()
    got = game.state.contract or (record.contract if record is not None else None)
    want = None if value in (None, "none") else str(value)
    return None if got == want else expected("contract", want, got)


def check_declarer(game: Game, value: Any) -> str | None:
    record = game.last_deal()
    got = (
        game.state.declarer
        if game.state.declarer is not None
        else (record.declarer if record else None)
    )
    want = None if value in (None, "none") else game.seat(value)
    return None if got == want else expected("declarer", game.name(want), game.name(got))
