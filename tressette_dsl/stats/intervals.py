"""95% confidence intervals from exact inputs: Wilson for shares, Student's t for means.

The inputs are exact (ints and `fractions.Fraction`, as the engine keeps scores); sums,
means and variances are computed exactly, and only the reported statistics (rate, mean,
bounds) become floats at the end. No SciPy: Student's t quantile comes from its closed-form
distribution function for whole degrees of freedom (Abramowitz and Stegun 26.7.3/26.7.4),
inverted by bisection, so results are the same on every machine.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

Exact = int | Fraction

LEVEL = 0.95
# Beyond this many degrees of freedom the t quantile differs from the normal one by less
# than 0.001 at 95%, and the closed form would loop needlessly.
_NORMAL_FROM_DF = 2000


def z_value(level: float = LEVEL) -> float:
    """The two-sided normal quantile (1.96 at 95%)."""
    return NormalDist().inv_cdf(0.5 + level / 2)


def _t_central(t: float, df: int) -> float:
    """P(|T| < t) for Student's t with `df` whole degrees of freedom (t >= 0)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2 == 1:
        if df == 1:
            return 2 * theta / math.pi
        term, total = math.cos(theta), math.cos(theta)
        for k in range(1, (df - 3) // 2 + 1):
            term *= c2 * (2 * k) / (2 * k + 1)
            total += term
        return 2 / math.pi * (theta + math.sin(theta) * total)
    term, total = 1.0, 1.0
    for k in range(1, (df - 2) // 2 + 1):
        term *= c2 * (2 * k - 1) / (2 * k)
        total += term
    return math.sin(theta) * total


def t_value(df: int, level: float = LEVEL) -> float:
    """The two-sided Student's t quantile: 12.71 for 1 degree of freedom, 2.228 for 10..."""
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if df >= _NORMAL_FROM_DF:
        return z_value(level)
    low, high = 0.0, 1.0
    while _t_central(high, df) < level:
        high *= 2
    for _ in range(80):
        mid = (low + high) / 2
        if _t_central(mid, df) < level:
            low = mid
        else:
            high = mid
    return (low + high) / 2


@dataclass(frozen=True, slots=True)
class Share:
    """`count` of `n` (a win rate, a bid rate...), with its Wilson score interval."""

    count: int
    n: int
    rate: float
    low: float
    high: float

    def as_dict(self) -> dict[str, float | int]:
        return {
            "count": self.count,
            "n": self.n,
            "rate": self.rate,
            "low": self.low,
            "high": self.high,
        }


def wilson(count: int, n: int, level: float = LEVEL) -> Share:
    """The Wilson score interval: honest near 0% and 100% and for small n, where the
    textbook p ± z·se interval leaves [0, 1] or collapses to a point."""
    if n <= 0:
        return Share(count, n, math.nan, math.nan, math.nan)
    z = z_value(level)
    p = Fraction(count, n)
    z2 = z * z
    denom = 1 + z2 / n
    centre = (float(p) + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(float(p * (1 - p)) / n + z2 / (4 * n * n))
    # at 0 and n the bound is exactly 0 or 1; rounding must not move it off
    low = 0.0 if count == 0 else max(0.0, centre - half)
    high = 1.0 if count == n else min(1.0, centre + half)
    return Share(count, n, float(p), low, high)


@dataclass(frozen=True, slots=True)
class Mean:
    """The mean of `n` exact values, with a t interval (`low`/`high` are NaN when n < 2)."""

    n: int
    mean: float
    low: float
    high: float
    sd: float
    exact: Fraction

    def as_dict(self) -> dict[str, float | int | str]:
        return {
            "n": self.n,
            "mean": self.mean,
            "low": self.low,
            "high": self.high,
            "sd": self.sd,
            "mean_exact": str(self.exact),
        }


def _moments(values: Sequence[Exact]) -> tuple[int, Fraction, Fraction]:
    """n, the exact mean and the exact unbiased variance (0 when n < 2)."""
    n = len(values)
    if n == 0:
        return 0, Fraction(0), Fraction(0)
    mean = Fraction(sum(values, Fraction(0))) / n
    if n < 2:
        return n, mean, Fraction(0)
    var = sum(((Fraction(v) - mean) ** 2 for v in values), Fraction(0)) / (n - 1)
    return n, mean, var


def mean_interval(values: Sequence[Exact], level: float = LEVEL) -> Mean:
    """The mean of exact values and its Student's t interval."""
    n, mean, var = _moments(values)
    if n == 0:
        return Mean(0, math.nan, math.nan, math.nan, math.nan, Fraction(0))
    sd = math.sqrt(float(var))
    if n < 2:
        return Mean(n, float(mean), math.nan, math.nan, math.nan, mean)
    half = t_value(n - 1, level) * sd / math.sqrt(n)
    return Mean(n, float(mean), float(mean) - half, float(mean) + half, sd, mean)


@dataclass(frozen=True, slots=True)
class Difference:
    """B minus A, with its interval; `method` says how it was computed."""

    a: float
    b: float
    diff: float
    low: float
    high: float
    method: str  # paired | welch

    @property
    def excludes_zero(self) -> bool:
        """True when the interval lies wholly on one side of 0: a difference the sample
        supports at the interval's level."""
        return self.low > 0 or self.high < 0

    def as_dict(self) -> dict[str, float | str | bool]:
        return {
            "a": self.a,
            "b": self.b,
            "diff": self.diff,
            "low": self.low,
            "high": self.high,
            "method": self.method,
            "excludes_zero": self.excludes_zero,
        }


def paired_difference(a: Sequence[Exact], b: Sequence[Exact], level: float = LEVEL) -> Difference:
    """Mean of b[i] - a[i] over pairs that share a seed, with a t interval on the pairs:
    the seed's luck is common to both and cancels, so the interval is narrower than one
    for two independent samples."""
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    diffs = [Fraction(y) - Fraction(x) for x, y in zip(a, b, strict=True)]
    m = mean_interval(diffs, level)
    return Difference(
        a=mean_interval(a).mean,
        b=mean_interval(b).mean,
        diff=m.mean,
        low=m.low,
        high=m.high,
        method="paired",
    )


def welch_difference(a: Sequence[Exact], b: Sequence[Exact], level: float = LEVEL) -> Difference:
    """mean(b) - mean(a) for two independent samples (Welch's t interval; the degrees of
    freedom of Welch-Satterthwaite, rounded down, which widens the interval slightly)."""
    na, ma, va = _moments(a)
    nb, mb, vb = _moments(b)
    diff = float(mb - ma)
    if na < 2 or nb < 2:
        return Difference(float(ma), float(mb), diff, math.nan, math.nan, "welch")
    se2 = va / na + vb / nb
    if se2 == 0:
        return Difference(float(ma), float(mb), diff, diff, diff, "welch")
    df_exact = se2**2 / ((va / na) ** 2 / (na - 1) + (vb / nb) ** 2 / (nb - 1))
    df = max(1, math.floor(df_exact))
    half = t_value(df, level) * math.sqrt(float(se2))
    return Difference(float(ma), float(mb), diff, diff - half, diff + half, "welch")


def bounded(d: Difference, low: float = -1.0, high: float = 1.0) -> Difference:
    """A difference of two rates lies in [-1, 1]; the t interval of a small sample can reach
    past that, which says nothing more, so it is cut there."""
    if math.isnan(d.low):
        return d
    return Difference(d.a, d.b, d.diff, max(low, d.low), min(high, d.high), d.method)
