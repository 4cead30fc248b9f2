"""Claims (`claims`): a seat claims its side has reached the target (or, `for: opponents`,
calls the other side out); right or wrong, the match ends at once.

With `claims.out_of_turn` a seat that is not to act may claim as well, interrupting the
seat that is (seed 003: "at any moment"): `out_of_turn_actions` is what the public
``legal_actions(rules, state, seat=...)`` offers such a seat, and `interrupt` applies it.
Nothing of this runs per card: the trick phase never calls it, only the API entry points
do, and only for a ruleset that allows it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tressette_dsl.engine import match, scoring
from tressette_dsl.engine.actions import Action, Claim
from tressette_dsl.engine.events import Claimed
from tressette_dsl.engine.phases.trick_features.base import TrickFeature
from tressette_dsl.engine.state import DealRecord, GameState
from tressette_dsl.engine.step import Step, evaluate, evaluate_int
from tressette_dsl.engine.table import side_of, total_slot_of_side, zone_sizes
from tressette_dsl.rules.model import NO_CONST, Ruleset

if TYPE_CHECKING:
    from tressette_dsl.engine.phases.tricks import TricksPhase

_CLAIM: tuple[Action, ...] = (Claim(),)


def out_of_turn_actions(rules: Ruleset, s: GameState, seat: int) -> tuple[Action, ...]:
    """What `seat`, which is not the seat to act, may do now: a claim, during play, when the
    ruleset allows claims out of turn and `claims.allowed` holds for that seat."""
    claims = rules.claims
    if claims is None or not claims.out_of_turn or s.match.over or s.cursor.to_act is None:
        return ()
    if s.cursor.to_act == seat or rules.flow[s.cursor.phase].kind != "tricks":
        return ()
    return _CLAIM if allowed(rules, s, seat) else ()


def interrupt(step: Step, spec: TricksPhase, seat: int, action: Claim) -> None:
    """An out-of-turn claim: it ends the match like any claim, whoever was to act."""
    act(step, spec, seat, action)


def allowed(rules: Ruleset, s: GameState, seat: int) -> bool:
    assert rules.claims is not None
    rule = rules.claims.allowed
    if rule.const is not NO_CONST:  # e.g. "true": no env to build
        return bool(rule.const)
    env = {
        "seat": seat,
        "leader": s.play.leader,
        "on_lead": not s.cards.trick and s.play.leader == seat,
        "trick_no": s.play.trick_no,
        **zone_sizes(s),
        "deal_no": s.match.deal_no,
    }
    return bool(evaluate(rule, env))


def extras(rules: Ruleset, s: GameState, seat: int) -> tuple[Action, ...]:
    return _CLAIM if allowed(rules, s, seat) else ()


def act(step: Step, spec: TricksPhase, seat: int, action: Claim) -> bool:
    rules, s = step.rules, step.state
    claims = rules.claims
    assert claims is not None
    own = side_of(rules, s, seat)
    # `for: opponents` (FITRES): the seat calls the other side out; it checks their total.
    side = 1 - own if claims.about == "opponents" else own
    facts = scoring.side_facts(rules, s, final=False)[side]
    slots = total_slot_of_side(rules, s, facts.seats)
    env = {
        "match_points": s.match.totals[slots[0]],
        "cards_units": facts.cards_units,
        "declared": facts.declared,
        "tricks": facts.tricks,
        "units": facts.units,
    }
    total = evaluate_int(claims.total, env)
    target = int(evaluate(claims.target, {"target": rules.match.target or 0}))
    right = total >= target
    step.emit(Claimed(seat=seat, side=side, total=total, target=target, right=right))
    if claims.about == "opponents":
        # Called out: that side wins if it has reached the target, and the calling side loses
        # even when the call was premature (FITRES's modern norms) - so the other side wins.
        winners = slots
    else:
        winners = slots if right else tuple(i for i in range(len(s.match.totals)) if i not in slots)
    step.set_match(
        deals=(
            *s.match.deals,
            DealRecord(
                deal_no=s.match.deal_no, dealer=s.match.dealer, counted=False, reason="claim"
            ),
        )
    )
    match.end_match(
        step,
        tuple(sorted(winners)),
        "claim",
        detail=f"seat {seat} claimed {total} against {target}: " + ("right" if right else "wrong"),
    )
    return False  # the match is over


def resolve(rules: Ruleset, spec: TricksPhase) -> TrickFeature | None:
    return FEATURE if rules.claims is not None else None


FEATURE = TrickFeature(name="claims", resolve=resolve, extras=extras, acts={Claim: act})
