"""source.py: YAML text -> data + SourceMap, strict scalars, and every TS1xx problem."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError, Span
from tressette_dsl.source import (
    MAX_BYTES,
    MAX_DEPTH,
    MAX_PROBLEMS,
    load_yaml,
    parse_yaml,
    read_source,
)


def problems(text: str) -> list[Diagnostic]:
    """Every problem of `text`, fatal or not."""
    try:
        return parse_yaml(text, "r.yaml")[2]
    except DiagnosticError as err:
        return list(err.diagnostics)


def check(text: str, *expected: tuple[int, int, str]) -> list[Diagnostic]:
    """yamllint style: the (line, col, code) of each problem, in order."""
    found = problems(text)
    assert [(d.span.line, d.span.col, d.code) for d in found] == list(expected)
    return found


# --- plain data and the side table -----------------------------------------------------


def test_plain_data_and_spans():
    data, smap = load_yaml("id: x\nplayers:\n  count: 4\n  names: [a, b]\n", "r.yaml")
    assert data == {"id": "x", "players": {"count": 4, "names": ["a", "b"]}}
    assert smap.span(("players", "count")) == Span("r.yaml", 3, 10)
    assert smap.key_span(("players", "count")) == Span("r.yaml", 3, 3)
    assert smap.span(("players", "names", 1)) == Span("r.yaml", 4, 14)


def test_span_of_a_missing_path_is_the_nearest_parent():
    _, smap = load_yaml("id: x\nplayers:\n  count: 4\n", "r.yaml")
    assert smap.span(("players", "nope", 3)) == smap.span(("players",))
    assert smap.key_span(("players", "nope")) == smap.span(("players",))
    assert smap.span(("nothing",)) == smap.span(())


def test_diagnostic_at_key_and_at_offset():
    _, smap = load_yaml('deck:\n  order: "3 > 2 > Z"\n', "r.yaml")
    at_key = smap.diagnostic("TS999", "m", ("deck", "order"), at_key=True)
    assert at_key.span == Span("r.yaml", 2, 3)
    inside = smap.diagnostic("TS999", "m", ("deck", "order"), offset=8, hint="h")
    assert (inside.span, inside.hint, inside.path) == (
        Span("r.yaml", 2, 19),
        "h",
        ("deck", "order"),
    )
    assert inside.notes == ()


def test_keys_stay_strings_and_only_true_false_are_booleans():
    data, _ = load_yaml("on: trick_won\nno: 3\n1: one\ntrue: t\nok: true\nko: false\n", "r.yaml")
    assert data == {"on": "trick_won", "no": 3, "1": "one", "true": "t", "ok": True, "ko": False}


def test_null_forms_and_quoted_values_are_text():
    data, _ = load_yaml("a: ~\nb: null\nc:\nd: '012'\ne: \"yes\"\nf: !!str 1.5\ng: -7\n", "r.yaml")
    assert data == {"a": None, "b": None, "c": None, "d": "012", "e": "yes", "f": "1.5", "g": -7}


# --- locate: offsets inside scalars ------------------------------------------------------

LOCATE = """\
a: "3 > 2 > Z"
b: 3 > 2 > Z
c: |
  line one
    more Z
d: >
  folded
  and Z
e: 'it''s Z'
f: !!str 3 > Z
g: plain
  continued Z
