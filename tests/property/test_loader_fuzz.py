"""The loader never raises anything but DiagnosticError (jsonschema's fuzz_validate idea).

Random text, random YAML-shaped documents, and the bundled rulesets mutated line by line
and character by character: whatever the input, the front end answers with located
problems or a document, never with another exception.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tressette_dsl.diagnostics import DiagnosticError
from tressette_dsl.loader import bundled_rulesets, collect
from tressette_dsl.source import parse_yaml

SOURCES = {p.name: p.read_text(encoding="utf-8") for p in bundled_rulesets()}
FUZZ = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def front_end(text: str, folder: Path) -> None:
    """Stages 1-4 on `text` as a file; only DiagnosticError may escape."""
    path = folder / "fuzz.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        _doc, _smap, problems = collect(path)
    except DiagnosticError as err:
        assert err.diagnostics
        return
    for diag in problems:
        assert diag.span.line >= 1
        assert diag.span.col >= 1


@FUZZ
@given(st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=300))
def test_random_text(tmp_path, text):
    with contextlib.suppress(DiagnosticError):
        parse_yaml(text, "fuzz.yaml")
    front_end(text, tmp_path)


@FUZZ
@given(st.text(alphabet=":-[]{}&*!|>'\"#%@` ,?\n\tab01yn~.", max_size=200))
def test_yaml_punctuation(tmp_path, text):
    front_end(text, tmp_path)


keys = st.sampled_from(
    [
        "id",
        "extends",
        "abstract",
        "players",
        "count",
        "deck",
        "flow",
        "phases",
        "kind",
        "deal",
        "packets",
        "order",
        "ranks",
        "suits",
        "sides",
        "mode",
        "teams",
        "match",
        "end",
        "x",
    ]
)
leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.text("3 2A>KQJ:restmonte", max_size=12),
    st.sampled_from(["tressette", "tressette-cards", "deal", "tricks", "teams", "3 > 2 > A"]),
)
documents = st.recursive(
    leaves,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=5)),
    max_leaves=25,
)


@FUZZ
@given(st.dictionaries(keys, documents, max_size=8))
def test_random_documents(tmp_path, doc):
    front_end(yaml.safe_dump(doc, allow_unicode=True), tmp_path)


@st.composite
def mutated(draw):
    name = draw(st.sampled_from(sorted(SOURCES)))
    lines = SOURCES[name].splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["delete", "duplicate", "swap", "char", "indent"]))
        if action == "delete":
            del lines[i]
        elif action == "duplicate":
            lines.insert(i, lines[i])
        elif action == "swap" and len(lines[i]) > 2:
            j = draw(st.integers(0, len(lines[i]) - 2))
            s = lines[i]
            lines[i] = s[:j] + s[j + 1] + s[j] + s[j + 2 :]
        elif action == "char":
            j = draw(st.integers(0, len(lines[i])))
            c = draw(st.sampled_from(list(":-[]{}'\"#&*!|>0xZ \t")))
            lines[i] = lines[i][:j] + c + lines[i][j:]
        else:
            lines[i] = "  " + lines[i]
    return "".join(lines)


@FUZZ
@given(mutated())
def test_mutated_bundled_rulesets(tmp_path, text):
    front_end(text, tmp_path)
