"""Readable text for cards, hands, events, observations and results.

Everything here works from the ruleset model (seat names, suit symbols, rank order, values)
and from the engine's event records (or their ``to_dict()`` form, read back from a log, which
it decodes into the records), so one renderer serves every ruleset, the live game and the
replay of a log.

Events are omniscient (a ``Dealt`` lists every hand). A `Renderer` made for a *viewer*
seat first passes them through the engine's ``events_for``, which blanks (``None``) every
card that seat may not see, so it prints nothing a player in that seat could not see; the
renderer itself has no visibility rules. A renderer without a viewer (bots only,
transcripts, replays) shows everything.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, assert_never

from tressette_dsl.cli import suit_input
from tressette_dsl.engine import events as E
from tressette_dsl.engine.events import Event
from tressette_dsl.engine.match import MatchResult
from tressette_dsl.engine.phases import PHASE_KINDS
from tressette_dsl.engine.phases import tasks as phase_tasks
from tressette_dsl.engine.phases.auction import highest_bid as _highest_bid
from tressette_dsl.engine.phases.tricks import winner_of as _trick_winner
from tressette_dsl.engine.views import event_for
from tressette_dsl.gamelog import event_record
from tressette_dsl.rules.model import Ruleset

FRACTIONS = {(1, 3): "⅓", (2, 3): "⅔", (1, 2): "½", (1, 4): "¼", (3, 4): "¾"}


# --- cards -------------------------------------------------------------------------------


def card(rules: Ruleset, text: str) -> str:
    """``3D`` -> ``3♦`` with the ruleset's suit symbol (unknown text is returned as is)."""
    deck = rules.deck
    if len(text) >= 2 and text[-1] in deck.suits:
        symbol = deck.suit_symbols[deck.suits.index(text[-1])]
        if symbol:
            return text[:-1] + symbol
    return text


def cards(rules: Ruleset, texts: Iterable[str]) -> str:
    return " ".join(card(rules, t) for t in texts) or "-"


def declared_arg(rules: Ruleset, arg: str) -> str:
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


def suit(rules: Ruleset, suit_id: str) -> str:
    deck = rules.deck
    if suit_id in deck.suits:
        i = deck.suits.index(suit_id)
        return deck.suit_symbols[i] or deck.suit_names[i]
    return suit_id


def sort_key(rules: Ruleset, text: str) -> tuple[int, int]:
    """Suit in ruleset order, then strongest rank first."""
    deck = rules.deck
    index = deck.by_text.get(text)
    if index is None:
        return (len(deck.suits), 0)
    return (deck.card_suit[index], -deck.card_strength[index])


def sort_cards(rules: Ruleset, texts: Iterable[str]) -> list[str]:
    return sorted(texts, key=lambda t: sort_key(rules, t))


def hand(rules: Ruleset, texts: Iterable[str]) -> str:
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


def units(rules: Ruleset, amount: int) -> str:
    """Card units as points: with thirds, 7 -> ``2⅓``."""
    unit = rules.deck.unit or 1
    whole, rest = divmod(amount, unit)
    if not rest:
        return str(whole)
    frac = FRACTIONS.get((rest, unit), f"{rest}/{unit}")
    return frac if whole == 0 else f"{whole}{frac}"


# --- seats and sides ---------------------------------------------------------------------


def seat(rules: Ruleset, index: int | None) -> str:
    names = rules.players.names
    if index is None:
        return "nobody"
    if 0 <= index < len(names):
        return names[index]
    return f"seat {index}"


def slot_names(rules: Ruleset) -> tuple[str, ...]:
    """The names of the match totals: teams, or seats when each seat keeps its own score."""
    if rules.players.people is not None:  # seating.people: the totals are per person
        return rules.players.people.names
    sides = rules.sides
    if sides.mode == "teams":
        return tuple(sides.names)
    return tuple(rules.players.names)


def slot(rules: Ruleset, index: int) -> str:
    names = slot_names(rules)
    return names[index] if 0 <= index < len(names) else f"side {index}"


def team_of(rules: Ruleset, index: int) -> str | None:
    sides = rules.sides
    if sides.mode != "teams" or not sides.side_of:
        return None
    return sides.names[sides.side_of[index]]


def totals(rules: Ruleset, values: Sequence[int]) -> str:
    names = slot_names(rules)
    if len(names) != len(values):
        names = tuple(f"side {i}" for i in range(len(values)))
    return ", ".join(f"{n} {v}" for n, v in zip(names, values, strict=True))


