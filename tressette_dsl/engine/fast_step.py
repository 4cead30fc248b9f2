"""The step API's fast path for a card play: its legal list and its `apply`.

Most decisions of a deal are a card played in the middle of a trick. The generic path
(`game.apply` -> a `Step` -> the phase kind's `act` -> `tricks._play`, and
`game.legal_actions` -> the kind's `legal` -> the features' hooks) makes a dozen Python
calls for it; this module does the same work in one, from a `Plan` worked out once per
ruleset and trick phase:

* **legal actions** of a seat that plays a card, when they are a function of the cards it
  may play alone (no signal offered at this moment, and the features' extra actions
  constant: none, or `claim` under a constant `claims.allowed`): one tuple per card set,
  kept in the plan (`lists`) and shared by every state that offers it;
* **apply** of a listed card that neither completes the trick nor wakes a feature (no
  signal made with it, the declaring window shut or unwatched, no round after the lead,
  and every per-card hook quiet for this card - `TrickFeature.quiet_card`): the state
  copied once with the new `Cards` and `Cursor`, exactly as `tricks._play` writes them.

Anything else returns None and the caller takes the generic path, which stays the
reference semantics: tests/unit/engine/test_step_fast_paths.py plays random walks of every
bundled ruleset with `ENABLED` on and off and requires equal states, events and legal
lists at every step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from tressette_dsl.engine import signals
from tressette_dsl.engine.actions import Action, Claim, Play
from tressette_dsl.engine.events import CardPlayed, Event, TrickWon
from tressette_dsl.engine.maker import maker
from tressette_dsl.engine.phases import tricks
from tressette_dsl.engine.phases.common import plays_for
from tressette_dsl.engine.phases.trick_features import TrickTable, claims, partner, table
from tressette_dsl.engine.phases.trick_features import signals as signal_feature
from tressette_dsl.engine.phases.trick_features.base import TricksLocal
from tressette_dsl.engine.state import Cards, Cursor, GameState, Knowledge
from tressette_dsl.rules.model import NO_CONST, Ruleset, iter_cards
from tressette_dsl.rules.phases.tricks import TricksPhase

ENABLED = True  # the differential test switches it off: every step the generic way

_MAX_LISTS: Final = 8192  # card sets remembered per plan (then forgotten and begun again)

QuietCard = Callable[[GameState, int], bool]


class Plan:
    """What the fast path needs of one ruleset's trick phase, worked out once."""

    __slots__ = (
        "by_text",
        "hooks",
        "rules",
        "spec",
        "follow_plain",
        "lead_plain",
        "lists",
        "n",
        "next_seat",
        "on_lead",
        "plays",
        "quiet",
        "signal_hooks",
        "suit_of_card",
        "tail",
        "window_hooks",
    )

    def __init__(self, rules: Ruleset, spec: TricksPhase, hooks: TrickTable) -> None:
        self.rules, self.spec, self.hooks = rules, spec, hooks
        deck = rules.deck
        self.n = rules.players.count
        self.by_text = deck.by_text
        self.plays = plays_for(deck.card_text)
        # the cards of the suit of each card: the follow-suit mask of a trick led by it
        self.suit_of_card = tuple(deck.suit_mask[suit] for suit in deck.card_suit)
        self.next_seat = tuple(rules.players.next(seat) for seat in range(self.n))
        # the signals' `plays` hook lists the bare cards when no signal is offered at the
        # moment; another hook keeps its lists on the generic path
        known = hooks.plays is None or hooks.plays is signal_feature.plays
        said = hooks.plays is not None
        self.lead_plain = known and not (said and signals.offered_now(rules, "lead"))
        self.follow_plain = known and not (said and signals.offered_now(rules, "follow"))
        self.tail = _constant_extras(rules, hooks)
        self.lists: dict[int, tuple[Action, ...]] = {}
        quiet = [_QUIET.get(hook) for hook in hooks.on_card]
        self.quiet: tuple[QuietCard, ...] | None = (
            None if any(q is None for q in quiet) else tuple(q for q in quiet if q is not None)
        )
        self.signal_hooks = bool(hooks.on_card_with_signals)
        self.window_hooks = bool(hooks.on_card_in_window)
        self.on_lead = bool(hooks.on_lead)

    def build(self, playable: int) -> tuple[Action, ...]:
        """The legal list of a seat that may play the cards `playable`: each card's shared
        `Play` in deck order, then the constant extras (as `tricks._play_legal`)."""
        lists = self.lists
        if len(lists) >= _MAX_LISTS:
            lists.clear()
        plays = self.plays
        assert self.tail is not None
        found = lists[playable] = (*[plays[card] for card in iter_cards(playable)], *self.tail)
        return found


def _constant_extras(rules: Ruleset, hooks: TrickTable) -> tuple[Action, ...] | None:
    """The actions the features add after the cards when they never change: none, or a
    claim allowed by a constant rule; None when some extra depends on the state."""
    out: list[Action] = []
    for extra in hooks.extras:
        if extra is not claims.extras or rules.claims is None:
            return None
        allowed = rules.claims.allowed
        if allowed.const is NO_CONST:
            return None
        if allowed.const:
            out.append(Claim())
    return tuple(out)


def _quiet_partner(s: GameState, card: int) -> bool:
    contract = s.contract_part
    return card != contract.called_card or contract.partner_revealed


