"""Whether a lead's signal truths read only the lead's own suit of the hand.

A lead's legal list (each card, then the card with each signal set it may carry) is a
function of the whole hand (`fast_step.Plan.build_lead`), and a hand is seldom seen twice:
kept by the hand, it is built afresh at almost every lead. In `tressette` every truth of a
lead signal reads the hand through a filter on the suit led - ``count(hand[suit ==
led_suit])``, ``count(hand[suit == led_suit and strength <= strength(KD)])`` - so the plays
of a card depend only on the cards of its suit held. Then the list is the concatenation of
one block per suit, kept by that suit's cards (at most 2^10 keys a suit of ten), which
repeat all the time.

`suit_local_at_lead` decides it on the truths' parse trees, soundly: every occurrence of
the name `hand` must be the indexed collection of a filter whose condition is ``suit ==
led_suit`` (either way round) or an `and` with that comparison among its terms; then the
filter's cards are cards of the suit led held, whatever the rest of the condition says.
Anything else (a bare `hand`, a filter on another suit, `points(hand)`) answers False.
"""

from __future__ import annotations

from lark import Token, Tree

from tressette_dsl.engine import signals
from tressette_dsl.expr.parse import parse
from tressette_dsl.rules.model import Ruleset


def suit_local_at_lead(rules: Ruleset) -> bool:
    """True when each lead signal's truth reads the hand only through filters on the suit
    led (see the module doc); a truth that is always true (none, a bluff) reads nothing."""
    for _sig, _value, truth in signals.candidates_at(rules, "lead"):
        if truth is not None and not _suit_local(truth.text):
            return False
    return True


def _suit_local(text: str) -> bool:
    tree = parse(text, "condition")
    allowed: set[int] = set()  # the `hand` names that are a suit-led filter's collection
    for node in tree.iter_subtrees():
        if node.data == "index" and len(node.children) == 2:
            base, condition = node.children
            if _is_name(base, "hand") and _on_suit_led(condition):
                allowed.add(id(base))
    return all(id(node) in allowed for node in tree.iter_subtrees() if _is_name(node, "hand"))


def _on_suit_led(condition: object) -> bool:
    """``suit == led_suit`` (or the other way round), alone or as a term of an `and`."""
    if isinstance(condition, Tree) and condition.data == "and_expr":
        return any(_suit_is_led(term) for term in condition.children)
    return _suit_is_led(condition)


def _suit_is_led(node: object) -> bool:
    if not (isinstance(node, Tree) and node.data == "comparison" and len(node.children) == 3):
        return False
    left, op, right = node.children
    if not (isinstance(op, Tree) and op.children and str(op.children[0]) == "=="):
        return False
    return (_is_name(left, "suit") and _is_name(right, "led_suit")) or (
        _is_name(left, "led_suit") and _is_name(right, "suit")
    )


def _is_name(node: object, name: str) -> bool:
    if not (isinstance(node, Tree) and node.data == "name" and len(node.children) == 1):
        return False
    token = node.children[0]
    return isinstance(token, Token) and str(token) == name
