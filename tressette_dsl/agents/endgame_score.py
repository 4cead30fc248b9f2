"""What the end of a deal is worth to one side, by the engine's own scoring functions.

The endgame solver searches card plays; at the end of each line the deal is scored here
with `engine.scoring`'s functions (`deal_points`, `deal_total`, `find_big_win`, the
payoff), on the side facts that line gives and a stand-in state that holds only public
facts (the seat count, the contract, the declarer and his partner, the bid's points), so
the value is the rules' own: floors, the last-trick bonus, leftovers, big wins, payoffs.

The value of a line for the deciding side is its *margin*: the mean change of its seats'
match totals less the other side's (the arena's margin), scaled by the two sides' sizes
so that it stays an int; negated when points are penalties (`match.winner: lowest`); and
plus or minus `MATCH_WIN` when a big win ends the match.
"""

from __future__ import annotations

from collections.abc import Sequence

from tressette_dsl.agents.endgame_view import Position
from tressette_dsl.engine.observe import Observation
from tressette_dsl.engine.scoring import (
    SideFacts,
    _payoff,
    _rescored,
    deal_points,
    deal_total,
    find_big_win,
)
from tressette_dsl.engine.state import Contract, GameState
from tressette_dsl.rules.model import Ruleset

MATCH_WIN = 1_000_000  # a big win that ends the match outweighs any deal's points

# names a deal's value reads that depend on the tricks each seat took, not only on the
# units: with none of them (and no big win) a side's value is a function of its units
TRICK_NAMES = frozenset(
    {
        "tricks",
        "declarer_tricks",
        "opp_tricks",
        "total_tricks",
        "best_seat_tricks",
        "units_outside_best_seat",
    }
)