def seating(rules: Ruleset, players: Sequence[str] | None = None) -> str:
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
    """Turns events into lines of text for one viewer.

    `viewer`: a seat (that seat's view, from ``events_for``), -1 (a screen shared by
    several players: public facts only) or None (a spectator of bots: sees everything).
    `compact` groups the cards of a trick on one line when it is won (a transcript);
    otherwise each card is announced as it is played (a live table).

    A viewed event is the same record with every card the viewer may not see blanked to
    None (``views.event_for``), so the card fields are read here as ``str | None``.
    """

    def __init__(self, rules: Ruleset, viewer: int | None = None, *, compact: bool = False) -> None:
        self.rules = rules
        self.viewer = viewer
        self.compact = compact
        self._trick: list[str] = []

    @property
    def pending_trick(self) -> list[str]:
        """In compact mode, the plays of the trick not yet won (``East 5♦``)."""
        return list(self._trick)

    def events(self, events: Iterable[Event | Mapping[str, Any]]) -> list[str]:
        out: list[str] = []
        for event in events:
            out.extend(self.event(event))
        return out

    def event(self, event: Event | Mapping[str, Any]) -> list[str]:
        """The lines for one event (an engine record or its dict), as the viewer sees it."""
        if self.viewer is None:
            data: Mapping[str, Any] = event if isinstance(event, Mapping) else event.to_dict()
        else:
            data = event_for(self.rules, event, self.viewer if self.viewer >= 0 else None)
        try:
            record = event_record(data)
        except ValueError:  # an event this renderer does not know, or a damaged log line
            return [self._generic(data)]
        lines = self._lines(record)
        if lines is None:
            return []
        return [lines] if isinstance(lines, str) else lines

    def _lines(self, ev: Event) -> list[str] | str | None:
        match ev:
            case E.Dealt():
                return self._dealt(ev)
            case E.Annulled():
                return f"  {self._s(ev.seat)} annuls the deal ({ev.reason}); redeal"
            case E.BidMade():
                pts = ev.points
                return f"  {self._s(ev.seat)} bids {ev.bid}" + (
                    f" {pts}" if pts is not None else ""
                )
            case E.Passed():
                return f"  {self._s(ev.seat)} passes"
            case E.AuctionWon():
                extra = f" for {ev.points}" if ev.points is not None else ""
                return f"  {self._s(ev.seat)} wins the auction: {ev.contract}{extra}"
            case E.AllPassed():
                return "  Everybody passed: the deal does not count"
            case E.ContractChosen():
                return f"  {self._s(ev.seat)} plays {ev.contract}"
            case E.Called():
                return self._called(ev)
            case E.PartnerRevealed():
                return f"  {self._s(ev.seat)} is revealed as the partner ({self._c(ev.card)})"
            case E.HandShown():
                shown = self._cards(ev.cards)
                return f"  {self._s(ev.to)} sees {self._s(ev.seat)}'s hand: {shown}"
            case E.DummyExposed():
                return (
                    f"  {self._s(ev.seat)}, the dummy, lies face up: {cards(self.rules, ev.cards)}"
                )
            case E.TrumpSet():
                return f"  Trump: {suit(self.rules, ev.suit)}"
            case E.CardTransferred():
                return f"  {self._s(ev.source)} hands {self._c(ev.card)} to {self._s(ev.to)}"
            case E.ZoneShown():
                return f"  The {ev.zone} is shown: {cards(self.rules, ev.cards)}"
            case E.CardsMoved():
                return f"  {self._s(ev.to)} takes from the {ev.source}: {self._cards(ev.cards)}"
            case E.CardGiven():
                return f"  {self._s(ev.seat)} gives {self._c(ev.card)} to {self._s(ev.to)}"
            case E.CardDiscarded():
                what = self._c(ev.card, "a card face down")
                return f"  {self._s(ev.seat)} discards {what} to the {ev.zone}"
            case E.CardTaken():
                return f"  {self._s(ev.seat)} takes {self._c(ev.card)} from the {ev.zone}"
            case E.Announced():
                return f"  {self._s(ev.seat)} announces that it holds a combination"
            case E.Declared():
                return self._declared(ev)
            case E.Signalled():
                return self._signalled(ev)
            case E.CardPlayed():
                if self.compact:
                    self._trick.append(f"{self._s(ev.seat)} {self._c(ev.card)}")
                    return None
                return f"  {self._s(ev.seat)} plays {self._c(ev.card)}"
            case E.TrickWon():
                return self._trick_won(ev)
            case E.CardDrawn():
                return f"  {self._s(ev.seat)} draws {self._c(ev.card)}"
            case E.LeftoverTaken():
                left = self._cards(ev.cards)
                return f"  {self._s(ev.seat)} takes the leftover cards: {left}"
            case E.Claimed():
                verdict = "right" if ev.right else "wrong"
                return (
                    f"  {self._s(ev.seat)} claims the match for {slot(self.rules, ev.side)}: "
                    f"{ev.total} of {ev.target} - {verdict}"
                )
            case E.DealScored():
                return self._deal_scored(ev)
            case E.MatchEnded():
                return ["", winner_line(self.rules, ev)]
            case _:
                assert_never(ev)

    # helpers --------------------------------------------------------------------------
    def _s(self, index: int | str | None) -> str:
        return seat(self.rules, index) if isinstance(index, int) else str(index)

    def _c(self, text: str | None, hidden: str = "a card") -> str:
        return hidden if text is None else card(self.rules, text)

    def _cards(self, texts: Sequence[str | None]) -> str:
        """Cards, or how many when some are hidden from the viewer."""
        if any(t is None for t in texts):
            return f"{len(texts)} card" + ("s" if len(texts) != 1 else "")
        return cards(self.rules, [t for t in texts if t is not None])

    def _generic(self, ev: Mapping[str, Any]) -> str:
        kind = ev.get("type", "?")
        rest = ", ".join(f"{k}={v}" for k, v in ev.items() if k != "type")
        return f"  {kind}: {rest}" if rest else f"  {kind}"

    def _dealt(self, ev: E.Dealt) -> list[str]:
        self._trick = []
        lines = ["", f"== Deal {ev.deal_no} - dealer {self._s(ev.dealer)} =="]
        hands: Sequence[Sequence[str | None]] = ev.hands
        for i, cards_ in enumerate(hands):
            if cards_ and None not in cards_:
                label = "Your hand" if self.viewer == i else self._s(i)
                lines.append(f"  {label}: {hand(self.rules, [c for c in cards_ if c])}")
        zones: tuple[tuple[str, Sequence[str | None]], ...] = ev.zones
        for zone, zone_cards in zones:
            if zone_cards:
                shown = "face down" if None in zone_cards else self._cards(zone_cards)
                lines.append(f"  {zone} ({len(zone_cards)}): {shown}")
        return lines

    def _called(self, ev: E.Called) -> str:
        line = f"  {self._s(ev.seat)} calls {self._c(ev.card)}"
        holder: str | None = ev.holder  # None: the viewer may not know (a secret partner)
        if holder is None:
            return line
        holder = str(holder)
        if holder.isdecimal() and holder.isascii():
            who = "you hold it" if self.viewer == int(holder) else f"held by {self._s(int(holder))}"
            return f"{line} ({who})"
        if holder == "self":
            who = "you hold it" if self.viewer == ev.seat else "the caller holds it"
            return f"{line} ({who})"
        if holder in self.rules.zone_ids:
            return f"{line} (it is in the {holder})"
        return line

    def _declared(self, ev: E.Declared) -> str:
        arg_text = declared_arg(self.rules, str(ev.arg))
        pts = ev.points
        line = f"  {self._s(ev.seat)} declares {ev.decl} {arg_text} ({pts} point"
        line += "s)" if pts != 1 else ")"
        declared: Sequence[str | None] = ev.cards
        if declared and None not in declared:
            line += f": {self._cards(declared)}"
        return line

    def _signalled(self, ev: E.Signalled) -> str | None:
        value = ev.value
        text = ev.signal + (f" {value}" if value is not None else "")
        with_card = _signal_at(self.rules, ev.signal) in ("lead", "follow")
        if self.compact and with_card:
            who = self._s(ev.seat)
            if self._trick and self._trick[-1].startswith(f"{who} "):
                last = self._trick[-1]  # the card it was made with, played just before
                if last.endswith(")"):
                    self._trick[-1] = f"{last[:-1]}, {text})"
                else:
                    self._trick[-1] = f"{last} ({text})"
                return None
        return f"  {self._s(ev.seat)} signals: {text}"

    def _trick_won(self, ev: E.TrickWon) -> str:
        worth = units(self.rules, ev.units)
        won = f"-> {self._s(ev.seat)} ({worth})"
        if self.compact:
            plays, self._trick = self._trick, []
            return f"  Trick {ev.trick_no:>2}: {', '.join(plays)} {won}"
        return f"  Trick {ev.trick_no} {won}"

    def _deal_scored(self, ev: E.DealScored) -> list[str]:
        counted = "" if ev.counted else " (not counted)"
        points = self._deal_points(ev.points)
        lines = [f"  Deal {ev.deal_no} scored{counted}: points {points}"]
        if ev.big_win:
            lines.append(f"  Big win: {ev.big_win}")
        if ev.deltas and self.rules.sides.mode != "teams":
            lines.append(f"  This deal: {totals(self.rules, ev.deltas)}")
        lines.append(f"  Totals: {totals(self.rules, ev.totals)}")
        return lines

    def _deal_points(self, points: Sequence[int]) -> str:
        mode = self.rules.sides.mode
        if mode == "contract" and len(points) == 2:
            return f"declarer's side {points[0]}, defenders {points[1]}"
        names = slot_names(self.rules)
        if len(names) == len(points):
            return ", ".join(f"{n} {p}" for n, p in zip(names, points, strict=True))
        return _plain(list(points))


