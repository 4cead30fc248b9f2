"""schema.py and ruleset.schema.json: the shape, every TS2xx in game language."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError
from tressette_dsl.loader import bundled_rulesets, collect, load_document
from tressette_dsl.loader import schema as schema_mod
from tressette_dsl.loader.extends import load
from tressette_dsl.source import load_yaml

MINI = """\
id: mini
players: {count: 2}
sides: {mode: individual}
deck:
  suits: {C: {name: coppe}, D: {name: denari}}
  ranks: "A 2 3"
  order: "3 > 2 > A"
  values: "A=3, 2 3=1"
flow: [deal, play, score]
phases:
  deal: {kind: deal, packets: "3"}
  play: {kind: tricks, follow_suit: "true"}
  score: {kind: score}
match: {end: "deals_counted >= 1"}
"""


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def problems(text: str) -> list[Diagnostic]:
    Path("r.yaml").write_text(text, encoding="utf-8")
    try:
        return sorted(collect("r.yaml")[2], key=Diagnostic.sort_key)
    except DiagnosticError as err:
        return list(err.diagnostics)


def check(text: str, *expected: tuple[int, int, str]) -> list[Diagnostic]:
    found = problems(text)
    assert [(d.span.line, d.span.col, d.code) for d in found] == list(expected)
    return found


# --- the schema itself ---------------------------------------------------------------------


def test_schema_is_valid_draft_2020_12():
    Draft202012Validator.check_schema(schema_mod.schema())
    assert schema_mod.schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def _subschemas(node: Any, where: str) -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            yield f"{where}.{name}", sub
        for name, sub in node.get("$defs", {}).items():
            yield f"{where}#{name}", sub
        if isinstance(node.get("additionalProperties"), dict):
            yield f"{where}.*", node["additionalProperties"]
        if isinstance(node.get("items"), dict):
            yield f"{where}[]", node["items"]
        for key in ("anyOf", "oneOf"):
            for i, sub in enumerate(node.get(key, ())):
                yield f"{where}/{key}{i}", sub
        for value in node.values():
            yield from _subschemas(value, where) if isinstance(value, dict | list) else ()
    elif isinstance(node, list):
        for item in node:
            yield from _subschemas(item, where)


def test_every_property_has_a_description():
    missing = [
        where
        for where, sub in _subschemas(schema_mod.schema(), "$")
        if isinstance(sub, dict) and "description" not in sub and "if" not in where
    ]
    assert missing == []


def test_objects_are_closed():
    open_ = [
        where
        for where, sub in _subschemas(schema_mod.schema(), "$")
        if isinstance(sub, dict)
        and sub.get("type") == "object"
        and "properties" in sub
        and sub.get("additionalProperties") is not False
        and "oneOf" not in sub  # the phase union: each branch is closed
    ]
    assert open_ == []


def test_schema_file_is_inside_the_package():
    assert schema_mod.SCHEMA_FILE.parent.parent.name == "tressette_dsl"
    assert json.loads(schema_mod.SCHEMA_FILE.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "name", ["tressette.yaml", "family/tressette-cards.yaml", "calabresella.yaml"]
)
def test_the_contract_rulesets_fit_the_schema(name):
    path = next(p for p in bundled_rulesets() if p.as_posix().endswith("rulesets/" + name))
    doc, smap, found = load(path)
    assert found == []
    assert schema_mod.check(doc, smap) == []


def test_every_bundled_ruleset_loads():
    for path in bundled_rulesets():
        load_document(path)


def test_mini_is_valid():
    assert problems(MINI) == []


# --- TS2xx ------------------------------------------------------------------------------------


def test_ts200_other_keywords_fall_back_to_jsonschema_words():
    (error,) = Draft202012Validator({"multipleOf": 2}).iter_errors(3)
    _, smap = load_yaml("a: 3\n", "r.yaml")
    (diag,) = schema_mod._convert(error, smap)
    assert diag.code == "TS200"
    assert "multiple of 2" in diag.message


def test_ts201_wrong_type():
    (diag,) = check(MINI.replace("count: 2", "count: two"), (2, 18, "TS201"))
    assert diag.message == "players.count: expected an integer, found the text 'two'"


def test_ts201_boolean_for_a_condition_suggests_quoting():
    (diag,) = check(MINI.replace('follow_suit: "true"', "follow_suit: true"), (12, 37, "TS201"))
    assert diag.message == (
        "phases.play.follow_suit: expected an expression (text), found the boolean true"
    )
    assert diag.hint == 'quote it: "true"'


def test_ts201_wrong_type_for_a_phase():
    (diag,) = check(MINI.replace("score: {kind: score}", "score: 3"), (13, 10, "TS201"))
    assert diag.message == "phases.score: expected a mapping, found the number 3"


def test_ts202_missing_required_key_of_a_playable_ruleset():
    text = MINI.replace('match: {end: "deals_counted >= 1"}\n', "")
    (diag,) = check(text, (1, 1, "TS202"))
    assert diag.message == "missing required key 'match'"
    assert "abstract: true" in (diag.hint or "")


def test_ts202_missing_key_inside_a_mapping_points_at_its_key():
    (diag,) = check(MINI.replace('  ranks: "A 2 3"\n', ""), (4, 1, "TS202"))
    assert diag.message == "deck: missing required key 'ranks'"


def test_defaults_of_the_language_are_not_required():
    text = MINI.replace("players: {count: 2}\n", "").replace("sides: {mode: individual}\n", "")
    text = text.replace('packets: "3"', 'packets: "1 stock:rest"').replace(
        '  order: "3 > 2 > A"\n', ""
    )
    assert problems(text) == []


def test_ts202_abstract_rulesets_need_only_an_id():
    assert problems("id: base\nabstract: true\n") == []
    check("abstract: true\n", (1, 1, "TS202"))


def test_ts202_required_key_of_a_phase_kind():
    (diag,) = check(MINI.replace('{kind: deal, packets: "3"}', "{kind: deal}"), (11, 3, "TS202"))
    assert diag.message == "phases.deal: missing required key 'packets'"


def test_ts203_unknown_key_at_the_key_with_did_you_mean():
    (diag,) = check(MINI.replace("count: 2}", "count: 2, directon: clockwise}"), (2, 21, "TS203"))
    assert diag.message == "unknown key 'directon' in players"
    assert diag.hint == "did you mean 'direction'?"


def test_ts203_unknown_key_in_a_phase_uses_the_kind_s_keys():
    text = MINI.replace('follow_suit: "true"', 'folow_suit: "true"')
    (diag,) = check(text, (12, 24, "TS203"))
    assert diag.message == "unknown key 'folow_suit' in phases.play"
    assert diag.hint == "did you mean 'follow_suit'?"


def test_ts203_a_key_of_another_phase_kind():
    (diag,) = check(MINI.replace("{kind: score}", '{kind: score, packets: "3"}'), (13, 24, "TS203"))
    assert diag.hint == "allowed keys: kind, when"


def test_ts203_unknown_top_level_key():
    (diag,) = check("id: base\nabstract: true\ncolour: red\n", (3, 1, "TS203"))
    assert diag.message == "unknown key 'colour' at the top level"


def test_ts204_not_an_allowed_word():
    (diag,) = check(MINI.replace("mode: individual", "mode: individul"), (3, 15, "TS204"))
    assert (
        diag.message
        == "sides.mode: 'individul' is not allowed (allowed: teams, individual, contract)"
    )
    assert diag.hint == "did you mean 'individual'?"


def test_ts204_unknown_phase_kind():
    (diag,) = check(MINI.replace("kind: score", "kind: scores"), (13, 17, "TS204"))
    assert diag.message.startswith("phases.score.kind: 'scores' is not allowed (allowed: deal, ")
    assert diag.hint == "did you mean 'score'?"


def test_ts205_out_of_range():
    (diag,) = check(MINI.replace("count: 2", "count: 9"), (2, 18, "TS205"))
    assert diag.message == "players.count: 9 is not allowed (allowed: 2 to 8)"


def test_ts206_not_a_valid_id():
    (diag,) = check(MINI.replace("id: mini", "id: Mini Game"), (1, 5, "TS206"))
    assert (
        diag.message
        == "id: 'Mini Game' is not a valid ruleset id (lower-case letters, digits and '-')"
    )


def test_ts207_empty_and_too_long_text():
    check(MINI.replace('packets: "3"', 'packets: ""'), (11, 31, "TS207"))
    start = time.process_time()
    tokens = " > ".join(["A"] * 100_000)
    (diag,) = check(MINI.replace('"3 > 2 > A"', f'"{tokens}"'), (7, 10, "TS207"))
    assert time.process_time() - start < 2
    assert diag.message == "deck.order: too long (399,997 characters; at most 4,000)"


def test_ts208_repeated_item_points_at_the_repeat():
    (diag,) = check(
        MINI.replace("[deal, play, score]", "[deal, play, deal, score]"), (9, 20, "TS208")
    )
    assert diag.message == "flow: 'deal' appears more than once"


def test_ts208_empty_list():
    check(MINI.replace("[deal, play, score]", "[]"), (9, 7, "TS208"))


def test_ts209_invalid_entry_id():
    (diag,) = check(
        MINI.replace("  score: {kind: score}", "  Score: {kind: score}"), (13, 3, "TS209")
    )
    assert diag.message.startswith("'Score' in phases is not a valid id")


def test_several_problems_are_reported_together_and_sorted():
    text = MINI.replace("count: 2", "count: 1").replace("mode: individual", "mode: x")
    text = text.replace("kind: score", "kind: score, extra: 1")
    check(text, (2, 18, "TS205"), (3, 15, "TS204"), (13, 24, "TS203"))


def test_schema_errors_already_reported_by_the_reader_are_not_repeated():
    check("id: base\nabstract: yes\n", (2, 11, "TS103"))


def test_a_surprise_in_an_enum_slot_also_gets_the_allowed_words():
    found = check(
        "id: base\nabstract: true\nmatch: {tie: yes}\n", (3, 14, "TS103"), (3, 14, "TS204")
    )
    assert found[1].message == "match.tie: true is not allowed (allowed: play_on, shared)"
