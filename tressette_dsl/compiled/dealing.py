"""A deal's cards on the kernel's side: the seeded shuffle and the packets, for any zones.

The deal phase's `enter` shuffles the deck with the deal's own generator
(`engine.rng.shuffled`) and hands out its packets from the seat after the dealer: a hand
packet to each seat in turn, a zone packet to its zone, an unordered zone kept sorted
(`deal._deal`, `deal._in_order`). `Packets.deal` gives the same hands (as masks) and
zones (by zone index) from `draws.shuffled` (the same order, bit for bit) through one
generated expression per dealer: no slices, no per-card calls. It is for decks dealt
whole and plainly (no cards laid before the deal, no fixed deal): `plain` says when.
`dealend.FastEnd` keeps its own form (the monte and the stock by name), which the chain's
kernel lists read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tressette_dsl.compiled.draws import shuffled
from tressette_dsl.rules.model import DealPhase, Ruleset

# the hands (one mask a seat) and each zone's cards by zone index
Dealt = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]


def plain(rules: Ruleset, spec: DealPhase) -> bool:
    """Are `spec`'s deals dealt as `Packets` deals them: the whole deck shuffled, no
    cards laid in a zone first, no misdeal round, no dummy to show (`occupancy`)?"""
    return (
        spec.misdeal is None
        and not any(z.laid for z in rules.zones)
        and rules.players.dummy is None
    )


class Packets:
    """`deal._deal` for one ruleset whose deals are `plain`: one generated function per
    dealer (and seat count), made on first use."""

    def __init__(self, rules: Ruleset, spec: DealPhase) -> None:
        self.rules, self.spec = rules, spec
        self.deck = tuple(rules.deck.cards)
        self.bit = tuple(1 << c for c in range(max(self.deck) + 1))
        self.made: dict[int, Callable[[tuple[int, ...]], Dealt] | None] = {}

    def deal(self, seed: int, deal_no: int, dealer: int) -> Dealt | None:
        """The hands and zones of deal `deal_no` dealt by `dealer` (None: the packets do
        not deal the deck exactly, which the interpreter reports as an error)."""
        if dealer not in self.made:
            self.made[dealer] = self._make(dealer)
        made = self.made[dealer]
        if made is None:
            return None
        return made(shuffled(self.deck, seed, deal_no))

    def _make(self, dealer: int) -> Callable[[tuple[int, ...]], Dealt] | None:
        """The positions of the shuffled order each seat and zone gets, as one
        expression over the order `o` (the source holds ints and two names alone)."""
        rules, n, size = self.rules, self.rules.players.count, len(self.deck)
        seats = rules.players.order_from(rules.players.next(dealer))
        hands: list[list[int]] = [[] for _ in range(n)]
        zones: dict[str, list[int]] = {z: [] for z in rules.zone_ids}
        top = 0
        for packet in self.spec.packets:
            if packet.zone is None:
                for seat in seats:
                    count = packet.count if packet.count is not None else (size - top) // n
                    hands[seat].extend(range(top, min(top + count, size)))
                    top += count
            else:
                count = packet.count if packet.count is not None else size - top
                zones[packet.zone].extend(range(top, min(top + count, size)))
                top += count
        if top != size:
            return None
        masks = ", ".join(" | ".join(f"B[o[{i}]]" for i in got) or "0" for got in hands)
        parts = []
        for zone in rules.zones:
            items = "".join(f"o[{i}], " for i in zones[zone.id])
            parts.append(f"({items})" if zone.ordered else f"tuple(sorted(({items})))")
        source = f"def packets(o):\n    return ({masks},), ({''.join(p + ', ' for p in parts)})\n"
        namespace: dict[str, Any] = {"B": self.bit}
        exec(compile(source, "<packets>", "exec"), namespace)  # ints and names only
        return namespace["packets"]  # type: ignore[no-any-return]


__all__ = ["Dealt", "Packets", "plain"]
