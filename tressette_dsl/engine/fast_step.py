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
* **apply** of a listed card, the one that completes a trick included: the state copied
  once with the parts `tricks._play` writes, the features' card hooks (a signal made, the
  declaring window, a called card) applied the trick phase's own way
  (`tricks.card_hooks_if_any`, `tricks._changed`), a completed trick taken and the next
  one begun by `tricks._complete`. Not the card that ends the play (the score), nor one
  followed by a round (after the lead, or after the trick), nor a completing card when
  a feature acts on the trick won (a draw from the stock): those return None.

Anything else returns None and the caller takes the generic path, which stays the
reference semantics: tests/unit/engine/test_step_fast_paths.py plays random walks of every
bundled ruleset with `ENABLED` on and off and requires equal states, events and legal
lists at every step; tests/unit/engine/test_fast_step.py does the same without events,
on overlays that change what the fast path reads, and with two rulesets in turn.
"""

from __future__ import annotations

from typing import Any, Final

from tressette_dsl.engine import signals
from tressette_dsl.engine.actions import Action, Claim, Play
from tressette_dsl.engine.events import CardPlayed, Event, TrickWon
from tressette_dsl.engine.lead_suits import suit_local_at_lead
from tressette_dsl.engine.maker import maker
from tressette_dsl.engine.phases import tricks
from tressette_dsl.engine.phases.common import plays_for
from tressette_dsl.engine.phases.trick_features import ROUNDS, TrickTable, claims, table
from tressette_dsl.engine.phases.trick_features import signals as signal_feature
from tressette_dsl.engine.phases.trick_features.base import TricksLocal
from tressette_dsl.engine.state import Cards, Cursor, GameState, Knowledge, TrickPlay
from tressette_dsl.engine.step import Step
from tressette_dsl.rules.model import NO_CONST, Ruleset, iter_cards
from tressette_dsl.rules.phases.tricks import TricksPhase

ENABLED = True  # the differential test switches it off: every step the generic way
CLOSE_ENABLED = True  # the deal's last card on `FastEnd` (the tests switch it off alone)

_MAX_LISTS: Final = 8192  # card sets remembered per plan (then forgotten and begun again)


class Plan:
    """What the fast path needs of one ruleset's trick phase, worked out once."""

    __slots__ = (
        "by_text",
        "closer",
        "extras",
        "follow_plain",
        "hooks",
        "lead_by_hand",
        "lead_lists",
        "lead_plain",
        "lists",
        "n",
        "next_seat",
        "on_lead",
        "plays",
        "rules",
        "spec",
        "suit_blocks",
        "suit_masks",
        "suit_of_card",
        "tail",
        "trick_won_hooks",
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
        window = rules.signaling.window
        shut = window is not None and window.const is not NO_CONST and not window.const
        self.lead_plain = known and not (said and not shut and signals.offered_now(rules, "lead"))
        self.follow_plain = known and not (
            said and not shut and signals.offered_now(rules, "follow")
        )
        # a lead whose signals are a function of the hand alone: the window always open,
        # no signal at any time, truths generated and reading nothing but the hand
        self.lead_by_hand = (
            known
            and said
            and not self.lead_plain
            and (window is None or (window.const is not NO_CONST and bool(window.const)))
            and signals.by_hand_at_lead(rules)
        )
        self.lead_lists: dict[int, tuple[Action, ...]] = {}
        # such a lead whose truths read only the lead's suit of the hand (`lead_suits`),
        # in a deck whose suits are runs of bits: its list is one block per suit held, kept
        # by that suit's cards (`suit_blocks`); the suits' masks in bit order, else ()
        self.suit_masks: tuple[int, ...] = ()
        if self.lead_by_hand and suit_local_at_lead(rules):
            self.suit_masks = _runs(deck.suit_mask)
        self.suit_blocks: dict[int, tuple[Action, ...]] = {}
        self.tail = _constant_extras(rules, hooks)
        # extras that depend on the state (declaring at one's own turn, what a drawn card
        # completes): asked for each list after the cards, as `tricks._play_legal` does
        self.extras: tuple[Any, ...] = ()
        if self.tail is None:
            self.extras, self.tail = tuple(hooks.extras), ()
        self.lists: dict[int, tuple[Action, ...]] = {}
        self.on_lead = bool(hooks.on_lead)
        # a feature acts once a trick is won (drawing from the stock): the card that
        # completes a trick then takes the generic path (`tricks._after_trick`)
        self.trick_won_hooks = bool(hooks.on_trick_won)
        # the deal's last card on the compiled `FastEnd` (`compiled.step_end`): looked up
        # at the first such card (False: not yet; None: it does not fit this ruleset)
        self.closer: Any = False

    def build(self, playable: int) -> tuple[Action, ...]:
        """The legal list of a seat that may play the cards `playable`: each card's shared
        `Play` in deck order, then the constant extras (as `tricks._play_legal`)."""
        plays = self.plays
        assert self.tail is not None
        return _kept(self.lists, playable, (*[plays[c] for c in iter_cards(playable)], *self.tail))

    def lead_by_suit(self, s: GameState, seat: int, hand: int) -> tuple[Action, ...] | None:
        """The legal list of a lead whose plays of a card depend on the cards of its suit
        held alone: the blocks of the suits held, in bit order (each block every card of
        the suit with its signal sets, as `build_lead` lists them), then the extras."""
        blocks = self.suit_blocks
        out: list[Action] = []
        for mask in self.suit_masks:
            held = hand & mask
            if held:
                block = blocks.get(held)
                if block is None:
                    found = self.offered(s, seat, held)
                    if found is None:
                        return None
                    block = _kept(blocks, held, tuple(found))
                out += block
        assert self.tail is not None
        return (*out, *self.tail)

    def build_lead(self, s: GameState, seat: int, hand: int) -> tuple[Action, ...] | None:
        """The legal list of a lead whose signals depend on the hand alone: each card and
        its signal sets (`signals.card_offers`, as the signals' `plays` hook lists them),
        then the constant extras; kept by the hand."""
        out = self.offered(s, seat, hand)
        if out is None:
            return None
        assert self.tail is not None
        return _kept(self.lead_lists, hand, (*out, *self.tail))

    def offered(self, s: GameState, seat: int, cards: int) -> list[Action] | None:
        """Each of `cards` and its signal sets at a lead (`signals.card_offers`, as the
        signals' `plays` hook lists them), in deck order; None when the generated truths
        do not answer."""
        offers = signals.card_offers(self.rules, s, seat, iter_cards(cards))
        if offers is None:
            return None
        out: list[Action] = []
        for offer in offers:
            out += offer
        return out


def _runs(masks: tuple[int, ...]) -> tuple[int, ...]:
    """The non-empty `masks` ordered by their lowest bit when each is one run of bits (the
    cards of a suit numbered in a row): concatenated in that order, each mask's cards in
    bit order are every card in bit order. () when some mask is not a run."""
    out = sorted((m for m in masks if m), key=lambda m: m & -m)
    for m in out:
        run = m >> ((m & -m).bit_length() - 1)
        if run & (run + 1):
            return ()
    return tuple(out)


def _kept(
    lists: dict[int, tuple[Action, ...]], key: int, found: tuple[Action, ...]
) -> tuple[Action, ...]:
    """`found`, stored in `lists` under `key`; past `_MAX_LISTS` keys the store is emptied
    first, so a long search cannot grow it without bound."""
    if len(lists) >= _MAX_LISTS:
        lists.clear()
    lists[key] = found
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


_PLANS: dict[int, tuple[Ruleset, tuple[Plan | None, ...]]] = {}
# LAST[0] = (rules, plans by phase index): the ruleset asked last. The pair is replaced
# whole, never changed in place, so a reader that takes LAST[0] once sees one ruleset's
# plans even while another thread (the browser table's bots) stores another ruleset's
LAST: list[tuple[Any, tuple[Plan | None, ...]]] = [(None, ())]


def plans(rules: Ruleset) -> tuple[Plan | None, ...]:
    """Per phase of `rules.flow`: its `Plan` when it is a trick phase the fast path may
    play (not with `match.check: immediately`, which checks the match after every card),
    else None; worked out once per ruleset."""
    last = LAST[0]
    if last[0] is rules:
        return last[1]
    entry = _PLANS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_PLANS) > 256:  # many rulesets loaded (tests): start again
            _PLANS.clear()
        out: list[Plan | None] = []
        for spec in rules.flow:
            if isinstance(spec, TricksPhase) and rules.match.check != "immediately":
                out.append(Plan(rules, spec, spec.hooks or table(rules, spec)))
            else:
                out.append(None)
        entry = _PLANS[id(rules)] = (rules, tuple(out))
    LAST[0] = entry
    return entry[1]


