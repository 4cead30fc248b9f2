"""Rank order, card values, deal packets and card lists."""

from __future__ import annotations

import pytest

from tressette_dsl.expr import (
    ExprError,
    Packet,
    StaticContext,
    parse_cards,
    parse_order,
    parse_packets,
    parse_values,
)

RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")


def _problem(fn: object, *args: object) -> tuple[str, int, str]:
    with pytest.raises(ExprError) as info:
        fn(*args)  # type: ignore[operator]
    p = info.value.problems[0]
    return p.code, p.start, p.message


@pytest.mark.parametrize("text", ["3 > 2 > A > K > Q > J > 7 > 6 > 5 > 4", "3 2 A K Q J 7 6 5 4"])
def test_order_strongest_first(text: str) -> None:
    assert parse_order(text, RANKS) == ("3", "2", "A", "K", "Q", "J", "7", "6", "5", "4")


def test_order_duplicate_is_located_at_the_second() -> None:
    code, at, message = _problem(parse_order, "3 > 2 > 3 > A > K > Q > J > 7 > 6 > 5 > 4", RANKS)
    assert (code, at) == ("TS307", 8) and "'3'" in message


def test_order_unknown_rank() -> None:
    code, at, message = _problem(parse_order, "3 > 2 > A > R > Q > J > 7 > 6 > 5 > 4", RANKS)
    assert (code, at) == ("TS307", 12) and "'R'" in message


def test_order_missing_ranks_are_named_at_the_end() -> None:
    text = "3 > 2 > A > K > Q > J > 7 > 6"
    code, at, message = _problem(parse_order, text, RANKS)
    assert (code, at) == ("TS307", len(text)) and "4, 5" in message


def test_order_syntax_error_is_ts307() -> None:
    assert _problem(parse_order, "3 > > 2", RANKS)[:2] == ("TS307", 4)


def test_values_thirds() -> None:
    values = parse_values("A=3, 3 2 K Q J=1", RANKS)
    assert values == {
        "A": 3,
        "2": 1,
        "3": 1,
        "4": 0,
        "5": 0,
        "6": 0,
        "7": 0,
        "J": 1,
        "Q": 1,
        "K": 1,
    }


def test_values_briscola_style() -> None:
    values = parse_values("A=11, 3=10, K=4, Q=3, J=2", RANKS)
    assert (values["A"], values["3"], values["K"], values["7"]) == (11, 10, 4, 0)


def test_values_negative() -> None:
    assert parse_values("A=-1", RANKS)["A"] == -1


@pytest.mark.parametrize(
    ("text", "at"), [("A=3, A=1", 5), ("X=3", 0), ("A 3", 3), ("A=", 2), ("A=3 K", 5)]
)
def test_bad_values_are_ts308(text: str, at: int) -> None:
    assert _problem(parse_values, text, RANKS)[:2] == ("TS308", at)


def test_packets_each_hand() -> None:
    assert parse_packets("5 5", ["stock"]) == (Packet(5, None, 0, 1), Packet(5, None, 2, 3))


def test_packets_with_zones() -> None:
    packets = parse_packets("4 4 4 monte:4", ["monte"])
    assert [(p.count, p.zone) for p in packets] == [(4, None)] * 3 + [(4, "monte")]
    assert (packets[-1].start, packets[-1].end) == (6, 13)


def test_packets_rest() -> None:
    packets = parse_packets("5 5 stock:rest", {"stock"})
    assert (packets[-1].count, packets[-1].zone) == (None, "stock")


@pytest.mark.parametrize(
    ("text", "at"), [("5 stok:rest", 2), ("stock:rest 5", 11), ("0 5", 0), ("5 5 x", 5), ("", 0)]
)
def test_bad_packets_are_ts309(text: str, at: int) -> None:
    assert _problem(parse_packets, text, ["stock"])[:2] == ("TS309", at)


def test_cards(ctx: StaticContext) -> None:
    assert [ctx.card_text(c) for c in parse_cards("3D AC 7B", ctx)] == ["3D", "AC", "7B"]
    assert [ctx.card_text(c) for c in parse_cards("3D, AC", ctx)] == ["3D", "AC"]
    assert parse_cards("", ctx) == ()


@pytest.mark.parametrize(("text", "at"), [("3D 9D", 3), ("AC AC", 3), ("AC;", 2), ("AC XYZ", 3)])
def test_bad_cards_are_ts306(ctx: StaticContext, text: str, at: int) -> None:
    assert _problem(parse_cards, text, ctx)[:2] == ("TS306", at)
