"""What one seat's observation pins down at the end of a deal: every card's place, or not.

The endgame solver (`agents/endgame.py`) plays the rest of a deal exactly, which is only
honest when the deciding seat *knows* where every card still out is. That is decided here
from the `Observation` alone (never the state), by forced deductions only:

* every card is either seen (its own hand, played, shown in a hand, its own discards, a
  zone it sees) or unseen, and every unseen card is in a hidden hand slot of another seat:
  a zone holding cards this seat cannot see (a stock, a face-down monte) leaves the deal
  open, unless the zone holds exactly this seat's own face-down discards;
* an unseen card may lie only with a seat that still has hidden slots and has not shown a
  void in its suit (a card off the suit led in a finished trick played under follow-suit;
  ignored altogether when the rules draw cards face down during the play, which would
  refill a void);
* then, repeatedly: a card with one possible seat goes there; a seat whose hidden slots
  equal the cards that may go to it takes them all; a seat with no slot left drops out.

When every unseen card is placed the result is a `Position`, the perfect-information
position the solver plays from; otherwise None. Sound by construction: each step is
implied by the observation, so a `Position` is the only world consistent with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tressette_dsl.agents.card_facts import card_facts, trick_facts
from tressette_dsl.engine.observe import Observation, known_masks
from tressette_dsl.rules.model import DiscardPhase, Ruleset, TricksPhase, iter_cards


@dataclass(frozen=True, slots=True)
class Position:
    """The rest of the deal as every seat's cards and the table, as card indices."""

    hands: tuple[int, ...]  # per seat, a mask of the cards it holds
    trick: tuple[tuple[int, int], ...]  # (seat, card) played to the trick on the table
    leader: int  # who led (or leads) the trick on the table
    trick_no: int
    won: tuple[int, ...]  # per seat, the cards it captured so far
    tricks_won: tuple[int, ...]  # per seat
    leftover: int  # the cards that lie in zones (known), captured at the end of the play
    leftover_zone: tuple[tuple[int, int], ...]  # (zone index, its cards) for each such zone
    partner: int | None  # the declarer's partner, as the cards tell (contract games)


def position(rules: Ruleset, obs: Observation) -> Position | None:
    """The only world `obs` allows, or None when the observation leaves a card's place open."""
    deck = rules.deck
    by_text = deck.by_text
    n = rules.players.count
    if obs.to_act is None or obs.leader is None or len(obs.hand_sizes) != n:
        return None
    known = known_masks(obs)  # None: read from the `known` field
    own = _mask(by_text, obs.hand)
    hands = [0] * n
    hands[obs.seat] = own
    seen = own
    slots = [0] * n
    for x in range(n):
        if x == obs.seat:
            continue
        if known is not None:
            shown = known[x]
        else:
            shown = _mask(by_text, obs.known[x]) if x < len(obs.known) else 0
        hands[x] = shown
        seen |= shown
        slots[x] = obs.hand_sizes[x] - shown.bit_count()
        if slots[x] < 0:
            return None
    voids = _voids(rules, obs)
    if _open_everywhere(slots, voids):
        return None  # (before the tricks and zones are read: the common answer, cheaply)
    seen |= _mask(by_text, obs.discarded)
    won, tricks_won, in_tricks = captured(by_text, obs, n)
    seen |= in_tricks
    trick = tuple((int(x), int(by_text[c])) for x, c in obs.trick)
    for _x, card in trick:
        seen |= 1 << card
    zones = _zones(rules, obs)
    if zones is None:
        return None
    leftover = 0
    for _index, cards in zones:
        leftover |= cards
        seen |= cards
    unseen = deck.full_mask & ~seen
    if unseen.bit_count() != sum(slots):
        return None
    placed = _place(rules, unseen, slots, voids)
    if placed is None:
        return None
    for card, seat in placed.items():
        hands[seat] |= 1 << card
    return Position(
        hands=tuple(hands),
        trick=trick,
        leader=int(obs.leader),
        trick_no=int(obs.trick_no),
        won=tuple(won),
        tricks_won=tuple(tricks_won),
        leftover=leftover,
        leftover_zone=tuple(zones),
        partner=_partner(rules, obs, hands),
    )


def captured(
    by_text: Mapping[str, int], obs: Observation, n: int
) -> tuple[list[int], list[int], int]:
    """From the observation's finished tricks: per seat the cards it captured and the
    tricks it took, and every card those tricks hold (a world sampled from `obs` keeps
    them, so `endgame_worlds` reads them here too)."""
    won = [0] * n
    tricks_won = [0] * n
    every = 0
    for t in obs.tricks:
        mask = _mask(by_text, [card for _seat, card in t["plays"]])
        every |= mask
        winner = int(t["winner"])
        if 0 <= winner < n:
            won[winner] |= mask
            tricks_won[winner] += 1
    return won, tricks_won, every


