"""Options and shared fixtures for the whole test suite (pytest reads options only from
conftest files it loads at start-up, so they live here rather than beside the golden
files; `house` is here because eleven test files write house-rule overlays)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tressette_dsl.loader import load_ruleset
from tressette_dsl.rules.model import Ruleset


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        default=False,
        help="rewrite the golden files under tests/golden/ from the current output",
    )


@pytest.fixture
def house(tmp_path: Path) -> Callable[..., Ruleset]:
    """`house(base, body, ruleset_id="house-case")`: the ruleset of a house-rule overlay
    that `extends:` the bundled `base` with the YAML `body`, written to this test's
    temporary folder and loaded (as an author would write one; the digest-parameter and
    differential tests build dozens of them)."""

    def make(base: str, body: str, ruleset_id: str = "house-case") -> Ruleset:
        path = tmp_path / "house.yaml"
        path.write_text(f"id: {ruleset_id}\nextends: {base}\n{body}\n", encoding="utf-8")
        return load_ruleset(path)

    return make
