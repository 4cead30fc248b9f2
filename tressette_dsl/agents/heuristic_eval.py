"""The heuristic's fitted card evaluator: which weights apply to which decision.

A card is scored by the dot product of its `heuristic_features` row with the weights of
its trick position (`lead`, then `pos1`, `pos2`..., the last seat to play `last`) and the
stage of the deal (its first, middle or last third), and the card of highest score is
played. A table may also name `pairs` of columns whose products follow the row (a key
whose weights are that much longer scores them), cut the deal in other `stages`, and give
a follower none of whose cards is of the suit led its own weights (`pos<k>-off/<stage>`);
the session-8 table has products and throw-away weights, in thirds. The weights are data,
in `heuristic_weights.json` beside this module, fitted by bench/heuristic_fit.py to the
choices of a fair sampled search (see that script and docs/bots.md): a table of numbers,
not code per variant.

They are used only where the table says they were fitted: the same number of players,
the same kind of sides with the same team size, and trumps or none as there. A ruleset of
another shape (two players, a contract game, trumps) keeps the hand-written rules, whose
figures there the weights were never measured against. The shape is read from the
ruleset and the observation, never from a name.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from operator import itemgetter, mul
from pathlib import Path
from typing import Any

from tressette_dsl.agents.heuristic_features import FEATURES
from tressette_dsl.rules.model import Ruleset

WEIGHTS_FILE = Path(__file__).with_name("heuristic_weights.json")

_OVERRIDE: list[dict[str, Any] | None] = [None]


def _columns(table: dict[str, Any]) -> dict[str, Any] | None:
    """The table with its weights in `FEATURES`' columns, or None if it cannot be. A table
    fitted on the first columns of today's `FEATURES` (columns are only ever appended)
    reads as one whose later weights are 0: it scores every card as it did."""
    names = tuple(table.get("features", ()))
    if names == FEATURES:
        return table
    if not names or names != FEATURES[: len(names)] or table.get("pairs"):
        return None  # (a table of products is read only with the columns it was fitted on)
    pad = [0.0] * (len(FEATURES) - len(names))
    positions = {
        key: list(w) + pad if len(w) == len(names) else w
        for key, w in table.get("positions", {}).items()
    }
    return {**table, "features": list(FEATURES), "positions": positions}


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    if not WEIGHTS_FILE.exists():
        return {}
    data: dict[str, Any] = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    return _columns(data) or {}  # fitted on other columns: unusable, the rules decide


def use_table(table: dict[str, Any] | None) -> None:
    """Replace the committed table (None: back to it) - for the fitting script's trials."""
    if table is not None:
        padded = _columns(table)
        if padded is None:
            raise ValueError("the table's features are not heuristic_features.FEATURES")
        table = padded
    _OVERRIDE[0] = table
    _SCORERS.clear()  # (keyed by the table too: this only frees the old table's scorers)
    _BY_WEIGHTS.clear()  # (the pairs of a scorer's products are the table's)


def _current() -> dict[str, Any]:
    """The table in force: a trial's (`use_table`), else the committed one."""
    return _OVERRIDE[0] if _OVERRIDE[0] is not None else _table()


def shape_of(rules: Ruleset, trumps: bool) -> dict[str, Any]:
    """What the weights depend on: players, sides and their size, trumps or not."""
    sides = rules.sides
    size = max((len(s) for s in sides.seats), default=1)
    return {
        "players": rules.players.count,
        "sides": sides.mode,
        "side_size": size,
        "trumps": trumps,
    }


STAGES = 3  # the deal cut in thirds: what a card is worth changes as the deal runs out


