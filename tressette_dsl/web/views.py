"""What the server sends: one seat's view (its `observe`, its `events_for`) or a
spectator's (what every seat knows), plus a few things a page needs to draw the table.

Everything here is built from the engine's public views and the ruleset model, never from
the state's fields: `observe(rules, state, seat)` is the only source of what a seat sees,
so the page can show nothing the engine would not tell that seat. The spectator's view is
the part every seat's observation agrees on (its common knowledge): a field that differs
between seats is dropped, so a new field in `Observation` can never leak through it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from tressette_dsl.engine import (
    GameState,
    IllegalActionError,
    InvalidActionError,
    apply,
    events_for,
    is_over,
    observe,
    parse_action,
    result,
)
from tressette_dsl.engine.people import has_people, people_names, person_at, winner_people
from tressette_dsl.engine.seating import rules_for, seats_in, standings, start_names
from tressette_dsl.gamelog import to_jsonable
from tressette_dsl.rules.model import Ruleset

# seat-private fields of an observation, emptied in the spectator's view
_PRIVATE_EMPTY: dict[str, Any] = {"hand": [], "discarded": [], "legal": [], "progress": None}
_AT_PATH = re.compile(r" at [^\s()]+:\d+:\d+")


def seat_count(rules: Ruleset) -> dict[str, Any]:
    """The seat counts a table of `rules` may be made with (`min` = `max` for a ruleset of
    one count), the default one, and a name for each seat of the largest table."""
    table = rules.seat_table
    if has_people(rules):  # a table is made for the people, who move round the places
        names = list(people_names(rules))
        count = len(names)
        return {"min": count, "max": count, "default": count, "names": names, "people": True}
    if table is None:
        count = rules.players.count
        return {"min": count, "max": count, "default": count, "names": list(rules.players.names)}
    names = list(table.rulesets[table.high].players.names)
    return {"min": table.low, "max": table.high, "default": table.default, "names": names}


def rules_info(rules: Ruleset) -> dict[str, Any]:
    """The public facts of a ruleset a page needs to draw it: deck, seats, sides, signals."""
    deck = rules.deck
    strength = {deck.card_text[c]: deck.card_strength[c] for c in deck.cards}
    return {
        "id": rules.id,
        "title": rules.title,
        "players": rules.players.count,
        "seats": list(rules.players.names),
        "count": seat_count(rules),
        "step": rules.players.step,
        "sides": {
            "mode": rules.sides.mode,
            "names": list(rules.sides.names),
            "seats": [sorted(s) for s in rules.sides.seats],
        },
        "suits": [
            {"id": s, "name": n, "symbol": sym}
            for s, n, sym in zip(deck.suits, deck.suit_names, deck.suit_symbols, strict=True)
        ],
        "ranks": list(deck.ranks),
        "rank_names": list(deck.rank_names),
        "cards": [deck.card_text[c] for c in deck.cards],
        "strength": strength,
        "unit": deck.unit,
        "signals": [
            {"id": s.id, "at": s.at, "means": s.means, "values": list(s.values)}
            for s in rules.signals
        ],
    }


def winning(rules: Ruleset, trick: Sequence[Sequence[Any]], trump: str | None) -> int | None:
    """The seat whose card is winning the trick so far: the highest trump, else the highest
    card of the suit led (from the deck's order, the ruleset's `deck.order`)."""
    if not trick:
        return None
    deck = rules.deck
    led = str(trick[0][1])[-1:]
    best_seat, best = None, (-1, -1)
    for seat, text in trick:
        index = deck.by_text.get(str(text))
        if index is None:
            continue
        suit = str(text)[-1:]
        rank = 2 if trump is not None and suit == trump else 1 if suit == led else 0
        key = (rank, deck.card_strength[index])
        if key > best:
            best_seat, best = int(seat), key
    return best_seat


def refusals(rules: Ruleset, state: GameState, view: dict[str, Any]) -> dict[str, str]:
    """Why each card of the hand cannot be played now (when the seat is asked to play):
    the engine's own refusal, without the file path of the rule it cites."""
    legal = view.get("legal") or []
    if view.get("activity") != "play" or not any(a.startswith("play ") for a in legal):
        return {}
    playable = {a.split()[1] for a in legal if a.startswith("play ")}
    out: dict[str, str] = {}
    for card in view.get("hand") or []:
        if card in playable:
            continue
        try:
            apply(rules, state, parse_action(rules, state, f"play {card}"))
        except (IllegalActionError, InvalidActionError) as exc:
            out[card] = plain_reason(str(exc))
        else:  # pragma: no cover - a card apply accepts is in the legal list
            continue
    return out


