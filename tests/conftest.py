"""Options for the whole test suite (pytest reads options only from conftest files it loads
at start-up, so they live here rather than beside the golden files)."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        default=False,
        help="rewrite the golden files under tests/golden/ from the current output",
    )
