"""Cards to groups under capacities: the bipartite assignment behind determinisation.

Each card has an *allowed* bit mask of groups (bit g: group g may take it) and each group a
capacity (how many cards it still takes). `feasible` says whether every card can be placed,
`max_flow` how many can, and `sequential` draws one placement at random, card by card, each
choice kept only when the rest can still be placed. Nothing here knows cards or seats: the
groups are whatever the caller numbers (hidden hand slots, the stock, a face-down zone).

Cards with the same mask are interchangeable, so the flow runs on the small graph of mask
*types* to groups (at most a few dozen nodes), not on the cards themselves.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence


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


__all__ = ["feasible", "max_flow", "sequential"]
