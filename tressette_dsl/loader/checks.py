"""What the schema cannot say: references between entries, rank orders, deck sizes, teams.

Each check is a small generator over the merged, schema-valid document that yields
located problems (TS4xx); `CHECKS` lists them in the order they run. The rank order, card
values and deal packets are first parsed by the expression language (its syntax errors
keep their TS3xx codes, located inside the string), then checked against the deck here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from tressette_dsl.diagnostics import Diagnostic, did_you_mean
from tressette_dsl.loader import consistency, shown_text
from tressette_dsl.loader.checks_access import (
    deck_ranks,
    dict_at,
    excluded_cards,
    expr_call,
    fragment,
    int_at,
    list_at,
    phases_of,
    players_of,
    rank_tokens,
    sound_ranks,
    str_at,
)
from tressette_dsl.loader.declaring_checks import CODES as DECLARING_CODES
from tressette_dsl.loader.declaring_checks import check_declaring
from tressette_dsl.loader.inherit_meta import BAD_CHOICE_KEY, check_choice_keys
from tressette_dsl.loader.seats import CODES as SEAT_CODES
from tressette_dsl.loader.seats import check_expanded
from tressette_dsl.loader.units import CODES as UNIT_CODES
from tressette_dsl.loader.units import check_units
from tressette_dsl.rules import zones as zones_of
from tressette_dsl.source import Path, SourceMap
from tressette_dsl.text import non_ascii_note

CODES: dict[str, str] = {
    "TS401": "flow names a phase that phases does not define",
    "TS402": "a phase is defined but flow never runs it",
    "TS403": "a reference to a declaration that is not defined",
    "TS404": "a reference to a contract that is not defined",
    "TS406": "a rank id that is not one character, is repeated, or is not in the deck",
    "TS407": "the deal does not fit the deck",
    "TS408": "the teams do not partition the seats",
    "TS409": "a seat number or the seat names do not fit players.count",
    "TS410": "a phase uses a zone that no phase creates",
    "TS411": "the big wins do not fit scoring.big_win_effect",
    "TS412": "sides.mode and sides.teams disagree",
    "TS413": "a take phase takes from a zone that is not shown first",
    "TS416": "an abstract ruleset cannot be played",
    "TS417": "a phase or a packet names a zone that zones does not declare",
    "TS418": "a draw names a zone that is not drawn from",
    BAD_CHOICE_KEY: "a recorded choice names a rule the ruleset does not have",
    **shown_text.CODES,
    **consistency.CODES,
    **UNIT_CODES,
    **DECLARING_CODES,
    **SEAT_CODES,
}

Check = Callable[[dict[str, Any], SourceMap], Iterator[Diagnostic]]


def check(doc: dict[str, Any], smap: SourceMap) -> list[Diagnostic]:
    """Every semantic problem of a schema-valid document."""
    return [diag for one in CHECKS for diag in one(doc, smap)]


# Small typed accessors (shared with `consistency`, in `checks_access`).

_map, _list, _str, _int = dict_at, list_at, str_at, int_at
_players, _phases = players_of, phases_of


def _unknown(
    smap: SourceMap, code: str, what: str, name: Any, *, known: Any, path: Path
) -> Diagnostic:
    defined = sorted(known)
    hint = did_you_mean(str(name), defined) or (
        f"defined: {', '.join(defined)}" if defined else None
    )
    odd = non_ascii_note(str(name))
    if odd is not None:
        hint = f"{odd}; {hint}" if hint else odd
    return smap.diagnostic(code, f"{what} '{name}' is not defined", path, hint=hint)


# ---------------------------------------------------------------------------------------
# References.


def check_flow(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """Every id in flow is a phase; every phase is in flow (not required of a base)."""
    phases = _map(doc, "phases")
    flow = _list(doc, "flow")
    for i, name in enumerate(flow):
        removed = smap.removed.get(("phases", name)) if isinstance(name, str) else None
        if isinstance(name, str) and name not in phases and removed is not None:
            span, inherited = removed
            what = f"'{name}: null' removes it" if inherited else f"'{name}:' has no value"
            yield Diagnostic(
                "TS401",
                f"flow runs the phase '{name}', but {what}",
                span,
                path=("phases", name),
                hint=f"give flow without '{name}' as well, or drop '{name}: null'",
                notes=smap.provenance(span.file),
            )
        elif isinstance(name, str) and name not in phases:
            yield _unknown(smap, "TS401", "flow: phase", name, known=phases, path=("flow", i))
    if fragment(doc) or "flow" not in doc:
        return
    for name in phases:
        if name not in flow:
            yield smap.diagnostic(
                "TS402",
                f"phase '{name}' is defined but flow never runs it",
                ("phases", name),
                at_key=True,
                hint=f"add it to flow, or remove it (phases: {{{name}: null}} in an overlay)",
            )


def check_declarations(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """superseded_by names declarations that exist."""
    known = _map(doc, "declarations")
    for name, decl in known.items():
        for i, other in enumerate(_list(decl, "superseded_by")):
            if isinstance(other, str) and other not in known:
                path = ("declarations", name, "superseded_by", i)
                yield _unknown(smap, "TS403", "declaration", other, known=known, path=path)


def check_contracts(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """Bids and choose options name contracts that exist."""
    known = _map(doc, "contracts")
    for name, phase in _phases(doc, "auction"):
        for bid, spec in _map(phase, "bids").items():
            contract = _str(spec, "contract")
            if contract is not None and contract not in known:
                path = ("phases", name, "bids", bid, "contract")
                yield _unknown(smap, "TS404", "contract", contract, known=known, path=path)
    for name, phase in _phases(doc, "choose"):
        for i, option in enumerate(_list(phase, "options")):
            if isinstance(option, str) and option not in known:
                at = ("phases", name, "options", i)
                yield _unknown(smap, "TS404", "contract", option, known=known, path=at)


# ---------------------------------------------------------------------------------------
# The deck.


_rank_tokens = rank_tokens


def check_ranks(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """deck.ranks: one character each, none repeated; rank_names name real ranks."""
    text = _str(doc, "deck", "ranks")
    path = ("deck", "ranks")
    seen: set[str] = set()
    for token, start in _rank_tokens(text or ""):
        if len(token) != 1:
            yield smap.diagnostic(
                "TS406",
                f"deck.ranks: '{token}' is not a rank id (one character each)",
                path,
                offset=start,
                hint='separate the ranks with spaces: "A 2 3 ..."',
            )
        elif token in seen:
            yield smap.diagnostic(
                "TS406", f"deck.ranks: rank '{token}' is listed twice", path, offset=start
            )
        seen.add(token)
    if text is None:
        return
    for rank in _map(doc, "deck", "rank_names"):
        if rank not in seen:
            yield smap.diagnostic(
                "TS406",
                f"deck.rank_names: '{rank}' is not a rank of the deck",
                ("deck", "rank_names", rank),
                at_key=True,
                hint=f"ranks: {' '.join(deck_ranks(doc))}",
            )


def check_bid_ranks(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """A bid's rank is a rank of the deck."""
    ranks = _sound_ranks(doc)
    for name, phase in _phases(doc, "auction"):
        for bid, spec in _map(phase, "bids").items():
            rank = _str(spec, "rank")
            if ranks and rank is not None and rank not in ranks:
                yield smap.diagnostic(
                    "TS406",
                    f"bid '{bid}': '{rank}' is not a rank of the deck",
                    ("phases", name, "bids", bid, "rank"),
                    hint=did_you_mean(rank, ranks) or f"ranks: {' '.join(ranks)}",
                )


