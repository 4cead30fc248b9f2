"""Fixtures for engine tests (helpers live in engine_support.py)."""

from __future__ import annotations

from engine_support import overlay

__all__ = ["overlay"]
