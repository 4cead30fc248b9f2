"""The contract phases of a playout without the step API: auctions, calls, exchanges.

In a contract game the decisions before the trick play (bids, the call, the declarer's
choice of contract, the cards given, discarded and taken) are the interpreter's. Played
through `legal_actions` and `apply`, each of them builds its whole list of actions (forty
`Call`s for a call of any card, fifty-nine `Bid`s for a bid that names points), keeps it
on the state, builds a fresh `Step`, and every phase ended walks `_advance` on its own.

`contract_run` plays a run of such decisions in one go, on one `Step`: for each it counts
the choices in the interpreter's canonical order without building them (`_count_*`, the
same tests the phase kind's `legal` makes, from the kind's own helpers), draws the index
with the seat's chooser exactly as the random agent draws from the list, builds only the
chosen action and hands it to the phase kind's own `act`; a phase that ends goes on
through the interpreter's `_advance` (or `_restart`, a deal everybody passed) as `apply`
does, the phases' `when` emitted as Python (`gates`). So the states are the interpreter's
by construction; what is saved is the lists, the checks and the per-action bookkeeping.
An auction's speeches and a seat's takes of a count go further (`speeches`, `takes`):
all but the last of them are made on locals, and the state is written once before the
last, which the kind's own `act` makes; a discard of a fixed count is made on locals
to the phase's end, every seat's cards, the state written once (`discards`). A flow
whose deal is followed by an auction and a call, or a call, then the tricks, runs from
its first decision to the play's start without `_advance` in between (`prelude`, session
13), with the same `speeches` and `called`. The run stops
at the first decision it does not play (the trick play: the kernel's loop takes over),
at the end of a deal or of the match, or at a phase whose options it does not count
(`PLAYED` lists the kinds and the shapes; anything else is the interpreter's, one
action at a time).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tressette_dsl.cardsets import nth_bit
from tressette_dsl.compiled.calls import called
from tressette_dsl.compiled.discards import discards
from tressette_dsl.compiled.gates import gates_of
from tressette_dsl.compiled.prelude import prelude_of
from tressette_dsl.compiled.speeches import nth_speech, runs, speeches
from tressette_dsl.compiled.steps import Chooser, PlayoutStats
from tressette_dsl.compiled.takes import takes
from tressette_dsl.engine import to_act
from tressette_dsl.engine.actions import Action, Call, Choose, Discard, Done, Give, Keep
from tressette_dsl.engine.actions import Take as TakeCard
from tressette_dsl.engine.arguments import trust
from tressette_dsl.engine.game import _advance, _restart
from tressette_dsl.engine.phases import PHASE_KINDS
from tressette_dsl.engine.phases import call as call_kind
from tressette_dsl.engine.phases import discard as discard_kind
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.rules.phases.auction import AuctionPhase
from tressette_dsl.rules.phases.call import CallPhase
from tressette_dsl.rules.phases.choose import ChoosePhase
from tressette_dsl.rules.phases.discard import DiscardPhase
from tressette_dsl.rules.phases.give import GivePhase
from tressette_dsl.rules.phases.take import TakePhase

# (number of choices, the i-th choice's action): the options of the seat to act, in
# the order of the phase kind's `legal`, counted without building them
Options = tuple[int, Callable[[int], Action]]


def _cards(rules: Ruleset, mask: int, make: Callable[[str], Action]) -> Options:
    text = rules.deck.card_text
    return mask.bit_count(), lambda i: make(text[nth_bit(mask, i)])


def _count_auction(rules: Ruleset, spec: AuctionPhase, s: GameState) -> Options:
    """`auction.legal`: each bid allowed and higher than the current one (a bid that names
    points once per number of points from the lowest that is higher), then pass."""
    found = runs(spec, s)
    return found[1], lambda i: nth_speech(found, i)


def _count_call(rules: Ruleset, spec: CallPhase, s: GameState) -> Options:
    return _cards(rules, _call_cards(rules, spec, s), Call)


def _call_cards(rules: Ruleset, spec: CallPhase, s: GameState) -> int:
    """`call.callable_cards`, its `cards` emitted (`gates`: no `deal_env`); where that
    does not emit or raises, the phase kind's own (its error, then)."""
    emitted = gates_of(rules).calls[s.cursor.phase]
    cards = None
    if emitted is not None:
        try:
            cards = int(emitted(s)) & rules.deck.full_mask
        except Exception:
            cards = None
    if cards is None:
        cards = call_kind.callable_cards(rules, spec, s)
    elif spec.ranks:
        cards = call_kind.by_priority(rules, spec.ranks, cards)
    return cards


def _count_choose(rules: Ruleset, spec: ChoosePhase, s: GameState) -> Options:
    options = spec.options

    def nth(i: int) -> Action:
        return Choose(options[i]) if i < len(options) else Keep()

    return len(options) + bool(spec.keep), nth


def _count_give(rules: Ruleset, spec: GivePhase, s: GameState) -> Options:
    seat = s.cursor.to_act
    assert seat is not None
    return _cards(rules, s.cards.hands[seat], Give)


def _count_discard(rules: Ruleset, spec: DiscardPhase, s: GameState) -> Options:
    seat = s.cursor.to_act
    assert seat is not None
    n, nth = _cards(rules, s.cards.hands[seat], Discard)
    if spec.at_least is not None and s.cursor.step >= discard_kind._count(
        rules, spec, s, seat, least=True
    ):
        return n + 1, lambda i: nth(i) if i < n else Done()
    return n, nth


def _count_take(rules: Ruleset, spec: TakePhase, s: GameState) -> Options:
    """`take.legal`: the zone's cards, lowest first, then `done` when the count is open."""
    cards = sorted(s.zone(spec.source))
    text = rules.deck.card_text
    n = len(cards)

    def nth(i: int) -> Action:
        return TakeCard(text[cards[i]]) if i < n else Done()

    return n + (spec.count is None), nth