# Per-card hooks and when they do nothing for a card (exactly: they then return () and
# change nothing); a hook not listed here keeps its cards on the generic path.
_QUIET: dict[Any, QuietCard] = {partner.on_card: _quiet_partner}

_PLANS: dict[int, tuple[Ruleset, tuple[Plan | None, ...]]] = {}
LAST: list[Any] = [None, ()]  # [rules, plans by phase index]: the one asked last


def plans(rules: Ruleset) -> tuple[Plan | None, ...]:
    """Per phase of `rules.flow`: its `Plan` when it is a trick phase the fast path may
    play (not with `match.check: immediately`, which checks the match after every card),
    else None; worked out once per ruleset."""
    if LAST[0] is rules:
        known: tuple[Plan | None, ...] = LAST[1]
        return known
    entry = _PLANS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_PLANS) > 256:  # many rulesets loaded (tests): start again
            _PLANS.clear()
        out: list[Plan | None] = []
        for spec in rules.flow:
            fast = isinstance(spec, TricksPhase) and rules.match.check != "immediately"
            out.append(Plan(rules, spec, spec.hooks or table(rules, spec)) if fast else None)
        entry = _PLANS[id(rules)] = (rules, tuple(out))
    LAST[:] = entry
    return entry[1]


def legal(plan: Plan, s: GameState) -> tuple[Action, ...] | None:
    """The legal list of `s` when its seat plays a card and the list depends on the cards
    it may play alone; None otherwise (the phase's `legal` then answers)."""
    cursor = s.cursor
    if cursor.sub != "play" or plan.tail is None:
        return None
    cards = s.cards
    hand = cards.hands[cursor.to_act]  # type: ignore[index]
    trick = cards.trick
    if trick:
        if not plan.follow_plain:
            return None
        if s.play.must_follow:  # `tricks.playable`
            same = hand & plan.suit_of_card[trick[0][1]]
            if same:
                hand = same
    elif not plan.lead_plain:
        return None
    found = plan.lists.get(hand)
    if found is None:
        found = plan.build(hand)
    return found


def card(
    plan: Plan, s: GameState, action: Play, log: bool
) -> tuple[GameState, tuple[Event, ...]] | None:
    """`apply` of the listed card `action` when it neither completes the trick nor wakes a
    feature: the new state (one copy, the parts `tricks._play` writes) and its events;
    None when the generic path must play it."""
    cursor = s.cursor
    local = s.local
    cards = s.cards
    trick = cards.trick
    if (
        cursor.sub != "play"
        or type(local) is not TricksLocal
        or s.match.deal_ended
        or (action.signals and plan.signal_hooks)
        or (local.window_open and plan.window_hooks)
        or (not trick and plan.on_lead)
        or plan.quiet is None
    ):
        return None
    c = plan.by_text[action.card]
    for quiet in plan.quiet:
        if not quiet(s, c):
            return None
    seat: int = cursor.to_act  # type: ignore[assignment]
    bit = 1 << c
    hands = list(cards.hands)
    hands[seat] &= ~bit
    played = list(cards.played)
    played[seat] |= bit
    new = object.__new__(GameState)
    fields = new.__dict__
    fields.update(s.__dict__)
    now = (*trick, (seat, c))
    if len(now) == plan.n:  # it completes the trick: taken, and the next one begun at once
        if not any(hands):
            return None  # the play ends: the features' hooks and the score
        winner, mask, following, play = tricks._complete(
            plan.rules,
            plan.spec,
            plan.hooks,
            s,
            fields,
            trick=now,
            hands=tuple(hands),
            played=tuple(played),
            play=s.play,
        )
        if following is None:
            return None  # `tricks._after_trick` runs first
        fields["play"] = play
        fields["local"] = _TRICKS_LOCAL(following[1], local.window_played)
    else:
        fields["cards"] = _CARDS(
            hands=tuple(hands),
            zone_ids=cards.zone_ids,
            zones=cards.zones,
            won=cards.won,
            trick=now,
            played=tuple(played),
        )
        fields["cursor"] = _CURSOR(
            phase=cursor.phase,
            sub=cursor.sub,
            step=cursor.step,
            to_act=plan.next_seat[seat],
            pending=cursor.pending,
        )
    seen = s.seen
    public = seen.public
    if public[seat] & bit:  # a card all had seen leaves the hand
        shown = list(public)
        shown[seat] &= ~bit
        fields["seen"] = _KNOWLEDGE(
            public=tuple(shown), discarded=seen.discarded, shown=seen.shown, reveals=seen.reveals
        )
    if not log:
        return new, ()
    played_event = _CARD_PLAYED(seat, action.card, s.play.trick_no)
    if len(now) < plan.n:
        return new, (played_event,)
    deck = plan.rules.deck
    text = deck.card_text
    won = _TRICK_WON(s.play.trick_no, winner, tuple([text[x] for _x, x in now]), deck.units(mask))
    return new, (played_event, won)


_CARD_PLAYED = maker(CardPlayed)
_CARDS = maker(Cards, keywords=True)
_CURSOR = maker(Cursor, keywords=True)
_KNOWLEDGE = maker(Knowledge, keywords=True)
_TRICK_WON = maker(TrickWon)
_TRICKS_LOCAL = maker(TricksLocal)
