"""What an expression may know about the deck and the table before any game starts.

`StaticContext` is fixed per ruleset: suits, ranks, strengths, values, seats and the play
direction. Literals (``3D``, ``denari``, ``A``) are resolved against it at compile time,
and the per-suit and per-rank masks are precomputed here once so that compiled closures
work with plain integer bit operations.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from tressette_dsl.cardsets import iter_bits


@dataclass(frozen=True, slots=True)
class StaticContext:
    """Deck and table facts; card ``i`` has suit ``i // len(ranks)``, rank ``i % len(ranks)``.

    >>> ctx = StaticContext.from_deck(
    ...     "CDSB", "A234567JQK", order="32AKQJ7654", values={"A": 3}, players=4, direction=-1
    ... )
    >>> ctx.card_text(ctx.parse_card("3D"))
    '3D'
    >>> ctx.strength[ctx.ranks.index("3")] > ctx.strength[ctx.ranks.index("A")]
    True
    """

    suits: tuple[str, ...]
    suit_aliases: Mapping[str, str] = field(hash=False, compare=False)
    ranks: tuple[str, ...]
    strength: tuple[int, ...]
    values: tuple[int, ...]
    players: int
    direction: int
    suit_mask: tuple[int, ...] = field(init=False)
    rank_mask: tuple[int, ...] = field(init=False)
    full_mask: int = field(init=False)
    _by_text: Mapping[str, int] = field(init=False, hash=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        _check(self)
        nr, ns = len(self.ranks), len(self.suits)
        aliases = {s: s for s in self.suits} | dict(self.suit_aliases)
        set_ = object.__setattr__  # frozen: derived fields are filled once, here
        set_(self, "suit_aliases", aliases)
        set_(self, "suit_mask", tuple(((1 << nr) - 1) << (s * nr) for s in range(ns)))
        set_(self, "rank_mask", tuple(sum(1 << (s * nr + r) for s in range(ns)) for r in range(nr)))
        set_(self, "full_mask", (1 << (nr * ns)) - 1)
        by_text = {
            r + s: si * nr + ri
            for si, s in enumerate(self.suits)
            for ri, r in enumerate(self.ranks)
        }
        set_(self, "_by_text", by_text)

    @classmethod
    def from_deck(
        cls,
        suits: Sequence[str],
        ranks: Sequence[str],
        *,
        order: Sequence[str],
        values: Mapping[str, int],
        players: int,
        direction: int,
        suit_aliases: Mapping[str, str] | None = None,
    ) -> StaticContext:
        """Build from an order (strongest first) and a sparse value map (missing = 0)."""
        if sorted(order) != sorted(ranks):
            raise ValueError(f"order {order!r} must list each of the ranks {ranks!r} once")
        strength = tuple(len(order) - 1 - list(order).index(r) for r in ranks)
        return cls(
            suits=tuple(suits),
            suit_aliases=dict(suit_aliases or {}),
            ranks=tuple(ranks),
            strength=strength,
            values=tuple(values.get(r, 0) for r in ranks),
            players=players,
            direction=direction,
        )

    @property
    def n_cards(self) -> int:
        return len(self.suits) * len(self.ranks)

    def card_index(self, suit_i: int, rank_i: int) -> int:
        return suit_i * len(self.ranks) + rank_i

    def suit_of(self, card: int) -> int:
        return card // len(self.ranks)

    def rank_of(self, card: int) -> int:
        return card % len(self.ranks)

    def card_text(self, card: int) -> str:
        return self.ranks[self.rank_of(card)] + self.suits[self.suit_of(card)]

    def parse_card(self, text: str) -> int | None:
        return self._by_text.get(text)

    def cards_of(self, mask: int) -> Iterator[int]:
        """The card indices in a mask, lowest first (deck order)."""
        yield from iter_bits(mask)

    def mask_text(self, mask: int) -> str:
        """``"AC 2C 3C"``: a readable form of a CARDS mask, for messages and tests."""
        return " ".join(self.card_text(i) for i in self.cards_of(mask))


def _check(ctx: StaticContext) -> None:
    """Reject contexts the loader should never build; these are programming errors."""
    for kind, ids in (("suit", ctx.suits), ("rank", ctx.ranks)):
        if not ids or any(len(i) != 1 for i in ids) or len(set(ids)) != len(ids):
            raise ValueError(f"{kind} ids must be distinct single characters: {ids!r}")
    if len(ctx.strength) != len(ctx.ranks) or len(ctx.values) != len(ctx.ranks):
        raise ValueError("strength and values need one entry per rank")
    if any(s < 0 for s in ctx.strength):
        raise ValueError("strengths are non-negative (-1 is reserved for 'no card')")
    if ctx.direction not in (1, -1) or ctx.players < 1:
        raise ValueError("direction is +1 or -1 and players is at least 1")
    bad = {a: s for a, s in ctx.suit_aliases.items() if s not in ctx.suits}
    if bad:
        raise ValueError(f"suit aliases point at unknown suits: {bad!r}")
