"""The expectations: one small function per ``expect`` key, each returning ``None`` when it
holds or the message ``expected X, got Y`` when it does not.

Facts come from the engine's public API (``legal_actions``, ``to_act``, ``is_over``) and from
its plain-data state and events: ``TrickWon`` for tricks, the state's ``deals`` records for
what each scored deal gave each side, ``totals`` and ``outcome`` for the match. What a seat
may know (``view``) and the score as it stands (``running``) come from ``engine.observe``.

A check whose value has parts (``view``) returns a list of ``Located`` problems instead, each
at the part of the value that failed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tressette_dsl.scenarios import codes
from tressette_dsl.scenarios.expect_keys import EXPECTATION_KEYS
from tressette_dsl.scenarios.loader import did_you_mean
from tressette_dsl.scenarios.model import Path
from tressette_dsl.scenarios.names import (
    NameProblem,
    card_text,
    card_words,
    deal_side_index,
    points,
    seat_index,
    seat_name,
    show_points,
    side_label,
    slot_index,
    slot_names,
)

SEAT_FIELDS = ("seat", "winner", "leader", "to", "source", "declarer", "partner", "dealer")


class Game:
    """The game as the runner drives it: state, every event so far, and what they add up to.

    Events are also kept per deal (a ``Dealt`` event starts a new list), so that after a
    deal is scored - when the engine has already dealt the next one - expectations about
    tricks and declarations still see the deal just played.
    """

    def __init__(self, rules: Any, engine: Any, state: Any, events: tuple[Any, ...] = ()) -> None:
        self.rules = rules
        self.engine = engine
        self.state = state
        self.events: list[dict[str, Any]] = []
        self.deals: list[list[dict[str, Any]]] = [[]]
        self.scored = -1  # index in `deals` of the last deal scored
        self.since = 0  # index of the first event after the last `expect`
        self.tricks_seen = 0
        self.deals_seen = 0
        self.last_trick: dict[str, Any] | None = None
        self._record(events)

    def apply(self, action: Any) -> None:
        self.state, events = self.engine.apply(self.rules, self.state, action)
        self._record(events)

    def _record(self, events: Any) -> None:
        for event in events:
            data = event.to_dict() if hasattr(event, "to_dict") else dict(event)
            kind = data.get("type")
            if kind == "Dealt" and self.deals[-1]:
                self.deals.append([])
            self.events.append(data)
            self.deals[-1].append(data)
            if kind == "TrickWon":
                self.tricks_seen += 1
                self.last_trick = data
            elif kind == "DealScored":
                self.deals_seen += 1
                self.scored = len(self.deals) - 1

    def deal_in_view(self) -> list[dict[str, Any]]:
        """The events of the deal in play, or of the deal just scored (until play resumes)."""
        just_scored = self.scored >= 0 and (self.deal_over() or self.is_over())
        return self.deals[self.scored] if just_scored else self.deals[-1]

    def mark(self) -> None:
        self.since = len(self.events)

    def legal(self) -> tuple[Any, ...]:
        return tuple(self.engine.legal_actions(self.rules, self.state))

    def to_act(self) -> int | None:
        seat: int | None = self.engine.to_act(self.state)
        return seat

    def is_over(self) -> bool:
        return bool(self.engine.is_over(self.state))

    def deal_over(self) -> bool:
        return bool(self.engine.deal_over(self.state))

    def last_deal(self) -> Any:
        deals = [d for d in self.state.deals if d.reason == "scored"]
        return deals[-1] if deals else None

    def seat(self, name: Any) -> int:
        return seat_index(self.rules, name)

    def name(self, seat: int | None) -> str:
        return seat_name(self.rules, seat)


@dataclass(frozen=True, slots=True)
class Located:
    """A problem with one part of an expectation's value: ``at`` is its path below the
    expectation (``("East", "not_sees", 1)``); ``code`` replaces the check's own code."""

    message: str
    at: Path = ()
    code: str | None = None


Check = Callable[[Game, Any], str | list[Located] | None]


def _expected(what: str, want: Any, got: Any) -> str:
    return f"expected {what} {want}, got {got}"


def _as_list(value: Any) -> list[Any]:
    if isinstance(value, str):
        return [value]
    return list(value) if isinstance(value, list | tuple) else [value]


