"""Seats without a player (`seating.dummy`) and players who change seats (`seating.people`).

A dummy is an ordinary seat for the deal, the tricks and the scoring: its cards are dealt,
it is asked in turn and only its own cards are legal for it. What differs is who decides
and who sees: its *owner* chooses its actions (`controller`), owner and dummy see each
other's hands from the deal (`shares_view`), and every seat sees the dummy's hand once
the exposure event of `seating.dummy.exposed` has happened - from then on its cards are
in the state's `public` masks like any card shown to the table, so observations, event
views, the leak checks and determinisation need nothing more.

With `seating.people`, the match is played by people who take the seats deal by deal:
every person takes the seat `seating.people.seat` gives, and the match totals are kept per
person (`total_slots` in match.py asks `slot_count`). Fewer people than seats: the seat
nobody takes is the dummy. More (`sitting_out`): those given seat -1 sit the deal out - a
dealer dealt no cards - and are paid as a defender (`sitting_out_deltas`) or not at all.

Both are evaluated from the dealer and the deal number only (`dummy_at`). Events say the
same: the owner and the dummy are shown each other's hand by `HandShown` as the deal ends
(the `Dealt` event shows each seat its own hand only), every seat the dummy's by
`DummyExposed`.
"""

from __future__ import annotations

from typing import Any

from tressette_dsl.diagnostics import Diagnostic
from tressette_dsl.engine.errors import EVAL_FAILED, RuleEvaluationError
from tressette_dsl.engine.events import DummyExposed, HandShown
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import Step, evaluate_int, evaluate_seat
from tressette_dsl.rules.model import Ruleset


def _env(rules: Ruleset, dealer: int, deal_no: int) -> dict[str, Any]:
    return {"dealer": dealer, "deal_no": deal_no, "players": rules.players.count}


def dummy_at(rules: Ruleset, dealer: int, deal_no: int) -> tuple[int, int] | None:
    """(dummy seat, owner) of the deal dealt by `dealer`, or None without a dummy."""
    dummy = rules.players.dummy
    if dummy is None:
        return None
    env = _env(rules, dealer, deal_no)
    n = rules.players.count
    seat, owner = evaluate_seat(dummy.seat, env, n), evaluate_seat(dummy.owner, env, n)
    if seat == owner:
        raise RuleEvaluationError(
            Diagnostic(
                EVAL_FAILED,
                f"the dummy's owner {owner} is the dummy's own seat ({dummy.owner.cite()})",
                dummy.owner.span,
            )
        )
    return seat, owner


def dummy_of(rules: Ruleset, s: GameState) -> tuple[int, int] | None:
    """(dummy seat, owner) of the deal in `s`."""
    if rules.players.dummy is None:
        return None
    return dummy_at(rules, s.match.dealer, s.match.deal_no)


def controller(rules: Ruleset, s: GameState, seat: int) -> int:
    """The seat that decides for `seat`: its owner when it is the dummy, else itself."""
    found = dummy_of(rules, s)
    return found[1] if found is not None and found[0] == seat else seat


def shares_view(rules: Ruleset, s: GameState, viewer: int | None, seat: int) -> bool:
    """Whether `viewer` sees `seat`'s hand as its own: the dummy and its owner, both ways."""
    if viewer is None or viewer == seat:
        return viewer is not None
    found = dummy_of(rules, s)
    return found is not None and {viewer, seat} == set(found)


def expose(step: Step) -> None:
    """Show the dummy's hand to every seat (the exposure event): its cards join `public`."""
    rules, s = step.rules, step.state
    found = dummy_of(rules, s)
    if found is None:
        return
    seat = found[0]
    hand = s.cards.hands[seat]
    if s.seen.public[seat] & hand == hand:
        return
    public = (*s.seen.public[:seat], hand, *s.seen.public[seat + 1 :])
    step.set_seen(public=public)
    step.emit(DummyExposed(seat=seat, cards=rules.deck.texts(hand)))


def after_deal(step: Step) -> None:
    """The dummy's hand shown to its owner and the owner's to the dummy (`HandShown`, seen
    by those two only); with `exposed: dealt` it lies face up to all at once."""
    rules, s = step.rules, step.state
    found = dummy_of(rules, s)
    dummy = rules.players.dummy
    if found is None or dummy is None:
        return
    seat, owner = found
    text = rules.deck.texts
    step.emit(HandShown(seat=seat, to=owner, cards=text(s.cards.hands[seat])))
    step.emit(HandShown(seat=owner, to=seat, cards=text(s.cards.hands[owner])))
    if dummy.exposed == "dealt":
        expose(step)


def slot_count(rules: Ruleset) -> int | None:
    """How many match totals `seating.people` keeps (one per person), None without it."""
    people = rules.players.people
    return None if people is None else len(people.names)


def person_seats(rules: Ruleset, s: GameState) -> tuple[int, ...]:
    """The seat each person takes in this deal (validated: one person per seat that is not
    the dummy)."""
    people = rules.players.people
    assert people is not None
    n = rules.players.count
    seats = []
    for person in range(len(people.names)):
        env = {
            "person": person,
            "dealer": s.match.dealer,
            "deal_no": s.match.deal_no,
            "players": n,
        }
        seats.append(evaluate_int(people.seat, env))
    found = dummy_of(rules, s)
    free = sorted(set(range(n)) - ({found[0]} if found else set()))
    seated = sorted(x for x in seats if not (x == -1 and people.sitting_out is not None))
    if seated != free:
        out = " or -1 for one who sits the deal out" if people.sitting_out else ""
        raise RuleEvaluationError(
            Diagnostic(
                EVAL_FAILED,
                f"seating.people.seat puts the players at seats {seats} in deal "
                f"{s.match.deal_no}; they must take the seats {free} (every seat but the "
                f"dummy's, once each{out}) ({people.seat.cite()})",
                people.seat.span,
            )
        )
    return tuple(seats)


def sitting_out_deltas(rules: Ruleset, s: GameState, per_seat: list[int]) -> list[tuple[int, int]]:
    """(person, amount) for each person sitting this deal out, from the payoff per seat:
    a `sitting_out: defender` person gets what a defender's seat gets (every defender is
    paid by the same `payoff.defender`), anyone else nothing."""
    people = rules.players.people
    if people is None or people.sitting_out != "defender":
        return []
    attack = {s.contract_part.declarer, s.contract_part.partner}
    defender = next((x for x in range(s.n) if x not in attack), None)
    if defender is None:
        return []
    return [(p, per_seat[defender]) for p, x in enumerate(person_seats(rules, s)) if x == -1]


def slots_of_seats(rules: Ruleset, s: GameState, seats: tuple[int, ...]) -> tuple[int, ...]:
    """The people sitting at `seats` in this deal (the dummy's seat names nobody)."""
    taken = person_seats(rules, s)
    return tuple(p for p, seat in enumerate(taken) if seat in seats)


def adversaries(rules: Ruleset, s: GameState) -> int:
    """How many pay or receive as defenders in this deal: every seat but the declarer and
    his partner, and the people sitting out as defenders (payoff name `adversaries`)."""
    attack = {s.contract_part.declarer, s.contract_part.partner}
    count = sum(1 for x in range(s.n) if x not in attack)
    people = rules.players.people
    if people is not None and people.sitting_out == "defender":
        count += sum(1 for x in person_seats(rules, s) if x == -1)
    return count
