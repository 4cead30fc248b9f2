"""Zones as data in the language: `zones:` builds `Ruleset.zones`; without it, the zones a
ruleset names are implied with the documented defaults; references are checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tressette_dsl.diagnostics import DiagnosticError
from tressette_dsl.loader import load_ruleset

MINI = """\
id: mini
players: {count: 2}
sides: {mode: individual}
deck:
  suits: {C: {name: coppe}, D: {name: denari}}
  ranks: "A 2 3"
  order: "3 > 2 > A"
  values: "A=3, 2 3=1"
ZONES
flow: [deal, play, score]
phases:
  deal: {kind: deal, packets: "PACKETS"}
  play: {kind: tricks, follow_suit: "true"}
  score: {kind: score}
scoring: {leftover_to: none}
match: {end: "deals_counted >= 1"}
"""


def _load(tmp_path: Path, zones: str, packets: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "mini.yaml"
    path.write_text(MINI.replace("ZONES", zones).replace("PACKETS", packets), encoding="utf-8")
    return load_ruleset(str(path))


def test_declared_zones_keep_their_order_and_keys(tmp_path: Path) -> None:
    zones = (
        "zones:\n"
        "  out: {seen_by: everyone, leftover_to: last_trick_winner, ordered: false}\n"
        "  buried: {seen_by: owner, owner: dealer, drawn_from: false}\n"
    )
    rules = _load(tmp_path, zones, "2 buried:1 out:rest")
    assert rules.zone_ids == ("out", "buried")
    out, buried = rules.zones
    assert (out.seen_by, out.leftover_to, out.ordered, out.drawn_from) == (
        "everyone",
        "last_trick_winner",
        False,
        True,
    )
    assert buried.seen_by == "owner" and buried.owner is not None and not buried.drawn_from
    assert buried.leftover_to == "none"  # scoring.leftover_to
    assert rules.zone_index("buried") == 1


def test_undeclared_zones_get_the_defaults(tmp_path: Path) -> None:
    rules = _load(tmp_path, "", "2 stock:rest")
    (stock,) = rules.zones
    assert stock.id == "stock" and not stock.declared
    assert (stock.seen_by, stock.owner, stock.leftover_to, stock.drawn_from, stock.ordered) == (
        "nobody",
        None,
        "none",
        True,
        True,
    )


def test_a_packet_naming_an_undeclared_zone_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DiagnosticError) as err:
        _load(tmp_path, "zones:\n  out: {seen_by: everyone}\n", "2 stock:rest")
    (diag,) = err.value.diagnostics
    assert diag.code == "TS309" and "stock" in diag.message


def test_a_phase_naming_an_undeclared_zone_gets_a_did_you_mean(tmp_path: Path) -> None:
    text = MINI.replace("ZONES", "zones:\n  monte: {}\n").replace("PACKETS", "2 monte:2")
    text = text.replace("flow: [deal, play", "flow: [deal, show, play").replace(
        "  score: {kind: score}", "  score: {kind: score}\n  show: {kind: reveal, zone: mote}"
    )
    path = tmp_path / "mini.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DiagnosticError) as err:
        load_ruleset(str(path))
    (diag,) = err.value.diagnostics
    assert diag.code == "TS417" and diag.hint is not None and "monte" in diag.hint


def test_a_zone_cannot_be_called_like_a_field_of_the_dealt_event(tmp_path: Path) -> None:
    with pytest.raises(DiagnosticError) as err:
        _load(tmp_path, "zones:\n  hands: {}\n", "2 hands:2")
    assert err.value.diagnostics[0].code.startswith("TS2")


def test_the_bundled_rulesets_declare_their_zones() -> None:
    assert [(z.id, z.declared) for z in load_ruleset("calabresella").zones] == [("monte", True)]
    assert [(z.id, z.declared) for z in load_ruleset("tressette-in-due").zones] == [("stock", True)]
    assert load_ruleset("tressette").zones == ()
