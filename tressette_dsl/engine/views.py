"""Per-seat views of events: what one seat may know of each fact `apply` reports.

Events are omniscient (a `Dealt` lists every hand). `events_for(rules, events, seat)` gives
the same events as plain dicts (``event.to_dict()`` shapes) with everything that seat may
not see blanked, by the same rules as `observe`:

* a card the seat may not see becomes ``None``; a list of cards keeps its length, so the
  count stays known (``[None, None]`` for two cards drawn blind by another seat);
* hidden: the other seats' dealt hands, the stock and the monte as dealt, another seat's
  face-down discards, cards moved, given or drawn face down to another seat, the cards of
  another seat's declaration when the rules do not reveal them, the leftover cards taken at
  the end of the deal (the face-down monte or stock);
* the holder of a called card: with a secret partner (`effect: partner`, `reveal: on_play`)
  only the holder himself learns it from `Called` (``holder`` is None for the others,
  including the caller); the partner is named to all by `PartnerRevealed`, when the card
  is played. ``"self"`` (the caller holds it) is known to the caller only, and ``"monte"``
  to the caller only unless the partner is secret (then to nobody).

Everything else (bids, plays, tricks, shown cards, scores) is public. The decision depends
on the event and the rules only, so events can be viewed one at a time, or read back from
a log. ``seat=None`` is the view of no seat: public facts only (a screen shared by several
players).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tressette_dsl.engine.arguments import check_rules, check_seat
from tressette_dsl.engine.errors import ArgumentTypeError
from tressette_dsl.engine.phases.call import CallPhase
from tressette_dsl.rules.model import Ruleset

Redactor = Callable[[Ruleset, dict[str, Any], int | None], None]


def events_for(
    rules: Ruleset, events: Iterable[Any], seat: int | None
) -> tuple[dict[str, Any], ...]:
    """What `seat` (None: any onlooker) may know of each event, as plain dicts.

    `events` are engine records or their ``to_dict()`` form (e.g. read from a log)."""
    check_rules("events_for", rules)
    check_seat("events_for", seat, rules.players.count, none=True)
    if isinstance(events, (str, bytes, dict)) or not isinstance(events, Iterable):
        raise ArgumentTypeError(
            "events_for", "events", f"must be a sequence of events, not {type(events).__name__}"
        )
    events = tuple(events)
    for event in events:
        if not hasattr(event, "to_dict") and not (isinstance(event, dict) and "type" in event):
            raise ArgumentTypeError(
                "events_for", "events", f"holds {type(event).__name__} {event!r}, not an event"
            )
    return tuple(event_for(rules, event, seat) for event in events)


def event_for(rules: Ruleset, event: Any, seat: int | None) -> dict[str, Any]:
    """One event as `seat` sees it (see `events_for`)."""
    data = event.to_dict() if hasattr(event, "to_dict") else event
    if not isinstance(data, Mapping):
        raise TypeError(f"not an event: {event!r}")
    out = dict(data)
    kind = out.get("type")
    if kind in _PUBLIC:
        return out
    redact = _REDACT.get(str(kind))
    if redact is None:  # an event this module does not know might name hidden cards
        return {k: v for k, v in out.items() if k in ("type", "seat", "deal_no", "trick_no")}
    redact(rules, out, seat)
    return out


def _hide(cards: Any) -> list[None]:
    return [None] * len(cards or ())


def _dealt(rules: Ruleset, ev: dict[str, Any], seat: int | None) -> None:
    ev["hands"] = [list(h) if i == seat else _hide(h) for i, h in enumerate(ev.get("hands", ()))]
    for zone in rules.zones:  # each zone under its id; face up ones stay as they are
        if zone.id in ev and zone.seen_by != "everyone":
            ev[zone.id] = _hide(ev[zone.id])
    for key in [k for k in ev if k not in _DEALT_OWN and k not in rules.zone_ids]:
        ev[key] = _hide(ev[key])  # a zone of another ruleset's log: hidden


_DEALT_OWN = ("type", "deal_no", "dealer", "hands")


def _called(rules: Ruleset, ev: dict[str, Any], seat: int | None) -> None:
    holder = str(ev.get("holder", ""))
    caller = ev.get("seat")
    secret = secret_partner(rules)
    if holder.isdigit():
        known = not secret or seat == int(holder)
    elif holder == "self":
        known = seat is not None and seat == caller
    else:  # a zone's id: the caller knows it is not his, and sees nobody hand it over
        known = not secret and seat is not None and seat == caller
    if not known:
        ev["holder"] = None


def _transferred(rules: Ruleset, ev: dict[str, Any], seat: int | None) -> None:
    if not ev.get("shown") and seat not in (ev.get("source"), ev.get("to")):
        ev["card"] = None


def _moved(rules: Ruleset, ev: dict[str, Any], seat: int | None) -> None:
    if not ev.get("shown") and seat != ev.get("to"):
        ev["cards"] = _hide(ev.get("cards"))


def _given(rules: Ruleset, ev: dict[str, Any], seat: int | None) -> None:
    # face down: the receiver sees it. The state keeps no private record of where the giver
    # put it, so his view forgets it as his observation does (`observe`): he sees None too
    if not ev.get("shown") and seat != ev.get("to"):
        ev["card"] = None


def _own_card(rules: Ruleset, ev: dict[str, Any], seat: int | None) -> None:
    """Discards always, draws unless shown: only the seat itself sees the card."""
    if not ev.get("shown") and seat != ev.get("seat"):
        ev["card"] = None


def _declared(rules: Ruleset, ev: dict[str, Any], seat: int | None) -> None:
    d = rules.declaring
    if d is not None and d.reveal != "on_declare" and seat != ev.get("seat"):
        ev["cards"] = _hide(ev.get("cards"))


def _hand_shown(rules: Ruleset, ev: dict[str, Any], seat: int | None) -> None:
    """A dummy's hand shown to its owner (or the owner's to the dummy): theirs only."""
    if seat not in (ev.get("seat"), ev.get("to")):
        ev["cards"] = _hide(ev.get("cards"))


def _leftover(rules: Ruleset, ev: dict[str, Any], seat: int | None) -> None:
    ev["cards"] = _hide(ev.get("cards"))


def secret_partner(rules: Ruleset) -> bool:
    """Does a call make a partner that stays secret until the called card is played?"""
    return any(
        isinstance(p, CallPhase) and p.effect == "partner" and p.reveal == "on_play"
        for p in rules.flow
    )


_PUBLIC = frozenset(
    {
        "Annulled",
        "BidMade",
        "Passed",
        "AuctionWon",
        "AllPassed",
        "ContractChosen",
        "PartnerRevealed",
        "DummyExposed",
        "TrumpSet",
        "ZoneShown",
        "CardTaken",
        "Announced",
        "Signalled",
        "CardPlayed",
        "TrickWon",
        "Claimed",
        "DealScored",
        "MatchEnded",
    }
)

_REDACT: dict[str, Redactor] = {
    "Dealt": _dealt,
    "Called": _called,
    "CardTransferred": _transferred,
    "CardsMoved": _moved,
    "CardGiven": _given,
    "CardDiscarded": _own_card,  # a discard has no `shown`: always face down
    "CardDrawn": _own_card,
    "Declared": _declared,
    "LeftoverTaken": _leftover,
    "HandShown": _hand_shown,
}

KNOWN_EVENTS = _PUBLIC | frozenset(_REDACT)

__all__ = ["KNOWN_EVENTS", "event_for", "events_for", "secret_partner"]