def winner_line(rules: Ruleset, ev: E.MatchEnded) -> str:
    winners = [slot(rules, w) for w in ev.winners]
    reason = ev.reason
    final = totals(rules, ev.totals)
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


def _signal_at(rules: Ruleset, signal_id: str) -> str | None:
    for sig in rules.signals:
        if sig.id == signal_id:
            return str(sig.at)
    return None


# --- observations and results ---------------------------------------------------------


def result_text(rules: Ruleset, result: MatchResult | Mapping[str, Any]) -> str:
    """A one-line verdict from ``engine.result(...)`` (the record or its ``to_dict()``)."""
    data = dict(result) if isinstance(result, Mapping) else result.to_dict()
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


def action_text(rules: Ruleset, text: str) -> str:
    """An action's text with card tokens shown with their suit symbols."""
    words = text.split()
    if len(words) == 3 and words[0] == "declare":  # the argument as a declaration says it
        return f"declare {words[1]} {declared_arg(rules, words[2])}"
    return " ".join(card(rules, w) if w in rules.deck.by_text else w for w in words)


_RUN = 4  # this many actions differing only in a trailing number are shown as one range


def _numbered(rules: Ruleset, legal: Sequence[Any]) -> list[str]:
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


def moves(rules: Ruleset, legal: Sequence[Any], width: int = 96) -> str:
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


