"""`reveal` as written: its record in the model, its schema fragment and its builder.

What loading and validating a ruleset need of the kind, without the engine; its play
is engine/phases/reveal.py (rules/phases/syntax.py says why the halves are apart)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tressette_dsl.rules.model import Expr
from tressette_dsl.rules.phases.syntax import Path, PhaseBuilder, PhaseSyntax, phase_schema
from tressette_dsl.rules.zones import omitted, zone_ref_schema


@dataclass(frozen=True, slots=True)
class RevealPhase:
    """A `reveal` phase as built: the zone shown to every seat."""

    id: str
    when: Expr | None
    zone: str
    kind: str = "reveal"


DESCRIPTION = "Shows a zone to every seat."


PROPERTIES: Mapping[str, Any] = {"zone": zone_ref_schema("The zone shown")}


REQUIRED: tuple[str, ...] = ("zone",)


def build(b: PhaseBuilder, pid: str, path: Path, when: Expr | None) -> RevealPhase:
    return RevealPhase(pid, when, str(b.get((*path, "zone")) or omitted("reveal", ("zone",))))


SYNTAX = PhaseSyntax(
    name="reveal",
    spec=RevealPhase,
    schema=phase_schema("reveal", DESCRIPTION, PROPERTIES, REQUIRED),
    build=build,
    zone_keys=(("zone",),),
)
