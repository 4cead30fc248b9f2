"""One seat's view of the game: everything it may know, nothing it may not.

Shown: its own hand and its own discards; every card played and every trick; cards every
seat has seen in another hand (stock draws shown, a called card handed over, monte cards
taken after being shown...); the monte when it was shown and is still where it was;
declarations (with their cards when the rules reveal them), signals, the auction, the
called card, the partner once revealed (or to the partner himself), scores and whose
turn it is, with the legal actions when it is this seat's turn, and what the current step
asks (`kind`, `activity`, `pending`, `progress`: the engine's public cursor, so that a player
can be told what is being asked). Never another seat's hidden cards, the stock's order, the
face-down monte, or someone else's discards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tressette_dsl.engine import zone_view
from tressette_dsl.engine.arguments import check_seat, check_state
from tressette_dsl.engine.codec import encode
from tressette_dsl.engine.game import legal_actions
from tressette_dsl.engine.occupancy import controller, shares_view
from tressette_dsl.engine.phases import PHASE_KINDS
from tressette_dsl.engine.scoring import running_points
from tressette_dsl.engine.seating import rules_for
from tressette_dsl.engine.state import GameState
from tressette_dsl.rules.model import PhaseSpec, Ruleset, iter_cards


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int
    to_act: int | None
    phase: str
    deal_no: int
    dealer: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[str, ...], ...]  # per seat: cards of that hand every seat has seen
    discarded: tuple[str, ...]  # this seat's own face-down discards
    stock_size: int  # the sizes of the implied zones (0 when the ruleset lacks one), and
    monte_size: int  # the monte's cards while shown, None when hidden: as before zones
    monte: tuple[str, ...] | None  # were data; `zones` says the same of every zone
    trick_no: int
    leader: int | None
    trick: tuple[tuple[int, str], ...]
    tricks: tuple[dict[str, Any], ...]
    trump: str | None
    declarations: tuple[dict[str, Any], ...]
    announced: tuple[int, ...]
    signals: tuple[dict[str, Any], ...]
    reveals: tuple[dict[str, Any], ...]
    auction: tuple[dict[str, Any], ...]
    contract: str | None
    declarer: int | None
    called_card: str | None
    partner: int | None  # the called partner, once revealed (or to the partner himself)
    totals: tuple[int, ...]
    running: tuple[int, ...]  # totals as they would stand now (mid-deal, no last trick)
    over: bool
    legal: tuple[str, ...]
    # what the current step asks (public: the engine's cursor) ---------------------------
    kind: str = ""  # the kind of the current phase: auction, call, give, discard, tricks...
    # `state.cursor.sub`: bid, choose, call, give, discard, take, misdeal, play, declare, announce;
    # "" while no seat is asked anything
    activity: str = ""
    # seats the step still waits for, the seat to act first (a once-round auction, a misdeal
    # round, discards, takes, a declaring round); for `give`, the seat that receives
    pending: tuple[int, ...] = ()
    # (cards already given or discarded in this step, cards owed), for the seat to act and
    # only in its own observation; None otherwise
    progress: tuple[int, int] | None = None
    # per zone of the ruleset, in its order: {"id", "size", "cards"}, the cards (sorted)
    # when this seat sees them (its seen_by, its owner, shown by a reveal), else None
    zones: tuple[dict[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = encode(self)
        out.pop("type", None)
        return out


def observe(rules: Ruleset, s: GameState, seat: int) -> Observation:
    """What `seat` may see of `s` (its own hand, the table, never another hidden card)."""
    if getattr(rules, "seat_table", None) is not None:
        rules = rules_for(rules, s)
    check_state("observe", rules, s)
    check_seat("observe", seat, s.n)
    deck = rules.deck
    texts = deck.texts
    # a seat that is not to act sees what it may do out of turn (a claim, in a ruleset with
    # `claims.out_of_turn`), else nothing - asked only of such a ruleset; a dummy's owner
    # decides for it (`seating.dummy`)
    if _decides(rules, s, seat):
        legal = tuple(str(a) for a in legal_actions(rules, s))
    elif rules.claims is not None and rules.claims.out_of_turn:
        legal = tuple(str(a) for a in legal_actions(rules, s, seat))
    else:
        legal = ()
    spec = rules.flow[s.cursor.phase] if s.cursor.phase < len(rules.flow) else None
    zones = zone_views(rules, s, seat)
    dummy = rules.players.dummy is not None
    views_of = {z["id"]: z["cards"] for z in zones}
    return Observation(
        seat=seat,
        to_act=s.cursor.to_act,
        phase=spec.id if spec is not None else "",
        deal_no=s.match.deal_no,
        dealer=s.match.dealer,
        hand=texts(s.cards.hands[seat]),
        hand_sizes=tuple(h.bit_count() for h in s.cards.hands),
        known=tuple(
            texts(s.cards.hands[x])
            if x == seat or (dummy and shares_view(rules, s, seat, x))
            else texts(s.seen.public[x] & s.cards.hands[x])
            for x in range(s.n)
        ),
        discarded=texts(s.seen.discarded[seat]),
        stock_size=len(s.stock),
        monte_size=len(s.monte),
        monte=views_of.get("monte") if views_of else None,
        trick_no=s.play.trick_no,
        leader=s.play.leader,
        trick=tuple((x, deck.card_text[c]) for x, c in s.cards.trick),
        tricks=tuple(
            {
                "trick_no": t.trick_no,
                "leader": t.leader,
                "winner": t.winner,
                "plays": [[x, deck.card_text[c]] for x, c in t.plays],
                "follow": t.follow,  # follow suit was in force: a card off suit shows a void
            }
            for t in s.play.tricks
        ),
        trump=deck.suits[s.play.trump] if s.play.trump is not None else None,
        declarations=tuple(_declaration(rules, r, seat) for r in s.play.declarations),
        announced=tuple(x for x in range(s.n) if s.play.announced and s.play.announced[x]),
        signals=tuple(
            {
                "seat": r.seat,
                "signal": r.signal,
                "value": r.value,
                "trick_no": r.trick_no,
                "card": deck.card_text[r.card] if r.card is not None else None,
            }
            for r in s.play.signals
        ),
        reveals=tuple(
            {"what": r.what, "seat": r.seat, "cards": list(texts(r.cards))} for r in s.seen.reveals
        ),
        auction=tuple(
            {"seat": b.seat, "bid": b.bid, "points": b.points} for b in s.contract_part.auction
        ),
        contract=s.contract_part.contract,
        declarer=s.contract_part.declarer,
        called_card=deck.card_text[s.contract_part.called_card]
        if s.contract_part.called_card is not None
        else None,
        partner=s.contract_part.partner
        if (s.contract_part.partner_revealed or seat == s.contract_part.partner)
        else None,
        totals=s.match.totals,
        running=running_points(rules, s)
        if rules.payoff is None and s.cards.hands
        else s.match.totals,
        over=s.match.over,
        legal=legal,
        kind=spec.kind if spec is not None else "",
        activity=s.cursor.sub,
        pending=s.cursor.pending,
        progress=_progress(rules, spec, s) if legal and s.cursor.to_act == seat else None,
        zones=zones,
    )


def _decides(rules: Ruleset, s: GameState, seat: int) -> bool:
    """Whether `seat` chooses the next action: it is to act, or owns the dummy that is."""
    to_act = s.cursor.to_act
    if to_act is None or rules.players.dummy is None:
        return to_act == seat
    return seat in (to_act, controller(rules, s, to_act))


def _progress(rules: Ruleset, spec: PhaseSpec | None, s: GameState) -> tuple[int, int] | None:
    """How far the seat to act is in a step that takes several cards from it, one action
    each: `(done, owed)` (the same counts the give and discard phases keep); the phase's
    unit says (`PhaseKind.progress`)."""
    if s.cursor.to_act is None or spec is None:
        return None
    progress = PHASE_KINDS[spec.kind].progress
    return None if progress is None else progress(rules, spec, s)


def zone_views(rules: Ruleset, s: GameState, seat: int | None) -> tuple[dict[str, Any], ...]:
    """What `seat` sees of each zone: its size, and its cards when it sees them."""
    text = rules.deck.card_text
    return tuple(
        {
            "id": zone_id,
            "size": len(cards),
            "cards": tuple(text[c] for c in sorted(cards))
            if zone_view.visible(rules, s, i, seat)
            else None,
        }
        for i, (zone_id, cards) in enumerate(zip(s.cards.zone_ids, s.cards.zones, strict=True))
    )


def _declaration(rules: Ruleset, r: Any, seat: int) -> dict[str, Any]:
    shown = rules.declaring is None or rules.declaring.reveal == "on_declare" or r.seat == seat
    return {
        "seat": r.seat,
        "decl": r.decl,
        "arg": r.arg,
        "points": r.points,
        "trick_no": r.trick_no,
        "cancelled": r.cancelled,
        "cards": list(rules.deck.texts(r.cards)) if shown else None,
    }


def visible_cards(rules: Ruleset, s: GameState, seat: int) -> int:
    rules = rules_for(rules, s)  # the seats still in, after an elimination
    """Every card whose place `seat` knows (for leak tests and determinisation)."""
    mask = s.cards.hands[seat] | s.seen.discarded[seat]
    for other in range(s.n):
        mask |= s.seen.public[other] & s.cards.hands[other]
        if rules.players.dummy is not None and shares_view(rules, s, seat, other):
            mask |= s.cards.hands[other]
        mask |= s.cards.played[other]
    for _x, card in s.cards.trick:
        mask |= 1 << card
    return mask | zone_view.visible_mask(rules, s, seat)


__all__ = ["Observation", "iter_cards", "observe", "visible_cards"]
