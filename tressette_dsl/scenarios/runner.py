"""Play a scenario through the engine and check its expectations: the one runner behind
``tressette check`` and the conformance tests.

A scenario stops at the first step the engine disagrees with (an action refused, a seat out
of turn, an expected refusal accepted): the game after it would not be the one the author
wrote. Expectations, on the other hand, are all checked, so one run reports every wrong
value. Each problem is a ``Diagnostic`` located at the YAML line that stated it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path as FsPath
from typing import Any

from tressette_dsl import engine
from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, Severity, Span
from tressette_dsl.engine import GameState
from tressette_dsl.engine.arguments import first_deal_sizes
from tressette_dsl.loader import bundled_ids, load_ruleset
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.scenarios import codes
from tressette_dsl.scenarios.checks import CHECKS, Game
from tressette_dsl.scenarios.loader import did_you_mean
from tressette_dsl.scenarios.model import Action, Scenario, ScenarioFile, Step
from tressette_dsl.scenarios.names import (
    NameProblem,
    card_text,
    card_words,
    seat_index,
    seat_name,
    slot_index,
)

MAX_AUTO_ACTIONS = 20_000
PLAIN_FIRST = ("claim", "signal", "declare", "announce", "annul")  # `auto` avoids these


@dataclass(frozen=True, slots=True)
class Result:
    """What happened to one scenario: ``passed``, ``failed``, ``pending`` or ``error``."""

    scenario: Scenario
    status: str
    diagnostics: tuple[Diagnostic, ...] = ()
    checked: int = 0  # expectations checked


class _Stop(Exception):
    """The scenario cannot go on; carries the diagnostic that says why."""

    def __init__(self, diag: Diagnostic) -> None:
        super().__init__(diag.message)
        self.diag = diag


@dataclass
class RulesetCache:
    """Rulesets loaded once per run, by resolved name; failures are remembered too."""

    loaded: dict[str, Ruleset | BaseException] = field(default_factory=dict)

    def get(self, scenario: Scenario) -> Ruleset:
        key = resolve_ruleset(scenario)
        if key not in self.loaded:
            self.loaded[key] = _load_ruleset(key)
        got = self.loaded[key]
        if isinstance(got, BaseException):
            raise got
        return got


def resolve_ruleset(scenario: Scenario) -> str:
    """A bundled id stays as is; a path is taken relative to the scenario file."""
    name = scenario.ruleset
    if name.endswith((".yaml", ".yml")) or "/" in name:
        return str((FsPath(scenario.file).parent / name).resolve())
    return name


def _load_ruleset(key: str) -> Ruleset | BaseException:
    try:
        return load_ruleset(key)
    except DiagnosticError as exc:
        return exc
    except Exception as exc:  # an unknown id may surface as another error type
        return exc


def run_file(
    sfile: ScenarioFile, cache: RulesetCache | None = None, select: str | None = None
) -> list[Result]:
    """Run every scenario of a file (those whose id contains `select`, if given)."""
    cache = cache or RulesetCache()
    return [
        run_scenario(s, cache)
        for s in sfile.scenarios
        if select is None or select.lower() in s.ident.lower()
    ]


def run_scenario(scenario: Scenario, cache: RulesetCache | None = None) -> Result:
    """Play one scenario; never raises for a problem of the scenario or of the engine."""
    if scenario.pending:
        note = Diagnostic(
            codes.PENDING, f"pending: {scenario.pending}", scenario.span, Severity.NOTE
        )
        return Result(scenario, "pending", (note,))
    cache = cache or RulesetCache()
    try:
        rules = cache.get(scenario)
    except BaseException as exc:
        return Result(scenario, "error", (_ruleset_problem(scenario, exc),))
    runner = _Runner(scenario, rules)
    return runner.run()


def _ruleset_problem(scenario: Scenario, exc: BaseException) -> Diagnostic:
    notes: tuple[tuple[str, Span], ...] = ()
    if isinstance(exc, DiagnosticError):
        notes = tuple((f"[{d.code}] {d.message}", d.span) for d in exc.diagnostics[:5])
        message = f"ruleset '{scenario.ruleset}' does not load"
        if not resolve_ruleset(scenario).startswith("/"):
            message += did_you_mean(scenario.ruleset, bundled_ids())
    else:
        message = f"ruleset '{scenario.ruleset}' cannot be loaded: {exc}"
    return Diagnostic(codes.BAD_RULESET, message, scenario.ruleset_span, notes=notes)


class _Runner:
    def __init__(self, scenario: Scenario, rules: Ruleset) -> None:
        self.scenario = scenario
        self.rules = rules
        self.problems: list[Diagnostic] = []
        self.checked = 0
        self.game: Game | None = None

    def run(self) -> Result:
        try:
            self.game = Game(self.rules, self._new_game())
            for step in self.scenario.steps:
                self._step(step)
        except _Stop as stop:
            self.problems.append(stop.diag)
        except Exception as exc:  # an engine crash is a failure of the scenario, not of check
            where = self.scenario.span
            self.problems.append(
                Diagnostic(codes.REFUSED, f"the engine crashed: {type(exc).__name__}: {exc}", where)
            )
        malformed = any(d.code < codes.REFUSED for d in self.problems)
        status = "error" if malformed else "failed" if self.problems else "passed"
        return Result(self.scenario, status, tuple(self.problems), self.checked)

    # -- setting up the deal ---------------------------------------------------------
    def _new_game(self) -> GameState:
        s = self.scenario
        kwargs: dict[str, Any] = {}
        if s.dealer is not None:
            dealer = s.dealer
            kwargs["dealer"] = self._name(partial(seat_index, self.rules, dealer), "dealer")
        if s.hands:
            kwargs["hands"] = {
                self._name(partial(seat_index, self.rules, seat), "hands"): self._cards(
                    cards, "hands"
                )
                for seat, cards in s.hands.items()
            }
        if s.deck is not None:
            kwargs["deck"] = self._cards(s.deck, "deck")
        for zone, cards in s.zones.items():
            if zone not in self.rules.zone_ids:
                known = ", ".join(self.rules.zone_ids) or "none"
                raise _Stop(
                    Diagnostic(
                        codes.BAD_SETUP,
                        f"unknown zone '{zone}'{did_you_mean(zone, self.rules.zone_ids)} "
                        f"(the zones of {self.rules.id}: {known})",
                        s.spans.get(zone, s.span),
                    )
                )
            kwargs[zone] = self._cards(cards, zone)
        self._no_card_twice(kwargs)
        self._fits_the_deal(kwargs)
        try:
            state = engine.new_game(self.rules, s.seed, **kwargs)
        except (ValueError, TypeError, KeyError) as exc:
            where = next(
                (s.spans[k] for k in ("hands", "deck", *s.zones, "dealer") if k in s.spans),
                s.span,
            )
            raise _Stop(
                Diagnostic(codes.BAD_SETUP, f"the engine refused the deal: {exc}", where)
            ) from None
        return self._start_totals(state)

    def _start_totals(self, state: GameState) -> GameState:
        """``start_totals``: the match score before the first deal (the state is plain data)."""
        if not self.scenario.start_totals:
            return state
        totals = list(state.totals)
        for side, points in self.scenario.start_totals.items():
            index = self._name(partial(slot_index, self.rules, side), "start_totals")
            totals[index] = points
        return state.replace(totals=tuple(totals))

    def _name(self, fn: Callable[[], Any], key: str) -> Any:
        try:
            return fn()
        except NameProblem as exc:
            raise _Stop(
                Diagnostic(exc.code, str(exc), self.scenario.spans.get(key, self.scenario.span))
            ) from None

    def _cards(self, cards: Iterable[str], key: str) -> list[str]:
        return [self._name(partial(card_text, self.rules, c), key) for c in cards]

    def _fits_the_deal(self, kwargs: dict[str, Any]) -> None:
        """A fixed hand must have the size the first deal gives, and a full `deck` order
        fixes every card already: with `hands`, `stock` or `monte` beside it, one of the two
        would be silently ignored, and a hand of 21 cards would deal the others short."""
        s = self.scenario
        fixed = [k for k in ("hands", "stock", "monte") if k in kwargs]
        if "deck" in kwargs and fixed:
            raise _Stop(
                Diagnostic(
                    codes.BAD_SETUP,
                    f"'deck' fixes the order of every card, so '{fixed[0]}' cannot be given too",
                    s.spans.get("deck", s.span),
                    hint=f"give either a deck order or {' / '.join(fixed)}, not both",
                )
            )
        size = first_hand_size(self.rules)
        if size is None:
            return
        for seat, cards in kwargs.get("hands", {}).items():
            if len(cards) != size:
                name = seat_name(self.rules, seat)
                raise _Stop(
                    Diagnostic(
                        codes.BAD_SETUP,
                        f"the hand of {name} has {len(cards)} cards, but the deal gives "
                        f"each hand {size}",
                        s.spans.get("hands", s.span),
                        hint=f"give {name} exactly {size} cards",
                    )
                )

    def _no_card_twice(self, kwargs: dict[str, Any]) -> None:
        seen: dict[str, str] = {}
        groups = [
            (f"the hand of {seat_name(self.rules, k)}", v)
            for k, v in kwargs.get("hands", {}).items()
        ]
        groups += [(z, kwargs[z]) for z in self.scenario.zones if z in kwargs]
        for where, cards in groups:
            for card in cards:
                if card in seen:
                    key = "hands" if where.startswith("the hand") else where
                    span = self.scenario.spans.get(key, self.scenario.span)
                    raise _Stop(
                        Diagnostic(
                            codes.BAD_CARD,
                            f"{card} is given twice ({seen[card]} and {where})",
                            span,
                        )
                    )
                seen[card] = where

    # -- the script -----------------------------------------------------------------------
    def _step(self, step: Step) -> None:
        assert self.game is not None
        for action in step.actions:
            self._act(action)
        if step.auto is not None:
            self._auto(step)
        for exp in step.expectations:
            self.checked += 1
            code, check = CHECKS[exp.key]
            try:
                problem = check(self.game, exp.value)
            except NameProblem as exc:
                self.problems.append(Diagnostic(exc.code, str(exc), exp.span, path=exp.path))
                continue
            except (TypeError, AttributeError, KeyError, IndexError, ValueError) as exc:
                # last resort: a value the loader let through but the check cannot read
                message = (
                    f"{exp.key}: this value cannot be checked ({type(exc).__name__}: {exc}); "
                    f"see docs/scenarios.md for the form '{exp.key}' takes"
                )
                self.problems.append(Diagnostic(codes.BAD_VALUE, message, exp.span, path=exp.path))
                continue
            except Exception as exc:  # the engine crashed while checking: at this key too
                message = f"the engine crashed checking {exp.key}: {type(exc).__name__}: {exc}"
                self.problems.append(Diagnostic(codes.REFUSED, message, exp.span, path=exp.path))
                continue
            if isinstance(problem, list):
                for part in problem:  # each at the part of the value that failed
                    span = exp.spans.get(part.at, exp.span)
                    where = (*exp.path, *part.at)
                    self.problems.append(
                        Diagnostic(part.code or code, part.message, span, path=where)
                    )
            elif problem:
                self.problems.append(Diagnostic(code, problem, exp.span, path=exp.path))
        if any(exp.key in ("events", "no_events") for exp in step.expectations):
            self.game.mark()  # the next events check looks at what happens after this one

    def _act(self, action: Action) -> None:
        game = self.game
        assert game is not None
        try:
            seat = seat_index(self.rules, action.seat)
        except NameProblem as exc:
            raise _Stop(
                Diagnostic(exc.code, str(exc), _key_span(action), path=action.path)
            ) from None
        if game.is_over():
            raise _Stop(
                self._diag(
                    codes.OUT_OF_TURN,
                    f"the match is over: {action.seat} cannot '{action.text}'",
                    action,
                )
            )
        actor = game.to_act()
        # a seat that is not to act may still act when it has something to do out of turn
        # (a claim "at any moment", `claims.out_of_turn`)
        out_of_turn = actor != seat and bool(engine.legal_actions(self.rules, game.state, seat))
        if actor != seat and not out_of_turn:
            raise _Stop(
                self._diag(
                    codes.OUT_OF_TURN,
                    f"out of turn: the script has {action.seat} '{action.text}', "
                    f"but {seat_name(self.rules, actor)} is to act",
                    action,
                )
            )
        try:
            parsed = engine.parse_action(
                self.rules, game.state, card_words(self.rules, action.text)
            )
        except engine.InvalidActionError as exc:
            if action.refused is not False:
                self._check_reason(action, exc)
                return
            raise _Stop(
                self._diag(
                    codes.BAD_ACTION, f"'{action.text}' is not an action here: {exc}", action
                )
            ) from None
        try:
            game.apply(parsed, seat if out_of_turn else None)
        except engine.IllegalActionError as exc:
            if action.refused is not False:
                self._check_reason(action, exc)
                return
            raise _Stop(
                self._diag(
                    codes.REFUSED, f"{action.seat} '{action.text}' was refused: {exc}", action
                )
            ) from None
        if action.refused is not False:
            raise _Stop(
                self._diag(
                    codes.NOT_REFUSED,
                    f"expected {action.seat} '{action.text}' to be refused, but it was accepted",
                    action,
                )
            )

    def _check_reason(self, action: Action, exc: Exception) -> None:
        self.checked += 1
        if isinstance(action.refused, str):
            diag = getattr(exc, "diagnostic", None)
            said = f"{getattr(diag, 'code', '')} {exc}"
            if action.refused.lower() not in said.lower():
                self.problems.append(
                    self._diag(
                        codes.WRONG_REASON,
                        f"expected a refusal mentioning '{action.refused}', got: {exc}",
                        action,
                    )
                )

    def _auto(self, step: Step) -> None:
        game = self.game
        assert game is not None
        goal = step.auto
        start_tricks, start_deals = game.tricks_seen, game.deals_seen
        for done in range(MAX_AUTO_ACTIONS):
            if _reached(game, goal, done, start_tricks, start_deals):
                return
            legal = game.legal()
            if not legal:
                break
            game.apply(_auto_choice(legal))
        if not _reached(game, goal, MAX_AUTO_ACTIONS, start_tricks, start_deals):
            raise _Stop(
                Diagnostic(codes.AUTO_STUCK, f"auto: {goal} not reached", step.span, path=step.path)
            )

    def _diag(self, code: str, message: str, action: Action) -> Diagnostic:
        return Diagnostic(code, message, action.span, path=action.path)


def _reached(game: Game, goal: Any, done: int, tricks: int, deals: int) -> bool:
    if isinstance(goal, int):
        return done >= goal or game.is_over()
    if goal == "trick_end":
        return game.tricks_seen > tricks or game.is_over()
    if goal == "deal_end":
        return game.deals_seen > deals or game.is_over()
    return game.is_over()


def first_hand_size(rules: Ruleset) -> int | None:
    """The cards each hand holds after the first deal phase of `flow` (None if none)."""
    sizes = first_deal_sizes(rules)
    return None if sizes is None else sizes[0]


def _auto_choice(legal: tuple[engine.Action, ...]) -> engine.Action:
    """The first legal action that is a plain move (not a claim, signal or declaration)."""
    for action in legal:
        if not str(action).startswith(PLAIN_FIRST):
            return action
    return legal[0]


def _key_span(action: Action) -> Span:
    return action.span
