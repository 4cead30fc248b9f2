"""The heuristic's endgame when the observation does not place every card: sampled worlds.

`agents/endgame.py` plays the last tricks exactly once the deciding seat's observation
pins every card down, which in three- and five-seat games happens late or never (a
defender does not see the soloist's discards; nobody knows who holds the last cards of a
suit nobody showed void in). Here the heuristic, near the end of the deal, asks its
`Worlds` service (the same determinisations the search bot gets: every public fact kept,
the hidden cards dealt at random within what this seat can infer) for a few worlds, solves
each exactly with the endgame solver (every seat then sees every card: perfect-information
Monte Carlo), and plays the card whose mean value over the worlds is best. The value is the
deal's margin for the deciding side, scored by the rules' own functions (`Scorer.margin`),
the same scale in every world even when the sides differ from world to world (a secret
partner is whoever holds the called card in that world).

The heuristic's card is kept unless another card is better on average by more than
`EDGE` of a unit of margin; when any world cannot be solved within its node budget (or
the model is not the rules' game there), the heuristic's card stands - never half an
answer. Used only when the hands hold at most `MAX_CARDS` cards, so its cost stays small:
the worlds are drawn only at those decisions (the `Worlds` service works out what the seat
knows at its first draw). Used whatever the sides: measured first in contract games
(docs/bots.md, session 6), then in fixed-side games (session 7: in `tressette` it moved the
share against random from 81.70% to 82.95% on the tuning deals; 16 worlds, or 14 or 16
cards, bought nothing more).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tressette_dsl.agents.base import WorldSource
from tressette_dsl.agents.endgame import OutOfBudget, _model, _Search
from tressette_dsl.agents.endgame_view import Position, _partner, captured, position
from tressette_dsl.engine.observe import Observation
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset

WORLDS = 8  # worlds solved a decision
MAX_CARDS = 12  # cards in all the hands at most (the trick on the table not counted)
NODES = 4_000  # positions a world's search may visit
EDGE = 0  # how much better on average (margin units, summed over worlds) a card must be
_INF = 1 << 62


def sampled_card(
    rules: Ruleset,
    obs: Observation,
    cards: Sequence[str],
    preferred: str,
    *,
    worlds: WorldSource | None,
    rng: random.Random,
    n_worlds: int | None = None,
    max_cards: int | None = None,
    budget: int | None = None,
) -> str:
    """`preferred` (the heuristic's card) unless, over `n_worlds` sampled worlds each
    solved exactly, another of `cards` has a better mean margin for the deciding side.
    Nothing is drawn from `rng` unless worlds are sampled. The limits default to the
    module's `WORLDS`, `MAX_CARDS` and `NODES`, read at the call."""
    totals = sampled_totals(
        rules,
        obs,
        cards,
        worlds=worlds,
        rng=rng,
        n_worlds=n_worlds,
        max_cards=max_cards,
        budget=budget,
    )
    if totals is None:
        return preferred
    best = max(cards, key=lambda c: (totals[c], c == preferred))
    if totals[best] > totals[preferred] + EDGE:
        return best
    return preferred


def sampled_totals(
    rules: Ruleset,
    obs: Observation,
    cards: Sequence[str],
    *,
    worlds: WorldSource | None,
    rng: random.Random,
    n_worlds: int | None = None,
    max_cards: int | None = None,
    budget: int | None = None,
) -> dict[str, int] | None:
    """Each of `cards` (by text) with its margin for the deciding side summed over
    `n_worlds` sampled worlds, each solved exactly; None when the sampled endgame does not
    apply (too many cards, no choice, not the solver's game, a position the observation
    already determines - the exact solver's case) or any world is out of budget. Shared by
    the heuristic (`sampled_card`) and the search bot's last tricks. Nothing is drawn from
    `rng` unless worlds are sampled."""
    n_worlds = WORLDS if n_worlds is None else n_worlds
    max_cards = MAX_CARDS if max_cards is None else max_cards
    budget = NODES if budget is None else budget
    if worlds is None or len(cards) < 2 or sum(obs.hand_sizes) > max_cards:
        return None
    model = _model(rules)
    if model is None or position(rules, obs) is not None:
        return None  # not the solver's game, or determined: the exact solver decides
    by_text = rules.deck.by_text
    legal = [by_text[c] for c in cards]
    legal_mask = sum(1 << c for c in legal)
    totals = dict.fromkeys(legal, 0)
    local = random.Random(rng.getrandbits(64))
    for _ in range(n_worlds):
        world = worlds.sample(local)
        pos = world_position(rules, obs, world)
        search = _Search.of(model, rules, obs, pos, budget, exhaustive=True)
        if search is None or search.playable(pos.hands[obs.seat], pos.trick) != legal_mask:
            return None
        try:
            for card in legal:
                totals[card] += search.root(card, -_INF, _INF)
        except OutOfBudget:
            return None
    return {c: totals[by_text[c]] for c in cards}


def world_position(rules: Ruleset, obs: Observation, world: GameState) -> Position:
    """The perfect-information position of a sampled world: its hands and zones, the
    public table (the trick, the tricks taken) from the observation, which the world keeps."""
    deck = rules.deck
    by_text = deck.by_text
    n = rules.players.count
    if _CAPTURED[0] is not obs:  # the same for every world of the decision: once
        won_now, tricks_now, _every = captured(by_text, obs, n)
        _CAPTURED[0], _CAPTURED[1] = obs, (tuple(won_now), tuple(tricks_now))
    won, tricks_won = _CAPTURED[1]
    hands = list(world.cards.hands)
    zones: list[tuple[int, int]] = []
    leftover = 0
    for index, cards in enumerate(world.cards.zones):
        mask = 0
        for card in cards:
            mask |= 1 << card
        if mask:
            zones.append((index, mask))
            leftover |= mask
    return Position(
        hands=tuple(hands),
        trick=tuple((int(x), int(by_text[c])) for x, c in obs.trick),
        leader=int(obs.leader if obs.leader is not None else obs.seat),
        trick_no=int(obs.trick_no),
        won=won,
        tricks_won=tricks_won,
        leftover=leftover,
        leftover_zone=tuple(zones),
        partner=_partner(rules, obs, hands),
    )


# the observation `world_position` last read and what its finished tricks gave each seat
_CAPTURED: list[Any] = [None, ((), ())]


__all__ = ["MAX_CARDS", "NODES", "WORLDS", "sampled_card", "sampled_totals", "world_position"]
