"""The fused card play of a trick phase: `apply` and `legal_actions` without the layers.

The reference semantics of a card played is `game.apply` running the trick phase's `act`
on a `Step` (`tricks._play`, then `_advance` when the phase ends); of the legal list,
`tricks._play_legal`. For the commonest transitions of play - a card that leaves the
trick open, a lead whose only hooks are its signals, the card that completes a trick
when the next one begins at once (`tricks._next_trick_now`) - `play_card` does that same
work in one function: no `Step`, no phase dispatch, no list of events to copy, the parts
built once. It answers None, before it has changed anything, for a card that needs more
(a round after the lead, a trick whose end runs features or ends the play, a match
checked after every card), and `apply` then takes the generic path. `play_legal` is
`_play_legal` with the bare plays of a set of playable cards kept per set (one tuple,
built once: a follow offers the same few again and again).

Both are guarded by tests/unit/engine/test_fused_card_play.py, which plays random walks
on every bundled ruleset with them on and off and requires equal states, events, legal
lists and refusals. `ENABLED` switches them off (the test's generic path).
"""

from __future__ import annotations

from typing import Any, Final

from tressette_dsl.cardsets import iter_bits
from tressette_dsl.engine.actions import Action, Play
from tressette_dsl.engine.events import Event
from tressette_dsl.engine.phases import trick_features, tricks
from tressette_dsl.engine.phases.common import plays_for
from tressette_dsl.engine.phases.trick_features import TrickTable, table
from tressette_dsl.engine.phases.trick_features.base import Changes, TricksLocal, window
from tressette_dsl.engine.phases.tricks import (
    _CARD_PLAYED,
    _CARDS,
    _CURSOR,
    _TRICK_PLAY,
    _TRICK_RECORD,
    _TRICK_WON,
    _TRICKS_LOCAL,
    TricksPhase,
    _card_hooks,
    _changed,
    winner_of,
)
from tressette_dsl.engine.state import GameState, TrickPlay, set_at
from tressette_dsl.rules.model import Ruleset

# Off: `game.apply` and `game.legal_actions` take the generic path for every card (the
# differential test's reference run).
ENABLED = True


def _hooks(rules: Ruleset, spec: TricksPhase) -> TrickTable:
    """The features' hooks of the phase (`trick_features.table`, its last answer inline)."""
    hooks = spec.hooks
    if hooks is None:
        last = trick_features.LAST
        hooks = last[2] if last[1] is spec and last[0] is rules else table(rules, spec)
    return hooks


def play_card(
    rules: Ruleset, spec: TricksPhase, s: GameState, action: Play, log: bool
) -> tuple[GameState, tuple[Event, ...]] | None:
    """`apply` of `action`, a card listed for `s` (checked then), in the `play` sub-state
    of trick phase `spec`, the deal not just ended: the new state and the events (() when
    not `log`), exactly as the generic path makes them; None when this card needs the
    generic path (nothing has been changed then)."""
    if rules.match.check == "immediately":
        return None  # `act` checks the match after every card
    hooks = _hooks(rules, spec)
    cards = s.cards
    before = cards.trick
    if not before and hooks.on_lead:
        return None  # a round may start after the lead: `_after_lead`
    seat = s.cursor.to_act
    assert seat is not None
    card = rules.deck.by_text[action.card]
    bit = 1 << card
    trick = (*before, (seat, card))
    local = s.local if type(s.local) is TricksLocal else window(s)
    changes: Changes | None = None
    after: tuple[Event, ...] = ()
    if (
        (local.window_open and hooks.on_card_in_window)
        or (action.signals and hooks.on_card_with_signals)
        or hooks.on_card
    ):
        changes = Changes()
        after = _card_hooks(
            hooks, s, seat, card, action, in_window=local.window_open, changes=changes
        )
    items = list(cards.hands)  # `set_at`, written out: the seat is always in range
    items[seat] &= ~bit
    hands = tuple(items)
    played = set_at(cards.played, seat, cards.played[seat] | bit)
    play = s.play
    if changes is not None and changes.signals is not None:
        play = play.but(signals=changes.signals)
    following: tuple[bool, bool] | None = None
    if len(trick) == s.n:  # it completes the trick
        # through the module: a test that watches (or switches off) the generic path's
        # shortcut sees this one too
        following = tricks._next_trick_now(rules, spec, hooks, s, hands)
        if following is None:
            return None  # the trick's end runs features, or the play ends: `_after_trick`
    new = object.__new__(GameState)  # one copy of the record; the parts below replace
    fields = new.__dict__
    fields.update(s.__dict__)
    winner = mask = 0
    if following is not None:
        winner, mask = _take(rules, fields, s, trick=trick, hands=hands, played=played)
        play = _next_trick(play, trick, winner, following[0])
    else:
        fields["cards"] = _CARDS(
            hands=hands,
            zone_ids=cards.zone_ids,
            zones=cards.zones,
            won=cards.won,
            trick=trick,
            played=played,
        )
        c = s.cursor
        fields["cursor"] = _CURSOR(
            phase=c.phase,
            sub=c.sub,
            step=c.step,
            to_act=rules.players.next(seat),
            pending=c.pending,
        )
    if play is not s.play:
        fields["play"] = play
    public = s.seen.public
    if public[seat] & bit:
        fields["seen"] = s.seen.but(public=set_at(public, seat, public[seat] & ~bit))
    if changes is not None:
        local = _changed(fields, s, changes, local)
    if following is not None:
        local = _TRICKS_LOCAL(following[1], local.window_played)
    fields["local"] = local
    if not log:
        return new, ()
    return new, _events(
        rules, s, action, after, trick=trick, winner=winner, mask=mask, following=following
    )


