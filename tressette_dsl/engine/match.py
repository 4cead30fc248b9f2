"""The match around the deals: totals, a fresh deal, when the match ends and who won."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tressette_dsl.engine import occupancy, seating
from tressette_dsl.engine.codec import encode
from tressette_dsl.engine.events import MatchEnded
from tressette_dsl.engine.state import (
    Cards,
    Contract,
    DealRecord,
    FixedDeal,
    GameState,
    Knowledge,
    Outcome,
    TrickPlay,
)
from tressette_dsl.engine.step import Step, evaluate
from tressette_dsl.rules.model import Ruleset


def total_slots(rules: Ruleset) -> int:
    """Match totals are kept per team (teams) or per seat (individual, contract), or per
    person when fewer people than seats play (`seating.people`)."""
    people = occupancy.slot_count(rules)
    if people is not None:
        return people
    return len(rules.sides.seats) if rules.sides.mode == "teams" else rules.players.count


def slot_names(rules: Ruleset) -> tuple[str, ...]:
    if rules.players.people is not None:
        return rules.players.people.names
    return rules.sides.names if rules.sides.mode == "teams" else rules.players.names


def slot_seats(rules: Ruleset, slot: int) -> tuple[int, ...]:
    if rules.sides.mode == "teams":
        return tuple(sorted(rules.sides.seats[slot]))
    return (slot,)


def fresh_deal(rules: Ruleset, s: GameState, dealer: int, fixed: FixedDeal | None) -> GameState:
    """The state at the start of a deal: match fields kept, every deal field reset."""
    n = s.n
    cards, seen, play, contract = _blank(rules, n)
    return GameState(
        seed=s.seed,
        n=n,
        cards=cards,
        seen=seen,
        play=play,
        contract_part=contract,
        match=s.match.but(deal_no=s.match.deal_no + 1, dealer=dealer, over=False, outcome=None),
        fixed=fixed,
    )


def _blank(rules: Ruleset, n: int) -> tuple[Cards, Knowledge, TrickPlay, Contract]:
    """A deal's empty parts for `n` seats: frozen records, the same values for every
    deal of the ruleset, so built once and shared (every change makes a new record)."""
    key = (id(rules), n)
    found = _BLANKS.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    zeros = (0,) * n
    k = len(rules.zones)
    parts = (
        Cards(hands=zeros, zone_ids=rules.zone_ids, zones=((),) * k, won=zeros, played=zeros),
        Knowledge(public=zeros, discarded=zeros, shown=(False,) * k, reveals=()),
        TrickPlay(tricks_won=zeros, announced=zeros, revealed_announce=(False,) * n, drawn=zeros),
        Contract(taken=zeros),
    )
    if len(_BLANKS) > 256:  # rulesets built on the fly (tests, house rules): bounded
        _BLANKS.clear()
    _BLANKS[key] = (rules, parts)
    return parts


# (id(rules), seats) -> (rules, its blank parts): the ruleset is kept, so its id is not
# reused while the entry lives
_BLANKS: dict[tuple[int, int], tuple[Ruleset, tuple[Cards, Knowledge, TrickPlay, Contract]]] = {}


def end_match(
    step: Step, winners: tuple[int, ...], reason: str, games: int = 1, detail: str = ""
) -> None:
    outcome = Outcome(winners=winners, reason=reason, games=games, detail=detail)
    step.update(
        match=step.state.match.but(over=True, outcome=outcome),
        cursor=step.state.cursor.but(to_act=None, pending=()),
    )
    step.emit(MatchEnded(winners=winners, reason=reason, totals=step.state.match.totals))


def match_env(rules: Ruleset, s: GameState, totals: tuple[int, ...]) -> dict[str, Any]:
    return {
        "totals": totals,
        "target": rules.match.target or 0,
        "deals_counted": s.match.deals_counted,
        "deal_no": s.match.deal_no,
    }


def check_end(
    step: Step, totals: tuple[int, ...] | None = None, record: DealRecord | None = None
) -> bool:
    """Evaluate `match.end` on the totals; end the match if it holds and a winner exists.

    `totals` are running totals (mid-deal check); they become the match totals, and
    `record` is logged, only if the match ends."""
    rules, s = step.rules, step.state
    totals = s.match.totals if totals is None else totals
    if rules.match.eliminate is not None and record is None and _eliminate(step, totals):
        return True
    if not evaluate(rules.match.end, match_env(rules, s, totals)):
        return False
    leaving = step.state.match.leaving  # seats eliminated by this deal cannot win by `end`
    alive = [i for i in range(len(totals)) if i not in leaving]
    pick = max if rules.match.winner == "highest" else min
    best = pick(totals[i] for i in alive)
    winners = tuple(i for i in alive if totals[i] == best)
    if len(winners) > 1 and rules.match.tie == "play_on":
        return False
    step.set_match(totals=totals, deals=s.match.deals + ((record,) if record else ()))
    end_match(step, winners, rules.match.reason)
    return True


def _eliminate(step: Step, totals: tuple[int, ...]) -> bool:
    """`match.eliminate` after a scored deal: the seats for which it holds leave (all at
    once). One seat left: it wins. None left: the best of those leaving wins (`winner`
    polarity), equal totals sharing. Otherwise they leave when the deal is over (`leaving`,
    see `seating.reseat`) and the match goes on. True when the match ended."""
    rules, s = step.rules, step.state
    assert rules.match.eliminate is not None
    env = match_env(rules, s, totals)
    out = tuple(
        i
        for i, total in enumerate(totals)
        if evaluate(rules.match.eliminate, {**env, "total": total})
    )
    if not out:
        return False
    stay = tuple(i for i in range(len(totals)) if i not in out)
    if len(stay) == 1:
        end_match(step, stay, rules.match.reason)
        return True
    if not stay:
        pick = max if rules.match.winner == "highest" else min
        best = pick(totals[i] for i in out)
        end_match(step, tuple(i for i in out if totals[i] == best), rules.match.reason)
        return True
    step.update(match=s.match.but(leaving=out))
    return False


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Who won a finished (or, with `over=False`, unfinished) match, and how."""

    over: bool
    winners: tuple[str, ...]  # side (team) or seat names
    winner_seats: frozenset[int]
    reason: str | None  # target | claim | big_win | session_end
    games: int
    totals: dict[str, int]  # per team (teams) or per seat
    seat_totals: tuple[int, ...]
    deals: tuple[DealRecord, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "over": self.over,
            "winners": list(self.winners),
            "winner_seats": sorted(self.winner_seats),
            "reason": self.reason,
            "games": self.games,
            "totals": dict(self.totals),
            "seat_totals": list(self.seat_totals),
            "deals": [_deal_dict(d) for d in self.deals],
        }


