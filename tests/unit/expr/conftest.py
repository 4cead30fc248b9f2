from __future__ import annotations

import pytest
from expr_support import standard

from tressette_dsl.expr import StaticContext


@pytest.fixture(scope="session")
def ctx() -> StaticContext:
    return standard()