def _take(
    rules: Ruleset,
    fields: dict[str, Any],
    s: GameState,
    *,
    trick: tuple[tuple[int, int], ...],
    hands: tuple[int, ...],
    played: tuple[int, ...],
) -> tuple[int, int]:
    """The card completes `trick` and the next one begins: its winner takes the cards and
    leads (the new `Cards` and `Cursor` into `fields`, as `tricks._complete` makes them);
    (winner, the cards of the trick)."""
    winner = winner_of(rules, trick, s.play.trump)
    mask = 0
    for _seat, one in trick:
        mask |= 1 << one
    cards, c = s.cards, s.cursor
    won = cards.won
    fields["cards"] = _CARDS(
        hands=hands,
        zone_ids=cards.zone_ids,
        zones=cards.zones,
        won=set_at(won, winner, won[winner] | mask),
        trick=(),
        played=played,
    )
    fields["cursor"] = _CURSOR(phase=c.phase, sub="play", step=c.step, to_act=winner, pending=())
    return winner, mask


def _events(
    rules: Ruleset,
    s: GameState,
    action: Play,
    after: tuple[Event, ...],
    *,
    trick: tuple[tuple[int, int], ...],
    winner: int,
    mask: int,
    following: tuple[bool, bool] | None,
) -> tuple[Event, ...]:
    """The card's events, in the generic path's order: the card, its hooks' events (its
    signals...), the trick won when it completed one."""
    trick_no = s.play.trick_no
    seat = trick[-1][0]
    if following is None:
        return (_CARD_PLAYED(seat, action.card, trick_no), *after)
    deck = rules.deck
    text = deck.card_text
    won = _TRICK_WON(trick_no, winner, tuple([text[x] for _s, x in trick]), deck.units(mask))
    return (_CARD_PLAYED(seat, action.card, trick_no), *after, won)


def _next_trick(
    play: TrickPlay, trick: tuple[tuple[int, int], ...], winner: int, must_follow: bool
) -> TrickPlay:
    """The trick play once `winner` took `trick`, with the next trick begun (as
    `tricks._complete` builds it)."""
    return _TRICK_PLAY(
        trick_no=play.trick_no + 1,
        leader=winner,
        must_follow=must_follow,
        trump=play.trump,
        last_winner=winner,
        tricks_won=set_at(play.tricks_won, winner, play.tricks_won[winner] + 1),
        tricks=(
            *play.tricks,
            _TRICK_RECORD(play.trick_no, play.leader or 0, trick, winner, play.must_follow),
        ),
        declarations=play.declarations,
        announced=play.announced,
        revealed_announce=play.revealed_announce,
        drawn=play.drawn,
        signals=play.signals,
    )


# Per deck (`card_text`, by identity) and set of playable cards: its bare plays, in card
# order. Bounded: a process plays a few decks; a lead's ten-card sets are many, so the
# table starts again once it holds `_MAX_SETS`.
_BARE: dict[int, tuple[tuple[str, ...], dict[int, tuple[Action, ...]]]] = {}
_MAX_SETS: Final = 8192


def _bare(card_text: tuple[str, ...], mask: int) -> tuple[Action, ...]:
    """The bare plays of the cards of `mask` (shared `Play` records), kept per set."""
    entry = _BARE.get(id(card_text))
    if entry is None or entry[0] is not card_text:
        entry = _BARE[id(card_text)] = (card_text, {})
    sets = entry[1]
    found = sets.get(mask)
    if found is None:
        if len(sets) >= _MAX_SETS:
            sets.clear()
        plays = plays_for(card_text)
        found = sets[mask] = tuple([plays[one] for one in iter_bits(mask)])
    return found


def play_legal(rules: Ruleset, spec: TricksPhase, s: GameState) -> tuple[Action, ...]:
    """`tricks._play_legal` for the seat to act in the `play` sub-state: the same tuple."""
    hooks = _hooks(rules, spec)
    seat = s.cursor.to_act
    assert seat is not None
    hand = s.cards.hands[seat]
    trick = s.cards.trick
    mask = hand
    if trick and s.play.must_follow:  # `tricks.playable`
        deck = rules.deck
        mask = hand & deck.suit_mask[deck.card_suit[trick[0][1]]] or hand
    out: tuple[Action, ...] | None = None
    if hooks.plays is not None:
        offers = hooks.plays(rules, s, seat, iter_bits(mask))
        if offers is not None:
            out = tuple(offers)
    if out is None:
        out = _bare(rules.deck.card_text, mask)
    for extras in hooks.extras:  # declarations, a claim: mostly none
        more = extras(rules, s, seat)
        if more:
            out = (*out, *more)
    return out
