"""`determinize`: full states consistent with what one seat knows, valid for play.

From random mid-deal states of every playable bundled ruleset, each seat determinizes 20
times: its own observation is unchanged, every card is in exactly one zone, the cards it
knows stay where they are, voids shown by not following suit hold, cards last seen in a
hand are still there (or among that seat's discards), and random play from the copy runs
to the end of the match.
"""

from __future__ import annotations

import importlib
import random

import pytest
from engine_support import bundled
from test_invariants import check_zones, playable_ids

from tressette_dsl.engine import (
    apply,
    deal_over,
    determinize,
    is_over,
    legal_actions,
    new_game,
    observe,
    parse_action,
)
from tressette_dsl.engine.phases.give import GivePhase
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import Ruleset, TricksPhase

PER_SEAT = 20
# the module (the package attribute `determinize` is the function)
det_module = importlib.import_module("tressette_dsl.engine.determinize")


def random_state(rules: Ruleset, seed: int, *, steps: int | None = None) -> GameState:
    rng = random.Random(seed)
    state = new_game(rules, seed)
    for _ in range(rng.randrange(2, 70) if steps is None else steps):
        if is_over(state):
            break
        legal = [a for a in legal_actions(rules, state) if str(a) != "claim"]
        state, _ = apply(rules, state, legal[rng.randrange(len(legal))])
    return state


def play_out(rules: Ruleset, state: GameState, rng: random.Random, *, deal_only: bool) -> None:
    steps = 0
    while not is_over(state) and steps < 5000:
        legal = [a for a in legal_actions(rules, state) if str(a) != "claim"]
        assert legal
        state, _ = apply(rules, state, legal[rng.randrange(len(legal))])
        steps += 1
        if deal_only and deal_over(state):
            return
    assert is_over(state)


def voids(rules: Ruleset, s: GameState, seat: int) -> list[tuple[int, int]]:
    """(seat, suit) of every seat that did not follow suit while it had to, with no blind
    draw since."""
    spec = rules.flow[s.phase] if s.phase < len(rules.flow) else None
    draw = spec.draw if isinstance(spec, TricksPhase) else None
    out = []
    tricks = [(t.trick_no, t.plays, t.follow) for t in s.tricks]
    tricks.append((s.trick_no, s.trick, s.must_follow))
    for trick_no, plays, follow in tricks:
        if not follow or not plays:
            continue
        led = rules.deck.card_suit[plays[0][1]]
        for x, card in plays[1:]:
            blind = draw is not None and not draw.shown and s.drawn[x].bit_count() >= trick_no
            if x != seat and rules.deck.card_suit[card] != led and not blind:
                out.append((x, led))
    return out


def check_determinized(rules: Ruleset, s: GameState, det: GameState, seat: int) -> None:
    check_zones(rules, det)
    assert observe(rules, det, seat) == observe(rules, s, seat)
    assert det.hands[seat] == s.hands[seat] and det.discarded[seat] == s.discarded[seat]
    assert det.won == s.won and det.trick == s.trick and det.played == s.played
    assert [h.bit_count() for h in det.hands] == [h.bit_count() for h in s.hands]
    assert len(det.stock) == len(s.stock) and len(det.monte) == len(s.monte)
    for x in range(s.n):
        shown = s.public[x] & s.hands[x]
        assert det.hands[x] & shown == shown, "a card shown in a hand moved"
        if x != seat:
            assert det.discarded[x].bit_count() == s.discarded[x].bit_count()
    for x, suit in voids(rules, s, seat):
        hidden = det.hands[x] & ~det.public[x]
        assert not hidden & rules.deck.suit_mask[suit], (x, rules.deck.suits[suit])
    own = {c for c in range(64) if s.discarded[seat] >> c & 1}
    for zone in ("stock", "monte"):
        for pos, card in enumerate(getattr(s, zone)):
            if card in own:
                assert getattr(det, zone)[pos] == card
    # seen in x's hand: still there, played, or among x's discards - unless x may since
    # have given cards away unseen (a `give` with `shown: false`: the returned card of the
    # American Calabrasella), when the others cannot tell which card went
    hidden_give = any(isinstance(p, GivePhase) and not p.shown for p in rules.flow)
    for r in s.reveals:
        if r.seat is not None and r.seat != seat and not hidden_give:
            for card in range(r.cards.bit_length()):
                if r.cards >> card & 1 and s.hands[r.seat] >> card & 1:
                    assert (det.hands[r.seat] | det.discarded[r.seat]) >> card & 1
    if (
        s.partner != seat
        and not s.partner_revealed
        and det.called_card is not None
        and det.partner is not None
    ):
        assert det.hands[det.partner] >> det.called_card & 1