def _mask(by_text: Mapping[str, int], cards: Iterable[str]) -> int:
    out = 0
    for card in cards:
        out |= 1 << by_text[card]
    return out


def _zones(rules: Ruleset, obs: Observation) -> list[tuple[int, int]] | None:
    """The known cards of every non-empty zone, by zone index; None when a zone holds cards
    this seat cannot see (its own face-down discards excepted: it knows those)."""
    by_text = rules.deck.by_text
    out: list[tuple[int, int]] = []
    discard_zones = {p.to for p in rules.flow if isinstance(p, DiscardPhase)}
    discards = _mask(by_text, obs.discarded)
    for index, view in enumerate(obs.zones):
        size = int(view["size"])
        if not size:
            continue
        cards = view["cards"]
        if cards is not None:
            out.append((index, _mask(by_text, cards)))
        elif view["id"] in discard_zones and discards.bit_count() == size:
            out.append((index, discards))  # only this seat's own discards lie there
        else:
            return None
    return out


def _voids(rules: Ruleset, obs: Observation) -> list[set[int]]:
    """Per seat, the suits it showed it lacks (see the module's docstring)."""
    n = rules.players.count
    spec = next((p for p in rules.flow if isinstance(p, TricksPhase)), None)
    if spec is not None and spec.draw is not None and not spec.draw.shown:
        return [set() for _ in range(n)]  # a blind draw may refill a void: claim nothing
    # the finished tricks' voids, worked out once a trick for every reader (`trick_facts`:
    # a card off the suit led while follow-suit was in force); copied, as callers may add
    deck = rules.deck
    shown = trick_facts(obs, card_facts(deck), deck).voids
    return [set(shown.get(x, ())) for x in range(n)]


def _open_everywhere(slots: list[int], voids: list[set[int]]) -> bool:
    """No seat with hidden cards has shown a void, and two or more have some: every
    unseen card may then go to each of two or more seats and none of them can take them
    all (another holds some), so no deduction of `_place` can start and the position is
    not determined (the walk answered None; here without it)."""
    open_seats = [x for x, cap in enumerate(slots) if cap > 0]
    return len(open_seats) > 1 and not any(voids[x] for x in open_seats)


def _place(
    rules: Ruleset, unseen: int, slots: list[int], voids: list[set[int]]
) -> dict[int, int] | None:
    """Each unseen card's seat by forced deductions, or None when one stays open
    (`voids`: the suits each seat showed it lacks, `_voids`)."""
    suit_of = rules.deck.card_suit
    left = list(slots)
    open_cards: dict[int, set[int]] = {}
    for card in iter_cards(unseen):
        seats = {x for x, cap in enumerate(left) if cap > 0 and suit_of[card] not in voids[x]}
        if not seats:
            return None  # the observation contradicts itself: claim nothing
        open_cards[card] = seats
    placed: dict[int, int] = {}
    changed = True
    while open_cards and changed:
        changed = False
        for card, seats in list(open_cards.items()):
            if len(seats) == 1:
                (seat,) = seats
                placed[card] = seat
                del open_cards[card]
                left[seat] -= 1
                changed = True
        for seat, cap in enumerate(left):
            mine = [c for c, seats in open_cards.items() if seat in seats]
            if not mine:
                continue
            if cap == 0:
                for c in mine:
                    open_cards[c].discard(seat)
                changed = True
            elif cap == len(mine):
                for c in mine:
                    placed[c] = seat
                    del open_cards[c]
                left[seat] = 0
                changed = True
        if any(not seats for seats in open_cards.values()):
            return None
    return None if open_cards else placed


def _partner(rules: Ruleset, obs: Observation, hands: list[int]) -> int | None:
    """The declarer's partner: the one revealed, else whoever the cards show holding the
    called card when the call makes a partner (nobody when the declarer holds it)."""
    if obs.partner is not None:
        return int(obs.partner)
    from tressette_dsl.engine.views import secret_partner  # noqa: PLC0415

    if obs.called_card is None or obs.declarer is None or not secret_partner(rules):
        return None
    card = rules.deck.by_text[obs.called_card]
    holder = next((x for x, hand in enumerate(hands) if hand >> card & 1), None)
    return None if holder is None or holder == obs.declarer else holder


__all__ = ["Position", "captured", "position"]
