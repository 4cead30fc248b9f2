"""extends.py: RFC 7396 merge, finding bases, cycles, and provenance of inherited values."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, Span
from tressette_dsl.loader import (
    bundled_ids,
    bundled_rulesets,
    collect,
    load_document,
    resolve_ruleset_path,
)
from tressette_dsl.loader.extends import merge


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def write(**files: str) -> None:
    for name, text in files.items():
        path = Path(name.replace("__", "/"))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def problems(name: str) -> list[Diagnostic]:
    try:
        return sorted(collect(name)[2], key=Diagnostic.sort_key)
    except DiagnosticError as err:
        return list(err.diagnostics)


def where(diags: list[Diagnostic]) -> list[tuple[str, int, int, str]]:
    return [(d.span.file, d.span.line, d.span.col, d.code) for d in diags]


# --- merge: RFC 7396 ---------------------------------------------------------------------


def test_merge_examples_from_rfc7396():
    assert merge({"a": "b"}, {"a": "c"}) == {"a": "c"}
    assert merge({"a": "b"}, {"b": "c"}) == {"a": "b", "b": "c"}
    assert merge({"a": "b"}, {"a": None}) == {}
    assert merge({"a": ["b"]}, {"a": "c"}) == {"a": "c"}
    assert merge({"a": "c"}, {"a": ["b"]}) == {"a": ["b"]}
    assert merge({"a": {"b": "c"}}, {"a": {"b": "d", "c": None}}) == {"a": {"b": "d"}}
    assert merge({"a": [{"b": "c"}]}, {"a": [1]}) == {"a": [1]}
    assert merge({"e": None}, {"a": 1}) == {"e": None, "a": 1}
    assert merge([1, 2], {"a": "b", "c": None}) == {"a": "b"}
    assert merge({}, {"a": {"bb": {"ccc": None}}}) == {"a": {"bb": {}}}


def test_merge_does_not_change_its_arguments():
    base, patch = {"a": {"b": 1}}, {"a": {"b": None, "c": 2}}
    merge(base, patch)
    assert base == {"a": {"b": 1}}
    assert patch == {"a": {"b": None, "c": 2}}


scalars = st.one_of(st.integers(-5, 5), st.booleans(), st.text("abc", max_size=3))
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.sampled_from("abcde"), inner, max_size=4)
    ),
    max_leaves=12,
)
mappings = st.dictionaries(st.sampled_from("abcde"), documents, max_size=5)
patches = st.recursive(
    st.one_of(scalars, st.none()),
    lambda inner: st.one_of(
        st.lists(inner.filter(lambda v: v is not None), max_size=3),
        st.dictionaries(st.sampled_from("abcde"), inner, max_size=4),
    ),
    max_leaves=12,
)
patch_maps = st.dictionaries(st.sampled_from("abcde"), patches, max_size=5)


@given(mappings)
def test_merge_with_an_empty_patch_is_the_identity(x):
    assert merge(x, {}) == x


@given(mappings, patch_maps)
def test_merge_is_idempotent(x, p):
    once = merge(x, p)
    assert merge(once, p) == once


@given(mappings, patch_maps)
def test_null_deletes_and_other_values_replace(x, p):
    merged = merge(x, p)
    for key, value in p.items():
        if value is None:
            assert key not in merged
        elif not isinstance(value, dict):
            assert merged[key] == value


# --- finding bases -------------------------------------------------------------------------


def test_bundled_ids_and_files():
    ids = bundled_ids()
    assert {"tressette", "tressette-cards", "calabresella"} <= set(ids)
    assert set(ids.values()) <= set(bundled_rulesets())
    for path in bundled_rulesets():
        doc, _ = load_document(path)
        assert resolve_ruleset_path(doc["id"]).resolve() == path.resolve(), path


def test_resolve_ruleset_path_unknown_id():
    with pytest.raises(DiagnosticError) as info:
        resolve_ruleset_path("tresette")
    (diag,) = info.value.diagnostics
    assert diag.code == "TS114"
    assert diag.hint == "did you mean 'tressette'?"


def test_extends_a_bundled_id_and_overrides():
    write(**{"r.yaml": "id: mine\nextends: tressette\nmatch:\n  target: 31\n"})
    doc, smap = load_document("r.yaml")
    assert doc["match"]["target"] == 31
    assert doc["match"]["end"] == "max(totals) >= target"
    assert doc["id"] == "mine"
    assert smap.span(("match", "target")) == Span("r.yaml", 4, 11)
    assert smap.span(("match", "end")).file.endswith("tressette.yaml")


def test_extends_a_relative_path():
    write(
        **{
            "base.yaml": "id: base\nabstract: true\nmeta:\n  title: Base\n",
            "sub__r.yaml": "id: r\nabstract: true\nextends: ../base.yaml\n",
        }
    )
    doc, _ = load_document("sub/r.yaml")
    assert doc["meta"] == {"title": "Base"}


def test_id_and_abstract_are_not_inherited():
    write(**{"r.yaml": "extends: tressette-cards\n"})
    codes = {d.message for d in problems("r.yaml") if d.code == "TS202"}
    assert "missing required key 'id'" in codes
    assert "missing required key 'flow'" in codes  # not abstract: it must be complete


def test_null_removes_an_inherited_entry_and_lists_replace():
    write(
        **{
            "base.yaml": "id: base\nabstract: true\ndeclarations:\n"
            "  tris: {pattern: x, points: 3}\n"
            "  poker: {pattern: z, points: 4, superseded_by: [tris]}\nsignals:\n"
            "  busso: {at: lead}\nplayers:\n  names: [a, b, c, d]\n",
            "r.yaml": "id: r\nabstract: true\nextends: base.yaml\ndeclarations:\n  tris: ~\n"
            "  poker:\n    superseded_by: ~\nsignals: ~\nplayers:\n  names: [A, B]\n",
        }
    )
    doc, _ = load_document("r.yaml")
    assert doc["declarations"] == {"poker": {"pattern": "z", "points": 4}}
    assert "signals" not in doc
    assert doc["players"]["names"] == ["A", "B"]


def test_null_in_a_file_without_extends_means_absent():
    write(**{"r.yaml": "id: r\nabstract: true\nsignals: ~\nmeta: {title: ~}\n"})
    doc, _ = load_document("r.yaml")
    assert doc == {"id": "r", "abstract": True, "meta": {}}


def test_ts110_unknown_bundled_id_with_did_you_mean():
    write(**{"r.yaml": "id: r\nextends: tresette\n"})
    (diag,) = problems("r.yaml")
    assert where([diag]) == [("r.yaml", 2, 10, "TS110")]
    assert diag.message == "extends: no bundled ruleset 'tresette'"
    assert diag.hint == "did you mean 'tressette'?"


def test_ts110_missing_file():
    write(**{"r.yaml": "id: r\nextends: ./bse.yaml\n", "base.yaml": "id: base\n"})
    (diag,) = problems("r.yaml")
    assert diag.code == "TS110"
    assert diag.hint == "did you mean 'base.yaml'?"


def test_ts110_path_without_yaml_suffix():
    write(**{"r.yaml": "id: r\nextends: ../tressette\n"})
    (diag,) = problems("r.yaml")
    assert diag.code == "TS110"
    assert "must end in .yaml" in diag.message


def test_ts111_cycle_lists_the_chain():
    write(
        **{
            "a.yaml": "id: a\nextends: b.yaml\n",
            "b.yaml": "id: b\nextends: c.yaml\n",
            "c.yaml": "id: c\nextends: a.yaml\n",
        }
    )
    (diag,) = problems("a.yaml")
    assert where([diag]) == [("c.yaml", 2, 10, "TS111")]
    assert diag.message.endswith("a.yaml -> b.yaml -> c.yaml -> a.yaml")
    assert [span for _, span in diag.notes] == [Span("b.yaml", 2, 10), Span("a.yaml", 2, 10)]


def test_ts111_a_file_that_extends_itself():
    write(**{"a.yaml": "id: a\nextends: a.yaml\n"})
    assert where(problems("a.yaml")) == [("a.yaml", 2, 10, "TS111")]


# --- provenance ---------------------------------------------------------------------------


def test_an_inherited_error_names_both_files():
    write(
        **{
            "base.yaml": "id: base\nabstract: true\nplayers:\n  direction: left\n",
            "r.yaml": "id: r\nabstract: true\nextends: base.yaml\n",
        }
    )
    (diag,) = problems("r.yaml")
    assert where([diag]) == [("base.yaml", 4, 14, "TS204")]
    assert diag.notes == (("inherited by this file (extends: base.yaml)", Span("r.yaml", 3, 10)),)


def test_inherited_error_through_two_levels_names_every_file():
    write(
        **{
            "a.yaml": "id: a\nabstract: true\nplayers:\n  count: 9\n",
            "b.yaml": "id: b\nabstract: true\nextends: a.yaml\n",
            "c.yaml": "id: c\nabstract: true\nextends: b.yaml\n",
        }
    )
    (diag,) = problems("c.yaml")
    assert where([diag]) == [("a.yaml", 4, 10, "TS205")]
    assert [span.file for _, span in diag.notes] == ["b.yaml", "c.yaml"]


def test_an_overridden_bad_value_is_not_reported():
    write(
        **{
            "base.yaml": "id: base\nabstract: true\nplayers:\n  count: 9\n",
            "r.yaml": "id: r\nabstract: true\nextends: base.yaml\nplayers:\n  count: 4\n",
        }
    )
    assert problems("r.yaml") == []


def test_soft_problems_of_a_base_are_reported_with_a_note():
    write(
        **{
            "base.yaml": "id: base\nabstract: true\nversion: 012\n",
            "r.yaml": "id: r\nabstract: true\nextends: base.yaml\nversion: 2\n",
        }
    )
    (diag,) = problems("r.yaml")
    assert where([diag]) == [("base.yaml", 3, 10, "TS103")]
    assert diag.notes[0][1] == Span("r.yaml", 3, 10)


def test_a_fatal_problem_in_a_base():
    write(**{"base.yaml": "id: [base\n", "r.yaml": "id: r\nextends: base.yaml\n"})
    (diag,) = problems("r.yaml")
    assert diag.code == "TS101"
    assert diag.span.file == "base.yaml"
    assert diag.notes[-1] == ("inherited by this file (extends: base.yaml)", Span("r.yaml", 2, 10))


def test_keys_and_scalars_follow_the_file_that_set_them():
    write(
        **{
            "r.yaml": "id: r\nextends: tressette\ndeck:\n"
            '  order: "3 > 2 > A > K > Q > J > 7 > 6 > 5 > 4"\n'
        }
    )
    _, smap = load_document("r.yaml")
    assert smap.key_span(("deck", "order")) == Span("r.yaml", 4, 3)
    assert smap.locate(("deck", "order"), 4) == Span("r.yaml", 4, 15)
    assert smap.key_span(("deck", "values")).file.endswith("tressette-cards.yaml")
    assert smap.locate(("deck", "values"), 0).file.endswith("tressette-cards.yaml")


def test_ts116_a_null_that_removes_nothing():
    write(**{"r.yaml": "id: r\nextends: tressette\nsignals:\n  strisico: ~\nmatch:\n  tie: ~\n"})
    (diag,) = problems("r.yaml")
    assert where([diag]) == [("r.yaml", 4, 3, "TS116")]
    assert diag.message == "'strisico: null' removes nothing: signals inherits no 'strisico'"
    assert diag.hint == "did you mean 'striscio'?"
