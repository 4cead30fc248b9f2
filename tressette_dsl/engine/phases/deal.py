"""`deal`: shuffle from (seed, deal number) and deal the packets; optional misdeal round.

Packets are dealt from the top of the deck. A hand packet (`5`) gives that many cards to
each seat in turn, starting with the seat after the dealer in play direction; a zone packet
(`monte:4`, `stock:rest`) puts cards into that zone. A `misdeal` condition lets each seat
whose hand satisfies it `annul` the deal (the same dealer deals again, the deal does not
count) or `keep` it. Every seat gets its turn in that round, every deal (the others can only
`keep`), so that being asked reveals nothing about a hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine import occupancy
from tressette_dsl.engine.actions import Action, Annul, Keep
from tressette_dsl.engine.events import Annulled, Dealt
from tressette_dsl.engine.phases.common import not_legal
from tressette_dsl.engine.phases.kind import (
    Obs,
    Talk,
    fixed_stage,
    kind_of,
)
from tressette_dsl.engine.phases.words import said
from tressette_dsl.engine.rng import shuffled
from tressette_dsl.engine.state import FixedDeal, GameState
from tressette_dsl.engine.step import Step, evaluate
from tressette_dsl.engine.table import deal_env
from tressette_dsl.rules.model import Ruleset, iter_cards
from tressette_dsl.rules.phases.deal import SYNTAX, DealPhase, Misdeal, PacketSpec


def enter(step: Step, spec: DealPhase) -> bool:
    rules, s = step.rules, step.state
    hands, zones = _deal(rules, spec, s)
    masks = tuple([sum([1 << c for c in hand]) for hand in hands])  # lists: no generator
    step.set_cards(hands=masks, zones=zones)
    if step.log:  # every card's text: only for a caller that keeps the events
        text = rules.deck.card_text
        step.emit(
            Dealt(
                deal_no=s.match.deal_no,
                dealer=s.match.dealer,
                hands=tuple([tuple([text[c] for c in h]) for h in hands]),
                zones=tuple(
                    [
                        (zone.id, tuple([text[c] for c in cards]))
                        for zone, cards in zip(rules.zones, zones, strict=True)
                    ]
                ),
            )
        )
    occupancy.after_deal(step)  # a dummy dealt face up
    if spec.misdeal is None:
        return True
    order = rules.players.order_from(rules.players.next(s.match.dealer))
    step.set_cursor(sub="misdeal", pending=order, to_act=order[0])
    return False


def legal(rules: Ruleset, spec: DealPhase, s: GameState) -> tuple[Action, ...]:
    assert s.cursor.to_act is not None
    return (Annul(), Keep()) if _may_annul(rules, spec, s, s.cursor.to_act) else (Keep(),)


def check(rules: Ruleset, spec: DealPhase, s: GameState, action: Action) -> Diagnostic | None:
    rule = spec.misdeal.condition if spec.misdeal else None
    return not_legal(rules, s, action, legal(rules, spec, s), spec.id, rule=rule)


def act(step: Step, spec: DealPhase, action: Action) -> bool:
    s = step.state
    assert s.cursor.to_act is not None
    if isinstance(action, Annul):
        step.emit(Annulled(seat=s.cursor.to_act, reason="misdeal"))
        step.restart = "misdeal"
        return False
    pending = s.cursor.pending[1:]
    if not pending:
        return True
    step.set_cursor(pending=pending, to_act=pending[0])
    return False


def _may_annul(rules: Ruleset, spec: DealPhase, s: GameState, seat: int) -> bool:
    assert spec.misdeal is not None
    env = deal_env(rules, s)
    hand = s.cards.hands[seat]
    env.update(seat=seat, hand=hand, hand_units=rules.deck.units(hand))
    return bool(evaluate(spec.misdeal.condition, env))


def _deal(
    rules: Ruleset, spec: DealPhase, s: GameState
) -> tuple[list[list[int]], tuple[tuple[int, ...], ...]]:
    """The hands, and each zone's cards by zone index (an unordered zone sorted)."""
    fixed = s.fixed
    laid = {zone.id: zone.laid for zone in rules.zones if zone.laid}
    out_of_shuffle = {c for cards in laid.values() for c in cards}
    deck = rules.deck.cards
    if out_of_shuffle:  # a deck reduction: the named cards are laid first, never dealt
        deck = tuple(c for c in deck if c not in out_of_shuffle)
    order = (
        fixed.deck if fixed and fixed.deck is not None else shuffled(deck, s.seed, s.match.deal_no)
    )
    if out_of_shuffle and fixed and fixed.deck is not None:
        order = tuple(c for c in order if c not in out_of_shuffle)
    if fixed is not None and (fixed.hands or fixed.zones):
        return _deal_fixed(rules, spec, s, fixed, order, laid=laid)
    seats = rules.players.order_from(rules.players.next(s.match.dealer))
    hands: list[list[int]] = [[] for _ in range(s.n)]
    zones: dict[str, list[int]] = {
        zone_id: list(laid.get(zone_id, ())) for zone_id in rules.zone_ids
    }
    top = 0
    for packet in spec.packets:
        if packet.zone is None:
            for seat in seats:
                count = packet.count if packet.count is not None else (len(order) - top) // s.n
                hands[seat].extend(order[top : top + count])
                top += count
        else:
            count = packet.count if packet.count is not None else len(order) - top
            zones[packet.zone].extend(order[top : top + count])
            top += count
    if top != len(order):
        raise ValueError(f"the packets deal {top} of {len(order)} cards")
    return hands, _in_order(rules, {z: tuple(cards) for z, cards in zones.items()})


