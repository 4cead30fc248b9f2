"""A mixin's expressions are checked when the mixin itself is validated: through each
ruleset that extends it (bundled, or beside it in its folder), with the error located in
the mixin's file and a note naming the extender."""

from __future__ import annotations

from pathlib import Path

from tressette_dsl.loader import bundled_mixins, validate_file
from tressette_dsl.loader.mixin_check import extenders

BROKEN = """\
id: my-accusi
mixin: true
declarations:
  napoletana: {pattern: "{A, 2, 3} same suit", points: 3, says: suit}
declaring:
  at: end_of_trick
  window: "trick_no == nonsense_name"
  scored: immediately
  mandatory: false
"""


def test_a_broken_expression_in_a_mixin_is_located_in_the_mixin(tmp_path: Path) -> None:
    mixin = tmp_path / "my-accusi.yaml"
    mixin.write_text(BROKEN, encoding="utf-8")
    (tmp_path / "game.yaml").write_text(
        "id: my-game\nextends: [traversone, my-accusi.yaml]\n", encoding="utf-8"
    )
    problems, _built = validate_file(mixin)
    (problem,) = [d for d in problems if d.code == "TS302"]
    assert Path(problem.span.file).resolve() == mixin.resolve()
    assert (problem.span.line, problem.span.col) == (7, 24)
    assert "nonsense_name" in problem.message
    assert any("game.yaml" in text or "game.yaml" in span.file for text, span in problem.notes)


def test_a_mixin_nobody_extends_has_nothing_more_to_say(tmp_path: Path) -> None:
    mixin = tmp_path / "alone.yaml"
    mixin.write_text(BROKEN.replace("my-accusi", "alone"), encoding="utf-8")
    assert extenders(mixin.resolve(), "alone") == []
    problems, _built = validate_file(mixin)
    assert not [d for d in problems if d.code == "TS302"]


def test_the_bundled_mixin_is_checked_through_its_extenders() -> None:
    accusi = next(p for p in bundled_mixins() if p.stem == "accusi")
    found = {p.stem for p in extenders(accusi.resolve(), "accusi")}
    assert {"tressette", "tressette-in-due", "tressette-a-tre"} <= found
    problems, _built = validate_file(accusi)
    assert problems == []