def _mapping(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise NameProblem(codes.BAD_VALUE, f"{what} must be a mapping (name: value)")
    return value


# -- turn and legal actions ------------------------------------------------------------------


def check_to_act(game: Game, value: Any) -> str | None:
    got = game.to_act()
    want = None if value in (None, "nobody") else game.seat(value)
    return None if got == want else _expected("to act:", game.name(want), game.name(got))


def _canonical(game: Game, text: str) -> str:
    """An action text as the engine writes it (``play K♠`` -> ``play KS``)."""
    try:
        return str(
            game.engine.parse_action(game.rules, game.state, card_words(game.rules, str(text)))
        )
    except Exception:
        return " ".join(str(text).split())


def _legal_texts(game: Game) -> set[str]:
    return {str(a) for a in game.legal()}


def check_legal(game: Game, value: Any) -> str | None:
    want = {_canonical(game, t) for t in _as_list(value)}
    got = _legal_texts(game)
    if want == got:
        return None
    return _set_diff("legal actions", want, got)


def check_legal_includes(game: Game, value: Any) -> str | None:
    missing = {_canonical(game, t) for t in _as_list(value)} - _legal_texts(game)
    if not missing:
        return None
    return f"expected legal actions to include {_show(missing)}; legal: {_show(_legal_texts(game))}"


def check_legal_excludes(game: Game, value: Any) -> str | None:
    present = {_canonical(game, t) for t in _as_list(value)} & _legal_texts(game)
    return None if not present else f"expected {_show(present)} not to be legal, but it is"


def check_plays(game: Game, value: Any) -> str | None:
    cards = value.split() if isinstance(value, str) else _as_list(value)
    want = {card_text(game.rules, c) for c in cards}
    got = {str(a).split()[1] for a in game.legal() if str(a).startswith("play ")}
    return None if want == got else _set_diff("playable cards", want, got)


def _show(items: set[str]) -> str:
    return "[" + ", ".join(sorted(items)) + "]" if items else "nothing"


def _set_diff(what: str, want: set[str], got: set[str]) -> str:
    return f"expected {what} {_show(want)}, got {_show(got)}" + _diff_tail(want, got)


def _diff_tail(want: set[str], got: set[str]) -> str:
    parts = [""]
    if want - got:
        parts.append(f"missing {_show(want - got)}")
    if got - want:
        parts.append(f"unexpected {_show(got - want)}")
    return "; ".join(parts) if len(parts) > 1 else ""


# -- tricks --------------------------------------------------------------------------------


def check_trick_winner(game: Game, value: Any) -> str | None:
    trick = game.last_trick
    got = None if trick is None else trick["seat"]
    want = game.seat(value)
    return None if got == want else _expected("trick winner", game.name(want), game.name(got))


def check_trick_points(game: Game, value: Any) -> str | None:
    trick = game.last_trick
    if trick is None:
        return f"expected trick points {value}, but no trick has been won yet"
    deck = game.rules.deck
    got = Fraction(sum(deck.card_value[deck.by_text[c]] for c in trick["cards"]), deck.unit)
    want = points(value)
    return None if got == want else _expected("trick points", show_points(want), show_points(got))


def check_tricks(game: Game, value: Any) -> str | None:
    counts = Counter(e["seat"] for e in game.deal_in_view() if e.get("type") == "TrickWon")
    problems = []
    for name, want in _mapping(value, "tricks").items():
        seats = _seats_of(game, name)
        got = sum(counts[s] for s in seats)
        if got != want:
            problems.append(f"{name} {want}, got {got}")
    return None if not problems else "expected tricks won: " + "; ".join(problems)


def _seats_of(game: Game, name: Any) -> set[int]:
    """The seats a name stands for: a team, ``declarer`` (with a partner), ``defenders``,
    ``all`` (every seat), or one seat."""
    rules = game.rules
    word = str(name).lower()
    if word == "all":
        return set(range(rules.players.count))
    for i, team in enumerate(rules.sides.names):
        if rules.sides.mode == "teams" and word == team.lower():
            return set(rules.sides.seats[i])
    if word in ("declarer", "defenders"):
        record = game.last_deal() if game.deal_over() or game.is_over() else None
        source = record if record is not None else game.state
        if source.declarer is not None:
            attack = {source.declarer} | ({source.partner} if source.partner is not None else set())
            return attack if word == "declarer" else set(range(rules.players.count)) - attack
    return {game.seat(name)}


# -- the deal ------------------------------------------------------------------------------


def check_deal_over(game: Game, value: Any) -> str | None:
    got = game.deal_over()
    return None if got == bool(value) else _expected("deal over:", bool(value), got)


def _per_side(game: Game, value: Any, what: str, field: str, unit: int) -> str | None:
    record = game.last_deal()
    if record is None:
        return f"expected {what} {value}, but no deal has been scored yet"
    got_all = getattr(record, field)
    problems = []
    for name, want in _mapping(value, what).items():
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
    for name, want in _mapping(value, "declared").items():
        if record is not None and record.declared:
            got = record.declared[deal_side_index(game.rules, record, name)]
        else:
            seats = _seats_of(game, name)
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
    wanted = [_wanted_declaration(game, item) for item in (_as_list(value) if value else [])]
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
    parts = [f"expected declarations [{', '.join(map(str, _as_list(value or [])))}]"]
    parts.append(f"got [{_decl_list(game, decls)}]")
    if missing:
        parts.append(f"missing {', '.join(missing)}")
    if left:
        parts.append(f"unexpected {_decl_list(game, left)}")
    return "; ".join(parts)


# -- the match -------------------------------------------------------------------------------


def _slots(game: Game, value: Any, what: str, values: tuple[int, ...]) -> str | None:
    problems = []
    for name, want in _mapping(value, what).items():
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
    running = tuple(_observe(game, game.to_act() or 0)["running"])
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
    return None if got == bool(value) else _expected("match over:", bool(value), got)


def check_match_winner(game: Game, value: Any) -> str | None:
    outcome = game.state.outcome
    names = slot_names(game.rules)
    got = sorted(names[w] for w in outcome.winners) if outcome is not None else []
    want = sorted(
        names[slot_index(game.rules, v)] for v in _as_list(value) if v not in (None, "none")
    )
    if got == want:
        return None
    detail = f" ({outcome.reason})" if outcome is not None else " (the match is not over)"
    return _expected(
        "match winner", " and ".join(want) or "none", (" and ".join(got) or "none") + detail
    )


def check_games(game: Game, value: Any) -> str | None:
    outcome = game.state.outcome
    got = outcome.games if outcome is not None else None
    return None if got == value else _expected("the match to count as", f"{value} games", got)


def check_deals_counted(game: Game, value: Any) -> str | None:
    got = game.state.deals_counted
    return None if got == value else _expected("deals counted:", value, got)


# -- contract games ----------------------------------------------------------------------------


def check_contract(game: Game, value: Any) -> str | None:
    record = game.last_deal()
    got = game.state.contract or (record.contract if record is not None else None)
    want = None if value in (None, "none") else str(value)
    return None if got == want else _expected("contract", want, got)


def check_declarer(game: Game, value: Any) -> str | None:
    record = game.last_deal()
    got = (
        game.state.declarer
        if game.state.declarer is not None
        else (record.declarer if record else None)
    )
    want = None if value in (None, "none") else game.seat(value)
    return None if got == want else _expected("declarer", game.name(want), game.name(got))


# -- events and hands ---------------------------------------------------------------------------


def _matches(game: Game, want: Any, got: Any, key: str = "") -> bool:
    if isinstance(want, dict):
        return isinstance(got, dict) and all(
            k in got and _matches(game, v, got[k], k) for k, v in want.items()
        )
    if isinstance(want, list):
        return (
            isinstance(got, list)
            and len(want) == len(got)
            and all(_matches(game, w, g, key) for w, g in zip(want, got, strict=True))
        )
    if isinstance(want, str) and isinstance(got, int) and not isinstance(got, bool):
        try:
            return game.seat(want) == got if key in SEAT_FIELDS else str(got) == want
        except NameProblem:
            return False
    if isinstance(want, str) and isinstance(got, str) and want != got:
        try:
            return card_text(game.rules, want) == got
        except NameProblem:
            return False
    return bool(want == got)


def _event_list(value: Any) -> list[dict[str, Any]]:
    items = _as_list(value)
    out = []
    for item in items:
        out.append({"type": item} if isinstance(item, str) else _mapping(item, "an event"))
    return out


def check_events(game: Game, value: Any) -> str | None:
    """The events since the last ``expect`` include these, in this order (partial match)."""
    recent = game.events[game.since :]
    i = 0
    for want in _event_list(value):
        while i < len(recent) and not _matches(game, want, recent[i]):
            i += 1
        if i == len(recent):
            seen = ", ".join(e.get("type", "?") for e in recent) or "none"
            return f"expected an event {want} (in order); events since the last expect: {seen}"
        i += 1
    return None


def check_no_events(game: Game, value: Any) -> str | None:
    recent = game.events[game.since :]
    for want in _event_list(value):
        for got in recent:
            if _matches(game, want, got):
                return f"expected no event matching {want}, got {got}"
    return None


def check_hand(game: Game, value: Any) -> str | None:
    deck = game.rules.deck
    problems = []
    for name, cards in _mapping(value, "hand").items():
        seat = game.seat(name)
        want = {
            card_text(game.rules, c)
            for c in (cards.split() if isinstance(cards, str) else cards or [])
        }
        got = set(deck.texts(game.state.hands[seat]))
        if want != got:
            problems.append(_set_diff(f"hand of {name}", want, got))
    return "; ".join(problems) or None


def check_hand_size(game: Game, value: Any) -> str | None:
    deck = game.rules.deck
    problems = []
    for name, want in _mapping(value, "hand_size").items():
        got = len(deck.texts(game.state.hands[game.seat(name)]))
        if got != want:
            problems.append(f"{name} {want}, got {got}")
    return None if not problems else "expected hand sizes: " + "; ".join(problems)


# -- what one seat may know ------------------------------------------------------------------

NOT_WHEREABOUTS = ("called_card", "legal")  # name cards without saying where they are


def _observe(game: Game, seat: int) -> dict[str, Any]:
    return dict(game.engine.observe(game.rules, game.state, seat).to_dict())


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
    return _as_list(value)


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
    for who, facts in _mapping(value, "view").items():
        try:
            seats = sorted(_seats_of(game, who))
        except NameProblem as exc:
            sides = [*game.rules.sides.names] if game.rules.sides.mode == "teams" else []
            also = ", ".join(f"'{w}'" for w in (*sides, "all", "declarer", "defenders"))
            problems.append(Located(f"{exc}; or {also}", (who,), exc.code))
            continue
        for seat in seats:
            view = _observe(game, seat)
            for key, want in _mapping(facts, f"the view of {who}").items():
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
    for other, cards in _mapping(want, "hand_of").items():
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
                f"expected {game.name(seat)} to know {_show(wanted)} of {game.name(index)}'s "
                f"hand, got {_show(got)}"
            )
            problems.append(Located(message + _diff_tail(wanted, got), here))
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
                f"expected the {zone} hidden from {name}, but its view names {_show(got)} "
                f"(in {', '.join(places)})"
            )
        else:
            message = f"expected {name} to see {_show(wanted)} of the {zone}, got {_show(got)}"
            message += _diff_tail(wanted, got)
            if wanted - lying:
                message += f" (not in the {zone}: {_show(wanted - lying)})"
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


