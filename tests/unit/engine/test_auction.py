"""Auctions: once / until_pass speeches, the ladder, parametrised bids, all pass."""

from __future__ import annotations

import pytest
from engine_support import bundled, start

from tressette_dsl.engine import IllegalActionError
from tressette_dsl.engine.events import AllPassed, AuctionWon


def briscola():
    return start(bundled("briscola-chiamata"), {}, 8, dealer=4)


def test_until_pass_all_pass_redeals_with_the_next_dealer() -> None:
    """P-BC (R): all pass -> redeal by the next dealer."""
    p = briscola()
    p("pass", "pass", "pass", "pass", "pass")
    assert p.of(AllPassed) and p.state.dealer == 0 and p.state.deals_counted == 0


def test_until_pass_a_pass_is_final_and_turns_skip_passed_seats() -> None:
    """WP-BC: "pass final"."""
    p = briscola()
    p("bid asso", "pass", "bid tre", "pass", "pass")
    assert p.state.to_act == 0  # seat 1, 3 and 4 passed: back to seat 0
    p("bid re")
    assert p.state.to_act == 2
    p("pass")
    assert p.of(AuctionWon)[0].seat == 0 and p.state.bid == "re"


def test_points_bids_within_their_range_and_increasing() -> None:
    """RB-BC: after "2", "2 + points", each higher."""
    p = briscola()
    p("bid due")
    with pytest.raises(IllegalActionError) as err:
        p("bid due_punti 40")
    assert err.value.diagnostic.code == "TS508" and "62..120" in err.value.diagnostic.message
    p("bid due_punti 70")
    assert "bid due_punti 70" not in p.legal() and "bid due_punti 71" in p.legal()
    with pytest.raises(IllegalActionError, match="not higher"):
        p("bid due_punti 65")
    with pytest.raises(IllegalActionError, match="needs points"):
        p("bid due_punti")


def test_once_highest_bid_wins_after_everyone_spoke() -> None:
    """seed 002: "Chacun parle une fois"; the last speaker may still outbid."""
    p = start(bundled("calabresella"), {}, 12, dealer=2, monte=4)
    p("bid chiamo", "pass", "bid solo")
    won = p.of(AuctionWon)[0]
    assert (won.seat, won.contract) == (2, "solo")