def legal(plan: Plan, s: GameState) -> tuple[Action, ...] | None:
    """The legal list of `s` when its seat plays a card and the list depends on the cards
    it may play alone; None otherwise (the phase's `legal` then answers)."""
    cursor = s.cursor
    if cursor.sub != "play":
        return None
    found = _cards_legal(plan, s, cursor.to_act)  # type: ignore[arg-type]
    if found is None or not plan.extras:
        return found
    more: list[Action] = []
    for extras in plan.extras:
        more += extras(plan.rules, s, cursor.to_act)
    return (*found, *more) if more else found


def _cards_legal(plan: Plan, s: GameState, seat: int) -> tuple[Action, ...] | None:
    """`legal`'s list of the cards (with their signal sets) and the constant extras."""
    cards = s.cards
    hand = cards.hands[seat]
    trick = cards.trick
    if trick:
        if not plan.follow_plain:
            return None
        if s.play.must_follow:  # `tricks.playable`
            same = hand & plan.suit_of_card[trick[0][1]]
            if same:
                hand = same
    elif not plan.lead_plain:
        if not plan.lead_by_hand:
            return None
        if plan.suit_masks:
            return plan.lead_by_suit(s, seat, hand)
        found = plan.lead_lists.get(hand)
        if found is None:
            found = plan.build_lead(s, seat, hand)
        return found
    found = plan.lists.get(hand)
    if found is None:
        found = plan.build(hand)
    return found