def position_key(
    rules: Ruleset,
    position: int,
    played: int,
    in_hand: int,
    *,
    stages: int = STAGES,
    off_suit: bool = False,
) -> str:
    """`lead`, `last` (the last seat of the trick) or `pos<k>` for a seat in between, with
    the stage of the deal: `/0` for its first part (by tricks played, against tricks
    played plus cards in hand), up to `/<stages-1>` for the last. `off_suit` (a seat that
    follows with no card of the suit led among its choices) adds `-off` to a follower's
    key: throwing a card away and playing to the suit are different decisions, and a
    linear score centred within the decision cannot tell them apart otherwise (every
    card of a decision follows, or none does)."""
    if position == 0:
        where = "lead"
    elif position == rules.players.count - 1:
        where = "last"
    else:
        where = f"pos{position}"
    if off_suit and position > 0:
        where += "-off"
    stage = min(stages - 1, stages * played // max(1, played + in_hand))
    return f"{where}/{stage}"


def product_pairs() -> list[tuple[int, int]]:
    """The column pairs whose products follow the columns in a key whose weights are that
    much longer (the table's `pairs`, by feature name): a linear score cannot say that a
    card's worth at the lead depends on two facts together (a master with points is worth
    leading in a long suit, not in a short one; the fit decides which pairs matter)."""
    table = _current()
    read, pairs = _PAIRS[0]
    if read is not table:  # worked out once a table, not on every decision
        index = {name: i for i, name in enumerate(FEATURES)}
        pairs = [(index[a], index[b]) for a, b in table.get("pairs", ())] if table else []
        _PAIRS[0] = (table, pairs)
    return pairs


# the table `product_pairs` last read, and its pairs as column indices (read-only)
_PAIRS: list[tuple[dict[str, Any] | None, list[tuple[int, int]]]] = [(None, [])]


def with_products(row: list[float], pairs: list[tuple[int, int]]) -> list[float]:
    """`row` followed by the products of its `pairs` of columns."""
    return row + [row[a] * row[b] for a, b in pairs]


def override_margin() -> float:
    """How much more than the rules' own card another must score to be played instead
    (the table's `margin`): the rules stand where the fit is not clearly better."""
    table = _current()
    return float(table.get("margin", 0.0)) if table else 0.0


def card_weights(
    rules: Ruleset,
    position: int,
    played: int,
    in_hand: int,
    trumps: bool = False,
    *,
    off_suit: bool = False,
) -> list[float] | None:
    """The weights for a card played at `position` of the trick after `played` tricks
    with `in_hand` cards held (`off_suit`: none of the choices is of the suit led), or
    None where the table does not apply (another shape, or no table). A table cut in
    other stages says so (`stages`); one without `-off` keys scores a throw-away with the
    weights of its position."""
    table = _current()
    if not table or table.get("shape") != shape_of(rules, trumps):
        return None
    stages = int(table.get("stages", STAGES))
    positions = table.get("positions", {})
    weights = None
    if off_suit:
        key = position_key(rules, position, played, in_hand, stages=stages, off_suit=True)
        weights = positions.get(key)
    if weights is None:
        weights = positions.get(position_key(rules, position, played, in_hand, stages=stages))
    pairs = len(table.get("pairs", ()))
    if weights is None or len(weights) not in {len(FEATURES), len(FEATURES) + pairs}:
        return None
    return [float(w) for w in weights]


def _picker(columns: Sequence[int]) -> Callable[[Sequence[float]], tuple[float, ...]]:
    """A function giving the values of `columns` of a row as a tuple, in one C call
    (`itemgetter` of one column gives the value, not a tuple: wrapped)."""
    if len(columns) > 1:
        return itemgetter(*columns)
    if columns:
        (only,) = columns
        return lambda row: (row[only],)
    return lambda row: ()


@dataclass(frozen=True, slots=True)
class CardScorer:
    """One key's weights, ready to score `heuristic_features` rows: the dot product of a
    row (and its `product_pairs`, when the key has weights for them) with the weights,
    the number `sum(map(mul, weights, with_products(row, pairs)))` gives, bit for bit.

    A column or product whose weight is 0 is left out: its term is a zero (every feature
    is finite), and adding a zero leaves a float sum as it was (at most the sign of a zero
    total differs, which no comparison sees), so the other terms are added in the same
    order to the same partial sums. The products are taken by `itemgetter` and `map`, in
    C: the table's 200 pairs cost a Python list and a tuple per pair otherwise, a third of
    a rollout's heuristic in `tressette`."""

    weights: tuple[float, ...]  # the nonzero weights: columns first, then products
    columns: Callable[[Sequence[float]], tuple[float, ...]]
    left: Callable[[Sequence[float]], tuple[float, ...]]
    right: Callable[[Sequence[float]], tuple[float, ...]]
    width: int  # the columns a row must have

    @classmethod
    def of(cls, weights: Sequence[float], pairs: Sequence[tuple[int, int]]) -> CardScorer:
        width = len(FEATURES)
        linear = [i for i in range(width) if weights[i] != 0.0]
        products = [k for k in range(len(weights) - width) if weights[width + k] != 0.0]
        return cls(
            weights=tuple([weights[i] for i in linear] + [weights[width + k] for k in products]),
            columns=_picker(linear),
            left=_picker([pairs[k][0] for k in products]),
            right=_picker([pairs[k][1] for k in products]),
            width=width,
        )

    def score(self, row: Sequence[float]) -> float:
        """The row's score (a row of `FEATURES`' columns, products not appended)."""
        if len(row) != self.width:
            raise ValueError(f"{len(row)} feature columns for {self.width}")
        terms = chain(self.columns(row), map(mul, self.left(row), self.right(row)))
        total: float = sum(map(mul, self.weights, terms))
        return total


# (table, rules, trumps, position, played, in_hand, off_suit) by ids and numbers ->
# (the table, the rules, the scorer or None); cleared when full or when the table changes
_SCORERS: dict[tuple[int, ...], tuple[dict[str, Any], Ruleset, CardScorer | None]] = {}
_MAX_SCORERS = 4096
# the scorers by their weights (of the table in force: cleared with `_SCORERS`)
_BY_WEIGHTS: dict[tuple[float, ...], CardScorer] = {}


def card_scorer(
    rules: Ruleset,
    position: int,
    played: int,
    in_hand: int,
    trumps: bool = False,
    *,
    off_suit: bool = False,
) -> CardScorer | None:
    """`card_weights` as a `CardScorer` (None where no weights apply), built once per
    table, ruleset and decision's key instead of on every decision."""
    table = _current()
    key = (id(table), id(rules), int(trumps), position, played, in_hand, int(off_suit))
    found = _SCORERS.get(key)
    if found is not None and found[0] is table and found[1] is rules:
        return found[2]
    weights = card_weights(rules, position, played, in_hand, trumps, off_suit=off_suit)
    scorer = None
    if weights is not None:  # one scorer per distinct weights (a stage spans many keys)
        scorer = _BY_WEIGHTS.get(tuple(weights))
        if scorer is None:
            pairs = product_pairs() if len(weights) > len(FEATURES) else ()
            scorer = _BY_WEIGHTS[tuple(weights)] = CardScorer.of(weights, pairs)
    if len(_SCORERS) >= _MAX_SCORERS:
        _SCORERS.clear()
        _BY_WEIGHTS.clear()
    _SCORERS[key] = (table, rules, scorer)
    return scorer


__all__ = [
    "WEIGHTS_FILE",
    "CardScorer",
    "card_scorer",
    "card_weights",
    "override_margin",
    "position_key",
    "product_pairs",
    "shape_of",
    "use_table",
    "with_products",
]
