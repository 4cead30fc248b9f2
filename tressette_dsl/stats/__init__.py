"""Statistics of simulated matches: intervals, summaries, comparisons, exports, plots.

`samples_of` takes the match summaries of `tressette simulate` once; `summarise` and
`compare` turn them into statistics with 95% intervals (`intervals`); `text`, `export` and
`plot` present them. Inputs stay exact (ints, Fractions); only reported statistics are
floats.
"""

from __future__ import annotations

from tressette_dsl.stats.compare import Comparison, compare
from tressette_dsl.stats.intervals import (
    Difference,
    Mean,
    Share,
    mean_interval,
    paired_difference,
    t_value,
    welch_difference,
    wilson,
)
from tressette_dsl.stats.samples import Samples, samples_of
from tressette_dsl.stats.summary import Summary, summarise

__all__ = [
    "Comparison",
    "Difference",
    "Mean",
    "Samples",
    "Share",
    "Summary",
    "compare",
    "mean_interval",
    "paired_difference",
    "samples_of",
    "summarise",
    "t_value",
    "welch_difference",
    "wilson",
]