CHECKS: dict[str, tuple[str, Check]] = {
    "to_act": (codes.TO_ACT, check_to_act),
    "legal": (codes.LEGAL, check_legal),
    "legal_includes": (codes.LEGAL, check_legal_includes),
    "legal_excludes": (codes.LEGAL, check_legal_excludes),
    "plays": (codes.LEGAL, check_plays),
    "trick_winner": (codes.TRICK, check_trick_winner),
    "trick_points": (codes.TRICK, check_trick_points),
    "tricks": (codes.TRICK, check_tricks),
    "deal_over": (codes.DEAL_POINTS, check_deal_over),
    "deal_points": (codes.DEAL_POINTS, check_deal_points),
    "raw_points": (codes.DEAL_POINTS, check_raw_points),
    "declared": (codes.DECLARATIONS, check_declared),
    "declarations": (codes.DECLARATIONS, check_declarations),
    "totals": (codes.TOTALS, check_totals),
    "running": (codes.TOTALS, check_running),
    "match_over": (codes.TOTALS, check_match_over),
    "match_winner": (codes.TOTALS, check_match_winner),
    "games": (codes.TOTALS, check_games),
    "deals_counted": (codes.TOTALS, check_deals_counted),
    "contract": (codes.STATE, check_contract),
    "declarer": (codes.STATE, check_declarer),
    "payoffs": (codes.PAYOFFS, check_payoffs),
    "balances": (codes.PAYOFFS, check_balances),
    "events": (codes.EVENTS, check_events),
    "no_events": (codes.EVENTS, check_no_events),
    "hand": (codes.STATE, check_hand),
    "hand_size": (codes.STATE, check_hand_size),
    "view": (codes.VIEW, check_view),
}

assert set(CHECKS) == set(EXPECTATION_KEYS), set(CHECKS) ^ set(EXPECTATION_KEYS)
