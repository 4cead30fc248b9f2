"""Where the bundled data files are, whether installed from a wheel or run from a checkout.

The top-level ``grammar/`` and ``rulesets/`` folders are the single source. The wheel
carries copies under ``tressette_dsl/_data`` (see ``force-include`` in pyproject.toml), so
an installed package looks there first and a source checkout falls back to the repository.
The JSON Schema, kept in ``tressette_dsl/schema/``, is moved to
``_data/tressette_dsl/schema/`` in the wheel: ``_data`` mirrors the checkout, so that the
relative ``$schema`` comments of the bundled rulesets resolve in both.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_path(*parts: str) -> Path:
    """The path of a bundled file or folder, e.g. ``data_path("grammar", "expr.lark")``.

    Raises FileNotFoundError naming both places looked at, so a packaging mistake reads as
    one clear message rather than a later "No such file".
    """
    installed = _PACKAGE.joinpath("_data", *parts)
    if installed.exists():
        return installed
    checkout = _PACKAGE.parent.joinpath(*parts)
    if checkout.exists():
        return checkout
    raise FileNotFoundError(
        f"bundled data {'/'.join(parts)!r} not found in {installed} or {checkout}"
    )
