"""Declaration (meld) patterns: which groups of cards in a hand may be declared.

Three shapes cover the Tressette family's accusi:

* ``{A, 2, 3} same suit`` - all the listed ranks in one suit (napoletana);
* ``3 of {3, 2, A} same rank`` - N cards of one rank from the set (buon gioco);
* ``N of any same suit`` / ``N of {ranks} same suit`` - at least N of one suit.

A pattern is compiled once into per-group masks, so matching a hand is a few ANDs and
popcounts. `pattern_instances` returns the instances in a canonical order (groups in deck
order, combinations in deck order), with stable keys the engine can show and store.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import NamedTuple

from lark import Token, Tree

from tressette_dsl.expr.context import StaticContext
from tressette_dsl.expr.errors import ExprError, ExprProblem
from tressette_dsl.expr.node import bits
from tressette_dsl.expr.parse import parse


class Instance(NamedTuple):
    key: str  # "D" (a suit), "A" (all four aces) or "A-B" (the aces but bastoni's)
    cards: int  # CARDS mask


@dataclass(frozen=True, slots=True)
class Pattern:
    text: str
    kind: str  # "suit": cards of one suit; "rank": cards of one rank
    need: int  # how many cards an instance has at least (exactly, for "rank")
    ranks: tuple[str, ...]  # the allowed ranks, in deck order
    groups: tuple[tuple[str, int], ...]  # (key, candidate cards) per suit or per rank
    start: int
    end: int


def parse_pattern(text: str, ctx: StaticContext) -> Pattern:
    """Parse and check a pattern against the deck; problems are TS310 with offsets."""
    tree = parse(text, "pattern", "TS310")
    count_tok, group, kind_tree = tree.children
    assert isinstance(group, Tree) and isinstance(kind_tree, Tree)
    kind = "suit" if kind_tree.data == "same_suit" else "rank"
    problems: list[ExprProblem] = []
    ranks = _ranks(group, ctx, problems)
    count = int(str(count_tok)) if isinstance(count_tok, Token) else None
    if not problems:
        limit = len(ranks) if kind == "suit" else len(ctx.suits)
        implied = kind == "suit" and group.data == "rank_set"
        span = (tree.meta.start_pos, tree.meta.end_pos)
        problems += _check_count(count_tok, kind, limit, implied, span)
    if problems:
        raise ExprError(problems)
    need = count if count is not None else len(ranks)
    indices = [ctx.ranks.index(r) for r in ranks]
    if kind == "suit":
        groups = tuple(
            (s, sum(1 << ctx.card_index(si, r) for r in indices)) for si, s in enumerate(ctx.suits)
        )
    else:
        groups = tuple((ctx.ranks[r], ctx.rank_mask[r]) for r in indices)
    return Pattern(text, kind, need, ranks, groups, tree.meta.start_pos, tree.meta.end_pos)


_KIND_WORD = {"suit": "of one suit from the set", "rank": "of one rank"}


def _check_count(
    tok: object, kind: str, limit: int, implied: bool, span: tuple[int, int]
) -> list[ExprProblem]:
    """A count must be given unless the set implies it, and must be reachable."""
    if not isinstance(tok, Token):
        if implied:
            return []
        hint = f"e.g. '3 of {{...}} same {kind}'"
        return [ExprProblem("TS310", "say how many cards the pattern needs", *span, hint)]
    count, where = int(str(tok)), (tok.start_pos or 0, tok.end_pos or 0)
    if count < 1:
        return [ExprProblem("TS310", "a pattern needs at least one card", *where)]
    if count > limit:
        message = f"{count} cards cannot match: at most {limit} can be {_KIND_WORD[kind]}"
        return [ExprProblem("TS310", message, *where)]
    return []


def _ranks(group: Tree[Token], ctx: StaticContext, problems: list[ExprProblem]) -> tuple[str, ...]:
    if group.data == "any_rank":
        return ctx.ranks
    seen: set[str] = set()
    for tok in group.children:
        assert isinstance(tok, Token)
        r, where = str(tok), (tok.start_pos or 0, tok.end_pos or 0)
        if r not in ctx.ranks:
            problems.append(
                ExprProblem("TS310", f"unknown rank {r!r}", *where, f"ranks: {' '.join(ctx.ranks)}")
            )
        elif r in seen:
            problems.append(ExprProblem("TS310", f"rank {r!r} is listed twice", *where))
        seen.add(r)
    return tuple(r for r in ctx.ranks if r in seen)


def pattern_instances(p: Pattern, hand: int, ctx: StaticContext) -> tuple[Instance, ...]:
    """Every way `hand` (a CARDS mask) matches `p`, in canonical order."""
    out: list[Instance] = []
    if p.kind == "suit":
        for key, mask in p.groups:
            held = hand & mask
            if held.bit_count() >= p.need:
                out.append(Instance(key, held))
        return tuple(out)
    whole = p.need == len(ctx.suits)
    for key, mask in p.groups:
        held = hand & mask
        if held.bit_count() < p.need:
            continue
        if whole:
            out.append(Instance(key, held))
            continue
        for combo in itertools.combinations(bits(held), p.need):
            chosen = sum(1 << c for c in combo)
            missing = "".join(ctx.suits[ctx.suit_of(c)] for c in bits(mask & ~chosen))
            out.append(Instance(f"{key}-{missing}", chosen))
    return tuple(out)