def observation(
    rules: Ruleset, obs: dict[str, Any], seat_index: int, letters: Mapping[str, str] | None = None
) -> list[str]:
    """What the player in `seat_index` sees at their turn, from ``observe(...).to_dict()``,
    ending with what is being asked of them (`task`). `letters`: what the player said a
    suit letter that reads two ways means to them (the legend beside the hand says it)."""
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
    for zone in obs.get("zones") or []:  # the zones this seat sees into
        if zone.get("cards"):
            lines.append(f"{zone['id'].capitalize()} (shown): {cards(rules, zone['cards'])}")
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
        winning = trick_leader(rules, obs)
        if winning is not None and len(trick) > 1:
            plays[winning] += "*"
            lines.append("On the table: " + ", ".join(plays) + "   (* wins the trick so far)")
        else:
            lines.append("On the table: " + ", ".join(plays))
    sizes = obs.get("hand_sizes") or []
    if sizes:
        lines.append(
            "Cards in hand: " + ", ".join(f"{seat(rules, i)} {n}" for i, n in enumerate(sizes))
        )
    for zone in obs.get("zones") or []:  # and the sizes of those it does not
        if zone.get("cards") is None and zone.get("size"):
            lines.append(f"{zone['id'].capitalize()}: {zone['size']} cards")
    lines.append(score_line(rules, obs))
    legend = suit_input.legend(rules)
    for letter, meant in (letters or {}).items():
        if meant != letter:  # the French reading, which the player chose
            legend += f"; you use {letter} for {suit(rules, meant)}"
    typed = f"   (type suits as {legend})" if legend else ""
    lines.append(f"Your hand: {hand(rules, obs.get('hand') or [])}{typed}")
    lines.append(task(rules, obs))
    return [line for line in lines if line]


def trick_leader(rules: Ruleset, obs: Mapping[str, Any]) -> int | None:
    """The index (in the trick) of the play winning the trick on the table so far."""
    trick = obs.get("trick") or []
    by_text = rules.deck.by_text
    if not trick or any(played not in by_text for _who, played in trick):
        return None
    plays = tuple((i, by_text[played]) for i, (_who, played) in enumerate(trick))
    trump_id = obs.get("trump")
    trump = rules.deck.suits.index(trump_id) if trump_id in rules.deck.suits else None
    return _trick_winner(rules, plays, trump)


def score_line(rules: Ruleset, obs: Mapping[str, Any]) -> str:
    """The score, labelled: the match totals, and while a deal is played the running score
    (those totals with the points taken in this deal so far)."""
    target = rules.match.target
    goal = f"; game to {target}" if target else ""
    before = list(obs.get("totals") or [])
    running = list(obs.get("running") or before)
    if running == before:
        return f"Match score: {totals(rules, before)}{goal}"
    return (
        f"Running score (match totals with this deal's points so far): "
        f"{totals(rules, running)}; before this deal: {totals(rules, before)}{goal}"
    )


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