def card(
    plan: Plan, s: GameState, action: Play, log: bool
) -> tuple[GameState, tuple[Event, ...]] | None:
    """`apply` of the listed card `action` unless it ends the play, is followed by a round
    (after the lead or the trick) or the trick's end needs the state after it: the new state
    - one copy, the parts `tricks._play` writes, the features' card hooks applied the same
    way (`tricks.card_hooks_if_any`, `tricks._changed`) - and its events; None when the generic
    path must play it."""
    cursor = s.cursor
    local = s.local
    cards = s.cards
    trick = cards.trick
    if cursor.sub != "play" or type(local) is not TricksLocal or (not trick and plan.on_lead):
        return None
    hooks = plan.hooks
    c = plan.by_text[action.card]
    seat: int = cursor.to_act  # type: ignore[assignment]
    bit = 1 << c
    hands = list(cards.hands)
    hands[seat] &= ~bit
    now = (*trick, (seat, c))
    complete = len(now) == plan.n
    if complete and not any(hands):  # the play ends: scored, and the next deal
        if s.match.deal_ended:
            return None
        return _last_card(plan, s, seat, c, action=action, log=log)
    changes, after = tricks.card_hooks_if_any(
        hooks, s, seat, c, action, window_open=local.window_open
    )
    play = s.play
    if changes is not None and changes.signals is not None:
        play = play.but(signals=changes.signals)
    played = list(cards.played)
    played[seat] |= bit
    new = object.__new__(GameState)
    fields = new.__dict__
    fields.update(s.__dict__)
    if s.match.deal_ended:  # the first action since a deal began: `game.apply`'s way
        fields["match"] = s.match.but(deal_ended=False)
    winner = mask = 0
    next_open = draw = False  # the next trick's declaring window; a draw after the trick
    if complete:  # the trick taken, and the next one begun at once
        winner, mask, following, play = tricks._complete(
            plan.rules,
            plan.spec,
            hooks,
            s,
            fields,
            trick=now,
            hands=tuple(hands),
            played=tuple(played),
            play=play,
        )
        if following is None and not plan.trick_won_hooks:  # a round after the trick
            following = _round_after(plan, s, fields, winner)
            if following is None:
                return None
            play = _next_play(play, winner, following)
        draw = following is None  # a feature acts on the trick won: `_trick_won` below
        next_open = following is not None and following[1]
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
    if play is not s.play:
        fields["play"] = play
    if s.seen.public[seat] & bit:  # a card all had seen leaves the hand
        fields["seen"] = _unseen(s.seen, seat, bit)
    if changes is not None:
        local = tricks._changed(fields, s, changes, local)
    fields["local"] = (
        _TRICKS_LOCAL(next_open, local.window_played) if complete and not draw else local
    )
    events = (
        _events(plan, s, action, after, now, won=(winner, mask) if complete else None)
        if log
        else ()
    )
    if draw:
        return _trick_won(plan, s, new, winner, events=events, log=log)
    return new, events


def _unseen(seen: Knowledge, seat: int, bit: int) -> Knowledge:
    """`seen` once the card `bit`, which all had seen in `seat`'s hand, left it."""
    shown = list(seen.public)
    shown[seat] &= ~bit
    return _KNOWLEDGE(
        public=tuple(shown), discarded=seen.discarded, shown=seen.shown, reveals=seen.reveals
    )


def _trick_won(
    plan: Plan, s: GameState, new: GameState, winner: int, *, events: tuple[Event, ...], log: bool
) -> tuple[GameState, tuple[Event, ...]] | None:
    """After the card that completes a trick a feature acts on once it is won (a draw
    from the stock): the trick phase's own `_after_trick` on a `Step` of the state
    `tricks._play` leaves (`new`) - the draws, the next trick's rules - after the card's
    `events`. None (nothing kept) when the play ends or the deal restarts there: the
    generic path then plays the card."""
    step = Step(plan.rules, new, log)
    step.events.extend(events)
    if tricks._after_trick(step, plan.spec, s, winner) or step.restart:
        return None
    return step.state, tuple(step.events)


