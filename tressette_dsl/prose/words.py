"""An expression of a ruleset, said in words: ``next(dealer)`` is "the player after the
dealer", ``trick_no >= 2`` "the trick number is at least 2", ``floor(units / 3)`` "the card
units, divided by 3 and rounded down (that is, whole points)".

`describe` and `diff` use it so that no expression code shows through on a rules page. It
reads the expression's syntax tree (the same grammar the compiler reads), names the names
of the language with a phrase each (`NAMES`), the built-ins with a phrase each (`CALLS`),
and every other construct generically ("A plus B", "A if C, otherwise B"); a name it does not
know is said with its underscores as spaces. Card, rank and suit names come from the deck.
Phrasings for common whole conditions (`PATTERNS`) come first, so the frequent rules read
naturally. It never evaluates anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lark import Token, Tree

from tressette_dsl.expr.errors import ExprError
from tressette_dsl.expr.parse import parse

NAMES: dict[str, str] = {
    "dealer": "the dealer",
    "declarer": "the declarer",
    "partner": "the partner",
    "seat": "the player",
    "hand": "the player's hand",
    "deck": "any card of the deck",
    "contract": "the contract",
    "contract_value": "the contract's value",
    "contract_target": "the contract's target",
    "value": "the value",
    "success": "the contract is made",
    "alone": "the declarer plays alone",
    "multiplier": "the big-win multiplier",
    "bid": "the bid",
    "bid_points": "the points bid",
    "bid_rank": "the rank bid",
    "called_card": "the called card",
    "called_from_defender": "the called card came from a defender",
    "call_supplier": "the defender who supplied the called card",
    "taken": "as many cards as the player took",
    "trick_no": "the trick number",
    "deal_no": "the deal number",
    "deals_counted": "the number of deals counted",
    "totals": "the totals",
    "target": "the target score",
    "stock_size": "the number of cards left in the stock",
    "hand_size": "the number of cards in hand",
    "led_suit": "the suit led",
    "on_lead": "the player is on lead",
    "units": "the card units taken",
    "cards_units": "the card units in the tricks taken",
    "opp_units": "the opponents' card units",
    "opp_cards_units": "the card units in the opponents' tricks",
    "opp_tricks": "the number of tricks the opponents take",
    "tricks": "the number of tricks taken",
    "total_tricks": "the number of tricks in a deal",
    "best_seat_tricks": "the most tricks taken by one player",
    "units_outside_best_seat": "the card units taken by everyone but the best player",
    "declared": "the points of the side's declarations",
    "match_points": "the points already scored in the match",
    "declarer_points": "the declarer's side's points",
    "declarer_units": "the declarer's side's card units",
    "card": "the card",
    "suit": "its suit",
    "rank": "its rank",
    "strength": "its strength",
    "true": "always",
    "false": "never",
}
CALLS: dict[str, str] = {
    "next": "the player after {0}",
    "prev": "the player before {0}",
    "floor": "{0}, rounded down",
    "ceil": "{0}, rounded up",
    "max": "the larger of {all}",
    "min": "the smaller of {all}",
    "abs": "the size of {0}",
    "suit": "the suit of {0}",
    "rank": "the rank of {0}",
    "strength": "the strength of {0}",
    "of_rank": "a card of {1}",
    "of_suit": "{0} of {1}",
}
COMPARE = {
    "==": "is",
    "!=": "is not",
    "<": "is less than",
    "<=": "is at most",
    ">": "is more than",
    ">=": "is at least",
    "in": "is",
    "notin": "is not",
}
# whole conditions with a phrasing of their own
PATTERNS: dict[str, str] = {
    "trick_no == 1": "in the first trick",
    "trick_no >= 2": "from the second trick on",
    "stock_size == 0": "once the stock is empty",
    "opp_tricks == 0": "the opponents take no trick",
    "opp_tricks > 0": "the opponents take at least one trick",
    "best_seat_tricks == total_tricks": "one player takes every trick",
    "count(hand[suit == led_suit]) == 0": "the player holds no other card of the suit led",
    "count(hand[suit == led_suit]) >= 1": "the player holds another card of the suit led",
}


@dataclass(frozen=True)
class Vocabulary:
    """What the words of one ruleset are: its card, rank and suit names, its unit."""

    suits: dict[str, str] = field(default_factory=dict)  # id -> name
    ranks: dict[str, str] = field(default_factory=dict)
    unit: int = 1

    @classmethod
    def of(cls, rules: Any) -> Vocabulary:
        deck = rules.deck
        return cls(
            suits=dict(zip(deck.suits, deck.suit_names, strict=False)),
            ranks=dict(zip(deck.ranks, deck.rank_names, strict=False)),
            unit=deck.unit or 1,
        )

    def card(self, text: str) -> str | None:
        for suit, suit_name in self.suits.items():
            rank = text[: -len(suit)]
            if text.endswith(suit) and rank in self.ranks:
                return f"the {self.ranks[rank] or rank} of {suit_name}"
        return None


def in_words(text: str, vocab: Vocabulary | None = None) -> str:
    """The expression `text` in words (unchanged if it does not parse: a rules page of a
    broken file is not this module's problem)."""
    v = vocab or Vocabulary()
    compact = " ".join(text.split())
    if compact in PATTERNS:
        return PATTERNS[compact]
    try:
        tree = parse(text, "any")
    except ExprError:
        return text
    return _Say(v).say(tree.children[0] if tree.data == "any" else tree)


class _Say:
    def __init__(self, vocab: Vocabulary) -> None:
        self.v = vocab

    def say(self, node: Any, *, inner: bool = False) -> str:
        if isinstance(node, Token):
            return str(node)
        kind = node.data
        kids = node.children
        method = getattr(self, f"_{kind}", None)
        if method is not None:
            out: str = method(kids, inner)
            return out
        return " ".join(self.say(k, inner=True) for k in kids)

    # --- atoms ----------------------------------------------------------------------------
    def _int(self, kids: list[Any], inner: bool) -> str:
        return str(kids[0])

    def _string(self, kids: list[Any], inner: bool) -> str:
        return str(kids[0])[1:-1]

    def _true(self, kids: list[Any], inner: bool) -> str:
        return "always"

    def _false(self, kids: list[Any], inner: bool) -> str:
        return "never"

    def _card_token(self, kids: list[Any], inner: bool) -> str:
        text = str(kids[0])
        return self.v.card(text) or text

    def _name(self, kids: list[Any], inner: bool) -> str:
        name = str(kids[0])
        if name in self.v.suits:
            return self.v.suits[name]
        if name in self.v.ranks:
            return self.v.ranks[name] or name
        card = self.v.card(name)
        if card:
            return card
        return NAMES.get(name, name.replace("_", " "))

    def _args(self, kids: list[Any], inner: bool) -> str:
        return _join([self.say(k, inner=True) for k in kids if k is not None], "and")

    def _set(self, kids: list[Any], inner: bool) -> str:
        items = kids[0].children if kids and kids[0] is not None else []
        return _join([self.say(k, inner=True) for k in items], "or")

    _list = _set

    def _tuple(self, kids: list[Any], inner: bool) -> str:
        return _join([self.say(k, inner=True) for k in kids if k is not None], "and")

    def _call(self, kids: list[Any], inner: bool) -> str:
        name = str(kids[0])
        args = kids[1].children if len(kids) > 1 and kids[1] is not None else []
        said = [self.say(a, inner=True) for a in args]
        if name == "count" and args:
            return self._count(args[0])
        if name == "floor" and args and self._whole_points(args[0]):
            units = self.say(args[0].children[0], inner=True)
            return f"{units.replace('card units', 'card points')}, rounded down to whole points"
        if name in ("next", "prev") and len(said) == 2:  # next(seat, k): k places on
            way = "after" if name == "next" else "before"
            return f"the player {said[1]} places {way} {said[0]}"
        pattern = CALLS.get(name)
        if pattern is None:
            return f"the {name.replace('_', ' ')} of {_join(said, 'and')}"
        return pattern.format(*said, all=_join(said, "and"))

    def _whole_points(self, arg: Any) -> bool:
        """`units / 3` with 3 the deck's unit: card units turned into points."""
        if not (isinstance(arg, Tree) and arg.data == "product" and len(arg.children) == 3):
            return False
        left, op, right = arg.children
        return (
            str(op) == "/"
            and isinstance(left, Tree)
            and left.data == "name"
            and str(left.children[0]).endswith("units")
            and isinstance(right, Tree)
            and right.data == "int"
            and int(str(right.children[0])) == self.v.unit
        )

    def _count(self, arg: Any) -> str:
        if isinstance(arg, Tree) and arg.data == "index":
            where, what = arg.children
            return f"the number of cards in {self.say(where, inner=True)} {self._filter(what)}"
        return f"the number of {self.say(arg, inner=True)}"

    def _filter(self, node: Any) -> str:
        """A filter's condition, said of the cards: "of the suit led and at most as strong
        as the King of denari"."""
        if isinstance(node, Tree) and node.data == "and_expr":
            return " and ".join(self._filter(k) for k in node.children)
        if isinstance(node, Tree) and node.data == "comparison" and len(node.children) == 3:
            left, op, right = node.children
            word = _op(op)
            if isinstance(left, Tree) and left.data == "name":
                what = str(left.children[0])
                value = self.say(right, inner=True)
                if what == "suit" and word in ("==", "in"):
                    return f"of {value}"
                if what == "rank" and word in ("==", "in"):
                    return f"of rank {value}"
                if what == "strength":
                    bound = {"<=": "at most as strong as", "<": "weaker than",
                             ">=": "at least as strong as", ">": "stronger than"}  # fmt: skip
                    strength_of = value.removeprefix("the strength of ")
                    if word in bound:
                        return f"{bound[word]} {strength_of}"
        return f"such that {self.say(node, inner=True)}"

    def _index(self, kids: list[Any], inner: bool) -> str:
        return f"the cards of {self.say(kids[0], inner=True)} {self._filter(kids[1])}"

    # --- operators ------------------------------------------------------------------------
    def _ternary(self, kids: list[Any], inner: bool) -> str:
        then, cond, other = (self.say(k, inner=True) for k in kids)
        text = f"{then} if {cond}, otherwise {other}"
        return f"({text})" if inner else text

    def _or_expr(self, kids: list[Any], inner: bool) -> str:
        return " or ".join(self.say(k, inner=True) for k in kids)

    def _and_expr(self, kids: list[Any], inner: bool) -> str:
        return " and ".join(self.say(k, inner=True) for k in kids)

    def _not_(self, kids: list[Any], inner: bool) -> str:
        return f"not ({self.say(kids[0], inner=True)})"

    def _comparison(self, kids: list[Any], inner: bool) -> str:
        parts = [self.say(kids[0], inner=True)]
        for i in range(1, len(kids), 2):
            word = COMPARE.get(_op(kids[i]), _op(kids[i]))
            parts += [word, self._rhs(kids[i + 1], kids[0])]
        return " ".join(parts)

    def _rhs(self, node: Any, left: Any) -> str:
        """Units compared with a number are said in points when the number is whole points."""
        text = self.say(node, inner=True)
        if (
            isinstance(node, Tree)
            and node.data == "int"
            and isinstance(left, Tree)
            and left.data == "name"
            and "units" in str(left.children[0])
            and self.v.unit > 1
        ):
            units = int(str(node.children[0]))
            if units % self.v.unit == 0:
                points = units // self.v.unit
                return f"{points} point{'s' if points != 1 else ''} ({units} units)"
        return text

    def _sum(self, kids: list[Any], inner: bool) -> str:
        words = {"+": "plus", "-": "minus"}
        out = [self.say(kids[0], inner=True)]
        for i in range(1, len(kids), 2):
            out += [words[str(kids[i])], self.say(kids[i + 1], inner=True)]
        return " ".join(out)

    def _product(self, kids: list[Any], inner: bool) -> str:
        words = {"*": "times", "/": "divided by", "//": "divided by (whole part)", "%": "modulo"}
        out = [self.say(kids[0], inner=True)]
        for i in range(1, len(kids), 2):
            out += [words[str(kids[i])], self.say(kids[i + 1], inner=True)]
        return " ".join(out)

    def _sign(self, kids: list[Any], inner: bool) -> str:
        said = self.say(kids[1], inner=True)
        return f"minus {said}" if str(kids[0]) == "-" else said

    def _union(self, kids: list[Any], inner: bool) -> str:
        return " together with ".join(self.say(k, inner=True) for k in kids)

    def _inter(self, kids: list[Any], inner: bool) -> str:
        return " that are also in ".join(self.say(k, inner=True) for k in kids)


def _op(node: Any) -> str:
    return "".join(str(t) for t in node.children) if isinstance(node, Tree) else str(node)


def _join(items: list[str], word: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


_PATTERN = re.compile(r"^\s*(?:(\d+)\s+of\s+)?(\{[^}]*\}|any)\s+same\s+(suit|rank)\s*$")
_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def pattern_in_words(text: str, vocab: Vocabulary | None = None) -> str:
    """A declaration pattern in words: ``{A, 2, 3} same suit`` is "the Asso, 2 and 3 of one
    suit"; ``3 of {3, 2, A} same rank`` "three cards of one rank: 3s, 2s or Assos"."""
    v = vocab or Vocabulary()
    found = _PATTERN.match(text)
    if found is None:
        return text
    count, group, kind = found.groups()
    ranks = [] if group == "any" else [r.strip() for r in group.strip("{}").split(",")]
    names = [v.ranks.get(r) or r for r in ranks]
    if kind == "suit":
        which = (
            _join(names, "and")
            if not count
            else f"{_NUMBERS.get(int(count), count)} of " + (_join(names, "and"))
        )
        return f"the {which} of one suit"
    many = _NUMBERS.get(int(count), count) if count else "all the"
    among = f": {_join(names, 'or')}" if names else ""
    return f"{many} cards of one rank{among}"
