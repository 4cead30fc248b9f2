"""The endgame solver's search as it was before session 11 (the reference for its speed-up).

`ReferenceSearch` is `endgame._Search` with the hot path of main at `b9cd2da`: positions as
tuples of (seat, card) tricks, the engine's `winner_of` for every trick, moves sorted by
tuple keys. The new search must give the same value for every root card and visit the same
number of positions (the node budget decides when an answer is given), which
tests/unit/agents/test_endgame_fast.py checks over many positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tressette_dsl.agents.endgame import _INF, OutOfBudget, _Search, _store
from tressette_dsl.engine.phases.tricks import winner_of

# (alpha, beta, units per seat since the root, tricks per seat since the root)
Frame = tuple[int, int, tuple[int, ...], tuple[int, ...]]


class ReferenceSearch(_Search):
    """The old hot path; everything else (`of`, the tables, `playable`, `_runs`, which
    did not change) is `_Search`'s."""

    @classmethod
    def wrap(cls, search: _Search) -> ReferenceSearch:
        """`search` as a reference search (the same fields, the old methods)."""
        search.__class__ = cls
        assert isinstance(search, ReferenceSearch)
        search.ref_runs: dict[tuple[int, int, int], tuple[int, ...]] = {}
        search.lead_key = [(-v, -s) for v, s in zip(search.values, search.strength, strict=True)]
        return search

    # --- the trick model ------------------------------------------------------------------
    def trick_no(self, hands: Sequence[int], trick: Sequence[tuple[int, int]]) -> int:
        played = self.total_left - sum(h.bit_count() for h in hands) - len(trick)
        done = (len(self.pos.trick) + played) // self.n  # tricks completed since the root
        return self.pos.trick_no + done

    def winner(self, trick: Sequence[tuple[int, int]]) -> int:
        """The engine's own trick winner (`winner_of`)."""
        return winner_of(self.model.rules, tuple(trick), self.trump)

    def moves(self, hands: Sequence[int], trick: Sequence[tuple[int, int]], seat: int) -> list[int]:
        """The cards worth trying: one of each run of touching cards of a suit in the
        seat's hand with the same value (no live card between them: they are the same
        card for the rest of the deal), the likely best first."""
        hand = hands[seat]
        if trick:
            follow = self.follow_all
            if follow is None:
                follow = self.follows.get(self.trick_no(hands, trick), True)
            same = hand & self.suit_mask[self.suit_of[trick[0][1]]] if follow else 0
            playable = same or hand
        else:
            playable = hand
        if not playable & (playable - 1):
            return [playable.bit_length() - 1]
        live = 0
        for h in hands:
            live |= h
        for _x, c in trick:
            live |= 1 << c
        out: list[int] = []
        values = self.values
        suit_mask = self.suit_mask
        runs = self.ref_runs
        for suit, mask in enumerate(suit_mask):
            mine = playable & mask
            if not mine:
                continue
            key = (suit, live & mask, mine)
            found = runs.get(key)
            if found is None:
                found = runs[key] = self._runs(suit, live & mask, mine)
            out.extend(found)
        if len(out) < 2:
            return out
        if trick:
            best = trick[0][1]
            for _x, c in trick[1:]:
                if self._beats(c, best):
                    best = c
            beats, strength = self._beats, self.strength

            def follow_key(c: int) -> tuple[int, int, int]:
                if beats(c, best):  # a winner: the most points it can take, then the cheapest
                    return (0, -values[c], strength[c])
                return (1, values[c], strength[c])  # else the cheapest card thrown

            out.sort(key=follow_key)
        else:
            out.sort(key=self.lead_key.__getitem__)
        return out

    def _beats(self, card: int, best: int) -> bool:
        cs, bs = self.suit_of[card], self.suit_of[best]
        if cs == bs:
            return self.strength[card] > self.strength[best]
        return cs == self.trump

    # --- the search -----------------------------------------------------------------------
    def root(self, card: int, alpha: int, beta: int) -> int:
        """The value of the deciding seat playing `card` now, within (alpha, beta)."""
        pos = self.pos
        seat = pos.leader if not pos.trick else self.model.next_seat[pos.trick[-1][0]]
        zeros = (0,) * self.n
        return self._child(pos.hands, pos.trick, seat, card, (alpha, beta, zeros, zeros))

    def _child(
        self,
        hands: Sequence[int],
        trick: tuple[tuple[int, int], ...],
        seat: int,
        card: int,
        frame: Frame,
    ) -> int:
        """The value after `seat` plays `card` (additive: counting what it captures);
        `frame`: the window and, when not additive, each seat's units and tricks taken
        since the root."""
        alpha, beta, units, tricks = frame
        new_hands = list(hands)
        new_hands[seat] &= ~(1 << card)
        now = (*trick, (seat, card))
        if len(now) < self.n:
            if self.additive:
                return self._add(tuple(new_hands), now, -1, alpha, beta)
            return self._value(tuple(new_hands), now, frame, -1)
        winner = self.winner(now)
        values = self.values
        taken = 0
        for _x, c in now:
            taken += values[c]
        last = not any(new_hands)
        if self.additive:
            gain = 0
            if winner in self.mine:
                gain = taken + (self.last_bonus if last else 0)
            if last:
                return gain
            return gain + self._add(tuple(new_hands), (), winner, alpha - gain, beta - gain)
        units = tuple([u + taken if x == winner else u for x, u in enumerate(units)])
        tricks = tuple([t + 1 if x == winner else t for x, t in enumerate(tricks)])
        if last:
            return self.scorer.margin(units, tricks, winner)
        return self._value(tuple(new_hands), (), (alpha, beta, units, tricks), winner)

    def _value(
        self,
        hands: tuple[int, ...],
        trick: tuple[tuple[int, int], ...],
        frame: Frame,
        leader: int,
    ) -> int:
        """Alpha-beta from a node (`leader`: who leads, at a trick's start)."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        alpha, beta, units, tricks = frame
        key: Any = None
        if trick:
            seat = self.model.next_seat[trick[-1][0]]
        else:
            seat = leader
            key = (hands, seat) if self.additive else (hands, seat, units, tricks)
            entry = self.table.get(key)
            if entry is not None:
                lo, hi = entry
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        maximize = seat in self.mine
        best = -_INF if maximize else _INF
        n, values = self.n, self.values
        for card in self.moves(hands, trick, seat):
            # `_child` inline (the hot path of the exhaustive search): the same values
            new_hands = list(hands)
            new_hands[seat] &= ~(1 << card)
            now = (*trick, (seat, card))
            if len(now) < n:
                v = self._value(tuple(new_hands), now, (alpha, beta, units, tricks), -1)
            else:
                winner = self.winner(now)
                taken = 0
                for _x, c in now:
                    taken += values[c]
                won = tuple([u + taken if x == winner else u for x, u in enumerate(units)])
                took = tuple([t + 1 if x == winner else t for x, t in enumerate(tricks)])
                if not any(new_hands):
                    v = self.scorer.margin(won, took, winner)
                else:
                    v = self._value(tuple(new_hands), (), (alpha, beta, won, took), winner)
            if maximize:
                best = max(best, v)
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                beta = min(beta, best)
            if alpha >= beta:
                break
        if key is not None:
            _store(self.table, key, best, a0, b0)
        return best

    def _add(
        self,
        hands: tuple[int, ...],
        trick: tuple[tuple[int, int], ...],
        leader: int,
        alpha: int,
        beta: int,
    ) -> int:
        """`_value` of the additive search, its children inline (the hot path): the
        deciding side's units still to capture from this node."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        table = self.table
        key: Any = None
        if trick:
            seat = self.model.next_seat[trick[-1][0]]
        else:
            seat = leader
            key = (hands, seat)
            entry = table.get(key)
            if entry is not None:
                lo, hi = entry
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha = max(alpha, lo)
                beta = min(beta, hi)
        a0, b0 = alpha, beta
        maximize = seat in self.mine
        best = -_INF if maximize else _INF
        n, values, last_bonus = self.n, self.values, self.last_bonus
        for card in self.moves(hands, trick, seat):
            new_hands = list(hands)
            new_hands[seat] &= ~(1 << card)
            now = (*trick, (seat, card))
            if len(now) < n:
                v = self._add(tuple(new_hands), now, leader, alpha, beta)
            else:
                winner = self.winner(now)
                gain = 0
                last = not any(new_hands)
                if winner in self.mine:
                    for _x, c in now:
                        gain += values[c]
                    if last:
                        gain += last_bonus
                if last:
                    v = gain
                else:
                    v = gain + self._add(tuple(new_hands), (), winner, alpha - gain, beta - gain)
            if maximize:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None:
            _store(table, key, best, a0, b0)
        return best


__all__ = ["ReferenceSearch"]
