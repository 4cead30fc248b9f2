"""`call`: the declarer names a card (`call AD`) among `cards`.

`effect: transfer` - a defender holding it hands it over face up (`call_supplier`); none
if it is in the monte or the caller's own hand. `effect: partner` - its holder becomes
the declarer's secret partner (none = the declarer plays alone), made public when the card
is played (`reveal: on_play`) or at once (`reveal: immediately`).
"""

from __future__ import annotations

from typing import Any, assert_never

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.actions import Action, Call
from tressette_dsl.engine.events import Called, CardTransferred, PartnerRevealed
from tressette_dsl.engine.phases.common import not_legal
from tressette_dsl.engine.phases.kind import (
    Obs,
    Talk,
    fixed_stage,
    kind_of,
)
from tressette_dsl.engine.phases.words import said, who_text
from tressette_dsl.engine.state import GameState, Reveal, set_at
from tressette_dsl.engine.step import Step, evaluate
from tressette_dsl.engine.table import deal_env, holder, seats_of
from tressette_dsl.rules.model import Ruleset, iter_cards
from tressette_dsl.rules.phases.call import SYNTAX, CallPhase


def enter(step: Step, spec: CallPhase) -> bool:
    seats = seats_of(step.rules, step.state, spec.who)
    if not seats:
        return True
    step.set_cursor(sub="call", pending=seats[:1], to_act=seats[0])
    return False


def callable_cards(rules: Ruleset, spec: CallPhase, s: GameState) -> int:
    assert s.cursor.to_act is not None
    env = deal_env(rules, s)
    env.update(hand=s.cards.hands[s.cursor.to_act], deck=rules.deck.full_mask, seat=s.cursor.to_act)
    cards = int(evaluate(spec.cards, env)) & rules.deck.full_mask
    return by_priority(rules, spec.ranks, cards) if spec.ranks else cards


def by_priority(rules: Ruleset, ranks: tuple[int, ...], cards: int) -> int:
    """The cards of the first rank in `ranks` that `cards` holds any of (0 if none)."""
    deck = rules.deck
    for rank in ranks:
        found = 0
        for card in iter_cards(cards):
            if deck.card_rank[card] == rank:
                found |= 1 << card
        if found:
            return found
    return 0


def legal(rules: Ruleset, spec: CallPhase, s: GameState) -> tuple[Action, ...]:
    text = rules.deck.card_text
    return tuple(Call(text[c]) for c in iter_cards(callable_cards(rules, spec, s)))


def check(rules: Ruleset, spec: CallPhase, s: GameState, action: Action) -> Diagnostic | None:
    return not_legal(rules, s, action, legal(rules, spec, s), spec.id, rule=spec.cards)


def _zone_of(s: GameState, card: int) -> str:
    """The id of the zone a card held by no hand lies in (the Called event's `holder`)."""
    return next(
        (z for z, cards in zip(s.cards.zone_ids, s.cards.zones, strict=True) if card in cards), ""
    )


def act(step: Step, spec: CallPhase, action: Action) -> bool:
    assert isinstance(action, Call)
    rules, s = step.rules, step.state
    seat = s.cursor.to_act
    assert seat is not None
    card = rules.deck.by_text[action.card]
    owner = holder(s, card)
    where = "self" if owner == seat else _zone_of(s, card) if owner < 0 else str(owner)
    step.set_contract(called_card=card)
    if s.contract_part.declarer is None:  # no auction named one: the caller declares
        step.set_contract(declarer=seat)
    if spec.trump_called_suit:
        step.set_play(trump=rules.deck.card_suit[card])
    step.emit(Called(seat=seat, card=action.card, holder=where))
    someone_else = owner >= 0 and owner != seat
    match spec.effect:
        case "transfer":
            if someone_else:
                _transfer(step, owner, seat, card)
        case "partner":
            if someone_else:
                step.set_contract(partner=owner)
            match spec.reveal:
                case "immediately":
                    step.set_contract(partner_revealed=True)
                    if someone_else:
                        step.emit(PartnerRevealed(seat=owner, card=action.card))
                case "on_play":
                    pass  # the trick phase reveals the partner when the card is played
                case unknown_reveal:
                    assert_never(unknown_reveal)
        case unknown:
            assert_never(unknown)
    step.set_cursor(sub="", pending=(), to_act=None)
    return True


def _transfer(step: Step, source: int, to: int, card: int) -> None:
    s = step.state
    bit = 1 << card
    hands = set_at(s.cards.hands, source, s.cards.hands[source] & ~bit)
    hands = set_at(hands, to, hands[to] | bit)
    public = set_at(s.seen.public, source, s.seen.public[source] & ~bit)
    public = set_at(public, to, public[to] | bit)
    step.update(
        cards=step.state.cards.but(hands=hands),
        seen=step.state.seen.but(
            public=public, reveals=(*s.seen.reveals, Reveal("transfer", to, bit, s.match.deal_no))
        ),
        contract=step.state.contract_part.but(call_supplier=source),
    )
    step.emit(
        CardTransferred(source=source, to=to, card=step.rules.deck.card_text[card], shown=True)
    )


# --- how it reads: the rules page and the prompts (its written half: rules/phases/) -----


def describe(rules: Ruleset, ph: CallPhase) -> str:
    effect = (
        "its holder hands it over face up (no transfer if it is in the monte or the caller's hand)"
        if ph.effect == "transfer"
        else "its holder becomes the caller's secret partner"
    )
    which = said(rules, ph.cards)
    if ph.ranks:
        names = ", then ".join(rules.deck.ranks[r] for r in ph.ranks)
        which += f", of the first rank it offers among {names}"
    text = f"{who_text(ph.who)} names a card ({which}); {effect}."
    if ph.effect == "partner":
        text += " Without an auction, the caller is the declarer."
    if ph.effect == "partner":
        text += f" The partner is revealed {ph.reveal.replace('_', ' ')}."
    if ph.trump_called_suit:
        text += " The called card's suit is trump."
    return text


def _task_call(rules: Ruleset, obs: Obs, spec: Any, legal: list[str], talk: Talk) -> str:
    effect = getattr(spec, "effect", "")
    if effect == "partner":
        when = (
            "secretly, until the card is played"
            if getattr(spec, "reveal", "") == "on_play"
            else "named at once"
        )
        text = (
            f"Call a card: whoever holds it becomes your partner ({when}); "
            "if you hold it yourself, you play alone."
        )
    else:
        text = (
            "Call a card: whoever holds it hands it to you face up (if it is in the "
            "monte or your own hand, nothing is handed over)."
        )
    if getattr(spec, "trump_called_suit", False):
        text += " Its suit becomes trump."
    example = f", e.g. '{talk.action(legal[0])}'" if legal else ""
    return text + f" Type 'call' and the card{example}."


KIND = kind_of(
    SYNTAX,
    enter=enter,
    legal=legal,
    check=check,
    act=act,
    describe=describe,
    tasks={"call": _task_call},
    stage=fixed_stage("call"),
)


# The spec records live in the written half; imported from here too.
__all__ = ["CallPhase"]
