"""A search bot's playouts from one world, each of its moves tried, on the kernel.

A sampling bot draws a world and plays out every legal move in it: the same state, loaded
into a kernel once per move and scored into a `MatchResult` it reads two fields of. Here
the world is loaded once (`Kernel(rules, world)`) and each try plays a copy of it
(`Kernel.copy`: lists copied, nothing read from the state again); the seats' random draws
are wired once; and the end of the deal is read off the kernel's `DealEnd` record as the
two things the bot values - each seat's match total and the seats that won the match, if
it ended - without building the result. It is `playout_result` with the same choices,
so the same numbers: `engine.result` of the state the deal ends in gives the same
``seat_totals`` and ``winner_seats`` (the differential test holds it to that). Where a try
leaves the kernel (a declaring round it does not play, a card the interpreter applies)
it goes on exactly as `playout_result` does.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tressette_dsl.compiled.cache import CompiledRuleset, compile_ruleset
from tressette_dsl.compiled.chain import DealEnd, Finished, chain_for
from tressette_dsl.compiled.draws import getrandbits_of
from tressette_dsl.compiled.kernel import (
    Kernel,
    _FirstBits,
    _ForcedFirst,
    _hand_over,
    _within_budget,
    deal_end,
    in_kernel,
    kernel_step,
    light_fits,
)
from tressette_dsl.compiled.rounds import kernel_round
from tressette_dsl.compiled.steps import PlayoutStats, choosers
from tressette_dsl.engine.match import result, slot_seats, total_slots
from tressette_dsl.engine.state import GameState, Outcome
from tressette_dsl.rules.model import Ruleset

# each seat's match total after the deal, and the seats that won the match (empty while
# it goes on): `MatchResult.seat_totals` and, once it is over, `MatchResult.winner_seats`
Ending = tuple[tuple[int, ...], frozenset[int]]


class Tries:
    """Playouts to the end of the deal from one world, each with its own first choice."""

    __slots__ = (
        "bits",
        "choose",
        "compiled",
        "max_actions",
        "quick",
        "rules",
        "seat_slot",
        "slot_seats",
        "template",
        "world",
    )

    def __init__(
        self,
        rules: Ruleset,
        compiled: CompiledRuleset,
        world: GameState,
        rng: random.Random,
        max_actions: int,
    ) -> None:
        self.rules, self.compiled, self.world = rules, compiled, world
        self.max_actions = max_actions
        self.template = Kernel(rules, world)
        self.template.bare = True  # the end of the deal read as totals and outcome alone
        self.choose = choosers(world.n, rng, None)  # `rng` for every seat, as the bot draws
        self.seat_slot, self.slot_seats = _slots(rules, compiled)
        # the seats' `getrandbits` for the loop's inline draws (what `_drive` wires for
        # every run: the choosers are the same for every try), and the chain whose
        # `_close` scores the deal's last card on the kernel (`_hand_over`'s, with `light`)
        bits = [getrandbits_of(c) for c in self.choose]
        if rules.players.dummy is not None:  # a dummy draws from its owner's chooser
            bits = [None]
        self.bits: list[Callable[[int], int]] | None = None if None in bits else bits  # type: ignore[assignment]
        self.quick = chain_for(compiled.fast_end, world)

    @staticmethod
    def of(
        rules: Ruleset, world: GameState, rng: random.Random, *, max_actions: int = 200_000
    ) -> Tries | None:
        """The tries of `world` with random play after the first choice drawn from `rng`,
        or None where they do not fit (a ruleset or moment `playout_result` does not end
        on the kernel's lists, a seat table): then the caller plays `playout_result`."""
        compiled = compile_ruleset(rules)
        if (
            getattr(rules, "seat_table", None) is not None
            or not light_fits(rules, compiled, world)
            or not in_kernel(compiled, world)
        ):
            return None
        return Tries(rules, compiled, world, rng, max_actions)

    def play(self, first: int) -> Ending:
        """Choice number `first` (of the legal actions less claims), then random play to
        the end of the deal: what `playout_result(rules, world, rng, first=first)` gives,
        as (seat totals, winner seats)."""
        choose = self.choose[:]
        world, rules, compiled = self.world, self.rules, self.compiled
        forced = _ForcedFirst(choose, world, first, rules)
        stats = PlayoutStats()
        k = self.template.copy()
        bits = self.bits
        got: DealEnd | GameState | Finished
        if bits is not None and forced.pending is not None and compiled.run is not None:
            # `kernel_step`'s first step written out for a try (no chain: the deal's end):
            # the same loop and rounds as `_drive`, the inline draws wired once per world
            # (`bits` is None with a dummy seat: `_drive` seats its choosers, `seating`)
            grb = k.grb = bits[:]
            grb[k.seat] = _FirstBits(forced.pending, grb, k.seat)
            run = compiled.run
            while True:
                run(k, choose)
                if k.pick == -2 and k.seat == k.leader:  # a declaring round at a trick's start
                    decisions = kernel_round(rules, k, choose)
                    if decisions is None:
                        break  # the interpreter's kind: written back, as `_drive` does
                    stats.actions += decisions
                    k.pick = k.stop = 0
                    continue
                break
            quick = self.quick
            if k.stop == 1 and k.card is not None and quick is not None:
                closed = quick._close(k, k.card[0])
                if closed is not None:  # `_hand_over`'s `DealEnd` of a bare kernel, read
                    return self._ending(closed[0], closed[3])
            got = _hand_over(rules, compiled, k, world, choose, stats=stats, light=True)
        else:  # the first step on the loaded kernel (the world is in its trick loop: `of`)
            got = kernel_step(
                rules,
                compiled,
                world,
                choose,
                stats,
                limit=self.max_actions,
                light=True,
                first=forced.pending,
                loaded=k,
            )
        if not isinstance(got, DealEnd):
            assert isinstance(got, GameState)  # no `finish`: never a `Finished`
            forced.settle(choose)
            if not got.deal_ended:  # then on as `playout_result` goes on
                _within_budget(stats, 0, self.max_actions)
                got = deal_end(
                    rules,
                    compiled,
                    got,
                    choose,
                    stats,
                    forced=forced,
                    max_actions=self.max_actions,
                    began=0,
                )
        if isinstance(got, DealEnd):
            return self._ending(got.totals, got.outcome)
        res = result(self.rules, got)
        return tuple(res.seat_totals), frozenset(res.winner_seats) if res.over else frozenset()

    def _ending(self, totals: tuple[int, ...], outcome: Outcome | None) -> Ending:
        """The deal's end as `engine.result` reads it: each seat's total (its slot's) and,
        once the match is over, the seats of the winning slots."""
        seat_totals = tuple([totals[slot] for slot in self.seat_slot])
        if outcome is None:
            return seat_totals, frozenset()
        seats = self.slot_seats
        return seat_totals, frozenset([x for slot in outcome.winners for x in seats[slot]])


_SLOTS: dict[int, tuple[CompiledRuleset, tuple[int, ...], tuple[tuple[int, ...], ...]]] = {}


def _slots(
    rules: Ruleset, compiled: CompiledRuleset
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The total slot of each seat and the seats of each slot (what `engine.result` maps
    totals and winners through), once per compiled ruleset: a bot makes a `Tries` for
    every world it draws."""
    found = _SLOTS.get(id(compiled))
    if found is not None and found[0] is compiled:
        return found[1], found[2]
    teams = rules.sides.mode == "teams"
    side_of = rules.sides.side_of
    n = rules.players.count
    seat_slot = tuple(int(side_of[x]) if teams else x for x in range(n))
    seats = tuple(slot_seats(rules, slot) for slot in range(total_slots(rules)))
    _SLOTS[id(compiled)] = (compiled, seat_slot, seats)
    return seat_slot, seats


__all__ = ["Ending", "Tries"]