# phase kind -> (the cursor's `sub` while it asks, the counter of its options)
PLAYED: dict[str, tuple[str, Callable[..., Options]]] = {
    "auction": ("bid", _count_auction),
    "call": ("call", _count_call),
    "choose": ("choose", _count_choose),
    "give": ("give", _count_give),
    "discard": ("discard", _count_discard),
    "take": ("take", _count_take),
}


def plays(rules: Ruleset) -> bool:
    """Does `contract_run` apply to `rules` at all: a flow that begins with its deal (a
    new deal is then counted by its number, as the interpreter counts its `Dealt`
    event) and has a phase whose decisions it plays, and no seat played by another
    (`seating.dummy`: the deciding seat is then its owner's, the interpreter's). Asked
    at every step outside the trick loop: the answer is kept per ruleset object."""
    known = _PLAYS.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    answer = (
        bool(rules.flow)
        and rules.flow[0].kind == "deal"
        and rules.players.dummy is None
        and any(p.kind in PLAYED for p in rules.flow)
    )
    if len(_PLAYS) > 256:  # rulesets built on the fly (tests, house rules): bounded
        _PLAYS.clear()
    _PLAYS[id(rules)] = (rules, answer)
    return answer


_PLAYS: dict[int, tuple[Ruleset, bool]] = {}


def phase_notes(rules: Ruleset, *, kernel_end: bool = False) -> list[str]:
    """The coverage notes of the phases other than the tricks, which the interpreter
    plays: those whose decisions `contract_run` plays say so, and with `kernel_end`
    (`contractend.ContractEnd` applies) the score phase and the deals after a scored deal,
    which the kernel's side plays."""
    batched = plays(rules)
    notes = []
    for phase in rules.flow:
        if phase.kind == "tricks":
            continue
        note = f"phase {phase.id!r} ({phase.kind})"
        if batched and phase.kind in PLAYED:
            note += ": its decisions in one run (compiled.contract)"
        elif kernel_end and phase.kind == "score":
            note += ": scored on the kernel's side (compiled.contractend)"
        elif kernel_end and phase.kind == "deal":
            note += (
                ": after a scored deal or a deal everybody passed, shuffled and dealt "
                "on the kernel's side (compiled.contractend); the first deal, the "
                "interpreter's"
            )
        notes.append(note)
    return notes


def _asking(rules: Ruleset, s: GameState) -> tuple[Any, Callable[..., Options]] | None:
    """The phase spec and option counter of the decision `s` waits for, if it plays it
    (a deal that has just ended is left to the caller, which may stop there)."""
    if s.match.over or s.cursor.to_act is None:
        return None
    spec = rules.flow[s.cursor.phase]
    played = PLAYED.get(spec.kind)
    if played is None or played[0] != s.cursor.sub:
        return None
    return spec, played[1]


def contract_run(
    rules: Ruleset,
    state: GameState,
    choose: Sequence[Chooser],
    stats: PlayoutStats,
    restart: Callable[[Step], None] = _restart,
) -> GameState | None:
    """The decisions from `state` on, while they are contract phases' (None: `state`
    waits for none of them). Each is counted in `stats` as the interpreter's step counts
    it; the state returned is the interpreter's after the same choices. `restart` deals
    again after a deal everybody passed: `game._restart`, or the same on the kernel's
    side (`ContractEnd.restart`: the next deal by `Packets`)."""
    asking = _asking(rules, state)
    if asking is None:
        return None
    if state.match.deal_ended:  # as `apply` clears it at the deal's first action
        state = state.with_parts(match=state.match.but(deal_ended=False))
    step = Step(rules, state, False)
    deal_no = state.match.deal_no
    gates = gates_of(rules)  # the phases' `when` (and a tricks phase's start) as Python
    passes, enter = gates.passes, gates.enter
    prelude = prelude_of(rules)  # the deal's start to the play's on plain values
    begins = -1 if prelude is None else prelude.start
    while asking is not None:
        spec, count = asking
        if step.state.cursor.phase == begins:  # the auction or call on, written once
            assert prelude is not None
            prelude.run(step, choose, stats, speeches, called)
            done = False  # the run enters what follows itself (a deal passed: `restart`)
        elif spec.kind == "auction":  # the speeches on locals, the last one by `act`
            done = speeches(rules, spec, step, choose, stats)
        elif (
            spec.kind == "discard"
            and (laid := discards(rules, spec, step, choose, stats)) is not None
        ):
            done = laid  # the phase's cards on locals, every seat's, the state written once
        elif spec.kind == "take" and (got := takes(rules, spec, step, choose, stats)) is not None:
            done = got  # a seat's takes on locals, its last by `act` unless the phase ends
        elif spec.kind == "call":  # the call's changes written at once (`calls`)
            cards = _call_cards(rules, spec, step.state)
            seat = to_act(step.state, rules)
            assert seat is not None
            card = nth_bit(cards, choose[seat](cards.bit_count()))
            stats.actions += 1
            done = called(step, spec, card)
        else:
            s = step.state
            n, nth = count(rules, spec, s)
            seat = to_act(s, rules)
            assert seat is not None
            action = nth(choose[seat](n))
            stats.actions += 1
            done = PHASE_KINDS[spec.kind].act(step, spec, action)
        if done:
            _advance(step, passes, enter)
        elif step.restart:
            restart(step)
        after = step.state
        asking = None if after.match.deal_ended else _asking(rules, after)
    stats.deals_dealt += step.state.match.deal_no - deal_no
    return trust(rules, step.state)


__all__ = ["PLAYED", "contract_run", "phase_notes", "plays"]
