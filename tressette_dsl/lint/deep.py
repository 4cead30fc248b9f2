"""`tressette validate --deep`: play random deals and report where the rules get stuck.

The static checks prove that a ruleset is well formed; they cannot prove that it plays.
A discard larger than any hand, a `when` that skips the phase that deals the cards, an
expression that fails on a state nobody thought of: each validates, and then stops a game.
So the deep check plays a few hundred deals with a seeded random player (mostly plain
moves; claims and other match-ending moves are rare, so that deals run to their end) through
the engine's public API, and turns what goes wrong into located diagnostics:

* TS441 a dead end: the match is not over, but nobody can act or no action is legal;
* TS442 no end: a match that outlasts `MAX_DEALS` deals, or a deal `MAX_ACTIONS` actions;
* TS443 cards that do not add up: the tricks and the leftover of a finished deal capture
  fewer or more units than the deck holds;
* TS444 an exception: an expression that fails while playing (located at its rule), or
  any other failure of the engine (located at the phase).

Each problem is reported once, at the rule that caused it, with the seed and deal that show
it. The run is bounded by a number of deals and by wall-clock time, so it always ends.

A ruleset whose `players.count` is a range is played at every allowed count, the deals and
the time shared between them, because its `by_seats` table makes each count a different
game (a reduction that leaves a hand short shows only at its count); a problem then says
the count that shows it: "... (with 6 seats)". Matches that eliminate seats go on at the
smaller tables, as a game would.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from tressette_dsl.diagnostics import Diagnostic, Span
from tressette_dsl.engine import Action, Event, GameState, apply, is_over, legal_actions, start
from tressette_dsl.engine.errors import RuleEvaluationError
from tressette_dsl.engine.events import (
    AllPassed,
    Annulled,
    Claimed,
    DealScored,
    LeftoverTaken,
    TrickWon,
)
from tressette_dsl.engine.seating import rules_for
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.source import Path, SourceMap

CODES: dict[str, str] = {
    "TS441": "deep check: a dead end, with nobody to act or no legal action",
    "TS442": "deep check: a match or a deal that does not end",
    "TS443": "deep check: a finished deal whose captured cards do not add up to the deck",
    "TS444": "deep check: an error while playing (a rule that fails, or the engine)",
}

DEALS = 300  # deals played in all, over as many matches as that takes
SECONDS = 10.0  # and never longer than this
MAX_DEALS = 200  # a match longer than this does not end
MAX_ACTIONS = 5_000  # a deal longer than this does not end
RARE = ("claim", "announce", "annul")  # moves that end a match or a deal early: seldom
RARE_ODDS = 0.002


@dataclass
class DeepReport:
    """What the deep check played and found."""

    deals: int = 0
    matches: int = 0
    seconds: float = 0.0
    complete: bool = True  # False when the time ran out before `deals` deals
    problems: list[Diagnostic] = field(default_factory=list)
    counts: tuple[int, ...] = ()  # the seat counts played (a range: every allowed one)


def deep_check(
    rules: Ruleset,
    smap: SourceMap | None = None,
    *,
    deals: int = DEALS,
    seconds: float = SECONDS,
    seed: int = 1,
) -> DeepReport:
    """Play random matches of `rules` until `deals` deals were played or `seconds` passed;
    every problem found, located through `smap` (the ruleset's document) when given.
    With a range of seat counts, each count gets its share of both (at least one deal)."""
    table = rules.seat_table
    counts = tuple(range(table.low, table.high + 1)) if table is not None else ()
    report = DeepReport(counts=counts or (rules.players.count,))
    seen: set[tuple[str, Path]] = set()
    began = time.perf_counter()
    if not counts:
        _play_count(
            report,
            seen,
            rules,
            seats=None,
            smap=smap,
            deals=deals,
            deadline=began + seconds,
            seed=seed,
        )
    else:
        share, extra = divmod(deals, len(counts))
        for i, n in enumerate(counts):
            slot = seconds * (i + 1) / len(counts)  # each count's end of time
            budget = max(1, share + (1 if i < extra else 0))
            _play_count(
                report,
                seen,
                rules,
                seats=n,
                smap=smap,
                deals=budget,
                deadline=began + slot,
                seed=seed,
            )
    report.seconds = time.perf_counter() - began
    return report


def _play_count(
    report: DeepReport,
    seen: set[tuple[str, Path]],
    rules: Ruleset,
    *,
    seats: int | None,
    smap: SourceMap | None,
    deals: int,
    deadline: float,
    seed: int,
) -> None:
    """`deals` deals of `rules` at `seats` (None: its own count) into `report`."""
    played = matches = 0
    match_seed = seed
    while played < deals and matches < deals * 2:
        if time.perf_counter() > deadline:
            report.complete = False
            break
        run = _Match(rules, smap, match_seed, seats)
        run.play(deals - played, deadline)
        played += run.deals
        matches += 1
        for key, diag in run.problems:
            if key not in seen:
                seen.add(key)
                report.problems.append(diag)
        if run.stuck:
            break  # the same dead end would come back in every match
        match_seed += 1
    report.deals += played
    report.matches += matches


class _Match:
    def __init__(
        self, rules: Ruleset, smap: SourceMap | None, seed: int, seats: int | None = None
    ) -> None:
        self.rules = rules
        self.seats = seats
        self.table = rules  # the ruleset of the table now (a match that eliminates shrinks)
        self.smap = smap
        self.seed = seed
        self.rng = random.Random(seed)
        self.deals = 0
        self.stuck = False
        self.problems: list[tuple[tuple[str, Path], Diagnostic]] = []

    def play(self, budget: int, deadline: float) -> None:
        try:
            state, events = start(self.rules, self.seed, seats=self.seats)
            self.table = rules_for(self.rules, state)
        except Exception as exc:  # the first deal itself fails
            self._failed(exc, None)
            return
        deal: list[Event] = list(events)
        actions = 0
        while not is_over(state):
            if self.deals >= MAX_DEALS:
                self._report(
                    "TS442",
                    f"the match did not end after {MAX_DEALS} deals (seed {self.seed})",
                    ("match", "end"),
                    "check match.end: can the scores or counts it reads ever reach it?",
                )
                return
            if actions > MAX_ACTIONS:
                self._report(
                    "TS442",
                    f"deal {self.deals + 1} did not end after {MAX_ACTIONS} actions "
                    f"(seed {self.seed}), in phase '{self._phase_id(state)}'",
                    self._phase_path(state),
                    None,
                )
                self.stuck = True
                return
            self.table = rules_for(self.rules, state)  # the table that plays next
            legal = self._legal(state)
            if legal is None:
                return
            action = self._pick(legal)
            try:
                state, events = apply(self.rules, state, action)
            except Exception as exc:
                self._failed(exc, state, action)
                return
            actions += 1
            deal.extend(events)
            if any(isinstance(e, DealScored) for e in events):
                self._check_cards(deal)
                self.deals += 1
                deal, actions = [], 0
                self.table = rules_for(self.rules, state)
                if self.deals >= budget or time.perf_counter() > deadline:
                    return

    def _legal(self, state: GameState) -> Sequence[Action] | None:
        try:
            legal = legal_actions(self.rules, state)
        except Exception as exc:
            self._failed(exc, state)
            return None
        if state.to_act is None or not legal:
            who = "nobody is to act" if state.to_act is None else "no action is legal"
            phase = self._phase_id(state)
            sizes = ", ".join(str(int(h).bit_count()) for h in state.hands)
            self._report(
                "TS441",
                f"dead end in phase '{phase}': the match is not over, but {who} "
                f"(seed {self.seed}, deal {self.deals + 1}; the hands hold {sizes} cards)",
                self._phase_path(state),
                "a count, a `when` or a zone of this phase cannot be met by the cards "
                "the earlier phases leave; `validate` checks what it can statically",
            )
            self.stuck = True
            return None
        return legal

    def _pick(self, legal: Sequence[Action]) -> Action:
        plain = [a for a in legal if not str(a).startswith(RARE)]
        if plain and self.rng.random() > RARE_ODDS:
            return self.rng.choice(plain)
        return self.rng.choice(list(legal))

    def _check_cards(self, deal: list[Event]) -> None:
        """Every card of a deal played to its end is captured by a trick or the leftover."""
        if any(isinstance(e, (Claimed, Annulled, AllPassed)) for e in deal):
            return
        if not any(isinstance(e, TrickWon) for e in deal):
            return
        if self.table.scoring.leftover_to == "none":
            return  # the leftover is set aside on purpose
        deck = self.table.deck
        held = sum(deck.card_value[c] for c in deck.cards)
        won = sum(e.units for e in deal if isinstance(e, TrickWon))
        won += sum(
            deck.card_value[deck.by_text[c]]
            for e in deal
            if isinstance(e, LeftoverTaken)
            for c in e.cards
        )
        if won != held:
            self._report(
                "TS443",
                f"deal {self.deals + 1} (seed {self.seed}) captured {won} units of cards, but "
                f"the deck holds {held}: {abs(held - won)} units were "
                f"{'lost' if won < held else 'counted twice'}",
                ("scoring", "leftover_to"),
                "every card should end in a trick or in the leftover a side takes",
            )

    def _failed(
        self, exc: Exception, state: GameState | None, action: Action | None = None
    ) -> None:
        after = f" after '{action}'" if action is not None else ""
        where = f"seed {self.seed}, deal {self.deals + 1}{after}"
        if isinstance(exc, RuleEvaluationError):
            diag = exc.diagnostic
            message = f"a rule failed while playing ({where}): {diag.message}{self._with_seats()}"
            self.problems.append(
                (("TS444", diag.path or (str(diag.span),)), _with(diag, "TS444", message))
            )
        else:
            path = self._phase_path(state) if state is not None else ("flow",)
            self._report(
                "TS444",
                f"the engine failed ({where}): {type(exc).__name__}: {exc}",
                path,
                None,
            )
        self.stuck = True

    def _with_seats(self) -> str:
        """The words ' (with N seats)' for a ruleset played at several counts: the count at
        the table that shows the problem, and the count the match began with if it shrank."""
        if self.seats is None:
            return ""
        now = self.table.players.count
        began = "" if now == self.seats else f", the table shrunk from {self.seats}"
        return f" (with {now} seats{began})"

    def _phase_id(self, state: GameState) -> str:
        flow = rules_for(self.rules, state).flow
        return flow[state.phase].id if 0 <= state.phase < len(flow) else "?"

    def _phase_path(self, state: GameState) -> Path:
        return ("phases", self._phase_id(state))

    def _report(self, code: str, message: str, path: Path, hint: str | None) -> None:
        message += self._with_seats()
        if self.smap is not None:
            diag = self.smap.diagnostic(code, message, path, hint=hint, at_key=True)
        else:
            diag = Diagnostic(code, message, Span(self.rules.file or "<ruleset>", 1, 1), hint=hint)
        self.problems.append(((code, path), diag))


def _with(diag: Diagnostic, code: str, message: str) -> Diagnostic:
    return Diagnostic(code, message, diag.span, diag.severity, diag.path, diag.hint, diag.notes)
