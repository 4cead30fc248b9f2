"""The game as a scenario drives it: the state, every event so far, per deal, and the
engine queries the checks ask (legal actions, who is to act, the last scored deal).
"""

from __future__ import annotations

from typing import Any

from tressette_dsl import engine
from tressette_dsl.engine import Action, Event, GameState
from tressette_dsl.engine.state import DealRecord
from tressette_dsl.rules.model import Ruleset
from tressette_dsl.scenarios.names import (
    seat_index,
    seat_name,
)


class Game:
    """The game as the runner drives it: state, every event so far, and what they add up to.

    Events are also kept per deal (a ``Dealt`` event starts a new list), so that after a
    deal is scored - when the engine has already dealt the next one - expectations about
    tricks and declarations still see the deal just played.
    """

    def __init__(self, rules: Ruleset, state: GameState, events: tuple[Event, ...] = ()) -> None:
        self.rules = rules
        self.state = state
        self.events: list[dict[str, Any]] = []
        self.deals: list[list[dict[str, Any]]] = [[]]
        self.scored = -1  # index in `deals` of the last deal scored
        self.since = 0  # index of the first event after the last `expect`
        self.tricks_seen = 0
        self.deals_seen = 0
        self.last_trick: dict[str, Any] | None = None
        self._record(events)

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply an action of the seat to act, or of `seat` acting out of turn."""
        self.state, events = engine.apply(self.rules, self.state, action, seat=seat)
        self._record(events)

    def _record(self, events: tuple[Event, ...]) -> None:
        for event in events:
            data = event.to_dict()
            kind = data.get("type")
            if kind == "Dealt" and self.deals[-1]:
                self.deals.append([])
            self.events.append(data)
            self.deals[-1].append(data)
            if kind == "TrickWon":
                self.tricks_seen += 1
                self.last_trick = data
            elif kind == "DealScored":
                self.deals_seen += 1
                self.scored = len(self.deals) - 1

    def deal_in_view(self) -> list[dict[str, Any]]:
        """The events of the deal in play, or of the deal just scored (until play resumes)."""
        just_scored = self.scored >= 0 and (self.deal_over() or self.is_over())
        return self.deals[self.scored] if just_scored else self.deals[-1]

    def mark(self) -> None:
        self.since = len(self.events)

    def legal(self) -> tuple[Action, ...]:
        return tuple(engine.legal_actions(self.rules, self.state))

    def to_act(self) -> int | None:
        seat: int | None = engine.to_act(self.state)
        return seat

    def is_over(self) -> bool:
        return engine.is_over(self.state)

    def deal_over(self) -> bool:
        return engine.deal_over(self.state)

    def last_deal(self) -> DealRecord | None:
        deals = [d for d in self.state.deals if d.reason == "scored"]
        return deals[-1] if deals else None

    def seat(self, name: Any) -> int:
        return seat_index(self.rules, name)

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may know now: ``engine.observe`` in its plain-data form."""
        return dict(engine.observe(self.rules, self.state, seat).to_dict())

    def name(self, seat: int | None) -> str:
        return seat_name(self.rules, seat)
