"""`start` (the events of the first deal) and `events_for` (one seat's view of events).

On random playouts of every playable bundled ruleset, no card that is hidden from a seat -
in another hand and neither shown nor revealed, in the face-down stock or monte, another
seat's discard (the definition of `check_no_leak` in test_invariants, made stricter) - is
named in `events_for(..., seat)`, and the holder of a secretly called card is named only
to himself before the card is played.
"""

from __future__ import annotations

import json
import random
import re
import typing

import pytest
from engine_support import bundled
from test_invariants import playable_ids

from tressette_dsl.engine import (
    apply,
    events_for,
    is_over,
    legal_actions,
    new_game,
    observe,
    start,
)
from tressette_dsl.engine import events as ev
from tressette_dsl.engine.observe import visible_cards
from tressette_dsl.engine.state import GameState
from tressette_dsl.engine.views import KNOWN_EVENTS, secret_partner
from tressette_dsl.rules.model import Ruleset


def hidden_strict(rules: Ruleset, s: GameState, seat: int) -> set[str]:
    """Card texts whose place `seat` cannot know: not visible to it, never shown to all."""
    revealed = 0
    for r in s.reveals:
        revealed |= r.cards
    mask = rules.deck.full_mask & ~visible_cards(rules, s, seat) & ~revealed
    for won in s.won:  # captured cards were played (or are the leftover, after the deal)
        mask &= ~won
    if s.called_card is not None:  # named by the call itself; only its holder is secret
        mask &= ~(1 << s.called_card)
    return {rules.deck.card_text[c] for c in range(mask.bit_length()) if mask >> c & 1}


def public_now(rules: Ruleset, events: typing.Sequence[ev.Event]) -> set[str]:
    """Card texts these events show to every seat (played, won, shown, taken, declared)."""
    out: set[str] = set()
    shown_decl = rules.declaring is None or rules.declaring.reveal == "on_declare"
    for e in events:
        if isinstance(e, (ev.CardPlayed, ev.CardTaken)):
            out.add(e.card)
        elif isinstance(e, (ev.TrickWon, ev.ZoneShown)) or (
            isinstance(e, ev.Declared) and shown_decl
        ):
            out.update(e.cards)
        elif isinstance(e, (ev.CardDrawn, ev.CardGiven, ev.CardTransferred)) and e.shown:
            out.add(e.card)
        elif isinstance(e, ev.CardsMoved) and e.shown:
            out.update(e.cards)
    return out


def words(views: typing.Sequence[dict[str, typing.Any]]) -> set[str]:
    return set(re.findall(r"[0-9A-Za-z]+", json.dumps(views)))


def check_views(
    rules: Ruleset, before: GameState | None, after: GameState, events: tuple[ev.Event, ...]
) -> None:
    """The events of one transition, as each seat (and nobody) sees them, leak nothing.

    Events after the last `Dealt` belong to the deal of `after`; those before it to the
    deal of `before` (minus what they show to all); without a `Dealt`, all to `after`."""
    deals = [i for i, e in enumerate(events) if isinstance(e, ev.Dealt)]
    cut = deals[-1] if deals else 0
    old, new = events[:cut], events[cut:]
    for seat in (*range(after.n), None):
        viewer = 0 if seat is None else seat
        if seat is None:  # the public view must hide what every seat may not see
            hidden_new = set.union(*(hidden_strict(rules, after, x) for x in range(after.n)))
        else:
            hidden_new = hidden_strict(rules, after, viewer)
        leaked = words(events_for(rules, new, seat)) & hidden_new
        assert not leaked, (seat, sorted(leaked), [e.to_dict() for e in new])
        if before is not None and old and not deals[:-1]:
            hidden_old = hidden_strict(rules, before, viewer) - public_now(rules, old)
            leaked = words(events_for(rules, old, seat)) & hidden_old
            assert not leaked, (seat, sorted(leaked), [e.to_dict() for e in old])
        for view in events_for(rules, events, seat):
            if view["type"] == "Called" and view["holder"] is not None and secret_partner(rules):
                holder = view["holder"]
                assert (holder == "self" and seat == view["seat"]) or holder == str(seat), view
            if view["type"] == "Dealt":
                for i, hand in enumerate(view["hands"]):
                    assert (None in hand) == (i != seat and bool(hand))


def playout_views(rules: Ruleset, seed: int, choices: random.Random, max_steps: int = 1500) -> int:
    state, events = start(rules, seed)
    check_views(rules, None, state, events)
    steps = 0
    while not is_over(state) and steps < max_steps:
        legal = [a for a in legal_actions(rules, state) if str(a) != "claim"]
        before = state
        state, events = apply(rules, state, legal[choices.randrange(len(legal))])
        check_views(rules, before, state, events)
        steps += 1
    return steps


@pytest.mark.parametrize("path", playable_ids())
def test_events_for_never_names_a_hidden_card(path: str) -> None:
    rules = bundled(path)
    for seed in (1, 2, 3):
        playout_views(rules, seed, random.Random(seed), max_steps=400)


# variants of the visibility rules no bundled ruleset uses
BLIND_DRAWS = """
    id: blind-draws
    extends: tressette-in-due
    phases:
      play:
        draw:
          shown: false
"""
SECRET_ACCUSI = """
    id: secret-accusi
    extends: tressette
    declaring:
      reveal: never
"""


@pytest.mark.parametrize("text", [BLIND_DRAWS, SECRET_ACCUSI], ids=["blind-draws", "secret"])
def test_events_for_with_blind_draws_and_secret_declarations(overlay, text: str) -> None:
    rules = overlay(text)
    for seed in (1, 2, 3, 4):
        playout_views(rules, seed, random.Random(seed), max_steps=400)