_sound_ranks = sound_ranks


def check_order(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """deck.order names each rank of deck.ranks exactly once (the expression language's
    ``parse_order`` says which rank is unknown, repeated or left out, and where)."""
    text, ranks = _str(doc, "deck", "order"), _sound_ranks(doc)
    if text is not None and ranks:
        _value, problems = _expr("parse_order", text, ranks)
        yield from _located(problems, smap, ("deck", "order"))


def check_values(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """deck.values names ranks of the deck, each at most once (``parse_values``)."""
    text, ranks = _str(doc, "deck", "values"), _sound_ranks(doc)
    if text is not None and ranks:
        _value, problems = _expr("parse_values", text, ranks)
        yield from _located(problems, smap, ("deck", "values"))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ---------------------------------------------------------------------------------------
# Deals and zones.


def _zones(doc: dict[str, Any]) -> tuple[str, ...]:
    """The ids a packet may name: the declared zones, or the implied ones without `zones:`."""
    return zones_of.nameable(doc)


def _packets(doc: dict[str, Any]) -> Iterator[tuple[str, Path, Any]]:
    """(phase id, path of packets, the parsed packets or None) for every deal phase."""
    for name, phase in _phases(doc, "deal"):
        text = _str(phase, "packets")
        if text is not None:
            value, _problems = _expr("parse_packets", text, _zones(doc))
            yield name, ("phases", name, "packets"), value


def check_deal(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """Each deal's packets add up to the deck, for the number of players."""
    players = _players(doc)
    suits, ranks = _map(doc, "deck", "suits"), _sound_ranks(doc)
    excluded = _excluded(doc)
    laid = sum(len(v) for v in zones_of.laid_cards(doc).values())  # laid before the deal
    deck = len(suits) * len(ranks) - len(excluded) - laid
    for name, phase in _phases(doc, "deal"):
        text = _str(phase, "packets")
        path = ("phases", name, "packets")
        if text is None:
            continue
        packets, problems = _expr("parse_packets", text, _zones(doc))
        yield from _located(problems, smap, path)
        if packets is None or players is None or not suits or not ranks:
            continue
        hands = [p.count for p in packets if p.zone is None and p.count is not None]
        fixed = [(p.zone, p.count) for p in packets if p.zone is not None and p.count is not None]
        rest = next((p for p in packets if p.count is None), None)
        dealt = players * sum(hands) + sum(size for _, size in fixed)
        sum_text = _deal_sum(players, hands, fixed)
        have = f"the deck has {len(suits)} suits × {len(ranks)} ranks = {deck} cards"
        if excluded:
            have = (
                f"the deck has {len(suits)} suits × {len(ranks)} ranks - {len(excluded)} "
                f"excluded = {deck + laid} cards"
            )
        if laid:
            have = f"{have.removesuffix(' cards')} - {laid} laid in zones = {deck} cards"
        if rest is None and dealt != deck:
            yield smap.diagnostic(
                "TS407", f"phases.{name}.packets: {sum_text} = {dealt} cards, but {have}", path
            )
        elif rest is not None and dealt > deck:
            yield smap.diagnostic(
                "TS407",
                f"phases.{name}.packets: {sum_text} = {dealt} cards before the rest, but {have}",
                path,
            )
        elif rest is not None and rest.zone is None and (deck - dealt) % players:
            yield smap.diagnostic(
                "TS407",
                f"phases.{name}.packets: the rest ({deck - dealt} cards) does not divide among "
                f"{players} players",
                path,
                offset=rest.start,
            )


_excluded = excluded_cards


def _deal_sum(players: int, hands: list[int], zones: list[tuple[str, int]]) -> str:
    per_seat = " + ".join(str(h) for h in hands) or "0"
    per_seat = f"({per_seat})" if len(hands) > 1 else per_seat
    text = f"{players} players × {per_seat}"
    for zone, size in zones:
        text += f" + {zone} {size}"
    return text


def check_zones(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """Zones that phases take from exist: a deal or a discard creates them (the keys each
    phase kind names a zone with, and fills it with, are the kind's: `PhaseKind.zone_keys`,
    `zone_fills`)."""
    made: set[str] = set()
    uses: list[tuple[str, Path]] = []
    for zone, path, _offset in zones_of.references(doc):
        if zones_of.fills(doc, path):
            made.add(zone)
        else:
            uses.append((zone, path))
    nameable = zones_of.nameable(doc)
    for zone, path in uses:
        if zone not in nameable:
            continue  # an undeclared zone: TS417 (check_declared_zones)
        if zone not in made:
            yield smap.diagnostic(
                "TS410",
                f"{'.'.join(map(str, path))}: no phase creates the zone '{zone}'",
                path,
                hint=f'deal it, e.g. packets: "... {zone}:4" or "... {zone}:rest"',
            )


def check_declared_zones(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """Once a ruleset writes `zones:`, every zone a phase names is declared there (a packet
    naming an undeclared zone is reported by the packet parser, TS309), and a draw names a
    zone that may be drawn from. Without `zones:` the names imply the zones."""
    declared = _map(doc, "zones")
    nameable = zones_of.nameable(doc)
    for zone, path, _offset in zones_of.references(doc):
        if path[-1] == "packets":
            continue
        if zone not in nameable:
            yield _unknown(
                smap, "TS417", f"{'.'.join(map(str, path))}: zone", zone, known=declared, path=path
            )
        elif path[-2:] == ("draw", "from") and _map(declared, zone).get("drawn_from") is False:
            yield smap.diagnostic(
                "TS418",
                f"{'.'.join(map(str, path))}: the zone '{zone}' is not drawn from",
                path,
                hint=f"set zones.{zone}.drawn_from: true, or draw from another zone",
            )


def check_take_shown(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """A `take` lets seats pick cards from a zone in full view: every seat sees what is
    taken. Taking from a face-down zone would make its cards public behind the rules' back,
    so a `reveal` of the zone must come earlier in `flow`."""
    flow = doc.get("flow")
    phases = doc.get("phases")
    if not isinstance(flow, list) or not isinstance(phases, dict):
        return
    shown: set[str] = set()
    for name in flow:
        phase = phases.get(name) if isinstance(name, str) else None
        if not isinstance(phase, dict):
            continue
        if phase.get("kind") == "reveal" and isinstance(phase.get("zone"), str):
            shown.add(phase["zone"])
        elif phase.get("kind") == "take" and isinstance(phase.get("from"), str):
            zone = phase["from"]
            if zone not in shown:
                yield smap.diagnostic(
                    "TS413",
                    f"phases.{name}.from: the {zone} is taken from face up, "
                    "but no earlier phase shows it",
                    ("phases", name, "from"),
                    hint=f"put a phase {{kind: reveal, zone: {zone}}} before '{name}' in flow",
                )


# ---------------------------------------------------------------------------------------
# Seats and sides.


def check_seats(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """Seat names and seat numbers fit players.count."""
    count = _players(doc)
    if count is None:
        return
    names = _list(doc, "players", "names")
    if names and len(names) != count:
        yield smap.diagnostic(
            "TS409",
            f"players.names has {len(names)} names for {count} players",
            ("players", "names"),
        )
    for name, phase in _phases(doc, "deal"):
        seat = _int(phase, "first_dealer")
        if seat is not None and seat >= count:
            yield _no_seat(smap, seat, count, ("phases", name, "first_dealer"))


def _no_seat(smap: SourceMap, seat: int, count: int, path: Path) -> Diagnostic:
    return smap.diagnostic(
        "TS409",
        f"there is no seat {seat}: players.count is {count} (seats 0 to {count - 1})",
        path,
    )


def check_teams(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """Teams only with mode teams, and then each seat in exactly one team."""
    sides = _map(doc, "sides")
    mode, teams = sides.get("mode"), sides.get("teams")
    if mode == "teams" and not isinstance(teams, dict):
        yield smap.diagnostic(
            "TS412",
            "sides.mode is teams, but sides.teams does not say who plays with whom",
            ("sides", "mode"),
            hint="add sides.teams, e.g. {NS: [0, 2], EW: [1, 3]}",
        )
    if isinstance(teams, dict) and mode != "teams":
        yield smap.diagnostic(
            "TS412",
            f"sides.teams is given, but sides.mode is {mode or 'individual (the default)'}",
            ("sides", "teams"),
            at_key=True,
            hint="write mode: teams, or remove teams (teams: null in an overlay)",
        )
    count = _players(doc)
    if mode != "teams" or not isinstance(teams, dict) or count is None:
        return
    owner: dict[int, str] = {}
    for team, seats in teams.items():
        for i, seat in enumerate(seats if isinstance(seats, list) else []):
            path = ("sides", "teams", team, i)
            if not isinstance(seat, int):
                continue
            if seat >= count:
                yield _no_seat(smap, seat, count, path)
            elif seat in owner:
                yield smap.diagnostic(
                    "TS408", f"seat {seat} is in team {owner[seat]} and in team {team}", path
                )
            else:
                owner[seat] = team
    left = [str(s) for s in range(count) if s not in owner]
    if left:
        yield smap.diagnostic(
            "TS408",
            f"sides.teams: {'seats' if len(left) > 1 else 'seat'} {', '.join(left)} "
            f"{'are' if len(left) > 1 else 'is'} in no team",
            ("sides", "teams"),
            at_key=True,
            hint=f"the teams must share the seats 0 to {count - 1} between them",
        )


# ---------------------------------------------------------------------------------------
# Scoring.


def check_big_wins(doc: dict[str, Any], smap: SourceMap) -> Iterator[Diagnostic]:
    """win_match big wins say games; multiply big wins say a multiplier. A big win that
    rescores the deal (`points` / `others`) needs neither: the rescoring is its effect."""
    wins = {
        k: w
        for k, w in _map(doc, "scoring", "big_wins").items()
        if not (isinstance(w, dict) and ("points" in w or "others" in w))
    }
    effect = _str(doc, "scoring", "big_win_effect")
    if effect is None:  # the default: multiply when some big win has a multiplier
        some = any(isinstance(w, dict) and "multiplier" in w for w in wins.values())
        effect = "multiply" if some else "win_match"
    need, other = ("games", "multiplier") if effect == "win_match" else ("multiplier", "games")
    for name, win in wins.items():
        if not isinstance(win, dict):
            continue
        path: Path = ("scoring", "big_wins", name)
        if other in win:
            yield smap.diagnostic(
                "TS411",
                f"big win '{name}': {other} has no effect with big_win_effect: {effect}",
                (*path, other),
                at_key=True,
                hint=f"write {need} instead",
            )
        elif need not in win:
            yield smap.diagnostic(
                "TS411",
                f"big win '{name}' needs {need} (big_win_effect is {effect})",
                path,
                at_key=True,
            )


# ---------------------------------------------------------------------------------------
# The expression language's small rule languages (rank order, card values, deal packets).


_expr = expr_call


def _located(problems: Any, smap: SourceMap, path: Path) -> Iterator[Diagnostic]:
    for code, message, start, _end, hint in problems:
        yield smap.diagnostic(code, message, path, offset=start, hint=hint)


CHECKS: tuple[Check, ...] = (
    check_flow,
    check_declarations,
    check_contracts,
    check_ranks,
    check_order,
    check_values,
    check_bid_ranks,
    check_deal,
    check_zones,
    check_declared_zones,
    check_take_shown,
    check_seats,
    check_teams,
    check_big_wins,
    check_choice_keys,
    shown_text.check_shown_text,
    *consistency.CHECKS,
    check_units,
    check_declaring,
    check_expanded,
)
