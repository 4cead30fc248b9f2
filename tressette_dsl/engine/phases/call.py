"""`call`: the declarer names a card (`call AD`) among `cards`.

`effect: transfer` - a defender holding it hands it over face up (`call_supplier`); none
if it is in the monte or the caller's own hand. `effect: partner` - its holder becomes
the declarer's secret partner (none = the declarer plays alone), made public when the card
is played (`reveal: on_play`) or at once (`reveal: immediately`).
"""

from __future__ import annotations

from typing import assert_never

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Call
from tressette_dsl.engine.events import Called, CardTransferred, PartnerRevealed
from tressette_dsl.engine.phases.common import not_legal
from tressette_dsl.engine.state import GameState, Reveal, set_at
from tressette_dsl.engine.step import Step, evaluate
from tressette_dsl.engine.table import deal_env, holder, seats_of
from tressette_dsl.rules.model import CallPhase, Ruleset, iter_cards


def enter(step: Step, spec: CallPhase) -> bool:
    seats = seats_of(step.rules, step.state, spec.who)
    if not seats:
        return True
    step.set(sub="call", pending=seats[:1], to_act=seats[0])
    return False


def callable_cards(rules: Ruleset, spec: CallPhase, s: GameState) -> int:
    assert s.to_act is not None
    env = deal_env(rules, s)
    env.update(hand=s.hands[s.to_act], deck=rules.deck.full_mask, seat=s.to_act)
    return int(evaluate(spec.cards, env)) & rules.deck.full_mask


def legal(rules: Ruleset, spec: CallPhase, s: GameState) -> tuple[Action, ...]:
    text = rules.deck.card_text
    return tuple(Call(text[c]) for c in iter_cards(callable_cards(rules, spec, s)))


def check(rules: Ruleset, spec: CallPhase, s: GameState, action: Action) -> Diagnostic | None:
    return not_legal(rules, s, action, legal(rules, spec, s), spec.id, rule=spec.cards)


def act(step: Step, spec: CallPhase, action: Action) -> bool:
    assert isinstance(action, Call)
    rules, s = step.rules, step.state
    seat = s.to_act
    assert seat is not None
    card = rules.deck.by_text[action.card]
    owner = holder(s, card)
    where = "self" if owner == seat else "monte" if owner < 0 else str(owner)
    step.set(called_card=card)
    if spec.trump_called_suit:
        step.set(trump=rules.deck.card_suit[card])
    step.emit(Called(seat=seat, card=action.card, holder=where))
    someone_else = owner >= 0 and owner != seat
    match spec.effect:
        case "transfer":
            if someone_else:
                _transfer(step, owner, seat, card)
        case "partner":
            if someone_else:
                step.set(partner=owner)
            match spec.reveal:
                case "immediately":
                    step.set(partner_revealed=True)
                    if someone_else:
                        step.emit(PartnerRevealed(seat=owner, card=action.card))
                case "on_play":
                    pass  # the trick phase reveals the partner when the card is played
                case unknown_reveal:
                    assert_never(unknown_reveal)
        case unknown:
            assert_never(unknown)
    step.set(sub="", pending=(), to_act=None)
    return True


def _transfer(step: Step, source: int, to: int, card: int) -> None:
    s = step.state
    bit = 1 << card
    hands = set_at(s.hands, source, s.hands[source] & ~bit)
    hands = set_at(hands, to, hands[to] | bit)
    public = set_at(s.public, source, s.public[source] & ~bit)
    public = set_at(public, to, public[to] | bit)
    step.set(
        hands=hands,
        public=public,
        call_supplier=source,
        reveals=(*s.reveals, Reveal("transfer", to, bit, s.deal_no)),
    )
    step.emit(
        CardTransferred(source=source, to=to, card=step.rules.deck.card_text[card], shown=True)
    )
