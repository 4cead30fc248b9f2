"""`extends: [base, mixin, ...]`: merge order, conflicts, mixins, and meta across bases."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from tressette_dsl.cli import main
from tressette_dsl.diagnostics import Diagnostic, DiagnosticError
from tressette_dsl.loader import collect, load_ruleset, playable_rulesets, validate_file


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def write(name: str, text: str) -> None:
    Path(name).write_text(text, encoding="utf-8")


def problems(name: str) -> list[Diagnostic]:
    try:
        return sorted(collect(name)[2], key=Diagnostic.sort_key)
    except DiagnosticError as err:
        return list(err.diagnostics)


LEAD = "id: lead\nmixin: true\nclaims:\n  allowed: on_lead\n"
QUIET = "id: quiet\nmixin: true\nsignals:\n  ribusso:\n    at: lead\n    means: the second best\n"


def test_entries_merge_left_to_right_then_the_file() -> None:
    write("lead.yaml", LEAD)
    write("quiet.yaml", QUIET)
    write("house.yaml", "id: house\nextends: [tressette, quiet.yaml]\nmatch:\n  target: 31\n")
    doc, _smap, found = collect("house.yaml")
    assert not found
    assert list(doc["signals"]) == ["busso", "striscio", "volo", "ribusso"]  # mappings merge
    assert doc["match"]["target"] == 31  # the file last
    # the provenance of each rule is its own file
    rules = load_ruleset("house.yaml")
    assert rules.signal("ribusso").at == "lead"
    assert "mixin" not in doc and doc["id"] == "house"


def test_two_entries_that_disagree_are_a_located_conflict() -> None:
    write("lead.yaml", LEAD)
    write("house.yaml", "id: house\nextends: [tressette, lead.yaml]\n")
    (diag,) = problems("house.yaml")
    assert diag.code == "TS471"
    assert (diag.span.line, diag.span.col) == (2, 22)  # the second entry of the list
    assert "claims.allowed" in diag.message
    assert [n[1].file.rsplit("/", 1)[-1] for n in diag.notes] == ["tressette.yaml", "lead.yaml"]
    assert diag.notes[1][1].line == 4  # where the mixin writes its value


def test_the_file_settles_a_conflict_by_setting_the_key() -> None:
    write("lead.yaml", LEAD)
    write(
        "house.yaml",
        'id: house\nextends: [tressette, lead.yaml]\nclaims:\n  allowed: "on_lead"\n',
    )
    assert problems("house.yaml") == []
    assert load_ruleset("house.yaml").claims is not None


def test_entries_that_agree_are_no_conflict() -> None:
    # tressette-31 extends tressette: they agree on everything but the target, which the
    # file sets; the shared deck (a diamond through tressette-cards) is no conflict
    write("house.yaml", "id: house\nextends: [tressette, tressette-31]\nmatch:\n  target: 41\n")
    assert problems("house.yaml") == []
    assert load_ruleset("house.yaml").match.target == 41
    write("bad.yaml", "id: bad\nextends: [tressette, tressette-31]\n")
    assert [d.code for d in problems("bad.yaml")] == ["TS471"]


def test_a_missing_entry_and_a_cycle_are_located_at_the_entry() -> None:
    write("house.yaml", "id: house\nextends: [tressette, nowhere.yaml]\n")
    (diag,) = problems("house.yaml")
    assert (diag.code, diag.span.line, diag.span.col) == ("TS110", 2, 22)
    write("a.yaml", "id: a\nmixin: true\nextends: [tressette-cards, b.yaml]\n")
    write("b.yaml", "id: b\nmixin: true\nextends: [a.yaml]\n")
    codes = [d.code for d in problems("a.yaml")]
    assert codes == ["TS111"]


def test_an_empty_list_and_a_repeated_entry_are_refused() -> None:
    write("empty.yaml", "id: empty\nextends: []\n")
    assert "TS472" in [d.code for d in problems("empty.yaml")]
    write("twice.yaml", "id: twice\nextends: [tressette, tressette]\n")
    assert [d.code for d in problems("twice.yaml")] == ["TS472"]


def test_a_mixin_is_not_playable_and_not_listed() -> None:
    with pytest.raises(DiagnosticError) as err:
        load_ruleset("accusi")
    assert [d.code for d in err.value.diagnostics] == ["TS470"]
    assert "extends: [BASE, accusi]" in (err.value.diagnostics[0].hint or "")
    assert all("mixins" not in str(p) for p in playable_rulesets())
    out = io.StringIO()
    with redirect_stdout(out):
        main(["list", "--format", "json"])
    assert "accusi" not in [e["id"] for e in json.loads(out.getvalue())]
    out = io.StringIO()
    with redirect_stdout(out):
        main(["list", "--all", "--format", "json"])
    (entry,) = [e for e in json.loads(out.getvalue()) if e["id"] == "accusi"]
    assert entry["mixin"] is True and entry["problems"] == 0
    assert main(["play", "accusi", "--seed", "1"]) != 0


def test_a_mixin_is_validated_as_a_fragment() -> None:
    problems_, _built = validate_file("accusi")
    assert problems_ == []
    write("broken.yaml", "id: broken\nmixin: true\ndeclarations:\n  tris:\n    points: three\n")
    codes = [d.code for d in validate_file("broken.yaml")[0]]
    assert "TS201" in codes and "TS202" in codes  # a wrong type, and the missing pattern
    write("holes.yaml", "id: holes\nmixin: true\nsignals:\n  striscio: null\n")
    assert [d.code for d in validate_file("holes.yaml")[0]] == ["TS473"]


def test_choices_are_dropped_when_a_later_entry_changes_their_rules() -> None:
    write("lead.yaml", LEAD)
    write(
        "house.yaml",
        'id: house\nextends: [tressette, lead.yaml]\nclaims:\n  allowed: "on_lead"\n',
    )
    choices = collect("house.yaml")[0]["meta"]["choices"]
    assert "claims" not in choices  # tressette's claim choice explains what changed
    assert "big_wins" in choices and "signals" in choices  # the others stay
    # a later entry that changes signals drops tressette's signal choice, even though
    # the file itself says nothing about signals
    write("quiet.yaml", QUIET)
    write("calm.yaml", "id: calm\nextends: [tressette, quiet.yaml]\n")
    doc, _smap, found = collect("calm.yaml")
    assert found == []
    assert "signals" not in doc["meta"]["choices"] and "claims" in doc["meta"]["choices"]


def test_a_mixin_gives_its_choices_and_keeps_its_title() -> None:
    write(
        "quiet.yaml",
        QUIET
        + "meta:\n  title: Quiet signals\n  choices:\n    ribusso:\n"
        + "      text: the second best (a house rule)\n      keys: [signals.ribusso]\n",
    )
    write("calm.yaml", "id: calm\nextends: [tressette, quiet.yaml]\n")
    meta = collect("calm.yaml")[0]["meta"]
    assert meta["title"] == load_ruleset("tressette").meta.title
    assert meta["choices"]["ribusso"]["text"] == "the second best (a house rule)"
    # and an overlay that changes the rule it explains drops it again
    write("loud.yaml", "id: loud\nextends: calm.yaml\nsignals:\n  ribusso:\n    means: 2nd\n")
    assert "ribusso" not in collect("loud.yaml")[0]["meta"]["choices"]
    assert "claims" in collect("loud.yaml")[0]["meta"]["choices"]


def test_a_single_mixin_can_be_extended_alone() -> None:
    write("cards.yaml", "id: cards\nextends: [tressette-cards, accusi]\nabstract: true\n")
    doc = collect("cards.yaml")[0]
    assert set(doc["declarations"]) == {"napoletana", "tris", "poker"}
    assert doc["meta"]["title"] == "Tressette family cards (abstract base)"
