"""Worlds weighted by the play: what the other seats' cards say about their hands.

A determinisation deals the hidden cards uniformly within the hard facts (voids shown,
cards seen, truthful signals), but the cards the others chose are evidence too: a seat
that led a suit, ducked a trick or threw a three on its partner's winner had a hand that
made that choice good. Measured in `tressette` (docs/bots.md, session 12): the default
search given the true hands as its only world won 69% of deals against the heuristic bot,
against about 54.5% over uniform worlds, so most of what it lacks is knowledge of the
hands, not search.

`PlayReader` gives each sampled world a likelihood of the card plays made so far in the
deal: the deal is replayed from its start with the world's hands (a seat's hand now plus
what it played), and at every card another seat chose, the heuristic bot
(``heuristic:endgame=false``, from that seat's own observation of the replayed world)
is asked what it would have played; a card it would have played counts 1, another
`mismatch` (a soft model: the seat may not be that bot, and the heuristic's own last
tricks come from a solver, so the plays once the hands hold at most
`endgame_worlds.MAX_CARDS` cards are not read). `PlayWorlds` then samples by rejection,
as `bid_reading.AuctionWorlds` does for the auction: a world is kept with chance its
likelihood, up to `tries` draws, else the likeliest of them, so a decision never stalls
and every world still meets every hard fact. A world's replay stops as soon as it can be
neither kept nor the likeliest so far, which makes most refused worlds much cheaper.

A deal the replay cannot rebuild - cards that were not all in the hands when it began (a
stock, a monte, discards), or a moment between the cards the records do not say how to
replay (an auction, a call) - is not weighted at all: the worlds are the plain ones.
The replay uses only the public records (the tricks, the signals made with each card, the
declarations) and the world's cards, never the real hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tressette_dsl.agents.base import WorldSource
from tressette_dsl.agents.endgame_worlds import MAX_CARDS
from tressette_dsl.agents.heuristic import HeuristicAgent
from tressette_dsl.engine import apply, legal_actions, new_game, observe
from tressette_dsl.engine.actions import Action, Declare, Done, Play
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset

_MEMO_LIMIT = 50_000  # choices remembered through a deal (`PlayMemo`): a bound on memory


class PlayReader:
    """The likelihood of the deal's card plays in a world (see the module's docstring).

    The public records are read from the first world: they are the same in all. A
    heuristic choice depends only on the public history (fixed by the play's index) and
    the chooser's hand then, so choices are remembered by (play index, hand)."""

    def __init__(
        self,
        rules: Ruleset,
        world: GameState,
        observer: int,
        *,
        mismatch: float = 0.3,
        memo: PlayMemo | None = None,
    ) -> None:
        self.rules = rules
        self.observer = observer
        self.mismatch = mismatch
        plays = [p for trick in world.play.tricks for p in trick.plays]
        plays.extend(world.cards.trick)
        self.plays: tuple[tuple[int, int], ...] = tuple(plays)
        signals: dict[tuple[int, int], set[str]] = {}
        for record in world.play.signals:
            if record.card is not None:
                signals.setdefault((record.seat, record.card), set()).add(record.signal)
        self.signals = signals
        self.declarations = tuple((d.seat, d.decl, d.arg) for d in world.play.declarations)
        self.base = HeuristicAgent(endgame=False)
        deal = (world.match.deal_no, world.match.dealer, world.n)
        self.memo = (memo or PlayMemo()).choices_for(deal, self.plays)
        # the replay goes as far as the last card another seat chose: nothing after it
        # is read (the observer's own cards are not evidence)
        self.last = max((i for i, (seat, _c) in enumerate(plays) if seat != observer), default=-1)
        self.readable = self.last >= 0
        self.replayable = True  # until a replay finds a moment it cannot rebuild

    def likelihood(self, world: GameState, floor: float = 0.0) -> float:
        """The product over the other seats' readable card plays of 1 (the heuristic's
        card) or `mismatch`; 1.0 when the deal cannot be replayed. The replay stops as
        soon as the product falls below `floor` (a rejection's draw: the world is refused
        whatever the later plays say), and returns the product so far."""
        if not self.readable or not self.replayable:
            return 1.0
        start = self._start(world)
        if start is None:
            self.replayable = False
            return 1.0
        out = self._replay(start, floor)
        if out is None:
            self.replayable = False
            return 1.0
        return out

    def _start(self, world: GameState) -> GameState | None:
        """The deal as dealt in `world`: its hands, each the hand now and what it played
        (None when some card began elsewhere: a stock, a monte, a discard)."""
        rules = self.rules
        hands = [world.cards.hands[x] | world.cards.played[x] for x in range(world.n)]
        if sum(h.bit_count() for h in hands) != len(rules.deck.cards):
            return None
        dealt = {x: list(rules.deck.texts(h)) for x, h in enumerate(hands)}
        try:
            start = new_game(rules, world.seed, dealer=world.match.dealer, hands=dealt)
        except ValueError:
            return None
        return start.with_parts(match=world.match)

    def _replay(self, state: GameState, floor: float) -> float | None:
        """Play the records again from `state`, reading each readable play; None when a
        moment cannot be matched to the records (another seat to act, a decision that is
        neither a card nor a declaration): the ruleset's deals are not replayed again."""
        rules, texts = self.rules, self.rules.deck.card_text
        declared = list(self.declarations)
        out = 1.0
        index = 0
        plays, last = self.plays, self.last
        while index <= last:
            seat = state.to_act
            if seat is None:
                return None
            legal = legal_actions(rules, state)
            action = self._declaration(legal, seat, declared)
            if action is None:
                who, card = plays[index]
                if who != seat:
                    return None
                action = self._play(legal, who, texts[card], card)
                if action is None:
                    if any(isinstance(a, Play) for a in legal):
                        # this world breaks a record (a soft fact, a signal's truth, the
                        # sampler relaxed): unlikely, not a deal the replay cannot rebuild
                        return out * self.mismatch * self.mismatch
                    return None
                if (
                    who != self.observer
                    and self._readable(state, legal)
                    and self._choice(state, index, who, legal) != card
                ):
                    out *= self.mismatch
                    if out < floor:
                        return out
                index += 1
            state, _events = apply(rules, state, action, events=False)
        return out

    @staticmethod
    def _declaration(
        legal: Sequence[Action], seat: int, declared: list[tuple[int, str, str]]
    ) -> Action | None:
        """The recorded declaration `seat` makes now, or the round's `done` when it made
        none (None: this is no declaring moment)."""
        if not any(isinstance(a, Declare | Done) for a in legal):
            return None
        for action in legal:
            if isinstance(action, Declare) and (seat, action.decl, action.arg) in declared:
                declared.remove((seat, action.decl, action.arg))
                return action
        for action in legal:
            if isinstance(action, Done):
                return action
        return None

    def _play(self, legal: Sequence[Action], seat: int, text: str, card: int) -> Action | None:
        """The legal play of `card` with the signals recorded with it."""
        said = self.signals.get((seat, card), set())
        for action in legal:
            if (
                isinstance(action, Play)
                and action.card == text
                and {name for name, _value in action.signals} == said
            ):
                return action
        return None

    @staticmethod
    def _readable(state: GameState, legal: Sequence[Action]) -> bool:
        """A play worth reading: a choice among cards, before the heuristic's solver."""
        if sum(h.bit_count() for h in state.cards.hands) <= MAX_CARDS:
            return False
        first = None
        for action in legal:
            if isinstance(action, Play):
                if first is None:
                    first = action.card
                elif action.card != first:
                    return True
        return False

    def _choice(self, state: GameState, index: int, seat: int, legal: Sequence[Action]) -> int:
        """The card the heuristic would have played at the `index`-th play."""
        key = (index, state.cards.hands[seat])
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        view = observe(self.rules, state, seat)
        chosen = self.base.act(self.rules, view, legal, random.Random(0))
        card = self.rules.deck.by_text[chosen.card] if isinstance(chosen, Play) else -1
        if len(self.memo) < _MEMO_LIMIT:
            self.memo[key] = card
        return card


class PlayMemo:
    """The heuristic's choices a reader worked out, kept for the next decisions of the
    same seat in the same deal: a choice at the i-th play depends on the public history
    before it, which later decisions share, and on the chooser's hand then. Kept while the
    deal is the same and its plays extend the ones seen; anything else starts afresh."""

    def __init__(self) -> None:
        self.deal: tuple[int, int, int] | None = None
        self.plays: tuple[tuple[int, int], ...] = ()
        self.choices: dict[tuple[int, int], int] = {}

    def choices_for(
        self, deal: tuple[int, int, int], plays: tuple[tuple[int, int], ...]
    ) -> dict[tuple[int, int], int]:
        """The remembered choices for `deal` after `plays` (emptied when they do not
        continue what was remembered)."""
        if deal != self.deal or plays[: len(self.plays)] != self.plays:
            self.choices = {}
        self.deal, self.plays = deal, plays
        return self.choices


class PlayWorlds:
    """`Worlds` (or `AuctionWorlds`) whose samples are weighted by the deal's card plays
    (rejection, `tries` draws). The reader is built from the first world drawn."""

    def __init__(
        self,
        worlds: WorldSource,
        *,
        tries: int = 6,
        mismatch: float = 0.3,
        memo: PlayMemo | None = None,
    ) -> None:
        self.worlds, self.tries, self.mismatch, self.memo = worlds, tries, mismatch, memo
        self.rules, self.seat = worlds.rules, worlds.seat
        self.reader: PlayReader | None = None

    def sample(self, rng: random.Random) -> GameState:
        world = self.worlds.sample(rng)
        if self.reader is None:
            self.reader = PlayReader(
                self.rules, world, self.seat, mismatch=self.mismatch, memo=self.memo
            )
        reader = self.reader
        best, best_weight = world, -1.0
        for attempt in range(self.tries):
            if attempt:
                world = self.worlds.sample(rng)
            draw = rng.random()
            # a world can only be kept (at least `draw`) or be the likeliest so far: its
            # replay stops once it can be neither, so `best_weight` is always exact
            floor = 0.0 if best_weight < 0 else min(draw, best_weight)
            weight = reader.likelihood(world, floor=floor)
            if not reader.replayable or draw <= weight:
                return world
            if weight > best_weight:
                best, best_weight = world, weight
        return best


__all__ = ["PlayMemo", "PlayReader", "PlayWorlds"]
