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

import dataclasses
from collections.abc import Callable
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
    """What `seat` may see of `s` (its own hand, the table, never another hidden card).

    The observation is lazy: the cheap cursor fields are read now, and each other field
    (the legal actions, the tricks, the running points...) is worked out from the
    immutable state the first time it is read, once. A bot pays for what it reads; a
    field read, compared, printed, encoded or pickled is the value an eager observation
    held."""
    if getattr(rules, "seat_table", None) is not None:
        rules = rules_for(rules, s)
    check_state("observe", rules, s)
    check_seat("observe", seat, s.n)
    spec = rules.flow[s.cursor.phase] if s.cursor.phase < len(rules.flow) else None
    obs: _LazyObservation = object.__new__(_LazyObservation)
    _SET_RULES(obs, rules)
    _SET_STATE(obs, s)
    put = _PUT
    put["seat"](obs, seat)
    put["to_act"](obs, s.cursor.to_act)
    put["phase"](obs, spec.id if spec is not None else "")
    put["deal_no"](obs, s.match.deal_no)
    put["dealer"](obs, s.match.dealer)
    put["trick_no"](obs, s.play.trick_no)
    put["leader"](obs, s.play.leader)
    put["contract"](obs, s.contract_part.contract)
    put["declarer"](obs, s.contract_part.declarer)
    put["totals"](obs, s.match.totals)
    put["over"](obs, s.match.over)
    put["kind"](obs, spec.kind if spec is not None else "")
    put["activity"](obs, s.cursor.sub)
    put["pending"](obs, s.cursor.pending)
    return obs


# --- the lazy fields: each a function of (rules, state, seat, observation) ----------------

_Field = Callable[[Ruleset, GameState, int, Observation], Any]


def _legal(rules: Ruleset, s: GameState, seat: int, obs: Observation) -> tuple[str, ...]:
    # a seat that is not to act sees what it may do out of turn (a claim, in a ruleset with
    # `claims.out_of_turn`), else nothing - asked only of such a ruleset; a dummy's owner
    # decides for it (`seating.dummy`)
    if _decides(rules, s, seat):
        return tuple(str(a) for a in legal_actions(rules, s))
    if rules.claims is not None and rules.claims.out_of_turn:
        return tuple(str(a) for a in legal_actions(rules, s, seat))
    return ()


def _spec(rules: Ruleset, s: GameState) -> PhaseSpec | None:
    return rules.flow[s.cursor.phase] if s.cursor.phase < len(rules.flow) else None


def _known(
    rules: Ruleset, s: GameState, seat: int, obs: Observation
) -> tuple[tuple[str, ...], ...]:
    texts = rules.deck.texts
    hands, public = s.cards.hands, s.seen.public
    if rules.players.dummy is None:  # the seat's own hand is its `hand` field, read once
        return tuple([obs.hand if x == seat else texts(public[x] & hands[x]) for x in range(s.n)])
    return tuple(
        [
            texts(hands[x])
            if x == seat or shares_view(rules, s, seat, x)
            else texts(public[x] & hands[x])
            for x in range(s.n)
        ]
    )


def _monte(rules: Ruleset, s: GameState, seat: int, obs: Observation) -> tuple[str, ...] | None:
    views_of = {z["id"]: z["cards"] for z in obs.zones}
    return views_of.get("monte") if views_of else None


def _tricks(
    rules: Ruleset, s: GameState, seat: int, obs: Observation
) -> tuple[dict[str, Any], ...]:
    text = rules.deck.card_text
    return tuple(
        [  # a list built in place, then one tuple: no generator frame per trick
            {
                "trick_no": t.trick_no,
                "leader": t.leader,
                "winner": t.winner,
                "plays": [[x, text[c]] for x, c in t.plays],
                "follow": t.follow,  # follow suit was in force: a card off suit shows a void
            }
            for t in s.play.tricks
        ]
    )


def _signals(
    rules: Ruleset, s: GameState, seat: int, obs: Observation
) -> tuple[dict[str, Any], ...]:
    text = rules.deck.card_text
    return tuple(
        {
            "seat": r.seat,
            "signal": r.signal,
            "value": r.value,
            "trick_no": r.trick_no,
            "card": text[r.card] if r.card is not None else None,
        }
        for r in s.play.signals
    )


def _called(rules: Ruleset, s: GameState, seat: int, obs: Observation) -> str | None:
    card = s.contract_part.called_card
    return rules.deck.card_text[card] if card is not None else None