def _round_after(
    plan: Plan, s: GameState, fields: dict[str, Any], winner: int
) -> tuple[bool, bool] | None:
    """The trick `winner` took is followed by a round (declaring at the end of the first
    trick): as `tricks._after_trick` does when cards are left and no feature acts on the
    trick won - the next trick's rules by its number, the round's seats from the winner
    (`tricks._start_round`: the cursor on the round, into `fields`). (must_follow,
    window_open) of the next trick, or None when no round follows, the round is mandatory
    or the next trick's rules read more than its number."""
    rules = plan.rules
    kind = None
    for round_after in plan.hooks.round_after_trick:
        kind = round_after(rules, s)
        if kind is not None:
            break
    by_trick = tricks._by_trick_no(rules, plan.spec)
    if kind is None or by_trick is None or ROUNDS[kind].mandatory(rules):
        return None
    trick_no = s.play.trick_no + 1
    found = by_trick.get(trick_no)
    if found is None:
        found = by_trick[trick_no] = tricks._trick_rules(rules, plan.spec, s, trick_no)
    order = rules.players.order_from(winner)
    at = s.cursor
    fields["cursor"] = _CURSOR(
        phase=at.phase, sub=kind, step=at.step, to_act=order[0], pending=order
    )
    return found


def _next_play(play: TrickPlay, winner: int, following: tuple[bool, bool]) -> TrickPlay:
    """The play part once the trick is taken (`play`) as the next trick begins under a
    round: its number, `winner` leading, its follow-suit rule (`tricks._after_trick`)."""
    return play.but(trick_no=play.trick_no + 1, leader=winner, must_follow=following[0])


def done(plan: Plan, s: GameState) -> GameState | None:
    """`apply` of a listed `Done` in a round of the trick phase (`tricks._next_in_round`):
    the next seat of the round, or back to the play (`tricks._resume`); None when the
    round's end ends the play (the generic path then scores). A `Done` has no events."""
    cursor = s.cursor
    if cursor.sub == "play" or type(s.local) is not TricksLocal:
        return None
    pending = cursor.pending[1:]
    to_act: int | None
    if pending:
        to_act, sub = pending[0], cursor.sub
    else:
        trick = s.cards.trick
        if not trick and not any(s.cards.hands):
            return None
        to_act = s.play.leader if not trick else plan.next_seat[trick[-1][0]]
        sub = "play"
    new = object.__new__(GameState)
    fields = new.__dict__
    fields.update(s.__dict__)
    if s.match.deal_ended:
        fields["match"] = s.match.but(deal_ended=False)
    fields["cursor"] = _CURSOR(
        phase=cursor.phase, sub=sub, step=cursor.step, to_act=to_act, pending=pending
    )
    return new


def _last_card(
    plan: Plan, s: GameState, seat: int, c: int, *, action: Play, log: bool
) -> tuple[GameState, tuple[Event, ...]] | None:
    """The last card of the deal through `compiled.step_end` (imported on first use: the
    compiled package stays off the engine's import path), or None: the generic path."""
    from tressette_dsl.compiled import step_end  # noqa: PLC0415 - see above

    found = plan.closer
    if found is False:
        found = plan.closer = step_end.closer(plan.rules) if CLOSE_ENABLED else None
    if found is None or (plan.trick_won_hooks and any(s.cards.zones)):
        return None  # (cards left to draw after the last trick: `_after_trick`'s)
    return step_end.last_card(found, plan.hooks, s, seat=seat, card=c, action=action, log=log)


def _events(
    plan: Plan,
    s: GameState,
    action: Play,
    after: tuple[Event, ...],
    trick: tuple[tuple[int, int], ...],
    *,
    won: tuple[int, int] | None,
) -> tuple[Event, ...]:
    """A card's events, as `tricks._play` lists them: `CardPlayed`, the hooks' events
    (`after`), and `TrickWon` when `won` = (winner, cards) says it completed `trick`."""
    trick_no = s.play.trick_no
    out: tuple[Event, ...] = (_CARD_PLAYED(trick[-1][0], action.card, trick_no), *after)
    if won is None:
        return out
    deck = plan.rules.deck
    text = deck.card_text
    texts = tuple([text[card] for _seat, card in trick])
    return (*out, _TRICK_WON(trick_no, won[0], texts, deck.units(won[1])))


_CARD_PLAYED = maker(CardPlayed)
_CARDS = maker(Cards, keywords=True)
_CURSOR = maker(Cursor, keywords=True)
_KNOWLEDGE = maker(Knowledge, keywords=True)
_TRICK_WON = maker(TrickWon)
_TRICKS_LOCAL = maker(TricksLocal)
