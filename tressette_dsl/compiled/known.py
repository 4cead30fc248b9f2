"""The language as the kernel was written for it: every model record's fields, the phase
kinds and each enumerated option's values.

The kernel plays what it knows. When the language grows - a new key (a model field), a
new phase kind, a new value of an option - the kernel has not been taught it, and a
ruleset that uses it must not be played by a kernel that would silently ignore it. So
`unknown(rules)` walks the ruleset's model and names everything outside these tables
that the ruleset actually uses (a new field left at its default or empty is not used);
`coverage` reports each as not covered and the ruleset runs on the interpreter. Teaching
the kernel a feature means adding it here together with the code that plays it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from tressette_dsl.rules import options
from tressette_dsl.rules.model import Expr, Rule, Ruleset

FIELDS: Mapping[str, frozenset[str]] = {
    name: frozenset(fields)
    for name, fields in {
        # the phases other than `tricks` in a contract game are played through the
        # interpreter's own `enter` and `act` (`compiled.contract`); what they decide
        # reaches the kernel as the state it loads (hands, trump, the called card, the
        # declarer), so their own keys are known whatever they say: auctions' forced bids
        # and all-pass dealers, calls by priority (`ranks`), chosen discard and take
        # counts, a zero-sum payoff (a check of `simulate`'s, not a rule of the scoring).
        # What the kernel's side plays itself reads only keys listed here: an auction's
        # open speeches `speeches` and `bids` (`compiled.speeches`; the last speech, the
        # forced bid and the redeal are `act`'s), a discard's fixed `count` without
        # `at_least` (`compiled.discards`), the payoff's five formulas and the contracts'
        # values (`compiled.contractend`, which refuses the scoring keys it does not play)
        "AuctionPhase": (
            *("id", "when", "first", "speeches", "bids", "all_pass", "rule", "kind"),
            *("after_all_pass", "all_pass_dealer", "forced"),
        ),
        "BidSpec": ("id", "level", "contract", "closes", "rank", "points", "after"),
        # points / others (a big win that rescores the deal): `FastEnd._big_after` on the
        # partnership games' deal end; a contract game's is the interpreter's
        # (`ContractEnd.applies`)
        "BigWin": (
            *("id", "condition", "games", "multiplier", "cancels_opponent_declarations"),
            *("points", "others"),
        ),
        "CallPhase": (
            *("id", "when", "who", "cards", "effect", "reveal", "trump_called_suit", "kind"),
            "ranks",
        ),
        "ChoosePhase": ("id", "when", "who", "options", "keep", "kind"),
        # out_of_turn: an interruption by an agent that opts in; the kernel's policies,
        # as the random agent, never claim (a delegated moment, `coverage`)
        "Claims": ("allowed", "total", "target", "right", "wrong", "about", "out_of_turn"),
        "Contract": ("id", "value", "alone_value", "target"),
        "DealPhase": ("id", "when", "first_dealer", "next_dealer", "packets", "misdeal", "kind"),
        "Deck": (
            *("suits", "suit_names", "suit_symbols", "ranks", "rank_names", "unit", "cards"),
            *("full_mask", "card_text", "card_suit", "card_rank", "card_strength"),
            *("card_value", "suit_mask", "by_text"),
        ),
        "Declaration": ("id", "pattern", "points", "says", "superseded_by", "extends_to_drawn"),
        "Declaring": ("at", "window", "scored", "mandatory", "reveal", "rule"),
        "DiscardPhase": ("id", "when", "who", "count", "to", "kind", "at_least"),
        "DrawSpec": ("source", "order", "shown"),
        "GivePhase": ("id", "when", "who", "to", "count", "shown", "kind"),
        # eliminate: the seats leave at the deal's end, which is then the interpreter's
        # (`FastEnd.applies`); each count's table has its own kernel (`seats`)
        "Match": ("target", "end", "check", "winner", "tie", "reason", "eliminate"),
        # a misdeal round makes the deal phase the interpreter's (`FastEnd.applies`)
        "Misdeal": ("condition", "dealer"),
        # an auction everybody passed that forces a bid (`compiled.contract` plays the
        # auction through the kind's own `act`, which forces it as the interpreter does)
        "Forced": ("who", "bid"),
        "MovePhase": ("id", "when", "source", "to", "count", "shown", "kind"),
        "PacketSpec": ("count", "zone"),
        "Pattern": ("text", "kind", "need", "ranks", "groups", "start", "end"),
        "Payoff": ("success", "value", "declarer", "partner", "defender", "zero_sum"),
        # dummy / people: `compiled.seating` (who decides, the exposure; the deal's end
        # delegated)
        "Players": ("count", "step", "direction", "names", "dummy", "people"),
        "Dummy": ("seat", "owner", "exposed"),
        "People": ("names", "seat", "sitting_out"),
        "RevealPhase": ("id", "when", "zone", "kind"),
        "Ruleset": (
            *("id", "title", "file", "players", "sides", "deck", "flow", "contracts"),
            *("declarations", "declaring", "signals", "signaling", "claims", "scoring"),
            *("payoff", "match", "ctx", "meta", "document_hash", "zones"),
            # every count's ruleset is compiled, and walked here, on its own (`seats`)
            "seat_table",
        ),
        "ScorePhase": ("id", "when", "kind"),
        # residual_to / deal_total: the deal's end is then the interpreter's (`FastEnd`)
        "Scoring": (
            *("last_trick", "leftover_to", "deal_points", "big_wins", "big_win_effect"),
            *("residual_to", "deal_total"),
        ),
        "Sides": ("mode", "names", "seats", "side_of"),
        "SignalSpec": ("id", "at", "means", "truth", "values", "bluff"),
        "Signaling": ("window", "truthful", "combine", "rule"),
        "TakePhase": ("id", "when", "who", "source", "kind", "count"),
        "TricksPhase": (
            "id",
            "when",
            "first_lead",
            "follow_suit",
            "trump",
            "draw",
            "kind",
            "hooks",
        ),
        "Who": ("role", "seat"),
        # laid: cards laid at the deal, which is then the interpreter's (`FastEnd.applies`)
        "Zone": (
            *("id", "seen_by", "owner", "leftover_to", "drawn_from", "ordered", "declared"),
            "laid",
        ),
    }.items()
}

KINDS = frozenset(
    {"deal", "auction", "choose", "call", "reveal", "move", "give", "discard", "take"}
    | {"tricks", "score"}
)

VALUES: Mapping[str, frozenset[str]] = {
    name: frozenset(values)
    for name, values in {
        "Direction": ("anticlockwise", "clockwise"),
        "SidesMode": ("teams", "individual", "contract"),
        "Role": ("declarer", "defenders", "partner", "call_supplier", "all"),
        "FirstDealer": ("random",),
        "Speeches": ("once", "until_pass"),
        "AllPass": ("redeal",),
        "CallEffect": ("transfer", "partner"),
        "CallReveal": ("on_play", "immediately"),
        "CallTrump": ("called_suit",),
        "DrawOrder": ("winner_first",),
        "Says": ("suit", "missing_suit", "rank", "cards"),
        "DeclareAt": (
            *("before_first_trick", "own_turn", "after_lead", "end_of_trick"),
            "announce_then_reveal",
        ),
        "DeclScored": ("immediately", "end_of_deal"),
        "DeclReveal": ("on_declare", "never"),
        "SignalAt": ("lead", "follow", "any_time"),
        "ClaimFor": ("own", "opponents"),
        "ClaimRight": ("win_match",),
        "ClaimWrong": ("lose_match",),
        "LeftoverTo": ("last_trick_winner", "declarer", "none"),
        "ZoneSeenBy": ("nobody", "owner", "everyone"),
        "BigWinEffect": ("win_match", "multiply", "none"),
        "MatchCheck": ("end_of_deal", "immediately"),
        "MatchWinner": ("highest", "lowest"),
        "MatchTie": ("play_on", "shared"),
        "MatchReason": ("target", "session_end"),
        "MisdealDealer": ("same", "next"),
        "AllPassDealer": ("next", "same"),
        "DummyExposed": ("dealt", "first_card", "end_of_play"),
        "SittingOut": ("defender", "nothing"),
        "ResidualTo": ("last_trick_winner", "none"),
    }.items()
}

_SKIP = frozenset({"ctx", "meta", "hooks"})  # not rules: the kernel never reads them
# the other counts' rulesets: each is compiled, and checked, as a ruleset of its own
# (`compiled.seats`); walking them from here would walk the table from every count
_PER_COUNT = frozenset({"seat_table"})
_ALIASES = frozenset(o.name for o in options.OPTIONS)


def _unset(f: dataclasses.Field[Any], value: Any) -> bool:
    """A field a ruleset does not use: at its default, or empty."""
    if f.default is not dataclasses.MISSING and value == f.default:
        return True
    if f.default_factory is not dataclasses.MISSING and value == f.default_factory():
        return True
    return value is None or value is False or (hasattr(value, "__len__") and not len(value))


def _option(annotation: Any) -> str | None:
    """The option alias a field's annotation names (`MatchWinner`, `Role | None`)."""
    if not isinstance(annotation, str):
        return None
    for part in annotation.split("|"):
        name = part.strip()
        if name in _ALIASES:
            return name
    return None


