"""The observation tensor: a fixed-size float32 vector built from `observe()` alone.

Seats are *relative*: position 0 is the observing seat, 1 the next seat in seat-number
order, and so on, so one policy can play every seat. ``C`` is the number of cards in play
(deck order), ``n`` the number of seats. The vector is the concatenation, in this order:

card planes (each ``C`` long, 1.0 where the card is in that set):
  - ``hand``: the seat's own hand;
  - ``known[r]`` for r = 1..n-1: cards every seat has seen in seat r's hand;
  - ``played[r]`` for r = 0..n-1: cards seat r played in this deal's completed tricks;
  - ``trick[r]`` for r = 0..n-1: the card seat r has in the trick on the table;
  - ``discarded``: the seat's own face-down discards;
  - ``monte``: the monte's cards while it lies shown;
  - ``called``: the called card, once called;
  - ``trump``: the cards of the trump suit, once there is one;

per-seat features (each ``n`` long, relative seats):
  - ``to_act``, ``dealer``, ``leader``, ``declarer``, ``partner`` (when known), ``announced``:
    one-hot or 0/1;
  - ``hand_size``: cards in each hand / C;
  - ``total``, ``running``: each seat's match total (its side's in team games) and the total
    as it would stand now, divided by the match target (by 100 without one);
  - ``last_bid``: the level of each seat's last bid this deal / the highest level, -0.1 for a
    pass, 0 when it has not spoken;

signals (``n * S`` long, S = the ruleset's signals): 1.0 where seat r has made signal s in
this deal;

scalars and one-hots: ``stock`` (stock size / C), ``monte_size`` (/ C), ``trick_no`` (/ C),
``kind`` (one-hot over `KINDS`, last = other), ``activity`` (one-hot over `ACTIVITIES`, last
= other), ``contract`` (one-hot over the ruleset's contracts, last = none).

A ruleset whose matches eliminate seats (`match.eliminate`) keeps ``n`` = the seat count
the match began with: the seats are those of the first table (`encode`'s ``seats`` maps the
seats at the table now to them), so a seat that left keeps its position (all zeros from
then on) and the others keep theirs; the cards, signals and contracts are those of every
table the match can reach (`tables.reachable`).

`layout(rules)` returns the name and slice of every block; docs/rl.md shows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from tressette_dsl.engine.observe import Observation
from tressette_dsl.envs.tables import reachable
from tressette_dsl.rules.model import Ruleset

KINDS = ("deal", "auction", "choose", "call", "reveal", "move", "give", "discard", "take",
         "tricks", "score")  # fmt: skip
ACTIVITIES = ("bid", "choose", "call", "give", "discard", "take", "misdeal", "play",
              "declare", "announce")  # fmt: skip
SEAT_FEATURES = ("to_act", "dealer", "leader", "declarer", "partner", "announced",
                 "hand_size", "total", "running", "last_bid")  # fmt: skip


def _np() -> Any:
    return import_module("numpy")


@dataclass(frozen=True, slots=True)
class Block:
    name: str
    start: int
    stop: int


class Encoder:
    """Observation -> float32 vector for one ruleset (sizes fixed at construction)."""

    def __init__(self, rules: Ruleset) -> None:
        tables = reachable(rules)
        self.n = rules.players.count
        self.cards = list(dict.fromkeys(t.deck.card_text[c] for t in tables for c in t.deck.cards))
        self.card_index = {text: i for i, text in enumerate(self.cards)}
        self.c = len(self.cards)
        self.trump_cards: dict[str, list[int]] = {}
        for t in tables:
            deck = t.deck
            for c in deck.cards:
                suit = deck.suits[deck.card_suit[c]]
                index = self.card_index[deck.card_text[c]]
                if index not in self.trump_cards.setdefault(suit, []):
                    self.trump_cards[suit].append(index)
        self.signals = list(dict.fromkeys(s.id for t in tables for s in t.signals))
        self.contracts = list(dict.fromkeys(c for t in tables for c in t.contracts))
        self.levels = {
            bid.id: bid.level
            for t in reversed(tables)  # the first table's level wins a clash
            for phase in t.flow
            for bid in getattr(phase, "bids", ())
        }
        self.top_level = max(self.levels.values(), default=1) or 1
        self.scale = float(rules.match.target or 100)
        teams = rules.sides.mode == "teams"
        # totals per side in team games, per seat at the table otherwise (never shifted by
        # an elimination: the loader allows it with individual sides only)
        self.slot_of = tuple(rules.sides.side_of) if teams else tuple(range(self.n))
        names = (["hand"] + [f"known[{r}]" for r in range(1, self.n)]
                 + [f"played[{r}]" for r in range(self.n)]
                 + [f"trick[{r}]" for r in range(self.n)]
                 + ["discarded", "monte", "called", "trump"])  # fmt: skip
        blocks: list[Block] = []
        at = 0
        for name in names:
            blocks.append(Block(name, at, at + self.c))
            at += self.c
        for name in SEAT_FEATURES:
            blocks.append(Block(name, at, at + self.n))
            at += self.n
        blocks.append(Block("signals", at, at + self.n * len(self.signals)))
        at += self.n * len(self.signals)
        for name, size in (("stock", 1), ("monte_size", 1), ("trick_no", 1),
                           ("kind", len(KINDS) + 1), ("activity", len(ACTIVITIES) + 1),
                           ("contract", len(self.contracts) + 1)):  # fmt: skip
            blocks.append(Block(name, at, at + size))
            at += size
        self.blocks = tuple(blocks)
        self.where = {b.name: b.start for b in blocks}
        self.size = at

    def encode(self, obs: Observation, seats: Sequence[int] | None = None) -> Any:
        """The vector of `obs`. `seats` gives, for each seat at the table now, the seat it
        had when the match began (`engine.seating.seats_in`); without it the table is the
        first one."""
        np = _np()
        v = np.zeros(self.size, dtype=np.float32)
        n = self.n
        first = tuple(seats) if seats is not None else tuple(range(len(obs.hand_sizes)))
        me = first[obs.seat]

        def rel(seat: int) -> int:
            return (first[seat] - me) % n

        def cards(block: str, texts: Any) -> None:
            base = self.where[block]
            for text in texts:
                v[base + self.card_index[text]] = 1.0

        def seat(block: str, who: int | None, value: float = 1.0) -> None:
            if who is not None:
                v[self.where[block] + rel(who)] = value

        cards("hand", obs.hand)
        for other in range(len(obs.known)):
            if other != obs.seat:
                cards(f"known[{rel(other)}]", obs.known[other])
        for t in obs.tricks:
            for who, text in t["plays"]:
                cards(f"played[{rel(who)}]", (text,))
        for who, text in obs.trick:
            cards(f"trick[{rel(who)}]", (text,))
        cards("discarded", obs.discarded)
        cards("monte", obs.monte or ())
        if obs.called_card is not None:
            cards("called", (obs.called_card,))
        if obs.trump is not None:
            base = self.where["trump"]
            for i in self.trump_cards.get(obs.trump, ()):
                v[base + i] = 1.0
        seat("to_act", obs.to_act)
        seat("dealer", obs.dealer)
        seat("leader", obs.leader)
        seat("declarer", obs.declarer)
        seat("partner", obs.partner)
        for who in obs.announced:
            seat("announced", who)
        for who, size in enumerate(obs.hand_sizes):
            seat("hand_size", who, size / self.c)
        for who in range(len(obs.hand_sizes)):
            slot = self.slot_of[who]  # individual sides (elimination's): the seat itself
            seat("total", who, float(obs.totals[slot]) / self.scale)
            if slot < len(obs.running):
                seat("running", who, float(obs.running[slot]) / self.scale)
        for speech in obs.auction:
            bid = speech.get("bid")
            level = self.levels.get(bid, 0) / self.top_level if bid else -0.1
            seat("last_bid", speech["seat"], level)
        base = self.where["signals"]
        for said in obs.signals:
            if said["signal"] in self.signals:
                v[
                    base
                    + rel(said["seat"]) * len(self.signals)
                    + self.signals.index(said["signal"])
                ] = 1
        v[self.where["stock"]] = obs.stock_size / self.c
        v[self.where["monte_size"]] = obs.monte_size / self.c
        v[self.where["trick_no"]] = obs.trick_no / self.c
        v[self.where["kind"] + _slot(KINDS, obs.kind)] = 1.0
        v[self.where["activity"] + _slot(ACTIVITIES, obs.activity)] = 1.0
        v[self.where["contract"] + _slot(tuple(self.contracts), obs.contract or "")] = 1.0
        return v


def _slot(names: tuple[str, ...], word: str) -> int:
    return names.index(word) if word in names else len(names)


def layout(rules: Ruleset) -> tuple[Block, ...]:
    """Name and position of every block of the observation vector."""
    return Encoder(rules).blocks