class Scorer:
    """The margin of one side for the end of the deal, from the rest's captures."""

    def __init__(
        self,
        rules: Ruleset,
        obs: Observation,
        pos: Position,
        sides: tuple[tuple[int, ...], tuple[int, ...]],
        mine: int,
    ) -> None:
        self.rules, self.pos, self.sides, self.mine = rules, pos, sides, mine
        deck = rules.deck
        self.n = rules.players.count
        self.won_units = [deck.units(w) for w in pos.won]
        self.declared = [0] * self.n
        for d in obs.declarations:
            if not d["cancelled"]:
                self.declared[int(d["seat"])] += int(d["points"])
        bid_points = None
        for bid in obs.auction:
            if bid["bid"] is not None:
                bid_points = bid["points"]
        self.state = GameState(
            seed=0,
            n=self.n,
            contract_part=Contract(
                contract=obs.contract,
                declarer=obs.declarer,
                partner=pos.partner,
                bid_points=bid_points,
            ),
        )
        # the zones' leftover cards: to the last trick's winner, or to a fixed seat
        self.leftover_last = 0
        self.leftover_fixed = [0] * self.n
        for index, cards in pos.leftover_zone:
            to = rules.zones[index].leftover_to
            units = deck.units(cards)
            if to == "last_trick_winner":
                self.leftover_last += units
            elif to == "declarer" and obs.declarer is not None:
                self.leftover_fixed[int(obs.declarer)] += units
        self.reverse = rules.match.winner == "lowest"
        self._answers: dict[tuple[tuple[int, ...], tuple[int, ...], int], int] = {}
        # the solver's own memo of `margin`, by its packed arguments (`endgame._Search`)
        self.packed_ends: dict[tuple[int, int, int], int] = {}
        self._context = (
            id(rules),
            self.sides,
            mine,
            obs.contract,
            obs.declarer,
            pos.partner,
            bid_points,
            tuple(self.declared),
        )

    def margin(self, units: Sequence[int], tricks: Sequence[int], last: int) -> int:
        """The deciding side's margin when the rest of the deal gives seat x `units[x]`
        card units and `tricks[x]` tricks, and seat `last` takes the last trick (this
        scorer's answers remembered by their arguments, before the shared table's key is
        built: a search asks the same ends of the deal again and again)."""
        mine = (tuple(units), tuple(tricks), last)
        found_here = self._answers.get(mine)
        if found_here is None:
            found_here = self._answers[mine] = self._shared_margin(units, tricks, last)
        return found_here

    def _shared_margin(self, units: Sequence[int], tricks: Sequence[int], last: int) -> int:
        rules, pos = self.rules, self.pos
        won = [
            self.won_units[x]
            + units[x]
            + self.leftover_fixed[x]
            + (self.leftover_last if x == last else 0)
            for x in range(self.n)
        ]
        tricks_won = [pos.tricks_won[x] + tricks[x] for x in range(self.n)]
        # the value is a function of the deal's end alone - the sides' facts the engine
        # scores (what each side took, its best seat's tricks, who took the last trick:
        # the seats' own splits of a side's units and tricks are read through them only)
        # - and of public facts: remembered across the positions, and the sampled worlds,
        # of the decisions (the rules' scoring is the solver's hot spot)
        facts = self._facts(won, tricks_won, last, cancelled=())
        key = (self._context, tuple(facts))
        found = _MARGINS.get(key)
        if found is not None and found[0] is rules:
            return found[1]
        value = self._margin(won, tricks_won, last, facts)
        if len(_MARGINS) >= _KEEP_MARGINS:
            _MARGINS.clear()
        _MARGINS[key] = (rules, value)
        return value

    def _margin(
        self, won: list[int], tricks_won: list[int], last: int, facts: list[SideFacts]
    ) -> int:
        """`margin` from the deal's end: units and tricks per seat, the last trick's seat
        (`facts`: the sides' facts of that end, nothing cancelled)."""
        rules = self.rules
        s = self.state
        points = deal_points(rules, s, facts)
        total = deal_total(rules, facts, points) if rules.scoring.big_wins else 0
        big = find_big_win(rules, s, facts, points, total)
        if big and big[0].cancels_opponent_declarations:
            others = tuple(x for i, side in enumerate(facts) if i != big[1] for x in side.seats)
            facts = self._facts(won, tricks_won, last, cancelled=others)
            points = deal_points(rules, s, facts)
            total = deal_total(rules, facts, points)
        if big and (big[0].points is not None or big[0].others is not None):
            points = _rescored(rules, s, facts, points, total=total, big=big)
        per_seat = [0] * self.n
        effect = rules.scoring.big_win_effect
        multiplier = big[0].multiplier if big and effect == "multiply" else 1
        if rules.payoff is not None and s.contract_part.declarer is not None:
            _success, per_seat = _payoff(rules, s, facts, points, multiplier)
        else:
            for side, pts in zip(facts, points, strict=True):
                for x in side.seats:
                    per_seat[x] = pts
        mine, theirs = self.sides[self.mine], self.sides[1 - self.mine]
        value = sum(per_seat[x] for x in mine) * len(theirs) - sum(
            per_seat[x] for x in theirs
        ) * len(mine)
        if self.reverse:
            value = -value
        if big and effect == "win_match":
            value += MATCH_WIN if set(facts[big[1]].seats) & set(mine) else -MATCH_WIN
        return value

    def _facts(
        self, won: list[int], tricks: list[int], last: int, *, cancelled: tuple[int, ...]
    ) -> list[SideFacts]:
        """`engine.scoring.side_facts` of the final state this line ends in (the sides in
        the engine's order: the declarer's side first in contract games)."""
        all_units = sum(won)
        bonus = self.rules.scoring.last_trick
        out = []
        for seats in self.sides:
            cards_units = sum(won[x] for x in seats)
            best = max(seats, key=lambda x: (tricks[x], -x))
            is_last = last in seats
            out.append(
                SideFacts(
                    seats=seats,
                    tricks=sum(tricks[x] for x in seats),
                    cards_units=cards_units,
                    last_trick=is_last,
                    units=cards_units + (bonus if is_last else 0),
                    declared=sum(self.declared[x] for x in seats if x not in cancelled),
                    best_seat_tricks=tricks[best],
                    outside_best=all_units - won[best],
                )
            )
        return out

    def reads_tricks(self) -> bool:
        """Does the deal's value read the tricks taken (a big win, a payoff on tricks)?"""
        rules = self.rules
        if rules.scoring.big_wins:
            return True
        names = set(rules.scoring.deal_points.names)
        if rules.payoff is not None:
            p = rules.payoff
            for expr in (p.success, p.value, p.declarer, p.partner, p.defender):
                if expr is not None:
                    names |= expr.names
        return bool(names & TRICK_NAMES)


_MARGINS: dict[tuple[object, ...], tuple[Ruleset, int]] = {}
_KEEP_MARGINS = 50_000

__all__ = ["MATCH_WIN", "Scorer"]
