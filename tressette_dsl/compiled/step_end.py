"""The step API's last card of a deal on `FastEnd`: scored and the next deal dealt in one call.

The card that ends the play costs the interpreter a chain of phases - the trick taken,
the score phase (`scoring.score_deal`: the sides' facts, the points formula through the
expression evaluator, the big-win conditions), the match check, the next deal (the shuffle,
the packets, the tricks phase's `enter`) - about a quarter of the step API's time on
`tressette` for one card in forty. `FastEnd.end` (compiled/dealend.py) already computes
exactly that state for the compiled playouts, with the formulas emitted as Python; the
compiled differential tests hold it to the interpreter's state. `last_card` hands the step
API that state and, when the caller keeps events, the events the interpreter emits for
it, rebuilt from the two states:

    CardPlayed, the features' card events, TrickWon, DealScored, then MatchEnded, or
    Dealt and TrumpSet (a trump this deal)

Whatever makes other events - a leftover taken from a zone, mandatory opening
declarations, a dummy's hand shown - or a ruleset `FastEnd` does not fit returns None,
and the caller plays the card the generic way. tests/unit/engine/test_step_end.py plays
random walks of every bundled ruleset with this path on and off and requires equal
states, events and legal lists.
"""

from __future__ import annotations

from tressette_dsl.compiled.contractend import ContractEnd
from tressette_dsl.compiled.dealend import FastEnd
from tressette_dsl.compiled.steps import PlayoutStats
from tressette_dsl.engine.actions import Play
from tressette_dsl.engine.events import (
    CardPlayed,
    DealScored,
    Dealt,
    Event,
    MatchEnded,
    TrickWon,
    TrumpSet,
)
from tressette_dsl.engine.phases.trick_features import TrickTable
from tressette_dsl.engine.phases.tricks import card_hooks_if_any, winner_of
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset


class Closer:
    """What `last_card` needs of one ruleset: its `FastEnd`, and whether the events of
    its deal's end are the fixed sequence above (else events are left to the caller);
    or, for a contract game, its `ContractEnd` (no events: those keep the generic path)."""

    __slots__ = ("contract", "fast", "logs")

    def __init__(self, fast: FastEnd | None, contract: ContractEnd | None = None) -> None:
        self.fast, self.contract = fast, contract
        rules = fast.rules if fast is not None else None
        d = rules.declaring if rules is not None else None
        # mandatory opening declarations emit `Declared` events of their own, a dummy
        # `HandShown` ones (`occupancy.after_deal`)
        self.logs = rules is not None and not (
            (d is not None and d.at == "before_first_trick" and d.mandatory)
            or rules.players.dummy is not None
        )


def closer(rules: Ruleset) -> Closer | None:
    """The ruleset's `Closer`: its `FastEnd`, else its `ContractEnd`, else None."""
    fast = FastEnd.build(rules)
    if fast is not None:
        return Closer(fast)
    contract = ContractEnd.build(rules)
    return None if contract is None else Closer(None, contract)


def last_card(
    found: Closer,
    hooks: TrickTable,
    s: GameState,
    *,
    seat: int,
    card: int,
    action: Play,
    log: bool,
) -> tuple[GameState, tuple[Event, ...]] | None:
    """`apply` of `action` (`card`, by `seat`), the last card of the deal: the state after
    it (scored, the match over or the next deal begun) and, with `log`, its events; None
    when the generic path must play it."""
    if log and (not found.logs or any(s.cards.zones)):
        return None  # a leftover taken (`LeftoverTaken`) or declarations made: generic
    if found.fast is None:  # a contract game, without events: `ContractEnd.end`
        assert found.contract is not None
        return found.contract.end(s, action, PlayoutStats()), ()
    fast = found.fast
    new = fast.end(s, seat, card, action.signals)
    if new is None:
        return None
    if not log:
        return new, ()
    return new, _events(fast, hooks, s, new, seat=seat, card=card, action=action)


def _events(
    fast: FastEnd,
    hooks: TrickTable,
    s: GameState,
    new: GameState,
    *,
    seat: int,
    card: int,
    action: Play,
) -> tuple[Event, ...]:
    """The interpreter's events of the last card `card` of `seat` (`s` before it, `new`
    after it: the next deal begun), in its order."""
    rules = fast.rules
    deck = rules.deck
    text = deck.card_text
    play = s.play
    _changes, after = card_hooks_if_any(
        hooks, s, seat, card, action, window_open=s.window_open
    )  # pure: the hooks fill a fresh `Changes` and return their events
    trick = (*s.cards.trick, (seat, card))
    mask = 0
    for _x, c in trick:
        mask |= 1 << c
    record = new.match.deals[-1]
    out: list[Event] = [
        CardPlayed(seat, action.card, play.trick_no),
        *after,
        TrickWon(
            play.trick_no,
            winner_of(rules, trick, play.trump),
            tuple([text[c] for _x, c in trick]),
            deck.units(mask),
        ),
        DealScored(
            record.deal_no, True, record.points, record.deltas, record.totals, record.big_win
        ),
    ]
    outcome = new.match.outcome
    if outcome is not None:  # `match.end_match`: nothing is dealt
        out.append(MatchEnded(outcome.winners, outcome.reason, new.match.totals))
        return tuple(out)
    out.append(_dealt(fast, new))
    trump = new.play.trump
    if trump is not None:
        out.append(TrumpSet(deck.suits[trump]))
    return tuple(out)


def _dealt(fast: FastEnd, new: GameState) -> Dealt:
    """The `Dealt` of the deal `new` begins: each hand's cards in the order dealt (the
    shuffle's, memoised by `FastEnd` as it dealt them, cut by its packet plan), each
    zone's as the state holds them (`deal._in_order`)."""
    rules = fast.rules
    text = rules.deck.card_text
    n = new.n
    order = fast.shuffles.order(new.seed, new.match.deal_no)
    to_hands, _monte, _stock = fast._plan(new.match.dealer, n, len(order))
    hands: list[list[str]] = [[] for _ in range(n)]
    for x, start, end in to_hands:
        hands[x] += [text[c] for c in order[start:end]]
    return Dealt(
        deal_no=new.match.deal_no,
        dealer=new.match.dealer,
        hands=tuple([tuple(h) for h in hands]),
        zones=tuple(
            [
                (zone.id, tuple([text[c] for c in cards]))
                for zone, cards in zip(rules.zones, new.cards.zones, strict=True)
            ]
        ),
    )
