"""Readable text for cards, hands, events, observations and results.

Everything here works from the ruleset model (seat names, suit symbols, rank order, values)
and from plain event dicts (``event.to_dict()``), so one renderer serves every ruleset, the
live game and the replay of a log.

Events are omniscient (a ``Dealt`` lists every hand). A `Renderer` made for a *viewer*
seat first passes them through the engine's ``events_for``, which blanks (``None``) every
card that seat may not see, so it prints nothing a player in that seat could not see; the
renderer itself has no visibility rules. A renderer without a viewer (bots only,
transcripts, replays) shows everything.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tressette_dsl.engine.phases import PHASE_KINDS
from tressette_dsl.engine.phases import tasks as phase_tasks
from tressette_dsl.engine.phases.auction import highest_bid as _highest_bid
from tressette_dsl.engine.views import event_for

FRACTIONS = {(1, 3): "⅓", (2, 3): "⅔", (1, 2): "½", (1, 4): "¼", (3, 4): "¾"}


# --- cards -------------------------------------------------------------------------------


def card(rules: Any, text: str) -> str:
    """``3D`` -> ``3♦`` with the ruleset's suit symbol (unknown text is returned as is)."""
    deck = rules.deck
    if len(text) >= 2 and text[-1] in deck.suits:
        symbol = deck.suit_symbols[deck.suits.index(text[-1])]
        if symbol:
            return text[:-1] + symbol
    return text


def cards(rules: Any, texts: Iterable[str]) -> str:
    return " ".join(card(rules, t) for t in texts) or "-"


def declared_arg(rules: Any, arg: str) -> str:
    """What a declaration announces: ``D`` -> ``♦``, ``2-C`` -> ``2s (no ♥)``, cards."""
    if arg in rules.deck.suits:
        return suit(rules, arg)
    rank, dash, missing = arg.partition("-")
    if dash and missing in rules.deck.suits:
        return f"{rank}s (no {suit(rules, missing)})"
    if "+" in arg:
        return cards(rules, arg.split("+"))
    if arg in rules.deck.ranks:
        return f"{arg}s"
    return arg


def suit(rules: Any, suit_id: str) -> str:
    deck = rules.deck
    if suit_id in deck.suits:
        i = deck.suits.index(suit_id)
        return deck.suit_symbols[i] or deck.suit_names[i]
    return suit_id


def sort_key(rules: Any, text: str) -> tuple[int, int]:
    """Suit in ruleset order, then strongest rank first."""
    deck = rules.deck
    index = deck.by_text.get(text)
    if index is None:
        return (len(deck.suits), 0)
    return (deck.card_suit[index], -deck.card_strength[index])


def sort_cards(rules: Any, texts: Iterable[str]) -> list[str]:
    return sorted(texts, key=lambda t: sort_key(rules, t))


def hand(rules: Any, texts: Iterable[str]) -> str:
    """A hand sorted by suit then strength, suits separated by ``|``."""
    groups: list[list[str]] = []
    last = None
    for text in sort_cards(rules, texts):
        s = sort_key(rules, text)[0]
        if s != last:
            groups.append([])
            last = s
        groups[-1].append(card(rules, text))
    return " | ".join(" ".join(g) for g in groups) or "(no cards)"


def units(rules: Any, amount: int) -> str:
    """Card units as points: with thirds, 7 -> ``2⅓``."""
    unit = rules.deck.unit or 1
    whole, rest = divmod(amount, unit)
    if not rest:
        return str(whole)
    frac = FRACTIONS.get((rest, unit), f"{rest}/{unit}")
    return frac if whole == 0 else f"{whole}{frac}"


# --- seats and sides ---------------------------------------------------------------------


def seat(rules: Any, index: int | None) -> str:
    names = rules.players.names
    if index is None:
        return "nobody"
    if 0 <= index < len(names):
        return names[index]
    return f"seat {index}"


def slot_names(rules: Any) -> tuple[str, ...]:
    """The names of the match totals: teams, or seats when each seat keeps its own score."""
    sides = rules.sides
    if sides.mode == "teams":
        return tuple(sides.names)
    return tuple(rules.players.names)


def slot(rules: Any, index: int) -> str:
    names = slot_names(rules)
    return names[index] if 0 <= index < len(names) else f"side {index}"


