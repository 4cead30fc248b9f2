"""The scenario file as data: what the loader reads and the runner plays.

A scenario fixes a ruleset, a dealer and the cards, then walks a script of steps. Every
step and every expectation keeps its YAML path, so that a failure is reported at the
exact line where the author wrote it. Seat names, card texts and action texts stay text
here: they only mean something once the ruleset is loaded (see ``runner``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tressette_dsl.diagnostics import Span

Path = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Source:
    """The rule a scenario pins: a seed or document file and the sentence quoted from it."""

    file: str | None
    rule: str | None
    ref: str | None = None


@dataclass(frozen=True, slots=True)
class Expectation:
    """One ``key: value`` inside ``expect``: checked against the game at that point.

    ``spans`` locates the parts of a nested value (``view``), by their path below ``path``:
    ``("East", "not_sees", 1)`` is the second card of East's ``not_sees``.
    """

    key: str
    value: Any
    path: Path
    span: Span
    spans: dict[Path, Span] = field(default_factory=dict, compare=False)


@dataclass(frozen=True, slots=True)
class Action:
    """A seat does something: ``- South: play KS`` (optionally expected to be refused)."""

    seat: str
    text: str
    path: Path
    span: Span
    refused: bool | str = False


@dataclass(frozen=True, slots=True)
class Step:
    """One item of ``script``: actions (one, or a whole ``trick``), ``auto``, then ``expect``."""

    path: Path
    span: Span
    actions: tuple[Action, ...] = ()
    auto: str | int | None = None
    expectations: tuple[Expectation, ...] = ()


@dataclass(frozen=True, slots=True)
class Scenario:
    """One story: a deal fixed by its cards, a script, and the expectations along it."""

    name: str
    file: str
    path: Path
    span: Span
    ruleset: str
    ruleset_span: Span
    sources: tuple[Source, ...] = ()
    pending: str | None = None
    seed: int = 0
    dealer: str | None = None
    hands: dict[str, tuple[str, ...]] = field(default_factory=dict)
    deck: tuple[str, ...] | None = None
    zones: dict[str, tuple[str, ...]] = field(default_factory=dict)  # zone id -> its cards
    start_totals: dict[str, int] = field(default_factory=dict)
    spans: dict[str, Span] = field(default_factory=dict)
    steps: tuple[Step, ...] = ()

    @property
    def ident(self) -> str:
        """``file::name``, the id pytest and ``check -k`` use."""
        return f"{self.file}::{self.name}"


@dataclass(frozen=True, slots=True)
class ScenarioFile:
    """A YAML file: one scenario at the top level, or a ``scenarios`` list sharing defaults."""

    file: str
    text: str
    scenarios: tuple[Scenario, ...]
