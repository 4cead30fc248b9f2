"""Cards to groups under capacities: the bipartite assignment behind determinisation.

Each card has an *allowed* bit mask of groups (bit g: group g may take it) and each group a
capacity (how many cards it still takes). `feasible` says whether every card can be placed,
`max_flow` how many can, and `sequential` draws one placement at random, card by card, each
choice kept only when the rest can still be placed. Nothing here knows cards or seats: the
groups are whatever the caller numbers (hidden hand slots, the stock, a face-down zone).

Cards with the same mask are interchangeable, so the flow runs on the small graph of mask
*types* to groups (at most a few dozen nodes), not on the cards themselves. The same
grouping makes *counting* the placements cheap (`count`: a sum over how many cards of each
type go to each group, the rooms left as the memo key), and so `uniform` draws a placement
exactly uniformly over all valid ones: how many cards of each type go where, with chance
proportional to the placements that choice leaves, then which of them, at random.
`sequential`, the older fallback, is slightly biased (a card's group is weighted by room,
not by the placements it leaves) and stays for callers that want speed over exactness.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from math import factorial


def feasible(allowed: Sequence[int], caps: Sequence[int]) -> bool:
    """Can every card go to an allowed group without exceeding a capacity? (max flow)"""
    need = Counter(allowed)
    return max_flow(need, caps) == sum(need.values())


def max_flow(need: Counter[int], caps: Sequence[int]) -> int:
    """Cards of each allowed-mask type to groups: Ford-Fulkerson on the tiny type graph."""
    types = [t for t, k in need.items() if k > 0]
    open_groups = sum(1 << g for g, r in enumerate(caps) if r > 0)
    if all(t & open_groups == open_groups for t in types):  # nothing constrains: counts only
        return min(sum(need[t] for t in types), sum(caps))
    left = [need[t] for t in types]
    room = list(caps)
    flow = [[0] * len(caps) for _ in types]
    total = 0
    while True:
        # BFS from the types with cards left to a group with room left
        parent: dict[tuple[str, int], tuple[str, int] | None] = {}
        queue: list[tuple[str, int]] = []
        for i, k in enumerate(left):
            if k > 0:
                parent[("t", i)] = None
                queue.append(("t", i))
        end = None
        while queue and end is None:
            kind, i = queue.pop(0)
            if kind == "t":
                for g in range(len(caps)):
                    if types[i] >> g & 1 and ("g", g) not in parent:
                        parent[("g", g)] = (kind, i)
                        if room[g] > 0:
                            end = ("g", g)
                            break
                        queue.append(("g", g))
            else:
                for j in range(len(types)):
                    if flow[j][i] > 0 and ("t", j) not in parent:
                        parent[("t", j)] = (kind, i)
                        queue.append(("t", j))
        if end is None:
            return total
        node: tuple[str, int] = end
        room[end[1]] -= 1
        while True:
            prev = parent[node]
            if prev is None:
                left[node[1]] -= 1
                break
            if prev[0] == "t":
                flow[prev[1]][node[1]] += 1
            else:
                flow[node[1]][prev[1]] -= 1
            node = prev
        total += 1


def sequential(allowed: Sequence[int], caps: Sequence[int], rng: random.Random) -> list[int]:
    """Place the cards one by one (random order) in a random allowed group with room, each
    choice kept only if the cards left can still all be placed."""
    room = list(caps)
    need = Counter(allowed)
    out = [-1] * len(allowed)
    order = list(range(len(allowed)))
    rng.shuffle(order)
    for i in order:
        mask = allowed[i]
        need[mask] -= 1
        options = [g for g in range(len(room)) if mask >> g & 1 and room[g] > 0]
        while options:
            g = rng.choices(options, weights=[room[o] for o in options])[0]
            room[g] -= 1
            if max_flow(need, room) == sum(need.values()):
                out[i] = g
                break
            room[g] += 1
            options.remove(g)
        if out[i] < 0:  # cannot happen when the start was feasible
            raise AssertionError("determinize: no consistent place left for a card")
    return out


def _splits(k: int, groups: Sequence[int], room: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to put `k` interchangeable cards into `groups` within `room`: a count per
    entry of `groups`."""
    if not groups:
        if k == 0:
            yield ()
        return
    first, rest = groups[0], groups[1:]
    left_room = sum(room[g] for g in rest)
    for here in range(max(0, k - left_room), min(k, room[first]) + 1):
        for tail in _splits(k - here, rest, room):
            yield (here, *tail)


class _Counter:
    """Placements of cards of the given mask types into rooms: counted once per rooms."""

    def __init__(self, types: Sequence[int], sizes: Sequence[int], groups: int) -> None:
        self.types = list(types)
        self.sizes = list(sizes)
        self.options = [tuple(g for g in range(groups) if t >> g & 1) for t in self.types]
        self.count = lru_cache(maxsize=None)(self._count)

    def _count(self, i: int, room: tuple[int, ...]) -> int:
        """Placements of types i.. into `room` (labelled cards: a multinomial per type)."""
        if i == len(self.types):
            return 1
        total = 0
        k = self.sizes[i]
        for split in _splits(k, self.options[i], room):
            ways = factorial(k)
            left = list(room)
            for g, here in zip(self.options[i], split, strict=True):
                ways //= factorial(here)
                left[g] -= here
            rest = self.count(i + 1, tuple(left))
            if rest:
                total += ways * rest
        return total


def count(allowed: Sequence[int], caps: Sequence[int]) -> int:
    """How many placements of the cards (each to an allowed group, groups filled to their
    capacities at most) there are; 0 when none."""
    need = Counter(allowed)
    types = sorted(need)
    counter = _Counter(types, [need[t] for t in types], len(caps))
    return counter.count(0, tuple(caps))


def uniform(allowed: Sequence[int], caps: Sequence[int], rng: random.Random) -> list[int]:
    """A placement drawn uniformly at random among all valid ones (`count` of them): per
    type, how many of its cards go to each group, weighted by the placements left; then
    which cards, shuffled. Raises `ValueError` when there is none."""
    need = Counter(allowed)
    types = sorted(need)
    counter = _Counter(types, [need[t] for t in types], len(caps))
    room = tuple(caps)
    if counter.count(0, room) == 0:
        raise ValueError("no placement of the cards meets the constraints")
    groups_of: dict[int, list[int]] = {}
    for i, t in enumerate(types):
        k = counter.sizes[i]
        pick = rng.randrange(counter.count(i, room))
        chosen: tuple[int, ...] = ()
        for split in _splits(k, counter.options[i], room):
            ways = factorial(k)
            left = list(room)
            for g, here in zip(counter.options[i], split, strict=True):
                ways //= factorial(here)
                left[g] -= here
            weight = ways * counter.count(i + 1, tuple(left))
            if pick < weight:
                chosen, room = split, tuple(left)
                break
            pick -= weight
        slots = [g for g, here in zip(counter.options[i], chosen, strict=True) for _ in range(here)]
        rng.shuffle(slots)
        groups_of[t] = slots
    out = []
    for mask in allowed:
        out.append(groups_of[mask].pop())
    return out


__all__ = ["count", "feasible", "max_flow", "sequential", "uniform"]