def team_of(rules: Any, index: int) -> str | None:
    sides = rules.sides
    if sides.mode != "teams" or not sides.side_of:
        return None
    return sides.names[sides.side_of[index]]


def totals(rules: Any, values: Sequence[int]) -> str:
    names = slot_names(rules)
    if len(names) != len(values):
        names = tuple(f"side {i}" for i in range(len(values)))
    return ", ".join(f"{n} {v}" for n, v in zip(names, values, strict=True))


def seating(rules: Any, players: Sequence[str] | None = None) -> str:
    parts = []
    for i, name in enumerate(rules.players.names):
        bits = [name]
        team = team_of(rules, i)
        if team:
            bits.append(f"[{team}]")
        if players:
            bits.append(f"({players[i]})")
        parts.append(" ".join(bits))
    return "Seats: " + ", ".join(parts)


# --- events ------------------------------------------------------------------------------------


class Renderer:
    """Turns event dicts into lines of text for one viewer.

    `viewer`: a seat (that seat's view, from ``events_for``), -1 (a screen shared by
    several players: public facts only) or None (a spectator of bots: sees everything).
    `compact` groups the cards of a trick on one line when it is won (a transcript);
    otherwise each card is announced as it is played (a live table).
    """

    def __init__(self, rules: Any, viewer: int | None = None, *, compact: bool = False) -> None:
        self.rules = rules
        self.viewer = viewer
        self.compact = compact
        self._trick: list[str] = []

    def events(self, events: Iterable[Any]) -> list[str]:
        out: list[str] = []
        for event in events:
            out.extend(self.event(event))
        return out

    def event(self, event: Any) -> list[str]:
        """The lines for one event (an engine record or its dict), as the viewer sees it."""
        if self.viewer is None:
            ev = event.to_dict() if hasattr(event, "to_dict") else event
        else:
            ev = event_for(self.rules, event, self.viewer if self.viewer >= 0 else None)
        kind = ev.get("type", "?")
        method = getattr(self, f"_ev_{kind}", None)
        if method is None:
            return [self._generic(ev)]
        lines: list[str] | str | None = method(ev)
        if lines is None:
            return []
        return [lines] if isinstance(lines, str) else lines

    # helpers --------------------------------------------------------------------------
    def _s(self, index: Any) -> str:
        return seat(self.rules, index) if isinstance(index, int) else str(index)

    def _c(self, text: str | None, hidden: str = "a card") -> str:
        return hidden if text is None else card(self.rules, text)

    def _cards(self, texts: Sequence[str | None]) -> str:
        """Cards, or how many when some are hidden from the viewer."""
        if any(t is None for t in texts):
            return f"{len(texts)} card" + ("s" if len(texts) != 1 else "")
        return cards(self.rules, [t for t in texts if t is not None])

    def _generic(self, ev: dict[str, Any]) -> str:
        kind = ev.get("type", "?")
        rest = ", ".join(f"{k}={v}" for k, v in ev.items() if k != "type")
        return f"  {kind}: {rest}" if rest else f"  {kind}"

    # dealing -------------------------------------------------------------------------------
    def _ev_Dealt(self, ev: dict[str, Any]) -> list[str]:
        self._trick = []
        lines = [
            "",
            f"== Deal {ev.get('deal_no', '?')} - dealer {self._s(ev.get('dealer'))} ==",
        ]
        for i, cards_ in enumerate(ev.get("hands", [])):
            if cards_ and None not in cards_:
                label = "Your hand" if self.viewer == i else self._s(i)
                lines.append(f"  {label}: {hand(self.rules, cards_)}")
        for zone in ("stock", "monte"):
            zone_cards = ev.get(zone) or []
            if zone_cards:
                shown = "face down" if None in zone_cards else cards(self.rules, zone_cards)
                lines.append(f"  {zone} ({len(zone_cards)}): {shown}")
        return lines

    def _ev_Annulled(self, ev: dict[str, Any]) -> str:
        return f"  {self._s(ev['seat'])} annuls the deal ({ev.get('reason', '')}); redeal"

    # auction and contract ------------------------------------------------------------------
    def _ev_BidMade(self, ev: dict[str, Any]) -> str:
        pts = ev.get("points")
        return f"  {self._s(ev['seat'])} bids {ev['bid']}" + (f" {pts}" if pts is not None else "")

    def _ev_Passed(self, ev: dict[str, Any]) -> str:
        return f"  {self._s(ev['seat'])} passes"

    def _ev_AuctionWon(self, ev: dict[str, Any]) -> str:
        pts = ev.get("points")
        extra = f" for {pts}" if pts is not None else ""
        return f"  {self._s(ev['seat'])} wins the auction: {ev['contract']}{extra}"

    def _ev_AllPassed(self, ev: dict[str, Any]) -> str:
        return "  Everybody passed: the deal does not count"

    def _ev_ContractChosen(self, ev: dict[str, Any]) -> str:
        return f"  {self._s(ev['seat'])} plays {ev['contract']}"

    def _ev_Called(self, ev: dict[str, Any]) -> str:
        line = f"  {self._s(ev['seat'])} calls {self._c(ev['card'])}"
        holder = ev.get("holder")  # None: the viewer may not know (a secret partner)
        if holder is None:
            return line
        holder = str(holder)
        if holder.isdecimal() and holder.isascii():
            who = "you hold it" if self.viewer == int(holder) else f"held by {self._s(int(holder))}"
            return f"{line} ({who})"
        if holder == "self":
            who = "you hold it" if self.viewer == ev["seat"] else "the caller holds it"
            return f"{line} ({who})"
        if holder == "monte":
            return f"{line} (it is in the monte)"
        return line

    def _ev_PartnerRevealed(self, ev: dict[str, Any]) -> str:
        return f"  {self._s(ev['seat'])} is revealed as the partner ({self._c(ev['card'])})"

    def _ev_TrumpSet(self, ev: dict[str, Any]) -> str:
        return f"  Trump: {suit(self.rules, ev['suit'])}"

    def _ev_CardTransferred(self, ev: dict[str, Any]) -> str:
        src, dst = ev["source"], ev["to"]
        return f"  {self._s(src)} hands {self._c(ev['card'])} to {self._s(dst)}"

    def _ev_ZoneShown(self, ev: dict[str, Any]) -> str:
        return f"  The {ev['zone']} is shown: {cards(self.rules, ev.get('cards', []))}"

    def _ev_CardsMoved(self, ev: dict[str, Any]) -> str:
        dst, moved = ev["to"], ev.get("cards", [])
        return f"  {self._s(dst)} takes from the {ev['source']}: {self._cards(moved)}"

    def _ev_CardGiven(self, ev: dict[str, Any]) -> str:
        src, dst = ev["seat"], ev["to"]
        return f"  {self._s(src)} gives {self._c(ev['card'])} to {self._s(dst)}"

    def _ev_CardDiscarded(self, ev: dict[str, Any]) -> str:
        what = self._c(ev["card"], "a card face down")
        return f"  {self._s(ev['seat'])} discards {what} to the {ev.get('zone', 'monte')}"

    def _ev_CardTaken(self, ev: dict[str, Any]) -> str:
        return f"  {self._s(ev['seat'])} takes {self._c(ev['card'])} from the {ev.get('zone')}"

    # declarations and signals ------------------------------------------------------------
    def _ev_Announced(self, ev: dict[str, Any]) -> str:
        return f"  {self._s(ev['seat'])} announces that it holds a combination"

    def _ev_Declared(self, ev: dict[str, Any]) -> str:
        arg_text = declared_arg(self.rules, str(ev.get("arg", "")))
        pts = ev.get("points", 0)
        line = f"  {self._s(ev['seat'])} declares {ev['decl']} {arg_text} ({pts} point"
        line += "s)" if pts != 1 else ")"
        declared = ev.get("cards") or []
        if declared and None not in declared:
            line += f": {cards(self.rules, declared)}"
        return line

    def _ev_Signalled(self, ev: dict[str, Any]) -> str | None:
        value = ev.get("value")
        text = ev["signal"] + (f" {value}" if value is not None else "")
        with_card = _signal_at(self.rules, ev["signal"]) in ("lead", "follow")
        if self.compact and with_card:
            who = self._s(ev["seat"])
            if self._trick and self._trick[-1].startswith(f"{who} "):
                last = self._trick[-1]  # the card it was made with, played just before
                if last.endswith(")"):
                    self._trick[-1] = f"{last[:-1]}, {text})"
                else:
                    self._trick[-1] = f"{last} ({text})"
                return None
        return f"  {self._s(ev['seat'])} signals: {text}"

    # tricks -------------------------------------------------------------------------------------
    def _ev_CardPlayed(self, ev: dict[str, Any]) -> str | None:
        if self.compact:
            self._trick.append(f"{self._s(ev['seat'])} {self._c(ev['card'])}")
            return None
        return f"  {self._s(ev['seat'])} plays {self._c(ev['card'])}"

    def _ev_TrickWon(self, ev: dict[str, Any]) -> str:
        worth = units(self.rules, ev.get("units", 0))
        won = f"-> {self._s(ev['seat'])} ({worth})"
        if self.compact:
            plays, self._trick = self._trick, []
            return f"  Trick {ev.get('trick_no', '?'):>2}: {', '.join(plays)} {won}"
        return f"  Trick {ev.get('trick_no', '?')} {won}"

    def _ev_CardDrawn(self, ev: dict[str, Any]) -> str:
        return f"  {self._s(ev['seat'])} draws {self._c(ev['card'])}"

    def _ev_LeftoverTaken(self, ev: dict[str, Any]) -> str:
        left = ev.get("cards", [])
        return f"  {self._s(ev['seat'])} takes the leftover cards: {self._cards(left)}"

    # scores ------------------------------------------------------------------------------------
    def _ev_Claimed(self, ev: dict[str, Any]) -> str:
        verdict = "right" if ev.get("right") else "wrong"
        return (
            f"  {self._s(ev['seat'])} claims the match for {slot(self.rules, ev.get('side', 0))}: "
            f"{ev.get('total')} of {ev.get('target')} - {verdict}"
        )

    def _ev_DealScored(self, ev: dict[str, Any]) -> list[str]:
        counted = "" if ev.get("counted", True) else " (not counted)"
        points = self._deal_points(ev.get("points") or [])
        lines = [f"  Deal {ev.get('deal_no', '?')} scored{counted}: points {points}"]
        if ev.get("big_win"):
            lines.append(f"  Big win: {ev['big_win']}")
        deltas = ev.get("deltas") or []
        if deltas and self.rules.sides.mode != "teams":
            lines.append(f"  This deal: {totals(self.rules, deltas)}")
        lines.append(f"  Totals: {totals(self.rules, ev.get('totals') or [])}")
        return lines

    def _deal_points(self, points: Sequence[int]) -> str:
        mode = self.rules.sides.mode
        if mode == "contract" and len(points) == 2:
            return f"declarer's side {points[0]}, defenders {points[1]}"
        names = slot_names(self.rules)
        if len(names) == len(points):
            return ", ".join(f"{n} {p}" for n, p in zip(names, points, strict=True))
        return _plain(list(points))

    def _ev_MatchEnded(self, ev: dict[str, Any]) -> list[str]:
        return ["", winner_line(self.rules, ev)]


