"""Worlds weighted by the auction: what a seat's bids and passes say about its hand.

A determinisation deals the hidden cards uniformly within the hard facts (voids, shown
cards...), but in a contract game the auction is evidence too: a seat that bid holds a
strong hand, one that passed a weaker one. `BidReader` gives each sampled world a
likelihood of the auction as it went: for every other seat, its last bid and its pass are
replayed through the heuristic bot's bidding (`HeuristicAgent`'s hand-strength table,
read through its bidding decision, not copied) on the hand that seat held when it spoke;
a speech the heuristic would have made counts 1, another `mismatch` (a soft model: the
seat may not be that bot, and the table is a guess). `AuctionWorlds` then samples by
rejection: a world is kept with chance its likelihood, up to `tries` draws, else the
likeliest of them (so a decision never stalls; the cap leans towards the unweighted
worlds, never away from the facts, which every draw meets).

The hand a seat held when it spoke, in a world: its hand now, what it played and what it
discarded face down, less the cards seen arriving in its hand since (the shown monte
taken, a called card handed over, a card given back: the engine's reveals), plus the
called card if it handed that over. A card it gave away unseen is missed; a bid needs no
more than the hand's rough strength.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tressette_dsl.agents.base import Worlds
from tressette_dsl.engine.actions import Action, Bid, Pass
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import AuctionPhase, Ruleset
from tressette_dsl.rules.phases.auction import BidSpec


@dataclass(frozen=True, slots=True)
class Speech:
    """A speech to check: seat `seat` bid (`said_bid`) or passed with `offered` open."""

    seat: int
    offered: tuple[Action, ...]
    said_bid: bool


def _offered(specs: tuple[BidSpec, ...], high: tuple[int, int] | None) -> tuple[Action, ...]:
    """The bids above `high` (level, points), one a spec: its lowest points that outbid."""
    out: list[Action] = []
    for spec in specs:
        if spec.points is None:
            if high is None or spec.level > high[0]:
                out.append(Bid(spec.id))
            continue
        lo, hi = spec.points
        points = lo if high is None or spec.level > high[0] else max(lo, high[1] + 1)
        if (high is None or spec.level >= high[0]) and points <= hi:
            out.append(Bid(spec.id, points))
    return tuple(out)


def speeches(rules: Ruleset, state: GameState, observer: int) -> list[Speech]:
    """Per other seat, its last bid and its pass in the auction so far (public facts)."""
    specs: tuple[BidSpec, ...] = ()
    for phase in rules.flow:
        if isinstance(phase, AuctionPhase):
            specs = phase.bids
            break
    if not specs:
        return []
    level = {spec.id: spec.level for spec in specs}
    high: tuple[int, int] | None = None
    last: dict[int, Speech] = {}
    passed: dict[int, Speech] = {}
    for record in state.contract_part.auction:
        offered = _offered(specs, high)
        if record.seat != observer and offered:
            speech = Speech(record.seat, offered, record.bid is not None)
            (last if record.bid is not None else passed)[record.seat] = speech
        if record.bid is not None:
            high = (level.get(record.bid, 0), record.points or 0)
    return [*last.values(), *passed.values()]


def auction_hand(state: GameState, seat: int) -> int:
    """The cards `seat` held when it spoke (see the module's docstring)."""
    s = state
    arrived = 0
    for reveal in s.seen.reveals:
        if reveal.seat == seat and reveal.deal_no == s.match.deal_no:
            arrived |= reveal.cards
    held = s.cards.hands[seat] | s.cards.played[seat] | s.seen.discarded[seat]
    held &= ~arrived
    contract = s.contract_part
    if contract.called_card is not None and contract.call_supplier == seat:
        held |= 1 << contract.called_card
    return held


class BidReader:
    """The likelihood of the auction's speeches in a world (see the module's docstring)."""

    def __init__(
        self, rules: Ruleset, state: GameState, observer: int, *, mismatch: float = 0.2
    ) -> None:
        self.rules = rules
        self.speeches = speeches(rules, state, observer)
        self.mismatch = mismatch
        self._pass = Pass()

    def likelihood(self, world: GameState) -> float:
        from tressette_dsl.agents import heuristic  # noqa: PLC0415 - a cycle at import

        rules, texts = self.rules, self.rules.deck.card_text
        out = 1.0
        for speech in self.speeches:
            mask = auction_hand(world, speech.seat)
            hand = tuple(texts[c] for c in rules.deck.cards if mask >> c & 1)
            view = heuristic._View(rules, None, hand=hand)  # the bot's own bidding
            said = view.bid(speech.offered, [self._pass], [*speech.offered, self._pass])
            if isinstance(said, Bid) != speech.said_bid:
                out *= self.mismatch
        return out


class AuctionWorlds:
    """`Worlds` whose samples are weighted by the auction (rejection, `tries` draws). The
    reader is built from the first world drawn: the auction is public, the same in all."""

    def __init__(self, worlds: Worlds, *, tries: int = 6, mismatch: float = 0.2) -> None:
        self.worlds, self.tries, self.mismatch = worlds, tries, mismatch
        self.rules, self.seat = worlds.rules, worlds.seat
        self.reader: BidReader | None = None

    def sample(self, rng: random.Random) -> GameState:
        world = self.worlds.sample(rng)
        if self.reader is None:
            self.reader = BidReader(self.rules, world, self.seat, mismatch=self.mismatch)
        if not self.reader.speeches:
            return world
        best, best_weight = world, -1.0
        for attempt in range(self.tries):
            if attempt:
                world = self.worlds.sample(rng)
            weight = self.reader.likelihood(world)
            if weight >= 1.0 or rng.random() < weight:
                return world
            if weight > best_weight:
                best, best_weight = world, weight
        return best


__all__ = ["AuctionWorlds", "BidReader", "Speech", "auction_hand", "speeches"]
