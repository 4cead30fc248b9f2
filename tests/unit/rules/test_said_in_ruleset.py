"""The behaviours the engine would otherwise supply by default are said in every bundled file.

Issue 12 asks that "all pass: next dealer" and the player count be said in the ruleset, not
left to the engine's defaults: a reader of a bundled file (or of the chain it extends) must
find them written. This walks the raw YAML of each bundled playable ruleset and its bases.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

RULESETS = Path(__file__).parents[3] / "rulesets"
FILES = {
    doc["id"]: path
    for path in sorted(RULESETS.rglob("*.yaml"))
    if isinstance(doc := yaml.safe_load(path.read_text(encoding="utf-8")), dict) and "id" in doc
}


def _chain(ruleset_id: str) -> list[dict[str, Any]]:
    """The raw documents of a ruleset and every base it extends, the file itself first."""
    doc: dict[str, Any] = yaml.safe_load(FILES[ruleset_id].read_text(encoding="utf-8"))
    bases = doc.get("extends") or []
    out = [doc]
    for base in [bases] if isinstance(bases, str) else bases:
        out.extend(_chain(base))
    return out


PLAYABLE = sorted(
    rid for rid in FILES if not any(d.get("abstract") or d.get("mixin") for d in _chain(rid)[:1])
)


@pytest.mark.parametrize("ruleset_id", PLAYABLE)
def test_player_count_is_written(ruleset_id: str) -> None:
    assert any("count" in (d.get("players") or {}) for d in _chain(ruleset_id)), ruleset_id


@pytest.mark.parametrize("ruleset_id", PLAYABLE)
def test_who_deals_after_an_all_pass_deal_is_written(ruleset_id: str) -> None:
    chain = _chain(ruleset_id)
    phases: dict[str, dict[str, Any]] = {}
    for doc in reversed(chain):  # bases first, the file last: the merged phases
        for name, phase in (doc.get("phases") or {}).items():
            if phase is None:
                phases.pop(name, None)
            else:
                phases.setdefault(name, {}).update(phase)
    for name, phase in phases.items():
        if phase.get("kind") == "auction":
            assert "all_pass_dealer" in phase, f"{ruleset_id}: phases.{name}.all_pass_dealer"