def winner_line(rules: Any, ev: dict[str, Any]) -> str:
    winners = [slot(rules, w) for w in ev.get("winners", [])]
    reason = ev.get("reason", "")
    final = totals(rules, ev.get("totals") or [])
    if not winners:
        return f"Match over ({reason}): no winner. Final totals: {final}"
    if reason == "claim":
        # A claim stops the deal half-way: the totals are those of the deals completed before
        # it, so say so, or '21 of 21 - right' above and 'NS 14' here look contradictory.
        return f"{_won(winners)} ({reason}). Totals of the completed deals: {final}"
    return f"{_won(winners)} ({reason}). Final totals: {final}"


def _won(winners: Sequence[str]) -> str:
    if len(winners) == 1:
        return f"{winners[0]} wins the match"
    return f"{', '.join(winners[:-1])} and {winners[-1]} share the win"


def _plain(values: Any) -> str:
    if isinstance(values, list):
        return " / ".join(str(v) for v in values)
    return str(values)


def _signal_at(rules: Any, signal_id: str) -> str | None:
    for sig in rules.signals:
        if sig.id == signal_id:
            return str(sig.at)
    return None


# --- observations and results ---------------------------------------------------------


def result_text(rules: Any, result: Any) -> str:
    """A one-line verdict from ``engine.result(...)`` (the record or its ``to_dict()``)."""
    data = result.to_dict() if hasattr(result, "to_dict") else dict(result)
    table = data.get("totals") or {}
    final = ", ".join(f"{k} {v}" for k, v in table.items()) if isinstance(table, dict) else ""
    winners = [str(w) for w in data.get("winners") or []]
    if not data.get("over", True):
        return f"The match is not over. Totals: {final}"
    reason = data.get("reason") or "?"
    if not winners:
        return f"Match over ({reason}): no winner. Final totals: {final}"
    games = data.get("games") or 1
    extra = f", counting {games} games" if games > 1 else ""
    return f"{_won(winners)} ({reason}{extra}). Final totals: {final}"