@pytest.mark.parametrize("path", playable_ids())
def test_determinize_is_consistent_and_playable(path: str) -> None:
    rules = bundled(path)
    for seed in (11, 12):
        state = random_state(rules, seed)
        for seat in range(state.n):
            rng = random.Random(seed * 100 + seat)
            for k in range(PER_SEAT):
                det = determinize(rules, state, seat, rng)
                check_determinized(rules, state, det, seat)
                play_out(rules, det, rng, deal_only=k > 0)


@pytest.mark.parametrize("path", playable_ids())
def test_the_real_state_meets_every_constraint(path: str) -> None:
    """The constraints are sound: the real deal is one of the deals they allow."""
    rules = bundled(path)
    for seed in range(20, 30):
        s = random_state(rules, seed)
        for seat in range(s.n):
            problem = det_module._Problem(rules, s, seat)
            for card, allowed in zip(problem.cards, problem.allowed, strict=True):
                owner = next((x for x in range(s.n) if s.hands[x] >> card & 1), None)
                if owner is not None:
                    place = problem.index[("hand", owner)]
                else:
                    place = next(
                        g
                        for zone, slots in problem.slots.items()
                        for pos, g in slots
                        if s.zone(zone)[pos] == card
                    )
                assert allowed >> place & 1, (rules.deck.card_text[card], problem.places[place])


def test_hidden_cards_are_really_resampled() -> None:
    rules = bundled("tressette")
    state = random_state(rules, 3, steps=6)
    hands = {determinize(rules, state, 0, random.Random(k)).hands[1] for k in range(20)}
    assert len(hands) > 15
    assert determinize(rules, state, 0, random.Random(5)) == determinize(
        rules, state, 0, random.Random(5)
    )