def _partner(rules: Ruleset, s: GameState, seat: int, obs: Observation) -> int | None:
    c = s.contract_part
    return c.partner if (c.partner_revealed or seat == c.partner) else None


def _running(rules: Ruleset, s: GameState, seat: int, obs: Observation) -> tuple[int, ...]:
    if rules.payoff is None and s.cards.hands:
        return running_points(rules, s)
    return s.match.totals


def _progress_field(
    rules: Ruleset, s: GameState, seat: int, obs: Observation
) -> tuple[int, int] | None:
    if obs.legal and s.cursor.to_act == seat:
        return _progress(rules, _spec(rules, s), s)
    return None


_FIELDS: dict[str, _Field] = {
    "hand": lambda r, s, seat, o: r.deck.texts(s.cards.hands[seat]),
    "hand_sizes": lambda r, s, seat, o: tuple(map(int.bit_count, s.cards.hands)),
    "known": _known,
    "discarded": lambda r, s, seat, o: r.deck.texts(s.seen.discarded[seat]),
    "stock_size": lambda r, s, seat, o: len(s.stock),
    "monte_size": lambda r, s, seat, o: len(s.monte),
    "monte": _monte,
    "trick": lambda r, s, seat, o: tuple([(x, r.deck.card_text[c]) for x, c in s.cards.trick]),
    "tricks": _tricks,
    "trump": lambda r, s, seat, o: r.deck.suits[s.play.trump] if s.play.trump is not None else None,
    "declarations": lambda r, s, seat, o: tuple(
        _declaration(r, d, seat) for d in s.play.declarations
    ),
    "announced": lambda r, s, seat, o: tuple(
        x for x in range(s.n) if s.play.announced and s.play.announced[x]
    ),
    "signals": _signals,
    "reveals": lambda r, s, seat, o: tuple(
        {"what": x.what, "seat": x.seat, "cards": list(r.deck.texts(x.cards))}
        for x in s.seen.reveals
    ),
    "auction": lambda r, s, seat, o: tuple(
        {"seat": b.seat, "bid": b.bid, "points": b.points} for b in s.contract_part.auction
    ),
    "called_card": _called,
    "partner": _partner,
    "running": _running,
    "legal": _legal,
    "progress": _progress_field,
    "zones": lambda r, s, seat, o: zone_views(r, s, seat),
}


class _LazyObservation(Observation):
    """An `Observation` whose costly fields wait for their first read (`observe`).

    Such a field's slot is left unset: reading it fails the ordinary lookup, so Python
    calls `__getattr__`, which works the value out from the state and puts it in the slot;
    every later read is then a plain slot read (no Python call), which matters because a
    bot reads the same fields many times a decision."""

    __slots__ = ("_rules", "_state")

    def __getattr__(self, name: str) -> Any:
        compute = _FIELDS.get(name)
        if compute is None:  # not a lazy field (or `_rules`/`_state` unset): missing
            raise AttributeError(name)
        value = compute(_RULES_OF(self), _STATE_OF(self), _SEAT_OF(self), self)
        _PUT[name](self, value)
        return value

    def __eq__(self, other: object) -> bool:
        """Equal to any `Observation` (lazy or not) with the same field values."""
        if not isinstance(other, Observation):
            return NotImplemented
        return _values(self) == _values(other)

    __hash__ = Observation.__hash__

    def __repr__(self) -> str:
        return "Observation(" + ", ".join(f"{k}={v!r}" for k, v in _items(self)) + ")"


def _items(obs: Observation) -> list[tuple[str, Any]]:
    return [(name, getattr(obs, name)) for name in _NAMES]


def _values(obs: Observation) -> tuple[Any, ...]:
    return tuple(getattr(obs, name) for name in _NAMES)


_SET_RULES = _LazyObservation.__dict__["_rules"].__set__
_SET_STATE = _LazyObservation.__dict__["_state"].__set__
_RULES_OF = _LazyObservation.__dict__["_rules"].__get__
_STATE_OF = _LazyObservation.__dict__["_state"].__get__
_SEAT_OF = Observation.__dict__["seat"].__get__
_NAMES = tuple(f.name for f in dataclasses.fields(Observation))
_PUT = {f.name: Observation.__dict__[f.name].__set__ for f in dataclasses.fields(Observation)}
assert set(_FIELDS) | {
    "seat",
    "to_act",
    "phase",
    "deal_no",
    "dealer",
    "trick_no",
    "leader",
    "contract",
    "declarer",
    "totals",
    "over",
    "kind",
    "activity",
    "pending",
} == set(_PUT), "every field of Observation is set by observe, now or on first read"


