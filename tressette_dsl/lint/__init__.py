"""Checks that need the engine: `deep` plays random deals of a ruleset (`validate --deep`)."""

from __future__ import annotations

from tressette_dsl.lint.deep import CODES, DeepReport, deep_check

__all__ = ["CODES", "DeepReport", "deep_check"]
