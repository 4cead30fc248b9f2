"""Declarations (accusi / melds): what a seat may declare, and recording it.

An instance is a set of cards matching a declaration's pattern in the seat's *basis*: its
hand, plus the cards it played to tricks while the declaring window was open (so a
combination declared at the end of a trick counts although one of its cards was played to
it). One card may serve in several instances of different declarations; an instance whose
cards lie inside an instance of a declaration listed in its `superseded_by` may not be
declared (three aces while holding four: declare the four, FITRES).

The same cards never count twice (digest 9.39): an instance is not offered once the seat
has declared an instance that lies inside it or contains it (three aces, then the four
aces, or the other way round), nor one that shares a card with an instance of the same
declaration it declared (two of the four "three aces"). So without `superseded_by` a seat
holding four may declare three instead - ADAM's rule, the undeclared point is lost - but
never three and four. The combinations that a drawn card completes (`extends_to_drawn`) are
new ones, declared on top (LOTO: "three aces 3, then the drawn fourth ace +4").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tressette_dsl.engine.events import Declared
from tressette_dsl.engine.state import DeclRecord, GameState, Reveal, set_at
from tressette_dsl.engine.step import Step
from tressette_dsl.expr import pattern_instances
from tressette_dsl.rules.model import Declaration, Ruleset, iter_cards

Option = tuple[Declaration, str, int]  # declaration, announced text, cards


def _instances(rules: Ruleset, decl: Declaration, basis: int) -> list[tuple[str, int]]:
    """(what is said, cards) per instance: the suit `D`, the rank `2`, or the rank and the
    missing suit `A-B` - the instance keys of `expr.pattern_instances`."""
    return [(inst.key, inst.cards) for inst in pattern_instances(decl.pattern, basis, rules.ctx)]


def options(
    rules: Ruleset, s: GameState, seat: int, basis: int, only_with: int = 0
) -> list[Option]:
    """Every instance `seat` may still declare from `basis` (containing `only_with`, if set)."""
    if not rules.declarations:
        return []
    found = _found(rules, basis)
    mine = [(r.decl, r.cards) for r in s.play.declarations if r.seat == seat]
    return offered(rules, found, mine, only_with)


def _found(rules: Ruleset, basis: int) -> dict[str, list[tuple[str, int]]]:
    """The instances of every declaration in `basis`, by declaration id. A pattern reads a
    hand only through its groups' masks (`pattern_instances`: `hand & mask`), so they are
    a function of `basis & relevant`, the union of those masks (the 3s, 2s and aces of
    the accusi): kept by it, as a hand is seldom seen twice but its relevant cards are
    (the found lists are shared; `offered` only reads them)."""
    entry = _FOUND.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_FOUND) > 64:  # many rulesets loaded (tests): start again
            _FOUND.clear()
        relevant = 0
        for decl in rules.declarations:
            for _key, mask in decl.pattern.groups:
                relevant |= mask
        entry = _FOUND[id(rules)] = (rules, relevant, {})
    _rules, relevant, memo = entry
    key = basis & relevant
    found = memo.get(key)
    if found is None:
        if len(memo) >= 4096:  # bounded: `relevant` may hold many cards
            memo.clear()
        found = memo[key] = {d.id: _instances(rules, d, key) for d in rules.declarations}
    return found


# id(rules) -> (rules, the cards the patterns read, the instances by those cards held)
_FOUND: dict[int, tuple[Ruleset, int, dict[int, dict[str, list[tuple[str, int]]]]]] = {}


def offered(
    rules: Ruleset,
    found: dict[str, list[tuple[str, int]]],
    mine: Sequence[tuple[str, int]],
    only_with: int = 0,
) -> list[Option]:
    """The options among the instances `found` (per declaration id) for a seat that has
    declared `mine` (declaration id, cards): the one rule both `options` and the compiled
    kernel's tabulated declarations (compiled/decltable.py) apply."""
    done = set(mine)
    out: list[Option] = []
    for decl in rules.declarations:
        if only_with and not decl.extends_to_drawn:
            continue
        texts: list[tuple[str, int]] = []
        for key, cards in found[decl.id]:
            if (decl.id, cards) in done or (only_with and not cards & only_with):
                continue
            if mine and not only_with and counted(decl.id, cards, mine):
                continue
            if any(
                cards & ~bigger == 0 for sup in decl.superseded_by for _key, bigger in found[sup]
            ):
                continue
            texts.append((key, cards))
        said = [t for t, _ in texts]
        for key, cards in texts:
            # an ambiguous short form names the cards instead
            text = (
                key
                if said.count(key) == 1
                else "+".join(rules.deck.card_text[c] for c in iter_cards(cards))
            )
            out.append((decl, text, cards))
    return out


def counted(decl_id: str, cards: int, mine: Iterable[tuple[str, int]]) -> bool:
    """The instance's cards are already counted by a declaration of the seat: one inside it
    or containing it, or one of the same declaration sharing a card with it."""
    for other_id, other in mine:
        if other & ~cards == 0 or cards & ~other == 0:
            return True
        if other_id == decl_id and other & cards:
            return True
    return False


def basis(s: GameState, seat: int) -> int:
    return s.cards.hands[seat] | s.window_played[seat]


def record(step: Step, seat: int, option: Option) -> None:
    """Make the declaration: log it, reveal the cards if the rules say so."""
    rules, s = step.rules, step.state
    decl, text, cards = option
    declaring = rules.declaring
    scored_now = declaring is not None and declaring.scored == "immediately"
    entry = DeclRecord(
        seat=seat,
        decl=decl.id,
        arg=text,
        cards=cards,
        points=decl.points,
        trick_no=s.play.trick_no,
        scored_now=scored_now,
    )
    step.set_play(declarations=(*s.play.declarations, entry))
    if declaring is None or declaring.reveal == "on_declare":
        shown = cards & s.cards.hands[seat]
        step.set_seen(
            public=set_at(s.seen.public, seat, s.seen.public[seat] | shown),
            reveals=(*s.seen.reveals, Reveal("declared", seat, cards, s.match.deal_no)),
        )
    step.emit(
        Declared(
            seat=seat, decl=decl.id, arg=text, points=decl.points, cards=rules.deck.texts(cards)
        )
    )


def declare_all(step: Step, seat: int, basis_mask: int, only_with: int = 0) -> None:
    """Mandatory declarations, and revealing announced ones: declare every instance - the
    larger first where one lies inside another (the four aces, not three of them), since
    the same cards count only once."""
    while True:
        found = options(step.rules, step.state, seat, basis_mask, only_with)
        largest = [o for o in found if not any(_inside(o[2], other[2]) for other in found)]
        if not largest:
            return
        record(step, seat, largest[0])


def _inside(cards: int, other: int) -> bool:
    """`cards` lies strictly inside `other`."""
    return cards != other and cards & ~other == 0