def unknown(rules: Ruleset) -> list[str]:
    """Everything `rules` uses that the kernel was not written for, by name."""
    found: list[str] = []

    def walk(x: Any, where: str) -> None:
        if isinstance(x, (Expr, Rule, str, int, float)) or x is None:
            return
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            name = type(x).__name__
            known = FIELDS.get(name)
            kind = getattr(x, "kind", None) if name.endswith("Phase") else None
            if name.endswith("Phase") and kind not in KINDS:
                found.append(f"phase kind {kind!r} (new to the compiled kernel)")
                return
            if known is None:
                found.append(f"{where}: a {name} record (new to the compiled kernel)")
                return
            for f in dataclasses.fields(x):
                if f.name in _SKIP or f.name in _PER_COUNT:
                    continue
                value = getattr(x, f.name)
                if f.name not in known:
                    if not _unset(f, value):
                        found.append(f"{name}.{f.name} (new to the compiled kernel)")
                    continue
                alias = _option(f.type)
                if alias is not None and isinstance(value, str):
                    if alias in VALUES and value not in VALUES[alias]:
                        found.append(f"{name}.{f.name}: {value!r} (new to the compiled kernel)")
                    continue
                walk(value, f"{where}.{f.name}")
        elif isinstance(x, Mapping):
            for key, value in x.items():
                walk(value, f"{where}.{key}")
        elif isinstance(x, (tuple, list, frozenset, set)):
            for item in x:
                walk(item, where)

    walk(rules, rules.id)
    return list(dict.fromkeys(found))


__all__ = ["FIELDS", "KINDS", "VALUES", "unknown"]