def action_text(rules: Any, text: str) -> str:
    """An action's text with card tokens shown with their suit symbols."""
    words = text.split()
    return " ".join(card(rules, w) if w in rules.deck.by_text else w for w in words)


_RUN = 4  # this many actions differing only in a trailing number are shown as one range


def _numbered(rules: Any, legal: Sequence[Any]) -> list[str]:
    """'12) bid due 70' for each action, except that a run of actions that differ only in a
    trailing number (a points bid, 62 to 120) becomes one '10-68) bid due 62..120' item: the
    numbers still work, and the list stays readable."""
    texts = [str(a) for a in legal]
    items: list[str] = []
    i = 0
    while i < len(texts):
        head, _, tail = texts[i].rpartition(" ")
        j = i
        while (
            tail.isdecimal()
            and j + 1 < len(texts)
            and texts[j + 1].rpartition(" ")[0] == head
            and texts[j + 1].rpartition(" ")[2].isdecimal()
        ):
            j += 1
        if head and j - i + 1 >= _RUN:
            last = texts[j].rpartition(" ")[2]
            items.append(f"{i + 1:>2}-{j + 1}) {action_text(rules, head)} {tail}..{last}")
            i = j + 1
            continue
        items.append(f"{i + 1:>2}) {action_text(rules, texts[i])}")
        i += 1
    return items