def _in_order(
    rules: Ruleset, zones: dict[str, tuple[int, ...] | None]
) -> tuple[tuple[int, ...], ...]:
    """Zone contents by zone index; an unordered zone is kept sorted."""
    out = []
    for zone in rules.zones:
        cards = zones.get(zone.id) or ()
        out.append(cards if zone.ordered else tuple(sorted(cards)))
    return tuple(out)


def _deal_fixed(
    rules: Ruleset,
    spec: DealPhase,
    s: GameState,
    fixed: FixedDeal,
    order: tuple[int, ...],
    *,
    laid: Mapping[str, tuple[int, ...]],
) -> tuple[list[list[int]], tuple[tuple[int, ...], ...]]:
    """Injected hands and zones; seats and zones not given are filled from `order` (a zone
    with laid cards and not given gets them, as in every deal)."""
    given_hands = fixed.hands or (None,) * s.n
    given_zones = {z for z, _c in fixed.zones}
    laid_here = [(z, c) for z, c in laid.items() if z not in given_zones]
    used: set[int] = set()
    for cards in (*given_hands, *(c for _z, c in fixed.zones), *(c for _z, c in laid_here)):
        for card in cards or ():
            if card in used:
                raise ValueError(f"card {rules.deck.card_text[card]} is given twice")
            used.add(card)
    rest = [c for c in order if c not in used]
    hand_size = sum(p.count or 0 for p in spec.packets if p.zone is None)
    hands = []
    for given in given_hands:
        if given is None:
            hands.append(rest[:hand_size])
            rest = rest[hand_size:]
        else:
            hands.append(list(given))
    zones: dict[str, tuple[int, ...] | None] = {z: fixed.zone(z) for z in rules.zone_ids}
    for zone_id, cards in laid_here:
        zones[zone_id] = cards
    for packet in spec.packets:
        if packet.zone is not None and zones[packet.zone] is None:
            count = len(rest) if packet.count is None else packet.count
            zones[packet.zone], rest = tuple(rest[:count]), rest[count:]
    if rest:
        left = " ".join(rules.deck.card_text[c] for c in rest)
        raise ValueError(f"the given cards leave {left} undealt")
    return hands, _in_order(rules, zones)


__all__ = ["DealPhase", "Misdeal", "PacketSpec", "act", "check", "enter", "iter_cards", "legal"]


# --- how it reads: the rules page and the prompts (its written half: rules/phases/) -----


def describe(rules: Ruleset, ph: DealPhase) -> str:
    first = "chosen at random" if ph.first_dealer is None else said(rules, ph.first_dealer)
    packets = []
    for pk in ph.packets:
        count = "the rest" if pk.count is None else str(pk.count)
        packets.append(
            f"{count} to each player" if pk.zone is None else f"{count} to the {pk.zone}"
        )
    text = (
        f"the first dealer is {first}; the next deal is dealt by {said(rules, ph.next_dealer)}. "
        f"Cards are dealt from the top, starting with the player after the dealer: "
        f"{'; then '.join(packets)}."
    )
    if ph.misdeal is not None:
        text += (
            f" A player whose hand is such that {said(rules, ph.misdeal.condition)} may annul "
            + ("the deal." if ph.misdeal.dealer == "same" else "the deal; the next dealer deals.")
        )
    return text


def _task_misdeal(rules: Ruleset, obs: Obs, spec: Any, legal: list[str], talk: Talk) -> str:
    if "annul" in legal:
        return (
            "Misdeal: your hand allows you to 'annul' this deal (the same dealer deals "
            "again and it does not count) or to 'keep' it."
        )
    return (
        "Misdeal check (every player is asked, every deal): your hand does not allow "
        "annulling this deal, so 'keep' it."
    )


KIND = kind_of(
    SYNTAX,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
    tasks={"misdeal": _task_misdeal},
    stage=fixed_stage("misdeal round"),
)