def test_every_engine_event_has_a_view_rule() -> None:
    assert set(typing.get_args(ev.Event)) == {getattr(ev, name) for name in KNOWN_EVENTS}


def test_start_returns_the_state_of_new_game_and_the_first_deal() -> None:
    rules = bundled("tressette")
    state, events = start(rules, 7)
    assert state == new_game(rules, 7)
    dealt = events[0]
    assert isinstance(dealt, ev.Dealt) and dealt.deal_no == 1 and dealt.dealer == state.dealer
    assert [len(h) for h in dealt.hands] == [10, 10, 10, 10]
    assert tuple(observe(rules, state, 2).hand) == tuple(
        sorted(dealt.hands[2], key=rules.deck.by_text.__getitem__)
    )


def test_start_reports_automatic_steps_before_the_first_decision() -> None:
    rules = bundled("tressette-accusi-first")  # mandatory declarations before trick 1
    hands = {0: ["3D", "2D", "AD", "4C", "5C", "6C", "7C", "JC", "QC", "KC"]}
    state, events = start(rules, 3, hands=hands, dealer=3)
    kinds = [type(e).__name__ for e in events]
    assert kinds[0] == "Dealt" and "Declared" in kinds
    assert state == new_game(rules, 3, hands=hands, dealer=3)


def test_dealt_view_keeps_own_hand_and_counts_the_rest() -> None:
    rules = bundled("calabresella")
    _state, events = start(rules, 4)
    view = events_for(rules, events, 1)[0]
    assert view["hands"][1] == list(events[0].hands[1])
    assert view["hands"][0] == [None] * 12 and view["hands"][2] == [None] * 12
    assert view["monte"] == [None] * 4
    public = events_for(rules, events, None)[0]
    assert all(hand == [None] * 12 for hand in public["hands"])
    assert events[0].to_dict()["hands"][0] == list(events[0].hands[0])  # the record is intact


def test_discards_and_blind_moves_are_seen_by_their_owner_only() -> None:
    rules = bundled("calabresella")
    view = {"type": "CardDiscarded", "seat": 2, "card": "3D", "zone": "monte"}
    assert events_for(rules, [view], 2)[0]["card"] == "3D"
    assert events_for(rules, [view], 0)[0]["card"] is None
    moved = ev.CardsMoved(source="monte", to=1, cards=("3D", "2D"), shown=False)
    assert events_for(rules, [moved], 1)[0]["cards"] == ["3D", "2D"]
    assert events_for(rules, [moved], 0)[0]["cards"] == [None, None]
    shown = ev.CardsMoved(source="monte", to=1, cards=("3D",), shown=True)
    assert events_for(rules, [shown], None)[0]["cards"] == ["3D"]
    drawn = ev.CardDrawn(seat=0, card="4C", shown=False)
    assert events_for(rules, [drawn], 1)[0]["card"] is None


def test_the_called_card_names_the_secret_partner_to_himself_only() -> None:
    rules = bundled("briscola-chiamata")
    called = ev.Called(seat=0, card="AD", holder="3")
    assert events_for(rules, [called], 3)[0]["holder"] == "3"
    for seat in (0, 1, 2, 4, None):
        assert events_for(rules, [called], seat)[0]["holder"] is None
    alone = ev.Called(seat=0, card="AD", holder="self")
    assert events_for(rules, [alone], 0)[0]["holder"] == "self"
    assert events_for(rules, [alone], 1)[0]["holder"] is None
    # a card handed over face up (Calabresella) names its holder to all
    transfer = ev.Called(seat=0, card="3D", holder="2")
    assert events_for(bundled("calabresella"), [transfer], 1)[0]["holder"] == "2"


def test_partner_is_revealed_by_the_play_of_the_called_card() -> None:
    rules = bundled("briscola-chiamata")
    for seed in range(1, 40):
        state, _events = start(rules, seed)
        seen: list[dict[str, typing.Any]] = []
        rng = random.Random(seed)
        while not is_over(state) and state.deal_no == 1:
            legal = legal_actions(rules, state)
            state, events = apply(rules, state, legal[rng.randrange(len(legal))])
            seen.extend(events_for(rules, events, None))
        kinds = [e["type"] for e in seen]
        if "PartnerRevealed" in kinds:
            revealed = seen[kinds.index("PartnerRevealed")]
            played = seen[kinds.index("PartnerRevealed") - 1]
            assert played["type"] == "CardPlayed" and played["card"] == revealed["card"]
            assert played["seat"] == revealed["seat"]
            return
    pytest.fail("no partner was revealed in 40 random deals")


def test_hidden_declarations_keep_their_count_but_not_their_cards(overlay) -> None:
    rules = overlay(SECRET_ACCUSI)
    declared = ev.Declared(seat=1, decl="napoletana", arg="D", points=3, cards=("3D", "2D", "AD"))
    assert events_for(rules, [declared], 0)[0]["cards"] == [None, None, None]
    assert events_for(rules, [declared], 1)[0]["cards"] == ["3D", "2D", "AD"]
    assert events_for(bundled("tressette"), [declared], 0)[0]["cards"] == ["3D", "2D", "AD"]


def test_unknown_event_dicts_keep_no_cards() -> None:
    rules = bundled("tressette")
    view = events_for(rules, [{"type": "Future", "seat": 1, "cards": ["3D"]}], 0)[0]
    assert view == {"type": "Future", "seat": 1}