def moves(rules: Any, legal: Sequence[Any], width: int = 96) -> str:
    """The legal actions numbered from 1, in columns."""
    items = _numbered(rules, legal)
    if not items:
        return "No moves."
    col = max(len(item) for item in items) + 2
    per_line = max(1, width // col)
    lines = ["Your moves:"]
    for start in range(0, len(items), per_line):
        lines.append("".join(item.ljust(col) for item in items[start : start + per_line]).rstrip())
    return "\n".join(lines)


def observation(rules: Any, obs: dict[str, Any], seat_index: int) -> list[str]:
    """What the player in `seat_index` sees at their turn, from ``observe(...).to_dict()``,
    ending with what is being asked of them (`task`)."""
    name = seat(rules, seat_index)
    lines = [
        "",
        f"--- {name}, your turn (deal {obs.get('deal_no', '?')}, {stage(rules, obs)}) ---",
    ]
    contract = obs.get("contract")
    if contract and obs.get("activity") == "bid":
        lines.append(f"Highest bid: {_highest_bid(obs)} by {seat(rules, obs.get('declarer'))}")
    elif contract:
        lines.append(
            f"Contract: {contract} by {seat(rules, obs.get('declarer'))}"
            + (f", called {card(rules, obs['called_card'])}" if obs.get("called_card") else "")
        )
    if obs.get("partner") is not None and rules.sides.mode == "contract":
        lines.append(f"Partner: {seat(rules, obs['partner'])}")
    if obs.get("trump"):
        lines.append(f"Trump: {suit(rules, obs['trump'])}")
    auction = obs.get("auction") or []
    if auction and not obs.get("trick_no"):
        said = [
            f"{seat(rules, b['seat'])} {b['bid'] or 'pass'}"
            + (f" {b['points']}" if b.get("points") is not None else "")
            for b in auction
        ]
        lines.append("Bids: " + ", ".join(said))
    if obs.get("monte"):
        lines.append(f"Monte (shown): {cards(rules, obs['monte'])}")
    for other, known in enumerate(obs.get("known") or []):
        if other != seat_index and known:
            lines.append(f"Seen in {seat(rules, other)}'s hand: {cards(rules, known)}")
    for decl in obs.get("declarations") or []:
        if decl.get("cancelled"):
            continue
        shown = f": {cards(rules, decl['cards'])}" if decl.get("cards") else ""
        lines.append(
            f"Declared: {seat(rules, decl['seat'])} {decl['decl']} "
            f"{declared_arg(rules, decl['arg'])} ({decl['points']}){shown}"
        )
    trick_no = obs.get("trick_no")
    sigs = [s for s in obs.get("signals") or [] if s.get("trick_no") == trick_no]
    trick = obs.get("trick") or []
    if trick:
        plays = []
        for who, played in trick:
            text = f"{seat(rules, who)} {card(rules, played)}"
            extra = [
                s["signal"] + (f" {s['value']}" if s.get("value") is not None else "")
                for s in sigs
                if s["seat"] == who
            ]
            plays.append(text + (f" ({', '.join(extra)})" if extra else ""))
        lines.append("On the table: " + ", ".join(plays))
    sizes = obs.get("hand_sizes") or []
    if sizes:
        lines.append(
            "Cards in hand: " + ", ".join(f"{seat(rules, i)} {n}" for i, n in enumerate(sizes))
        )
    if obs.get("stock_size"):
        lines.append(f"Stock: {obs['stock_size']} cards")
    running = obs.get("running") or obs.get("totals") or []
    lines.append(f"Score: {totals(rules, running)}")
    lines.append(f"Your hand: {hand(rules, obs.get('hand') or [])}")
    lines.append(task(rules, obs))
    return [line for line in lines if line]


# --- what is being asked -------------------------------------------------------------------


class _Talk:
    """How this terminal writes seats, suits and actions, for the phase kinds' prompt text
    (`PhaseKind.tasks`, engine/phases/kind.py `Talk`)."""

    __slots__ = ("rules",)

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def seat(self, index: int | None) -> str:
        return seat(self.rules, index)

    def suit(self, suit_id: str) -> str:
        return suit(self.rules, suit_id)

    def action(self, text: str) -> str:
        return action_text(self.rules, text)


def _phase(rules: Any, obs: dict[str, Any]) -> Any:
    phase_id = obs.get("phase")
    for phase in rules.flow:
        if phase.id == phase_id:
            return phase
    return None


def enter_move(obs: dict[str, Any]) -> str | None:
    """The move an empty line (Enter) stands for: the only legal move when there is nothing
    to decide - ``done`` (a declaring or announcing round with nothing to declare) or
    ``keep`` in a misdeal round one cannot annul; else None."""
    legal = list(obs.get("legal") or [])
    if len(legal) != 1:
        return None
    if legal[0] == "done" or (legal[0] == "keep" and obs.get("activity") == "misdeal"):
        return str(legal[0])
    return None


def stage(rules: Any, obs: dict[str, Any]) -> str:
    """Where the deal stands, for the turn header: ``trick 3``, ``after trick 1``,
    ``auction``, ``exchange``... (the current phase kind's `stage`)."""
    unit = PHASE_KINDS.get(str(obs.get("kind") or ""))
    if unit is not None and unit.stage is not None:
        return unit.stage(rules, obs)
    trick_no = obs.get("trick_no") or 0
    if trick_no and not obs.get("kind"):
        return f"trick {trick_no}"
    return "before play"


def task(rules: Any, obs: dict[str, Any]) -> str:
    """One line that says what is being asked of the seat to act and how to answer,
    derived from the current phase's kind and parameters (never from the ruleset's name):
    the `tasks` of the kind that asks this activity."""
    legal = [str(a) for a in obs.get("legal") or []]
    activity = obs.get("activity") or ""
    spec = _phase(rules, obs)
    found = phase_tasks().get(activity)
    text = (
        found[1](rules, obs, spec, legal, _Talk(rules))
        if found is not None
        else "Choose one of your moves."
    )
    if enter_move(obs) is not None:
        text += f" Press Enter (or type '{enter_move(obs)}') to go on."
    return text