def _deal_dict(record: DealRecord) -> dict[str, Any]:
    out: dict[str, Any] = encode(record)
    return out


def _people_result(rules: Ruleset, s: GameState) -> tuple[tuple[int, ...], frozenset[int]]:
    """Per seat the total of the person sitting there now (0 for the dummy), and the seats
    of the winners (`seating.people`)."""
    seats = occupancy.person_seats(rules, s) if s.cards.hands else ()
    per_seat = [0] * s.n
    for person, seat in enumerate(seats):
        if seat >= 0:  # -1: sitting this deal out
            per_seat[seat] = s.match.totals[person]
    winners = s.match.outcome.winners if s.match.outcome else ()
    return tuple(per_seat), frozenset(seats[w] for w in winners if w < len(seats) and seats[w] >= 0)


def result(rules: Ruleset, s: GameState) -> MatchResult:
    if s.match.roster:
        return _result_after_elimination(rules, s)
    names = slot_names(rules)
    if rules.players.people is not None:
        seat_totals, seats = _people_result(rules, s)
        outcome = s.match.outcome
        return MatchResult(
            over=s.match.over,
            winners=tuple(names[w] for w in (outcome.winners if outcome else ())),
            winner_seats=seats,
            reason=outcome.reason if outcome else None,
            games=outcome.games if outcome else 0,
            totals={names[i]: t for i, t in enumerate(s.match.totals)},
            seat_totals=seat_totals,
            deals=s.match.deals,
        )
    seat_totals = tuple(
        s.match.totals[rules.sides.side_of[seat]]
        if rules.sides.mode == "teams"
        else s.match.totals[seat]
        for seat in range(s.n)
    )
    outcome = s.match.outcome
    winners = outcome.winners if outcome else ()
    seats = frozenset(seat for slot in winners for seat in slot_seats(rules, slot))
    return MatchResult(
        over=s.match.over,
        winners=tuple(names[w] for w in winners),
        winner_seats=seats,
        reason=outcome.reason if outcome else None,
        games=outcome.games if outcome else 0,
        totals={names[i]: t for i, t in enumerate(s.match.totals)},
        seat_totals=seat_totals,
        deals=s.match.deals,
    )


def _result_after_elimination(rules: Ruleset, s: GameState) -> MatchResult:
    """The result of a game whose table shrank: every seat it began with, by its first
    number and name, with the total it had when it left (or has now)."""

    names = seating.start_names(rules, s)
    rows = seating.standings(rules, s)
    outcome = s.match.outcome
    winners = tuple(seating.original_seat(s, w) for w in outcome.winners) if outcome else ()
    return MatchResult(
        over=s.match.over,
        winners=tuple(names[w] for w in winners),
        winner_seats=frozenset(winners),
        reason=outcome.reason if outcome else None,
        games=outcome.games if outcome else 0,
        totals={names[seat]: total for seat, total in rows},
        seat_totals=tuple(total for _seat, total in rows),
        deals=s.match.deals,
    )
