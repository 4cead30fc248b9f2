"""The interval arithmetic against published values (t tables, Wilson's worked examples)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from tressette_dsl.stats.intervals import (
    mean_interval,
    paired_difference,
    t_value,
    welch_difference,
    wilson,
)


@pytest.mark.parametrize(
    ("df", "expected"),
    [(1, 12.706), (2, 4.303), (3, 3.182), (5, 2.571), (10, 2.228), (30, 2.042), (120, 1.980)],
)
def test_t_quantiles_match_the_tables(df: int, expected: float) -> None:
    assert t_value(df) == pytest.approx(expected, abs=5e-4)


def test_t_tends_to_the_normal_quantile() -> None:
    assert t_value(5000) == pytest.approx(1.95996, abs=1e-4)
    assert t_value(1999) > t_value(2000) - 1e-3


def test_wilson_known_values() -> None:
    # 81 successes of 263: the worked example of Wilson-score tables, 0.2553..0.3662
    share = wilson(81, 263)
    assert share.rate == pytest.approx(81 / 263)
    assert share.low == pytest.approx(0.2553, abs=1e-4)
    assert share.high == pytest.approx(0.3662, abs=1e-4)


def test_wilson_at_the_edges_stays_inside_0_1_and_is_not_a_point() -> None:
    none = wilson(0, 10)
    assert none.low == 0.0 and 0.2 < none.high < 0.35
    every = wilson(10, 10)
    assert every.high == 1.0 and 0.65 < every.low < 0.8
    assert math.isnan(wilson(0, 0).rate)


def test_mean_is_exact_and_the_interval_is_t_based() -> None:
    values = [Fraction(1, 3), Fraction(2, 3), 1, 2]
    m = mean_interval(values)
    assert m.exact == Fraction(1)
    sd = math.sqrt(float(sum((Fraction(v) - 1) ** 2 for v in values) / 3))
    assert m.low == pytest.approx(1 - 3.182446 * sd / 2, abs=1e-5)
    assert m.high == pytest.approx(1 + 3.182446 * sd / 2, abs=1e-5)
    single = mean_interval([5])
    assert single.mean == 5 and math.isnan(single.low)


def test_paired_difference_cancels_the_common_part() -> None:
    a = [10, 20, 30, 40, 50]
    b = [11, 21, 31, 42, 50]
    d = paired_difference(a, b)
    assert d.diff == pytest.approx(1.0)
    assert d.method == "paired"
    assert d.high - d.low < 3  # the spread of a and b (tens) does not widen it
    welch = welch_difference(a, b)
    assert welch.diff == pytest.approx(1.0)
    assert welch.high - welch.low > 20
    assert not welch.excludes_zero


def test_welch_detects_a_clear_shift() -> None:
    d = welch_difference([0, 1, 0, 1, 0, 1, 0, 1], [5, 6, 5, 6, 5, 6, 5, 6])
    assert d.excludes_zero and d.low > 4
