"""An exact endgame solver for the heuristic bot's card play (`endgame_card`).

When the deciding seat's observation pins down every card's place (`endgame_view`), the
rest of the deal is a perfect-information game between two sides, and this module plays
it exactly: alpha-beta over hand bitmasks with a transposition table, each line scored by
the rules' own deal scoring (`endgame_score`). Used only then, and only where the trick
model below is the rules' play exactly:

* a tricks phase whose follow-suit rule reads nothing but the trick number and the zone
  sizes (`"true"`, `"false"`, `"stock_size == 0"`), with no draw left (every zone's cards
  known means the stock is out); the winner is the engine's (`winner_of`: highest trump,
  else the highest card of the suit led);
* no declaration can still be made (its window, read from `trick_no` alone, is shut for
  every trick left), no announced combinations, no dummy, plain seats (no people, no seat
  table), the match checked at the end of the deal;
* exactly two sides (teams, two players, or a contract's declarer side and defenders);
* the card plays the model offers are the legal plays handed in (a last check: a model
  that disagreed with the rules would answer the wrong game).

Two searches. When the deal's value reads only each side's units (no big wins, nothing on
tricks) and grows with the deciding side's units, the search maximises those units alone
(an additive value, so one table serves every decision of the deal: the value of a trick's
start does not depend on how it was reached); maximising a quantity that the value is a
nondecreasing function of gives the same minimax move. Otherwise every line is scored at
its end and the table is keyed by what the line has captured too (small: such rulesets are
determined only in their last tricks).

A node budget (`NODES`) bounds a decision: when it runs out the answer is None and the
heuristic plays as before - never a guess presented as exact. Among the moves of the best
value the heuristic's own choice is kept, so the solver changes a move only where it
proves a better one.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from tressette_dsl.agents.endgame_score import Scorer
from tressette_dsl.agents.endgame_tables import TrickTables, trick_tables
from tressette_dsl.agents.endgame_view import Position, position
from tressette_dsl.engine.observe import Observation
from tressette_dsl.engine.step import evaluate
from tressette_dsl.engine.table import sides as engine_sides
from tressette_dsl.rules.model import Ruleset, TricksPhase, iter_cards
from tressette_dsl.rules.zones import size_names

NODES = 6_000  # positions visited per decision at most (about 20 ms of CPU here)
# the largest position tried, in cards still in the hands: a position of 16 cards takes a
# median of 3,500 positions visited (tressette-in-due), one of 20 cards 22,000 - over the
# budget, so trying it would only spend the budget and fall back
MAX_CARDS = 16
_INF = 1 << 62
# a position inside a trick: (the hands packed, the seat to play, the cards on the trick,
# the suit led, the card winning it, whose, its units, its cards)
Trick = tuple[int, int, int, int, int, int, int, int]


class OutOfBudget(Exception):
    """The node budget ran out: no exact answer."""


def endgame_card(
    rules: Ruleset,
    obs: Observation,
    cards: Sequence[str],
    preferred: str,
    *,
    budget: int = NODES,
) -> str:
    """The card to play: `preferred` (the heuristic's choice) unless the position is
    determined and the solver proves another card of `cards` (the legal plays, by text)
    worth more to the deciding side."""
    if len(cards) < 2 or sum(obs.hand_sizes) > MAX_CARDS:  # no choice, or too early: cheap
        return preferred
    solved = solve(rules, obs, cards, preferred, budget=budget)
    return preferred if solved is None else solved[0]


def solve(
    rules: Ruleset,
    obs: Observation,
    cards: Sequence[str],
    preferred: str | None = None,
    *,
    budget: int = NODES,
    exhaustive: bool = False,
) -> tuple[str, int] | None:
    """(the best card, its value for the deciding side) when the observation determines
    the rest of the deal and the model is exact for it; None otherwise or out of budget.
    The value is in the search's units: the side's units still to capture (additive
    search) or the deal's scaled margin (`Scorer.margin`)."""
    model = _model(rules)
    if model is None:
        return None
    pos = position(rules, obs)
    if pos is None or sum(h.bit_count() for h in pos.hands) > MAX_CARDS:
        return None
    search = _Search.of(model, rules, obs, pos, budget, exhaustive=exhaustive)
    if search is None:
        return None
    by_text = rules.deck.by_text
    legal = [by_text[c] for c in cards]
    seat = obs.seat
    if sum(1 << c for c in legal) != search.playable(pos.hands[seat], pos.trick):
        return None  # the model would not play the rules' game: say nothing
    key = (
        id(rules),
        pos,
        seat,
        tuple(cards),
        preferred,
        budget,
        exhaustive,
        search.trump,
        tuple(search.scorer.declared),
        search.scorer.state.contract_part,
        tuple(sorted(search.follows.items())),
    )
    found = _ANSWERS.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    answer = _best(search, rules, legal, preferred)
    if len(_ANSWERS) >= _KEEP_ANSWERS:
        _ANSWERS.clear()
    _ANSWERS[key] = (rules, answer)
    return answer


def _best(
    search: _Search, rules: Ruleset, legal: list[int], preferred: str | None
) -> tuple[str, int] | None:
    """The best of `legal` and its value, by a fresh search (its table is its own, so the
    answer is a function of the position alone, whatever was solved before)."""
    by_text = rules.deck.by_text
    # the heuristic's card first, exactly; then each other card only to see whether it
    # does better (a null window), and exactly when it does
    order = sorted(legal, key=lambda c: c != by_text.get(preferred or "", -1))
    try:
        best_card, best = order[0], search.root(order[0], -_INF, _INF)
        for card in order[1:]:
            if search.root(card, best, best + 1) > best:
                best_card, best = card, search.root(card, best, _INF)
    except OutOfBudget:
        return None
    return rules.deck.card_text[best_card], best


class _Model:
    """The parts of a ruleset the trick model needs, checked once per ruleset."""

    __slots__ = (
        "bonus",
        "follow",
        "n",
        "next_seat",
        "rules",
        "runs",
        "spec",
        "suits",
        "tables",
        "values",
    )

    def __init__(self, rules: Ruleset, spec: TricksPhase) -> None:
        self.rules, self.spec = rules, spec
        deck = rules.deck
        self.n = rules.players.count
        self.next_seat = tuple(rules.players.next(x) for x in range(self.n))
        self.values = deck.card_value
        self.bonus = rules.scoring.last_trick
        # per suit, its cards strongest first (the equivalence of touching cards)
        self.suits = tuple(
            tuple(sorted(iter_cards(mask & deck.full_mask), key=lambda c: -deck.card_strength[c]))
            for mask in deck.suit_mask
        )
        self.follow: dict[tuple[int, tuple[tuple[str, int], ...]], bool] = {}
        # the touching runs of a suit's cards in a hand, by (suit, live cards, the hand's)
        self.runs: dict[tuple[int, int, int], tuple[int, ...]] = {}
        # the per-card tables of the trick model, by trump (-1: none)
        self.tables: dict[int, TrickTables] = {}

    def must_follow(self, trick_no: int, sizes: tuple[tuple[str, int], ...]) -> bool | None:
        """The follow-suit rule for trick `trick_no` with these zone sizes; None when it
        reads something else."""
        key = (trick_no, sizes)
        found = self.follow.get(key)
        if found is None:
            rule = self.spec.follow_suit
            env: dict[str, Any] = dict.fromkeys(size_names(), 0)
            env.update(sizes)
            env["trick_no"] = trick_no
            if not rule.names <= set(env):
                return None
            found = self.follow[key] = bool(evaluate(rule, env))
        return found


_MODELS: dict[int, tuple[Ruleset, _Model | None]] = {}


def _model(rules: Ruleset) -> _Model | None:
    """The trick model of `rules`, or None where the model is not the rules' play."""
    found = _MODELS.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    model = None
    tricks = [p for p in rules.flow if isinstance(p, TricksPhase)]
    d = rules.declaring
    if (
        len(tricks) == 1
        and getattr(rules, "seat_table", None) is None
        and rules.players.dummy is None
        and rules.players.people is None
        and rules.match.check == "end_of_deal"
        and rules.match.eliminate is None
        and (d is None or (d.at != "announce_then_reveal" and d.window.names <= {"trick_no"}))
    ):
        model = _Model(rules, tricks[0])
    _MODELS[id(rules)] = (rules, model)
    return model


# the answers of the last decisions solved, by everything an answer is a function of (a
# seat decides again on the same observation: a test scrambling hidden cards, a replay)
_ANSWERS: dict[tuple[Any, ...], tuple[Ruleset, tuple[str, int] | None]] = {}
_KEEP_ANSWERS = 256


class _Search:
    """Alpha-beta over one determined position; values are the deciding side's."""

    def __init__(
        self,
        model: _Model,
        pos: Position,
        *,
        mine: frozenset[int],
        scorer: Scorer,
        additive: bool,
        follows: dict[int, bool],
        trump: int | None,
        table: dict[Any, list[int]],
        budget: int,
    ) -> None:
        self.model, self.pos, self.mine, self.scorer = model, pos, mine, scorer
        self.additive, self.follows, self.table = additive, follows, table
        self.budget, self.nodes = budget, 0
        deck = model.rules.deck
        self.suit_of, self.strength, self.values = deck.card_suit, deck.card_strength, model.values
        self.suit_mask = deck.suit_mask
        self.n = model.n
        self.trump = -1 if trump is None else trump
        self.last_bonus = model.bonus + scorer.leftover_last
        self.total_left = sum(h.bit_count() for h in pos.hands) + len(pos.trick)
        rules_follow = set(follows.values())
        self.follow_all = rules_follow.pop() if len(rules_follow) == 1 else None
        if len(model.runs) > 200_000:
            model.runs.clear()
        self.runs: dict[tuple[int, int, int], tuple[int, ...]] = model.runs
        tables = model.tables.get(self.trump)
        if tables is None:
            tables = model.tables[self.trump] = trick_tables(deck, self.trump)
        self.beats, self.follow_rank, self.lead_rank = (
            tables.beats,
            tables.follow_rank,
            tables.lead_rank,
        )
        # this search's move lists by (the cards playable, the cards live, the trick's
        # best card or -1 at a lead): a function of those alone, asked again at every
        # transposition (kept across searches they cost memory and were no faster)
        self.move_lists: dict[tuple[int, int, int], tuple[int, ...]] = {}
        # a position's hands as one int: seat x's mask shifted by x * width (an xor plays
        # a card; the table's key); the units and tricks each seat captured since the root
        # likewise, in signed fields of `unit_bits` bits
        self.width = len(self.values)
        self.low = (1 << self.width) - 1
        self.offset = tuple(x * self.width for x in range(self.n))
        self.unit_bits = (sum(abs(v) for v in self.values) + self.width).bit_length() + 2
        self.unit_shift = tuple(x * self.unit_bits for x in range(self.n))
        self.ends: dict[tuple[int, int, int], int] = scorer.packed_ends
        # per leader, the seats after it in the trick's order (`_last`)
        following = []
        for x in range(self.n):
            after = [model.next_seat[x]]
            while len(after) < self.n - 1:
                after.append(model.next_seat[after[-1]])
            following.append(tuple(after))
        self.following = tuple(following)
        # every hand the same size at each trick's start (plain seats: the seats still to
        # play to the trick on the table hold one card more): the last trick is then the
        # position with a card a seat (`_last`)
        played = {x for x, _c in pos.trick}
        sizes = {h.bit_count() - (x not in played) for x, h in enumerate(pos.hands)}
        self.even = len(sizes) == 1

    @staticmethod
    def of(
        model: _Model,
        rules: Ruleset,
        obs: Observation,
        pos: Position,
        budget: int,
        *,
        exhaustive: bool = False,
    ) -> _Search | None:
        if model.spec.draw is not None and any(
            int(z["size"]) and z["id"] == model.spec.draw.source for z in obs.zones
        ):
            return None  # cards still to draw
        probe = _scorer(rules, obs, pos, ((), ()), 0)
        sides = engine_sides(rules, probe.state)
        if len(sides) != 2:
            return None
        mine = 0 if obs.seat in sides[0] else 1
        scorer = _scorer(rules, obs, pos, (sides[0], sides[1]), mine)
        sizes = tuple(sorted((f"{z['id']}_size", int(z["size"])) for z in obs.zones))
        tricks_left = -(-(sum(h.bit_count() for h in pos.hands) + len(pos.trick)) // model.n)
        follows: dict[int, bool] = {}
        d = rules.declaring
        for t in range(pos.trick_no, pos.trick_no + tricks_left):
            rule = model.must_follow(t, sizes)
            if rule is None:
                return None
            follows[t] = rule
            if d is not None and evaluate(d.window, {"trick_no": t}):
                return None  # a declaration may still be made
        additive = (
            not exhaustive
            and not scorer.reads_tricks()
            and _monotone(scorer, pos, sides[mine], sides[1 - mine])
        )
        trump = rules.deck.suits.index(obs.trump) if obs.trump in rules.deck.suits else None
        return _Search(
            model,
            pos,
            mine=frozenset(sides[mine]),
            scorer=scorer,
            additive=additive,
            follows=follows,
            trump=trump,
            table={},
            budget=budget,
        )

    # --- the trick model ------------------------------------------------------------------
    def _trick_no_at(self, packed: int, k: int) -> int:
        """The trick number when the hands `packed` are left and `k` cards lie on the trick."""
        played = self.total_left - packed.bit_count() - k
        done = (len(self.pos.trick) + played) // self.n  # tricks completed since the root
        return self.pos.trick_no + done

    def playable(self, hand: int, trick: Sequence[tuple[int, int]], trick_no: int = -1) -> int:
        if not trick:
            return hand
        if trick_no < 0:
            trick_no = self.pos.trick_no
        if self.follows.get(trick_no, True):
            same = hand & self.suit_mask[self.suit_of[trick[0][1]]]
            if same:
                return same
        return hand

    def moves(  # noqa: PLR0917 - positional: called at every position of the search
        self, packed: int, seat: int, k: int, led: int, best: int, tmask: int
    ) -> tuple[int, ...]:
        """The cards worth trying for `seat` (the hands `packed`, `k` cards on the trick:
        `led` the suit led, `best` the card winning it so far, `tmask` its cards): one of
        each run of touching cards of a suit in the seat's hand with the same value (no
        live card between them: they are the same card for the rest of the deal), the
        likely best first (a winner taking the most points, else the cheapest throw; a
        lead: the most points, the strongest)."""
        hand = packed >> self.offset[seat] & self.low
        if k:
            follow = self.follow_all
            if follow is None:
                follow = self.follows.get(self._trick_no_at(packed, k), True)
            playable = (hand & self.suit_mask[led]) if follow else 0
            if not playable:
                playable = hand
        else:
            playable = hand
        if not playable & (playable - 1):
            return (playable.bit_length() - 1,)
        live = tmask
        low, width = self.low, self.width
        while packed:
            live |= packed & low
            packed >>= width
        key = (playable, live, best)
        found = self.move_lists.get(key)
        if found is not None:
            return found
        out: list[int] = []
        runs = self.runs
        for suit, mask in enumerate(self.suit_mask):
            mine = playable & mask
            if not mine:
                continue
            here = live & mask
            run_key = (suit, here, mine)
            one = runs.get(run_key)
            if one is None:
                one = runs[run_key] = self._runs(suit, here, mine)
            out.extend(one)
        if len(out) > 1:
            out.sort(key=(self.follow_rank[best] if k else self.lead_rank).__getitem__)
        found = self.move_lists[key] = tuple(out)
        return found

    def _runs(self, suit: int, live: int, mine: int) -> tuple[int, ...]:
        """One card of each run of `mine` (cards of `suit`) with the same value and no
        other `live` card between them, strongest first."""
        out: list[int] = []
        values = self.values
        prev_mine = False
        prev_value = -1
        for c in self.model.suits[suit]:
            if not live >> c & 1:
                continue
            if mine >> c & 1:
                value = values[c]
                if not (prev_mine and value == prev_value):
                    out.append(c)
                prev_mine, prev_value = True, value
            else:
                prev_mine = False
        return tuple(out)

    # --- the search -----------------------------------------------------------------------
    def root(self, card: int, alpha: int, beta: int) -> int:
        """The value of the deciding seat playing `card` now, within (alpha, beta)."""
        pos = self.pos
        trick = pos.trick
        packed = 0
        for x, hand in enumerate(pos.hands):
            packed |= hand << self.offset[x]
        if not trick:
            return self._play((packed, pos.leader, 0, -1, -1, -1, 0, 0), card, alpha, beta)
        beats = self.beats
        best_seat, best = trick[0]
        taken = tmask = 0
        for x, c in trick:
            taken += self.values[c]
            tmask |= 1 << c
            if beats[best] >> c & 1:
                best_seat, best = x, c
        seat = self.model.next_seat[trick[-1][0]]
        led = self.suit_of[trick[0][1]]
        at = (packed, seat, len(trick), led, best, best_seat, taken, tmask)
        return self._play(at, card, alpha, beta)

    def _play(self, at: Trick, card: int, alpha: int, beta: int) -> int:
        """The value after the seat to play at `at` plays `card` - additive: what the
        deciding side captures from here; else the deal's margin. Not a position visited
        (the root's card): the positions are counted by `_value` and `_add`."""
        packed, seat, k, led, best, best_seat, taken, tmask = at
        after = packed ^ 1 << card + self.offset[seat]
        if not k:
            led, best, best_seat = self.suit_of[card], card, seat
        elif self.beats[best] >> card & 1:
            best, best_seat = card, seat
        taken += self.values[card]
        nxt = self.model.next_seat[seat]
        if self.additive:
            if k + 1 < self.n:
                bit = 1 << card
                return self._add(
                    after, nxt, k + 1, led, best, best_seat, taken, tmask | bit, alpha, beta
                )
            gain = 0
            if best_seat in self.mine:
                gain = taken + (0 if after else self.last_bonus)
            if not after:
                return gain
            return gain + self._add(
                after, best_seat, 0, -1, -1, -1, 0, 0, alpha - gain, beta - gain
            )
        if k + 1 < self.n:
            return self._value(
                after, nxt, k + 1, led, best, best_seat, taken, tmask | 1 << card, 0, 0, alpha, beta
            )
        won = taken << self.unit_shift[best_seat]
        took = 1 << self.unit_shift[best_seat]
        if not after:
            return self._end(won, took, best_seat)
        return self._value(after, best_seat, 0, -1, -1, -1, 0, 0, won, took, alpha, beta)

    def _last(  # noqa: PLR0917 - positional: a call for each last trick of the search
        self, packed: int, seat: int, units: int, tricks: int, key: Any, alpha: int, beta: int
    ) -> int:
        """The last trick from its lead (every seat one card; `key`, `alpha`, `beta`: the
        lead's table key and window, looked up already), played out at once - the value
        `_value` (or `_add`: `units` and `tricks` unread) finds, the same positions counted (the
        lead's already, one for each other seat: a seat with one card has one move) and
        the same entry stored in the table, so the rest of the search is unchanged."""
        self.nodes += self.n - 1
        if self.nodes > self.budget:
            raise OutOfBudget
        offset, low, beats, values = self.offset, self.low, self.beats, self.values
        following = self.following[seat]
        best_seat = seat
        best = (packed >> offset[seat] & low).bit_length() - 1
        taken = values[best]
        for x in following:
            card = (packed >> offset[x] & low).bit_length() - 1
            taken += values[card]
            if beats[best] >> card & 1:
                best, best_seat = card, x
        if self.additive:  # the deciding side's units, the bonus too
            value = taken + self.last_bonus if best_seat in self.mine else 0
        else:
            shift = self.unit_shift[best_seat]
            value = self._end(units + (taken << shift), tricks + (1 << shift), best_seat)
        _store(self.table, key, value, alpha, beta)
        return value

    def _end(self, units: int, tricks: int, last: int) -> int:
        """`Scorer.margin` of a line's end (`units`, `tricks`: each seat's captures since
        the root, packed), remembered by the packed ints."""
        key = (units, tricks, last)
        found = self.ends.get(key)
        if found is None:
            found = self.ends[key] = self.scorer.margin(
                self._unpack(units), self._unpack(tricks), last
            )
        return found

    def _unpack(self, packed: int) -> tuple[int, ...]:
        """Per seat, its signed field of `packed` (`unit_bits` bits each, seat 0 lowest)."""
        out = []
        size = 1 << self.unit_bits
        for _x in range(self.n):
            field = packed & size - 1
            if field >= size >> 1:
                field -= size
            out.append(field)
            packed = (packed - field) >> self.unit_bits
        return tuple(out)

    def _value(  # noqa: PLR0915, PLR0917 - the search's recursion, its children inline
        self,
        packed: int,
        seat: int,
        k: int,
        led: int,
        best: int,
        best_seat: int,
        taken: int,
        tmask: int,
        units: int,
        tricks: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Alpha-beta from a position (`seat` to play; the hands `packed`; `k` cards on
        the trick: its suit `led`, the card winning it `best` and whose, its units, its
        cards), every line scored at its end; the table keyed by what the line captured
        since the root too (`units`, `tricks`: per seat, packed)."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        key: Any = None
        if not k:
            key = (packed, seat, units, tricks)
            entry = self.table.get(key)
            if entry is not None:
                lo, hi = entry
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
            if self.even and packed.bit_count() == self.n:
                return self._last(packed, seat, units, tricks, key, alpha, beta)
        a0, b0 = alpha, beta
        maximize = seat in self.mine
        best_value = -_INF if maximize else _INF
        values, beats, suit_of = self.values, self.beats, self.suit_of
        off = self.offset[seat]
        nxt = self.model.next_seat[seat]
        full = k + 1 == self.n
        for card in self.moves(packed, seat, k, led, best, tmask):
            # `_play` inline (the hot path of the exhaustive search): the same values
            after = packed ^ 1 << card + off
            if not k:
                led2, best2, seat2 = suit_of[card], card, seat
            elif beats[best] >> card & 1:
                led2, best2, seat2 = led, card, seat
            else:
                led2, best2, seat2 = led, best, best_seat
            took_units = taken + values[card]
            if not full:
                v = self._value(
                    after,
                    nxt,
                    k + 1,
                    led2,
                    best2,
                    seat2,
                    took_units,
                    tmask | 1 << card,
                    units,
                    tricks,
                    alpha,
                    beta,
                )
            else:
                shift = self.unit_shift[seat2]
                won = units + (took_units << shift)
                took = tricks + (1 << shift)
                if not after:
                    ended = self.ends.get((won, took, seat2))
                    v = self._end(won, took, seat2) if ended is None else ended
                else:
                    v = self._value(after, seat2, 0, -1, -1, -1, 0, 0, won, took, alpha, beta)
            if maximize:
                if v > best_value:
                    best_value = v
                    alpha = max(alpha, v)
            elif v < best_value:
                best_value = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None:
            _store(self.table, key, best_value, a0, b0)
        return best_value

    def _add(  # noqa: PLR0915, PLR0917 - the additive search's recursion, inline
        self,
        packed: int,
        seat: int,
        k: int,
        led: int,
        best: int,
        best_seat: int,
        taken: int,
        tmask: int,
        alpha: int,
        beta: int,
    ) -> int:
        """`_value` of the additive search, its children inline (the hot path): the
        deciding side's units still to capture from this position."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        table = self.table
        key: Any = None
        if not k:
            key = (packed, seat)
            entry = table.get(key)
            if entry is not None:
                lo, hi = entry
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha = max(alpha, lo)
                beta = min(beta, hi)
            if self.even and packed.bit_count() == self.n:
                return self._last(packed, seat, 0, 0, key, alpha, beta)
        a0, b0 = alpha, beta
        mine = self.mine
        maximize = seat in mine
        best_value = -_INF if maximize else _INF
        values, beats, suit_of = self.values, self.beats, self.suit_of
        last_bonus = self.last_bonus
        off = self.offset[seat]
        nxt = self.model.next_seat[seat]
        full = k + 1 == self.n
        for card in self.moves(packed, seat, k, led, best, tmask):
            after = packed ^ 1 << card + off
            if not k:
                led2, best2, seat2 = suit_of[card], card, seat
            elif beats[best] >> card & 1:
                led2, best2, seat2 = led, card, seat
            else:
                led2, best2, seat2 = led, best, best_seat
            took_units = taken + values[card]
            if not full:
                v = self._add(
                    after,
                    nxt,
                    k + 1,
                    led2,
                    best2,
                    seat2,
                    took_units,
                    tmask | 1 << card,
                    alpha,
                    beta,
                )
            else:
                gain = 0
                if seat2 in mine:
                    gain = took_units
                    if not after:
                        gain += last_bonus
                if not after:
                    v = gain
                else:
                    v = gain + self._add(
                        after, seat2, 0, -1, -1, -1, 0, 0, alpha - gain, beta - gain
                    )
            if maximize:
                if v > best_value:
                    best_value = v
                    alpha = max(alpha, v)
            elif v < best_value:
                best_value = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None:
            _store(table, key, best_value, a0, b0)
        return best_value


def _store(table: dict[Any, list[int]], key: Any, best: int, alpha: int, beta: int) -> None:
    """Record `best`, searched within (alpha, beta), as a bound or the exact value."""
    entry = table.get(key) or [-_INF, _INF]
    if best <= alpha:
        entry[1] = min(entry[1], best)
    elif best >= beta:
        entry[0] = max(entry[0], best)
    else:
        entry[0] = entry[1] = best
    table[key] = entry


def _monotone(scorer: Scorer, pos: Position, mine: Sequence[int], theirs: Sequence[int]) -> bool:
    """Is the deal's value for the deciding side a nondecreasing function of the units it
    captures in the rest of the deal (cards, and the last trick's bonus and leftovers)?
    Checked on every split of the units still out, with the last trick to either side."""
    values = scorer.rules.deck.card_value
    left = sum(values[c] for h in pos.hands for c in iter_cards(h))
    left += sum(values[c] for _x, c in pos.trick)
    bonus = scorer.rules.scoring.last_trick + scorer.leftover_last
    n = scorer.n
    key = (
        id(scorer.rules),
        tuple(mine),
        tuple(theirs),
        left,
        bonus,
        tuple(scorer.won_units),
        tuple(scorer.leftover_fixed),
        tuple(scorer.declared),
        scorer.state.contract_part,
    )
    found = _MONOTONE.get(key)
    if found is not None and found[0] is scorer.rules:
        return found[1]
    points: list[tuple[int, int]] = []
    for got in range(left + 1):
        for last_mine in (False, True):
            units = [0] * n
            units[mine[0]] += got
            units[theirs[0]] += left - got
            value = scorer.margin(units, [0] * n, mine[0] if last_mine else theirs[0])
            points.append((got + (bonus if last_mine else 0), value))
    points.sort()
    # sorted by (units, value): a drop in value, or two values for the same units, breaks it
    answer = not any(v2 < v1 or a1 == a2 for (a1, v1), (a2, v2) in pairwise(points) if v1 != v2)
    if len(_MONOTONE) > 4096:
        _MONOTONE.clear()
    _MONOTONE[key] = (scorer.rules, answer)
    return answer


_MONOTONE: dict[tuple[Any, ...], tuple[Ruleset, bool]] = {}


# the observation of the last decision and its scorers: (that observation, {key: scorer})
_SCORERS: list[Any] = [None, {}]


def _scorer(
    rules: Ruleset,
    obs: Observation,
    pos: Position,
    sides: tuple[tuple[int, ...], tuple[int, ...]],
    mine: int,
) -> Scorer:
    """`Scorer(rules, obs, pos, sides, mine)`, made once per decision for the parts of
    `pos` a scorer reads (what each seat captured and its tricks, the partner, the zones'
    leftovers): the sampled worlds of one decision share them, so its eight worlds built
    sixteen scorers (and their game states) where one or two serve. A scorer's answers
    are a function of those parts and the observation, which is immutable."""
    if _SCORERS[0] is not obs:
        _SCORERS[0], _SCORERS[1] = obs, {}
    made: dict[tuple[Any, ...], Scorer] = _SCORERS[1]
    key = (pos.won, pos.tricks_won, pos.partner, pos.leftover_zone, sides, mine)
    found = made.get(key)
    if found is None or found.rules is not rules:
        found = made[key] = Scorer(rules, obs, pos, sides, mine)
    return found


__all__ = ["MAX_CARDS", "NODES", "OutOfBudget", "endgame_card", "solve"]
