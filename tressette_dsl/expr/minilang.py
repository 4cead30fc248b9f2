"""The small rule languages of the deck and the deal: rank order, card values, deal
packets and card lists. They share the expression grammar (other start symbols), so their
errors are located and worded the same way, each with its own code (TS306-TS309).
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from lark import Token, Tree

from tressette_dsl.expr.context import StaticContext
from tressette_dsl.expr.errors import ExprError, ExprProblem
from tressette_dsl.expr.literals import card_error
from tressette_dsl.expr.parse import parse


@dataclass(frozen=True, slots=True)
class Packet:
    """One packet of a deal: `count` cards (None = the rest) to `zone` (None = each hand)."""

    count: int | None
    zone: str | None
    start: int
    end: int


def _tokens(tree: Tree[Token]) -> list[Token]:
    return [t for t in tree.children if isinstance(t, Token)]


def _at(code: str, message: str, tok: Token, hint: str | None = None) -> ExprProblem:
    return ExprProblem(code, message, tok.start_pos or 0, tok.end_pos or 0, hint)


def _check_rank(
    code: str, tok: Token, ranks: Sequence[str], seen: dict[str, Token]
) -> ExprProblem | None:
    r = str(tok)
    if r not in ranks:
        close = difflib.get_close_matches(r, list(ranks), n=1)
        return _at(
            code,
            f"unknown rank {r!r}",
            tok,
            f"ranks: {' '.join(ranks)}" if not close else f"did you mean {close[0]!r}?",
        )
    if r in seen:
        return _at(code, f"rank {r!r} is listed twice", tok, f"first at offset {seen[r].start_pos}")
    seen[r] = tok
    return None


def parse_order(text: str, ranks: Sequence[str]) -> tuple[str, ...]:
    """``"3 > 2 > A > K ..."`` (or space-separated), strongest first; every rank exactly once."""
    seen: dict[str, Token] = {}
    problems = [
        p
        for tok in _tokens(parse(text, "order", "TS307"))
        if (p := _check_rank("TS307", tok, ranks, seen))
    ]
    missing = [r for r in ranks if r not in seen]
    if missing:
        end = len(text.rstrip())
        problems.append(
            ExprProblem(
                "TS307",
                f"the order leaves out {', '.join(missing)}",
                end,
                end,
                "list every rank once",
            )
        )
    if problems:
        raise ExprError(problems)
    return tuple(seen)


def parse_values(text: str, ranks: Sequence[str]) -> dict[str, int]:
    """``"A=3, 3 2 K Q J=1"``: value per rank in scoring units; unlisted ranks are worth 0."""
    out = dict.fromkeys(ranks, 0)
    seen: dict[str, Token] = {}
    problems: list[ExprProblem] = []
    for group in parse(text, "values", "TS308").children:
        assert isinstance(group, Tree)
        *rank_toks, sign, number = group.children
        value = int(str(number)) * (-1 if sign is not None and str(sign) == "-" else 1)
        for tok in rank_toks:
            assert isinstance(tok, Token)
            problem = _check_rank("TS308", tok, ranks, seen)
            if problem:
                problems.append(problem)
            else:
                out[str(tok)] = value
    if problems:
        raise ExprError(problems)
    return out


def parse_packets(text: str, zones: Collection[str] | None) -> tuple[Packet, ...]:
    """``"5 5"``, ``"4 4 4 monte:4"``, ``"5 5 stock:rest"``: packets in dealing order.

    A bare number is one packet to each seat's hand in deal order; ``zone:n`` goes to a
    named zone; ``rest`` (at most once, and last) takes whatever is left. `zones` are the
    ids a packet may name (None: any, for a ruleset whose zones are implied by their use).
    """
    packets: list[Packet] = []
    problems: list[ExprProblem] = []
    for item in parse(text, "packets", "TS309").children:
        assert isinstance(item, Tree)
        toks = _tokens(item)
        start, end = (toks[0].start_pos or 0), (toks[-1].end_pos or 0)
        zone = str(toks[0]) if item.data.startswith("zone") else None
        count = int(str(toks[-1])) if item.data.endswith("packet") else None
        if zone is not None and zones is not None and zone not in zones:
            close = difflib.get_close_matches(zone, list(zones), n=1)
            hint = (
                f"did you mean {close[0]!r}?"
                if close
                else f"zones: {', '.join(sorted(zones)) or 'none declared'}"
            )
            problems.append(_at("TS309", f"unknown zone {zone!r}", toks[0], hint))
        if count == 0:
            problems.append(_at("TS309", "a packet needs at least one card", toks[-1]))
        if packets and packets[-1].count is None:
            problems.append(
                _at("TS309", "'rest' must be the last packet", toks[0], "it takes every card left")
            )
        packets.append(Packet(count, zone, start, end))
    if problems:
        raise ExprError(problems)
    return tuple(packets)


def parse_cards(text: str, ctx: StaticContext) -> tuple[int, ...]:
    """``"3D AC 7B"`` or ``"3D, AC"``: card indices in the order written, each once."""
    cards: list[int] = []
    seen: dict[int, Token] = {}
    problems: list[ExprProblem] = []
    for tok in _tokens(parse(text, "card_list", "TS306")):
        card = ctx.parse_card(str(tok))
        if card is None:
            e = card_error(ctx, str(tok))
            problems.append(_at("TS306", e.message, tok, e.hint))
        elif card in seen:
            problems.append(
                _at(
                    "TS306",
                    f"card {str(tok)!r} is listed twice",
                    tok,
                    f"first at offset {seen[card].start_pos}",
                )
            )
        else:
            seen[card] = tok
            cards.append(card)
    if problems:
        raise ExprError(problems)
    return tuple(cards)