def test_sequential_fallback_gives_valid_states(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(det_module, "UNIFORM_TRIES", 0)
    for rid in ("tressette", "calabresella", "spizzichino", "briscola-chiamata"):
        rules = bundled(rid)
        for seed in (4, 5, 6):
            state = random_state(rules, seed)
            for seat in range(state.n):
                rng = random.Random(seed)
                for _ in range(5):
                    check_determinized(rules, state, determinize(rules, state, seat, rng), seat)


def test_voids_hold_after_not_following() -> None:
    rules = bundled("tressette")
    hands = {
        0: "3D 2D AD KD QD JD 7D 6D 5D 4D",
        1: "3C 2C AC KC QC JC 7C 6C 5C 4C",
        2: "3S 2S AS KS QS JS 7S 6S 5S 4S",
    }  # seat 3: every B
    state = new_game(rules, 1, dealer=3, hands={k: v.split() for k, v in hands.items()})
    for text in ("play 3D", "play 3C", "play 3S", "play 3B"):
        state, _ = apply(rules, state, parse_action(rules, state, text))
    for k in range(30):
        det = determinize(rules, state, 0, random.Random(k))
        for x in (1, 2, 3):  # each showed a void in diamonds, and seat 0 holds the rest
            assert not det.hands[x] & rules.deck.suit_mask[rules.deck.suits.index("D")]
        check_determinized(rules, state, det, 0)


def test_a_volo_signal_is_respected() -> None:
    """Truthful signals of the others hold in the copy (volo: no card left of that suit)."""
    rules = bundled("tressette")
    found = 0
    for seed in range(200):
        state = random_state(rules, seed, steps=random.Random(seed).randrange(5, 30))
        volo = [r for r in state.signals if r.signal == "volo"]
        if not volo or state.trick_no == 0:
            continue
        found += 1
        for seat in range(state.n):
            det = determinize(rules, state, seat, random.Random(seed))
            for r in volo:
                if r.seat != seat and r.card is not None:
                    suit = rules.deck.suit_mask[rules.deck.card_suit[r.card]]
                    assert not det.hands[r.seat] & suit
        if found >= 10:
            return
    assert found


def test_secret_partner_is_resampled_with_the_called_card() -> None:
    rules = bundled("briscola-chiamata")
    for seed in range(1, 60):
        state = random_state(rules, seed, steps=8)
        if state.called_card is None or state.partner_revealed or state.partner is None:
            continue
        outsider = next(x for x in range(state.n) if x not in (state.partner, state.declarer))
        partners = set()
        for k in range(40):
            det = determinize(rules, state, outsider, random.Random(k))
            holder = next((x for x in range(det.n) if det.hands[x] >> det.called_card & 1), -1)
            assert det.partner == (holder if holder not in (-1, det.declarer) else None)
            partners.add(det.partner)
            same = determinize(rules, state, state.partner, random.Random(k))
            assert same.partner == state.partner  # he knows he holds it
        assert len(partners) > 1
        return
    pytest.fail("no deal with a secret partner in 60 seeds")


def test_monte_discards_come_from_the_discarder() -> None:
    """Calabresella: after the declarer took the shown monte and discarded, a defender knows
    the monte's cards are in the declarer's hand or among his discards."""
    rules = bundled("calabresella")
    for seed in range(1, 120):
        rng = random.Random(seed)
        state = new_game(rules, seed)
        while not is_over(state) and state.trick_no == 0:
            legal = legal_actions(rules, state)
            state, _ = apply(rules, state, legal[rng.randrange(len(legal))])
        shown = next((r.cards for r in state.reveals if r.what == "monte" and r.seat is None), 0)
        if state.declarer is None or not shown or not state.discarded[state.declarer]:
            continue
        defender = next(x for x in range(state.n) if x != state.declarer)
        for k in range(30):
            det = determinize(rules, state, defender, random.Random(k))
            check_determinized(rules, state, det, defender)
            for x in range(state.n):
                if x != state.declarer:
                    assert not det.hands[x] & shown & ~state.hands[defender]
            assert det.discarded[state.declarer] == sum(1 << c for c in det.monte)
        return
    pytest.fail("no Calabresella deal reached the declarer's discard")


@pytest.mark.parametrize(
    "text",
    [
        """
    id: blind-draws
    extends: tressette-in-due
    phases:
      play:
        draw:
          shown: false
""",
        """
    id: secret-accusi
    extends: tressette
    declaring:
      reveal: never
""",
    ],
    ids=["blind-draws", "secret-accusi"],
)
def test_hidden_draws_and_secret_declarations(overlay, text: str) -> None:
    rules = overlay(text)
    for seed in range(1, 9):
        state = random_state(rules, seed, steps=random.Random(seed).randrange(4, 40))
        for seat in range(state.n):
            rng = random.Random(seed)
            for _ in range(10):
                det = determinize(rules, state, seat, rng)
                check_determinized(rules, state, det, seat)
                for r in state.declarations:  # the implied cards stay with the declarer
                    if r.seat != seat:
                        forced = det_module.forced_cards(rules, r) & ~state.played[r.seat]
                        assert det.hands[r.seat] & forced == forced
                play_out(rules, det, rng, deal_only=True)


def test_a_bad_seat_is_refused() -> None:
    rules = bundled("tressette")
    with pytest.raises(ValueError, match="seat must be"):
        determinize(rules, new_game(rules, 1), 4, random.Random(1))