h: "àè Z"
i: "tab\\t Z"
"""


@pytest.mark.parametrize(
    ("key", "where"),
    [
        ("a", (1, 13)),
        ("b", (2, 12)),
        ("c", (5, 10)),
        ("d", (8, 7)),
        ("e", (9, 11)),
        ("f", (10, 14)),
        ("g", (12, 13)),
        ("h", (13, 8)),
        ("i", (14, 4)),  # an escape before the offset: falls back to the scalar's start
    ],
)
def test_locate_points_at_the_character(key, where):
    data, smap = load_yaml(LOCATE, "r.yaml")
    span = smap.locate((key,), data[key].index("Z"))
    assert (span.line, span.col) == where


def test_locate_without_a_scalar_falls_back_to_the_span():
    _, smap = load_yaml("a: [1, 2]\n", "r.yaml")
    assert smap.locate(("a",), 3) == smap.span(("a",))
    assert smap.locate(("a", 0), 99) == Span("r.yaml", 1, 6)  # clamped to the end of "1"


# --- TS1xx ---------------------------------------------------------------------------


def test_ts100_too_many_problems_stops():
    found = problems("".join(f"k{i}: yes\n" for i in range(MAX_PROBLEMS + 50)))
    assert len(found) == MAX_PROBLEMS + 1
    assert [d.code for d in found].count("TS100") == 1


def test_ts101_syntax_error_at_the_problem_mark():
    (diag,) = check("id: x\nplayers: [2\n", (3, 1, "TS101"))
    assert diag.notes == (("while parsing a flow sequence", Span("r.yaml", 2, 10)),)


def test_ts101_tab_indentation_has_a_hint():
    (diag,) = check("id: x\n\tplayers: 2\n", (2, 1, "TS101"))
    assert diag.hint == "YAML indents with spaces, never tabs"


def test_ts101_control_character():
    check("id: x\nname: a\x01b\n", (2, 8, "TS101"))


def test_ts101_mapping_values_not_allowed():
    check("id: x\nmeans: a: b\n", (2, 9, "TS101"))


def test_ts102_duplicate_key_at_the_second_with_a_note_at_the_first():
    (diag,) = check("id: x\nplayers:\n  count: 4\n  count: 5\n", (4, 3, "TS102"))
    assert diag.notes == (("first defined here", Span("r.yaml", 3, 3)),)
    data, _, _ = parse_yaml("id: x\nplayers:\n  count: 4\n  count: 5\n", "r.yaml")
    assert data["players"] == {"count": 4}


@pytest.mark.parametrize(
    ("value", "hint"),
    [
        ("yes", "write true or quote it ('yes')"),
        ("no", "write false or quote it ('no')"),
        ("on", "write true or quote it ('on')"),
        ("off", "write false or quote it ('off')"),
        ("y", "write true or quote it ('y')"),
        ("n", "write false or quote it ('n')"),
        ("True", "write true or quote it ('True')"),
        ("012", "write 12, or quote it ('012') if you mean text"),
        ("0o12", "write 10, or quote it ('0o12') if you mean text"),
        ("0x1F", "write 31, or quote it ('0x1F') if you mean text"),
        ("1_000", "write 1000, or quote it ('1_000') if you mean text"),
        ("1:30", "quote it ('1:30') if you mean text; integers are plain decimal"),
        ("1.5", 'write an integer number of units, or a fraction as a string such as "3/2"'),
        (".5", 'write an integer number of units, or a fraction as a string such as "3/2"'),
        ("1e3", 'write an integer number of units, or a fraction as a string such as "3/2"'),
        (".inf", 'write an integer number of units, or a fraction as a string such as "3/2"'),
    ],
)
def test_ts103_yaml11_surprises(value, hint):
    (diag,) = check(f"id: x\nvalue: {value}\n", (2, 8, "TS103"))
    assert diag.hint == hint
    assert diag.path == ("value",)


def test_ts103_not_reported_for_quoted_values_or_keys():
    assert problems("id: x\n'yes': 'on'\nno: \"012\"\nlist: ['1.5', \"0x1F\"]\n") == []


def test_ts103_gives_later_stages_the_yaml11_value():
    data, _, found = parse_yaml("id: x\nabstract: yes\nversion: 012\nn: 1.5\n", "r.yaml")
    assert (data["abstract"], data["version"], data["n"]) == (True, 10, "1.5")
    found = [d for d in found if d.path == ("abstract",)]
    assert [d.code for d in found] == ["TS103"]


def test_ts104_anchor_alias_and_merge_key():
    check(
        "id: x\na: &base {k: 1}\nb: *base\nc:\n  <<: {k: 2}\n",
        (2, 4, "TS104"),
        (3, 4, "TS104"),
        (5, 3, "TS104"),
    )


def test_ts104_alias_bomb_is_cheap():
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 30)]
    start = time.process_time()
    found = problems("\n".join(lines) + "\n")
    assert time.process_time() - start < 1
    assert {d.code for d in found} == {"TS104", "TS100"}


def test_ts105_text_too_large():
    (diag,) = problems("a: '" + "x" * (MAX_BYTES + 10) + "'\n")
    assert diag.code == "TS105"


def test_ts105_too_many_values():
    start = time.process_time()
    (diag,) = problems("a: [" + ", ".join(["1"] * 300_000) + "]\n")
    assert time.process_time() - start < 2
    assert diag.code == "TS105"
    assert "values" in diag.message


def test_ts105_file_of_50_mb_is_refused_before_reading(tmp_path: Path):
    big = tmp_path / "big.yaml"
    with big.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # sparse: costs nothing on disk
    start = time.process_time()
    with pytest.raises(DiagnosticError) as info:
        read_source(big, "big.yaml")
    assert time.process_time() - start < 1
    (diag,) = info.value.diagnostics
    assert (diag.code, diag.span) == ("TS105", Span("big.yaml", 1, 1))
    assert "52,428,800 bytes" in diag.message


@pytest.mark.parametrize(
    "text",
    [
        "a: !!python/object:os.system x\n",
        "a: !!python/name:os.system\n",
        "a: !custom 3\n",
        "a: !!float 3\n",
    ],
)
def test_ts106_tags_are_refused(text):
    (diag,) = check(text, (1, 4, "TS106"))
    assert "is not allowed" in diag.message


def test_ts106_standard_collection_and_str_tags_are_fine():
    data, _ = load_yaml("a: !!map {b: !!seq [1], c: !!str 2}\n", "r.yaml")
    assert data == {"a": {"b": [1], "c": "2"}}


@pytest.mark.parametrize(
    "text",
    [
        "a: " + "[" * 10_000 + "]" * 10_000 + "\n",
        "".join("  " * i + f"k{i}:\n" for i in range(10_000)),
        "".join("  " * i + "- \n" for i in range(10_000)),
    ],
    ids=["flow", "block-mappings", "block-lists"],
)
def test_ts107_ten_thousand_levels_of_nesting(text):
    if len(text) > MAX_BYTES:
        text = text[: MAX_BYTES - 1]
    start = time.process_time()
    found = problems(text)
    assert time.process_time() - start < 1
    assert found[-1].code == "TS107"
    assert f"deeper than {MAX_DEPTH}" in found[-1].message


def test_ts107_just_below_the_limit_is_fine():
    depth = MAX_DEPTH - 1
    data, _ = load_yaml("a: " + "[" * depth + "]" * depth + "\n", "r.yaml")
    assert isinstance(data["a"], list)


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "---\n", "~\n", "---\n...\n"])
def test_ts108_empty(text):
    check(text, (1, 1, "TS108"))


def test_ts109_binary_file(tmp_path: Path):
    path = tmp_path / "r.yaml"
    path.write_bytes(b"id: x\n\x00\x01\x02")
    with pytest.raises(DiagnosticError) as info:
        read_source(path, "r.yaml")
    assert [(d.code, d.span) for d in info.value.diagnostics] == [("TS109", Span("r.yaml", 2, 1))]


@pytest.mark.parametrize(
    "data",
    ["id: caf\xe9\n".encode("latin-1"), "id: x\n".encode("utf-16"), b"\xff\xfe\xfd"],
)
def test_ts109_not_utf8(tmp_path: Path, data: bytes):
    path = tmp_path / "r.yaml"
    path.write_bytes(data)
    with pytest.raises(DiagnosticError) as info:
        read_source(path, "r.yaml")
    assert info.value.diagnostics[0].code == "TS109"


def test_utf8_bom_is_accepted(tmp_path: Path):
    path = tmp_path / "r.yaml"
    path.write_bytes(b"\xef\xbb\xbfid: x\n")
    data, _ = load_yaml(read_source(path, "r.yaml"), "r.yaml")
    assert data == {"id": "x"}


@pytest.mark.parametrize(("text", "col"), [("- a\n- b\n", 1), ("just text\n", 1), ("42\n", 1)])
def test_ts112_root_not_a_mapping(text, col):
    check(text, (1, col, "TS112"))


def test_ts113_two_documents():
    check("id: x\n---\nid: y\n", (2, 1, "TS113"))


def test_ts114_cannot_read(tmp_path: Path):
    for path in (tmp_path / "missing.yaml", tmp_path):
        with pytest.raises(DiagnosticError) as info:
            read_source(path, "r.yaml")
        assert info.value.diagnostics[0].code == "TS114"


def test_ts115_complex_key():
    check("id: x\n? [a, b]\n: 1\nok: 2\n", (2, 3, "TS115"))


def test_load_yaml_raises_for_soft_problems_too():
    with pytest.raises(DiagnosticError) as info:
        load_yaml("a: yes\nb: 1\nb: 2\n", "r.yaml")
    assert [d.code for d in info.value.diagnostics] == ["TS103", "TS102"]