def _state_behind(obs: Observation) -> GameState | None:
    """The state `observe` made `obs` from; None for another observation, one built
    field by field (`dataclasses.replace` of a lazy one included: its fields may no longer
    be the state's)."""
    if type(obs) is not _LazyObservation:
        return None
    try:
        return _STATE_OF(obs)  # type: ignore[no-any-return]
    except AttributeError:
        return None


def trick_history(obs: Observation) -> tuple[Any, ...]:
    """An object that stands for `obs.tricks` (the deal's finished tricks) and is the same
    object in every observation of the states that share them: for an observation
    `observe` made, its state's own tuple of trick records (kept from card to card until a
    trick is taken), else `obs.tricks` itself; as long, a record per trick. A bot keys what
    it works out from `obs.tricks` on it (by identity, the object kept) to do that once a
    trick instead of once a decision: a `tressette` rollout asks four decisions a trick,
    and building `obs.tricks` and reading it back was a tenth of the heuristic's time.
    A key only: what the tricks hold is read from `obs.tricks` (or `finished_plays`)."""
    s = _state_behind(obs)
    return obs.tricks if s is None else s.play.tricks


def finished_plays(obs: Observation) -> tuple[tuple[int, bool, Any], ...] | None:
    """For an observation `observe` made: per finished trick, (its number, whether
    follow-suit was in force, its plays as (seat, card index) pairs) - what `obs.tricks`
    says of them, from the state's records without a text or a dict per card. None for
    another observation (the caller reads `obs.tricks`)."""
    s = _state_behind(obs)
    if s is None:
        return None
    return tuple([(t.trick_no, t.follow, t.plays) for t in s.play.tricks])


def _seat_state(obs: Observation) -> tuple[GameState, int] | None:
    """The state behind an observation `observe` made and its seat, when the seat's view
    is the plain one (no dummy, whose owner also sees the dummy's hand); else None."""
    s = _state_behind(obs)
    if s is None:
        return None
    rules: Ruleset = _RULES_OF(obs)
    if rules.players.dummy is not None:
        return None
    return s, _SEAT_OF(obs)


def known_masks(obs: Observation) -> tuple[int, ...] | None:
    """For an observation `observe` made of a ruleset without a dummy: per seat, the
    cards of that hand every seat has seen, as masks (`known`'s cards; the seat's own
    entry is its whole hand, as `known` lists it). None for another observation or with a
    dummy: the caller reads `known`. The exact endgame's `position` asks this on every
    decision of the last tricks, mostly only to count each hand's unknown cards."""
    found = _seat_state(obs)
    if found is None:
        return None
    s, seat = found
    hands, public = s.cards.hands, s.seen.public
    return tuple([hands[x] if x == seat else public[x] & hands[x] for x in range(s.n)])


def seen_texts(obs: Observation) -> tuple[str, ...] | None:
    """`seen_mask`'s cards as texts (None where it is None)."""
    mask = seen_mask(obs)
    if mask is None:
        return None
    rules: Ruleset = _RULES_OF(obs)
    return rules.deck.texts(mask)


def seen_mask(obs: Observation) -> int | None:
    """For an observation `observe` made of a ruleset without a dummy: the cards whose
    place its seat knows - its hand, its own discards, the cards every seat has seen in a
    hand (`known`), every card played this deal, the trick on the table's included - as a
    mask read from the state's own masks: the same cards as those fields list (a test
    compares them on random games of every bundled ruleset). None for another observation
    or with a dummy (whose owner sees its hand): the caller reads the fields then. Those
    fields cost a text per card and a tuple per seat each decision; the masks, a few `|`s."""
    found = _seat_state(obs)
    if found is None:
        return None
    s, seat = found
    cards = s.cards
    hands, public = cards.hands, s.seen.public
    mask: int = hands[seat] | s.seen.discarded[seat]
    for played in cards.played:
        mask |= played
    for _x, card in cards.trick:
        mask |= 1 << card
    for x in range(s.n):
        mask |= public[x] & hands[x]
    return mask


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


__all__ = [
    "Observation",
    "finished_plays",
    "iter_cards",
    "known_masks",
    "observe",
    "seen_mask",
    "seen_texts",
    "trick_history",
    "visible_cards",
]