def plain_reason(message: str) -> str:
    """An engine refusal for a player: the rule it cites, without the file it is in."""
    return _AT_PATH.sub("", message)


def seat_view(rules: Ruleset, state: GameState, seat: int) -> dict[str, Any]:
    """`observe` for `seat` as JSON, with the trick's current winner and card refusals."""
    rules = rules_for(rules, state)
    view: dict[str, Any] = to_jsonable(observe(rules, state, seat))
    view["winning"] = winning(rules, view.get("trick") or [], view.get("trump"))
    view["refusals"] = refusals(rules, state, view)
    view["result"] = _result(rules, state)
    view["slots"] = slot_names(rules, state)
    _seating(rules, state, view)
    return view


def _seating(rules: Ruleset, state: GameState, view: dict[str, Any]) -> None:
    """Who sits where now, for a table that can shrink (`match.eliminate`): `roster`, the
    first-seating number of each seat at the table (the view's seat numbers are the
    table's now; with `seating.people`, the person at each place this deal), and
    `standings`, every seat of the first table with its total and the deal it left after
    (None: still in)."""
    if has_people(rules):  # the person at each place this deal (None: the dummy's)
        view["roster"] = [person_at(rules, state, seat) for seat in range(state.n)]
    else:
        view["roster"] = list(seats_in(state))
    if rules.match.eliminate is None:  # the totals are the standings (per side or seat)
        view["standings"] = None
        return
    left = {seat: deal for seat, _total, deal in state.match.left}
    names = start_names(rules, state)
    view["standings"] = [
        {"seat": seat, "name": names[seat], "total": total, "left_after": left.get(seat)}
        for seat, total in standings(rules, state)
    ]


def public_view(rules: Ruleset, state: GameState) -> dict[str, Any]:
    """What every seat knows: the fields all observations agree on, each hand's publicly
    known cards (as another seat sees them), and declarations as a non-declarer sees them."""
    rules = rules_for(rules, state)
    n = state.n  # the seats at the table now
    views = [to_jsonable(observe(rules, state, x)) for x in range(n)]
    out: dict[str, Any] = {}
    for key, value in views[0].items():
        if key in _PRIVATE_EMPTY:
            out[key] = _PRIVATE_EMPTY[key]
        elif key == "seat":
            out[key] = None
        elif key == "known":
            out[key] = [views[(x + 1) % n]["known"][x] for x in range(n)]
        elif key == "declarations":
            out[key] = _public_declarations(views)
        elif all(v.get(key) == value for v in views[1:]):
            out[key] = value
        else:
            out[key] = None  # seats disagree: it is somebody's secret
    out["winning"] = winning(rules, out.get("trick") or [], out.get("trump"))
    out["refusals"] = {}
    out["result"] = _result(rules, state)
    out["slots"] = slot_names(rules, state)
    _seating(rules, state, out)
    return out


def _public_declarations(views: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    n = len(views)
    decls: list[dict[str, Any]] = []
    for i, decl in enumerate(views[0].get("declarations") or []):
        other = views[(int(decl["seat"]) + 1) % n]["declarations"][i]
        decls.append(other)
    return decls


def slot_names(rules: Ruleset, state: GameState) -> list[str]:
    """The names of the match totals, in order (teams, or seats), as the view's `totals`
    has them: the seats at the table now, once it has shrunk."""
    if state.match.roster:
        return list(rules_for(rules, state).players.names)
    return list(result(rules, state).totals)


def _result(rules: Ruleset, state: GameState) -> dict[str, Any] | None:
    if not is_over(state):
        return None
    data: dict[str, Any] = to_jsonable(result(rules, state))
    if has_people(rules):  # `winner_seats` are places, the people moved round them
        data["winner_people"] = sorted(winner_people(rules, state))
    return data


def seat_events(rules: Ruleset, events: Iterable[Any], seat: int | None) -> list[dict[str, Any]]:
    """The events as `seat` may know them (None: public facts only), as JSON."""
    return [to_jsonable(e) for e in events_for(rules, events, seat)]


def view_for(rules: Ruleset, state: GameState, seat: int | None) -> dict[str, Any]:
    return seat_view(rules, state, seat) if seat is not None else public_view(rules, state)
