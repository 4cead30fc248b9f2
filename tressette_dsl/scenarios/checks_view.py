"""The ``view`` check: what one seat may know, read from ``engine.observe`` only; each
problem is located at the part of the expectation that failed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from tressette_dsl.scenarios import codes
from tressette_dsl.scenarios.check_base import (
    Located,
    as_list,
    diff_tail,
    mapping,
    seats_of,
    show,
)
from tressette_dsl.scenarios.game import Game
from tressette_dsl.scenarios.loader import did_you_mean
from tressette_dsl.scenarios.model import Path
from tressette_dsl.scenarios.names import (
    NameProblem,
    card_text,
)

# -- what one seat may know ------------------------------------------------------------------

NOT_WHEREABOUTS = ("called_card", "legal")  # name cards without saying where they are


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def _named(game: Game, view: dict[str, Any]) -> dict[str, list[str]]:
    """Every card the view names, with where: ``{"AC": ["'known' (South's hand)"]}``."""
    cards = game.rules.deck.by_text
    out: dict[str, list[str]] = {}
    for key, value in view.items():
        if key in NOT_WHEREABOUTS:
            continue
        if key == "known":
            places = [(f"'known' ({game.name(i)}'s hand)", v) for i, v in enumerate(value)]
        else:
            places = [(f"'{key}'", value)]
        for place, part in places:
            for text in _strings(part):
                if text in cards and place not in out.setdefault(text, []):
                    out[text].append(place)
    return out


def _card_list(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, str):
        return re.findall(r"[^\s,]+", value)
    return as_list(value)


def _cards_at(game: Game, value: Any, at: Path, problems: list[Located]) -> list[tuple[str, Path]]:
    """The cards of a list, each with its path; unknown cards become located problems."""
    out = []
    for i, item in enumerate(_card_list(value)):
        try:
            out.append((card_text(game.rules, item), (*at, i)))
        except NameProblem as exc:
            problems.append(Located(str(exc), (*at, i), exc.code))
    return out


def check_view(game: Game, value: Any) -> list[Located]:
    """``view: {seat: {...}}``: what that seat (or each seat of a side, ``all``) may know,
    read from ``engine.observe`` - never from the hidden state."""
    problems: list[Located] = []
    for who, facts in mapping(value, "view").items():
        try:
            seats = sorted(seats_of(game, who))
        except NameProblem as exc:
            sides = [*game.rules.sides.names] if game.rules.sides.mode == "teams" else []
            also = ", ".join(f"'{w}'" for w in (*sides, "all", "declarer", "defenders"))
            problems.append(Located(f"{exc}; or {also}", (who,), exc.code))
            continue
        for seat in seats:
            view = game.view(seat)
            for key, want in mapping(facts, f"the view of {who}").items():
                problems.extend(_VIEW_CHECKS[key](game, seat, view, want, (who, key)))
    return problems


def _view_sees(game: Game, seat: int, view: dict[str, Any], want: Any, at: Path) -> list[Located]:
    problems: list[Located] = []
    named = _named(game, view)
    for card, here in _cards_at(game, want, at, problems):
        if card not in named:
            message = f"expected {game.name(seat)} to see {card}, but its view does not name it"
            problems.append(Located(message, here))
    return problems


def _view_not_sees(
    game: Game, seat: int, view: dict[str, Any], want: Any, at: Path
) -> list[Located]:
    problems: list[Located] = []
    named = _named(game, view)
    for card, here in _cards_at(game, want, at, problems):
        if card in named:
            where = ", ".join(named[card])
            message = f"expected {game.name(seat)} not to see {card}, but the view names it in "
            problems.append(Located(message + where, here))
    return problems


def _view_hand_of(
    game: Game, seat: int, view: dict[str, Any], want: Any, at: Path
) -> list[Located]:
    problems: list[Located] = []
    for other, cards in mapping(want, "hand_of").items():
        here = (*at, other)
        try:
            index = game.seat(other)
        except NameProblem as exc:
            problems.append(Located(str(exc), here, exc.code))
            continue
        wanted = {card for card, _ in _cards_at(game, cards, here, problems)}
        got = set(view["known"][index])
        if wanted != got:
            message = (
                f"expected {game.name(seat)} to know {show(wanted)} of {game.name(index)}'s "
                f"hand, got {show(got)}"
            )
            problems.append(Located(message + diff_tail(wanted, got), here))
    return problems


def _view_partner(
    game: Game, seat: int, view: dict[str, Any], want: Any, at: Path
) -> list[Located]:
    try:
        wanted = None if str(want).lower() == "unknown" else game.seat(want)
    except NameProblem as exc:
        return [Located(f"{exc}; or 'unknown'", at, exc.code)]
    got = view["partner"]
    if got == wanted:
        return []
    name = game.name(seat)
    if wanted is None:
        return [Located(f"expected the partner unknown to {name}, but its view names "
                        f"{game.name(got)}", at)]  # fmt: skip
    said = "it is unknown" if got is None else f"its view names {game.name(got)}"
    return [Located(f"expected {name} to know the partner is {game.name(wanted)}, but {said}", at)]


def _view_zone(zone: str) -> Callable[[Game, int, dict[str, Any], Any, Path], list[Located]]:
    """``monte`` / ``stock``: which of the cards lying there now the view names anywhere."""

    def check(game: Game, seat: int, view: dict[str, Any], want: Any, at: Path) -> list[Located]:
        problems: list[Located] = []
        if isinstance(want, str) and want.strip().lower() == "hidden":
            wanted: set[str] = set()
        else:
            items = _cards_at(game, want, at, problems)
            if problems and isinstance(want, str) and len(_card_list(want)) == 1:
                hint = did_you_mean(want, ["hidden"]) or " ('hidden' or a list of cards)"
                return [Located(f"{zone}: '{want}' is not a card{hint}", at, codes.BAD_CARD)]
            wanted = {card for card, _ in items}
        lying = set(game.rules.deck.texts(_zone_mask(game, zone)))
        named = _named(game, view)
        got = {card for card in lying if card in named}
        if wanted == got:
            return problems
        name = game.name(seat)
        if not wanted:
            places = sorted({place for card in got for place in named[card]})
            message = (
                f"expected the {zone} hidden from {name}, but its view names {show(got)} "
                f"(in {', '.join(places)})"
            )
        else:
            message = f"expected {name} to see {show(wanted)} of the {zone}, got {show(got)}"
            message += diff_tail(wanted, got)
            if wanted - lying:
                message += f" (not in the {zone}: {show(wanted - lying)})"
        problems.append(Located(message, at))
        return problems

    return check


def _zone_mask(game: Game, zone: str) -> int:
    mask = 0
    for card in getattr(game.state, zone):
        mask |= 1 << card
    return mask


_VIEW_CHECKS: dict[str, Callable[[Game, int, dict[str, Any], Any, Path], list[Located]]] = {
    "sees": _view_sees,
    "not_sees": _view_not_sees,
    "hand_of": _view_hand_of,
    "partner": _view_partner,
    "monte": _view_zone("monte"),
    "stock": _view_zone("stock"),
}
