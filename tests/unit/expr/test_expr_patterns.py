"""Declaration patterns: napoletana, buon gioco (three and four of a rank), long suits."""

from __future__ import annotations

import pytest
from expr_support import mask

from tressette_dsl.expr import (
    ExprError,
    Instance,
    StaticContext,
    parse_pattern,
    pattern_instances,
)


def _found(ctx: StaticContext, pattern: str, hand: str) -> list[tuple[str, str]]:
    p = parse_pattern(pattern, ctx)
    return [(i.key, ctx.mask_text(i.cards)) for i in pattern_instances(p, mask(ctx, hand), ctx)]


def test_napoletana_in_clubs(ctx: StaticContext) -> None:
    assert _found(ctx, "{A, 2, 3} same suit", "AC 2C 3C 4D KS") == [("C", "AC 2C 3C")]


def test_napoletana_needs_all_three(ctx: StaticContext) -> None:
    assert _found(ctx, "{A, 2, 3} same suit", "AC 2C 3D 4D") == []


def test_two_napoletane_in_suit_order(ctx: StaticContext) -> None:
    hand = "AB 2B 3B AD 2D 3D"
    assert _found(ctx, "{A 2 3} same suit", hand) == [("D", "AD 2D 3D"), ("B", "AB 2B 3B")]


def test_three_aces_while_holding_four_gives_four_instances(ctx: StaticContext) -> None:
    found = _found(ctx, "3 of {3, 2, A} same rank", "AC AD AS AB 4C")
    assert found == [
        ("A-B", "AC AD AS"),
        ("A-S", "AC AD AB"),
        ("A-D", "AC AS AB"),
        ("A-C", "AD AS AB"),
    ]


def test_three_of_a_rank_key_names_the_missing_suit(ctx: StaticContext) -> None:
    assert _found(ctx, "3 of {3, 2, A} same rank", "3C 3D 3B 2C 2D") == [("3-S", "3C 3D 3B")]


def test_four_twos(ctx: StaticContext) -> None:
    assert _found(ctx, "4 of {3, 2, A} same rank", "2C 2D 2S 2B 3C") == [("2", "2C 2D 2S 2B")]


def test_four_needs_four(ctx: StaticContext) -> None:
    assert _found(ctx, "4 of {3, 2, A} same rank", "2C 2D 2S 3C") == []


def test_ranks_outside_the_set_do_not_count(ctx: StaticContext) -> None:
    assert _found(ctx, "3 of {3, 2, A} same rank", "KC KD KS KB") == []


def test_long_suit_takes_every_matching_card(ctx: StaticContext) -> None:
    hand = "2C 3C 4C KD QD JD 7D 5S"
    assert _found(ctx, "3 of any same suit", hand) == [("C", "2C 3C 4C"), ("D", "7D JD QD KD")]


def test_at_least_n_of_a_set_in_one_suit(ctx: StaticContext) -> None:
    assert _found(ctx, "2 of {K, Q, J} same suit", "KD QD 4D KC") == [("D", "QD KD")]


def test_pattern_keeps_text_and_offsets(ctx: StaticContext) -> None:
    p = parse_pattern("  {A, 2, 3} same suit", ctx)
    assert (p.kind, p.need, p.ranks, p.start) == ("suit", 3, ("A", "2", "3"), 2)


def test_instances_are_values() -> None:
    assert Instance("C", 7) == ("C", 7)


@pytest.mark.parametrize(
    ("text", "at"),
    [
        ("{A, 2, 9} same suit", 7),
        ("{A, A} same suit", 4),
        ("5 of {A, 2} same suit", 0),
        ("0 of any same suit", 0),
        ("any same suit", 0),
        ("{3, 2} same rank", 0),
        ("5 of {A} same rank", 0),
        ("3 of {3, 2, A} same colour", 20),
        ("3 of {3, 2, A}", 14),
    ],
)
def test_bad_patterns_are_ts310(ctx: StaticContext, text: str, at: int) -> None:
    with pytest.raises(ExprError) as info:
        parse_pattern(text, ctx)
    problem = info.value.problems[0]
    assert (problem.code, problem.start) == ("TS310", at), problem
