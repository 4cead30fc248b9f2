"""`deal`: shuffle from (seed, deal number) and deal the packets; optional misdeal round.

Packets are dealt from the top of the deck. A hand packet (`5`) gives that many cards to
each seat in turn, starting with the seat after the dealer in play direction; a zone packet
(`monte:4`, `stock:rest`) puts cards into that zone. A `misdeal` condition lets each seat
whose hand satisfies it `annul` the deal (the same dealer deals again, the deal does not
count) or `keep` it. Every seat gets its turn in that round, every deal (the others can only
`keep`), so that being asked reveals nothing about a hand.
"""

from __future__ import annotations

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Annul, Keep
from tressette_dsl.engine.events import Annulled, Dealt
from tressette_dsl.engine.phases.common import not_legal
from tressette_dsl.engine.rng import shuffled
from tressette_dsl.engine.state import FixedDeal, GameState
from tressette_dsl.engine.step import Step, evaluate
from tressette_dsl.engine.table import deal_env
from tressette_dsl.rules.model import DealPhase, Ruleset, iter_cards


def enter(step: Step, spec: DealPhase) -> bool:
    rules, s = step.rules, step.state
    hands, stock, monte = _deal(rules, spec, s)
    masks = tuple(sum(1 << c for c in hand) for hand in hands)
    step.set(hands=masks, stock=stock, monte=monte)
    text = rules.deck.card_text
    step.emit(
        Dealt(
            deal_no=s.deal_no,
            dealer=s.dealer,
            hands=tuple(tuple(text[c] for c in h) for h in hands),
            stock=tuple(text[c] for c in stock),
            monte=tuple(text[c] for c in monte),
        )
    )
    if spec.misdeal is None:
        return True
    order = rules.players.order_from(rules.players.next(s.dealer))
    step.set(sub="misdeal", pending=order, to_act=order[0])
    return False


def legal(rules: Ruleset, spec: DealPhase, s: GameState) -> tuple[Action, ...]:
    assert s.to_act is not None
    return (Annul(), Keep()) if _may_annul(rules, spec, s, s.to_act) else (Keep(),)


def check(rules: Ruleset, spec: DealPhase, s: GameState, action: Action) -> Diagnostic | None:
    rule = spec.misdeal.condition if spec.misdeal else None
    return not_legal(rules, s, action, legal(rules, spec, s), spec.id, rule=rule)


def act(step: Step, spec: DealPhase, action: Action) -> bool:
    s = step.state
    assert s.to_act is not None
    if isinstance(action, Annul):
        step.emit(Annulled(seat=s.to_act, reason="misdeal"))
        step.restart = "misdeal"
        return False
    pending = s.pending[1:]
    if not pending:
        return True
    step.set(pending=pending, to_act=pending[0])
    return False


def _may_annul(rules: Ruleset, spec: DealPhase, s: GameState, seat: int) -> bool:
    assert spec.misdeal is not None
    env = deal_env(rules, s)
    hand = s.hands[seat]
    env.update(seat=seat, hand=hand, hand_units=rules.deck.units(hand))
    return bool(evaluate(spec.misdeal.condition, env))


def _deal(
    rules: Ruleset, spec: DealPhase, s: GameState
) -> tuple[list[list[int]], tuple[int, ...], tuple[int, ...]]:
    fixed = s.fixed
    order = (
        fixed.deck
        if fixed and fixed.deck is not None
        else shuffled(rules.deck.cards, s.seed, s.deal_no)
    )
    if fixed is not None and (fixed.hands or fixed.stock is not None or fixed.monte is not None):
        return _deal_fixed(rules, spec, s, fixed, order)
    seats = rules.players.order_from(rules.players.next(s.dealer))
    hands: list[list[int]] = [[] for _ in range(s.n)]
    zones: dict[str, list[int]] = {"stock": [], "monte": []}
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
    return hands, tuple(zones["stock"]), tuple(zones["monte"])


def _deal_fixed(
    rules: Ruleset, spec: DealPhase, s: GameState, fixed: FixedDeal, order: tuple[int, ...]
) -> tuple[list[list[int]], tuple[int, ...], tuple[int, ...]]:
    """Injected hands/stock/monte; seats and zones not given are filled from `order`."""
    given_hands = fixed.hands or (None,) * s.n
    used: set[int] = set()
    for cards in (*given_hands, fixed.stock, fixed.monte):
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
    zones = {"stock": fixed.stock, "monte": fixed.monte}
    for packet in spec.packets:
        if packet.zone is not None and zones[packet.zone] is None:
            count = len(rest) if packet.count is None else packet.count
            zones[packet.zone], rest = tuple(rest[:count]), rest[count:]
    if rest:
        left = " ".join(rules.deck.card_text[c] for c in rest)
        raise ValueError(f"the given cards leave {left} undealt")
    return hands, zones["stock"] or (), zones["monte"] or ()


__all__ = ["act", "check", "enter", "iter_cards", "legal"]
