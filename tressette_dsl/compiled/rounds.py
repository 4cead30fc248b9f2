"""Declaring and announcing rounds of the tricks phase, played without the step machinery.

A round is a few decisions per deal (each seat from the trick's winner declares what it
may, or announces, then says done); the interpreter would make each a full `apply` with
its checks and events. This plays them on the `GameState` directly, exactly as the tricks
phase does (`declare.options`, `declare.record` without the event), and leaves the one step
that would end the play - leftover, scoring, the next deal - to the interpreter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tressette_dsl.compiled.steps import Chooser, PlayoutStats, apply_counted
from tressette_dsl.engine import declare
from tressette_dsl.engine.game import legal_actions
from tressette_dsl.engine.state import DeclRecord, GameState, Reveal, set_at
from tressette_dsl.rules.model import Ruleset

if TYPE_CHECKING:  # the cache imports `dealend`, which uses `declared` from here
    from tressette_dsl.compiled.cache import CompiledRuleset
    from tressette_dsl.compiled.kernel import Kernel


def in_round(compiled: CompiledRuleset, state: GameState) -> bool:
    """A declaring or announcing round of the tricks phase is waiting for a seat."""
    return (
        compiled.run is not None
        and not state.over
        and state.to_act is not None
        and state.phase == compiled.generated.phase_index
        and state.sub in ("declare", "announce")
    )


def round_step(
    rules: Ruleset, state: GameState, choose: Sequence[Chooser], stats: PlayoutStats
) -> GameState:
    """One decision of a declaring (or announcing) round, as the tricks phase makes it:
    declare one of the options (the seat stays to act) or announce, or say done (the next
    seat, or back to the play). The step that would end the play is the interpreter's."""
    s = state
    seat = s.to_act
    assert seat is not None
    if s.sub == "declare":
        options = declare.options(rules, s, seat, declare.basis(s, seat))
    else:
        options = declare.options(rules, s, seat, s.hands[seat])[:1]  # may announce: once
    i = choose[seat](len(options) + 1)
    stats.actions += 1
    if i < len(options) and s.sub == "declare":
        return declared(rules, s, seat, options[i])
    if i < len(options):  # announce: remember the hand, then as done
        s = s.replace(announced=set_at(s.announced, seat, s.hands[seat]))
    pending = s.pending[1:]
    if pending:
        return s.replace(pending=pending, to_act=pending[0], deal_ended=False)
    if not s.trick and not any(s.hands):  # the play is over: leftover and scoring
        stats.actions -= 1
        return apply_counted(rules, state, legal_actions(rules, state)[i], stats)
    nxt = s.leader if not s.trick else rules.players.next(s.trick[-1][0])
    return s.replace(sub="play", pending=(), to_act=nxt, deal_ended=False)


def declared(rules: Ruleset, s: GameState, seat: int, option: declare.Option) -> GameState:
    """`declare.record` without the event: log the declaration, show its cards."""
    decl, text, cards = option
    d = rules.declaring
    assert d is not None
    entry = DeclRecord(
        seat=seat,
        decl=decl.id,
        arg=text,
        cards=cards,
        points=decl.points,
        trick_no=s.trick_no,
        scored_now=d.scored == "immediately",
    )
    if d.reveal != "on_declare":
        return s.replace(declarations=(*s.declarations, entry), deal_ended=False)
    return s.replace(
        declarations=(*s.declarations, entry),
        public=set_at(s.public, seat, s.public[seat] | (cards & s.hands[seat])),
        reveals=(*s.reveals, Reveal("declared", seat, cards, s.deal_no)),
        deal_ended=False,
    )


def kernel_round(rules: Ruleset, k: Kernel, choose: Sequence[Chooser]) -> int | None:
    """The declaring round that the generated loop stopped for at the start of a trick
    (`k.stop == 8`, or a deal the kernel dealt with a round before its first trick),
    played on the kernel's own state as `round_step` plays it on a `GameState`: from the
    seat to act, each seat declares one of its options (and may declare again) or says
    done; then the trick's leader plays on. Returns the number of decisions, or None
    (nothing done) when the round is not of that plain kind: cards are left in no hand
    (the round that ends the play is the interpreter's). The declarations made go to the
    kernel's records (`k.decls`), which its tabulated options read, and their reveals to
    its log of reveals, in turn with the drawn cards shown."""
    d = rules.declaring
    if d is None or k.trick or not any(k.hands):
        return None
    on_declare = d.reveal == "on_declare"
    scored_now = d.scored == "immediately"
    decisions = 0
    table, decls, hands, wplayed = k.table, k.decls, k.hands, k.wplayed
    options_of = table.options
    # a seat that declared nothing yet: its options straight from the table's memo
    fresh, relevant = table.fresh, table.relevant
    grb = k.grb  # the seats' getrandbits under the random policy: the draw written out
    # the seats with a declaration this deal (none, mostly: no comprehension made then)
    declared = {r.seat for r in decls} if decls else set()
    for seat in _orders(rules)[k.seat]:
        while True:
            basis = hands[seat] | wplayed[seat]
            options = None
            if relevant is not None and seat not in declared:
                options = fresh.get(basis & relevant)
            if options is None:
                options = options_of([(r.decl, r.cards) for r in decls if r.seat == seat], basis)
            n = len(options) + 1
            if grb is None:
                i = choose[seat](n)
            else:  # `draws._fast_randrange`, inline
                g = grb[seat]
                bits = n.bit_length()
                i = g(bits)
                while i >= n:
                    i = g(bits)
            decisions += 1
            if i >= n - 1:
                break
            decl, text, cards = options[i]
            declared.add(seat)
            decls.append(
                DeclRecord(
                    seat=seat,
                    decl=decl.id,
                    arg=text,
                    cards=cards,
                    points=decl.points,
                    trick_no=k.trick_no,
                    scored_now=scored_now,
                )
            )
            if on_declare:
                k.public[seat] |= cards & hands[seat]
                k.reveal_log.extend((~seat, cards))  # a declared reveal, in turn
    k.rounds += decisions
    return decisions


_ORDERS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def _orders(rules: Ruleset) -> tuple[tuple[int, ...], ...]:
    """`players.order_from` of every seat, once per table shape."""
    key = (rules.players.count, rules.players.step)
    found = _ORDERS.get(key)
    if found is None:
        found = _ORDERS[key] = tuple(
            rules.players.order_from(s) for s in range(rules.players.count)
        )
    return found
