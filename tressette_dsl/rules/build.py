"""Compile a checked ruleset document into the typed `Ruleset` the engine plays.

`build_ruleset(doc, smap)` receives the merged document after `extends`, the schema and
the cross-reference checks (tressette_dsl.loader). It compiles every expression once,
against the scope of its slot (`scopes.py`), and gathers every problem - each located in
the YAML with `smap.diagnostic(..., offset=...)` - before raising one `DiagnosticError`.
Defaults for absent keys are those documented in docs/language.md.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from tressette_dsl.diagnostics import Diagnostic, DiagnosticError
from tressette_dsl.expr import (
    ExprError,
    StaticContext,
    Type,
    compile_expr,
    parse_cards,
    parse_order,
    parse_pattern,
    parse_values,
)
from tressette_dsl.loader import seats
from tressette_dsl.loader.inherit_meta import choice_keys, choice_text
from tressette_dsl.rules import options as opt
from tressette_dsl.rules import scopes
from tressette_dsl.rules import zones as zones_of
from tressette_dsl.rules.model import (
    NO_CONST,
    BigWin,
    Claims,
    Contract,
    Deck,
    Declaration,
    Declaring,
    Dummy,
    Expr,
    Match,
    Meta,
    Payoff,
    People,
    PhaseSpec,
    Players,
    Rule,
    Ruleset,
    Scoring,
    SeatTable,
    Sides,
    Signaling,
    SignalSpec,
    Source,
    Who,
    Zone,
)
from tressette_dsl.rules.options import BigWinEffect
from tressette_dsl.rules.phases import set_by, written
from tressette_dsl.rules.timeline import check_timeline
from tressette_dsl.source import SourceMap

Path = tuple[str | int, ...]
ROLES = opt.ROLES

# Problems only the builder can see (the loader's checks use TS401-TS419).
BAD_TYPE = "TS430"  # an expression of the wrong type for its slot
BAD_ROLE = "TS431"  # who / to is neither a role nor a seat expression
BAD_SIDES = "TS432"  # a feature needs sides the ruleset does not have
BAD_VALUE = "TS433"  # a value outside what the engine can play
NO_VALUE_YET = "TS434"  # a name used before any phase of flow gives it a value
# TS460-TS469: the seats without a player, the dealt-out dealer, calls by priority, payoffs
PEOPLE_NEED_DUMMY = "TS460"  # seating.people without seating.dummy
PEOPLE_COUNT = "TS461"  # seating.people does not leave exactly the dummy's seat free
SITTING_OUT_PAYOFF = "TS462"  # sitting out paid as a defender, without a payoff


def build_ruleset(doc: dict[str, Any], smap: SourceMap) -> Ruleset:
    """The ruleset; with `players.count` as a range, the one of the default count, carrying
    the ruleset of every allowed count (`Ruleset.for_seats`), each built from the document
    expanded for its count (`loader/seats.py`) and all sharing the file's hash."""
    table = seats.seat_range(doc)
    if table is None:
        return _build_one(doc, smap)
    digest = document_hash(doc)
    built: dict[int, Ruleset] = {}
    per_count: dict[int, list[Diagnostic]] = {}
    for n, doc_n, smap_n in seats.expansions(doc, smap):
        try:
            built[n] = _build_one(doc_n, smap_n)
        except DiagnosticError as err:
            per_count[n] = list(err.diagnostics)
    if per_count:
        raise DiagnosticError(seats.merge_problems(per_count, table))
    seat_table = SeatTable(table.low, table.high, table.default)
    for n, rules in built.items():
        seat_table.rulesets[n] = dataclasses.replace(
            rules, seat_table=seat_table, document_hash=digest
        )
    return seat_table.rulesets[table.default]


def _build_one(doc: dict[str, Any], smap: SourceMap) -> Ruleset:
    digest = document_hash(doc)
    builder = _Builder(doc, smap)
    rules = builder.build()
    if builder.problems or rules is None:
        raise DiagnosticError(builder.problems)
    rules = dataclasses.replace(rules, meta=builder.meta(), document_hash=digest)
    return dataclasses.replace(rules, flow=tuple(_link(rules, spec) for spec in rules.flow))


def _link(rules: Ruleset, spec: PhaseSpec) -> PhaseSpec:
    """What the phase's kind precomputes once the whole ruleset is known (`link`)."""
    kind = written(spec.kind)
    link = kind.link if kind is not None else None
    return spec if link is None else link(rules, spec)


def document_hash(doc: Mapping[str, Any]) -> str:
    """``sha256:<hex>`` of a resolved ruleset document, serialised as canonical JSON (sorted
    keys): the fingerprint of the ruleset as played (`Ruleset.document_hash`, game logs)."""
    text = json.dumps(doc, sort_keys=True, ensure_ascii=False, default=str)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


class _Builder:
    def __init__(self, doc: dict[str, Any], smap: SourceMap) -> None:
        self.doc = doc
        self.smap = smap
        self.problems: list[Diagnostic] = []
        self.ctx: StaticContext | None = None
        self.unit = 1
        self.used: list[tuple[Path, str, frozenset[str]]] = []  # compiled expressions

    # --- plumbing ----------------------------------------------------------------------

    def get(self, path: Path, default: Any = None) -> Any:
        node: Any = self.doc
        for key in path:
            in_map = isinstance(node, dict) and key in node
            in_list = isinstance(node, list) and isinstance(key, int) and key < len(node)
            if in_map or in_list:
                node = node[key]
            else:
                return default
        return default if node is None else node

    def problem(self, code: str, message: str, path: Path, hint: str | None = None) -> None:
        self.problems.append(self.smap.diagnostic(code, message, path, hint=hint))

    def expr_problems(self, err: ExprError, path: Path) -> None:
        for p in err.problems:
            self.problems.append(
                self.smap.diagnostic(p.code, p.message, path, offset=p.start, hint=p.hint)
            )

    def expr(
        self,
        path: Path,
        start: str,
        scope: scopes.Scope,
        default: str | None = None,
        expect: Type | None = None,
    ) -> Expr | None:
        """Compile the expression at `path` (or `default` when absent) for its slot."""
        value = self.get(path)
        text = default if value is None else _text(value)
        if text is None:
            return None
        assert self.ctx is not None
        try:
            compiled = compile_expr(text, start, scope, self.ctx)
        except ExprError as err:
            if value is None:  # a default never fails; if it does, say where it applies
                self.problem(BAD_VALUE, f"the default {text!r} does not fit here", path)
            else:
                self.expr_problems(err, path)
            return None
        if expect is not None and compiled.type is not expect:
            self.problem(
                BAD_TYPE,
                f"{'.'.join(map(str, path))} must be a {expect}, but {text!r} is a {compiled.type}",
                path,
            )
            return None
        if value is not None:
            self.used.append((path, text, frozenset(compiled.names)))
        const = NO_CONST
        if not compiled.names:
            const = compiled.fn({})
        return Expr(
            text, compiled.fn, _dotted(path), self.smap.span(path), frozenset(compiled.names), const
        )

    def const_expr(self, path: Path, value: Any) -> Expr:
        return Expr(
            str(value), lambda env: value, _dotted(path), self.smap.span(path), frozenset(), value
        )

    def rule(self, path: Path) -> Rule:
        return Rule(_dotted(path), self.smap.span(path))

    # --- the whole ruleset ---------------------------------------------------------------

    def build(self) -> Ruleset | None:
        players = self.players()
        deck = self.deck(players)
        if deck is None or self.ctx is None:
            return None
        players = self.seating(players)
        sides = self.sides(players)
        flow = self.flow()
        declarations = self.declarations()
        signals, signaling = self.signals()
        scoring = self.scoring()
        match = self.match()
        claims = self.claims(sides)
        # Build every part before giving up, so that one run reports every problem.
        contracts = self.contracts()
        declaring = self.declaring(declarations)
        payoff = self.payoff()
        self.timeline()
        zones = self.zones(scoring, deck)
        if None in (sides, scoring, match) or self.problems:
            return None
        assert sides is not None and scoring is not None and match is not None
        return Ruleset(
            id=str(self.get(("id",), "")),
            title=str(self.get(("meta", "title"), self.get(("id",), ""))),
            file=self.smap.file,
            players=players,
            sides=sides,
            deck=deck,
            flow=flow,
            contracts=contracts,
            declarations=declarations,
            declaring=declaring,
            signals=signals,
            signaling=signaling,
            claims=claims,
            scoring=scoring,
            payoff=payoff,
            match=match,
            ctx=self.ctx,
            zones=zones,
        )

    def zones(self, scoring: Scoring | None, deck: Deck) -> tuple[Zone, ...]:
        """The declared zones in order, or those the packets and phases name (`rules/zones.py`),
        each with its keys or their defaults."""
        leftover = scoring.leftover_to if scoring is not None else "last_trick_winner"
        out = []
        default = zones_of.defaults()
        laid = zones_of.laid_cards(self.doc)
        for zone_id in zones_of.zone_ids(self.doc):
            path: Path = ("zones", zone_id)
            owner = self.who((*path, "owner"), "all") if self.get((*path, "owner")) else None
            out.append(
                Zone(
                    id=zone_id,
                    seen_by=opt.pick(
                        self.get((*path, "seen_by")), opt.ZONE_SEEN_BY, default.seen_by
                    ),
                    owner=owner,
                    leftover_to=opt.pick(
                        self.get((*path, "leftover_to")), opt.LEFTOVER_TO, leftover
                    ),
                    drawn_from=bool(self.get((*path, "drawn_from"), default.drawn_from)),
                    ordered=bool(self.get((*path, "ordered"), default.ordered)),
                    declared=zones_of.declared(self.doc) is not None,
                    # unknown cards are the loader's TS450; the builder keeps the known ones
                    laid=tuple(
                        sorted(deck.by_text[c] for c in laid.get(zone_id, ()) if c in deck.by_text)
                    ),
                )
            )
        return tuple(out)

    def timeline(self) -> None:
        """Names read before any phase of `flow` gives them a value (`timeline.py`)."""
        flow = [
            (str(pid), str(self.get(("phases", pid, "kind"), "")))
            for pid in self.get(("flow",), []) or []
        ]

        def report(path: Path, offset: int | None, message: str, hint: str) -> None:
            self.problems.append(
                self.smap.diagnostic(NO_VALUE_YET, message, path, offset=offset, hint=hint)
            )

        check_timeline(flow, self.used, report, set_by())

    def meta(self) -> Meta:
        def text(key: str) -> str:
            value = self.get(("meta", key))
            return "" if value is None else str(value)

        sources = tuple(
            Source(
                ref=str(src.get("ref", "")),
                file=None if src.get("file") is None else str(src["file"]),
                url=None if src.get("url") is None else str(src["url"]),
                about=str(src.get("about") or ""),
            )
            for src in self.get(("meta", "sources"), [])
            if isinstance(src, dict)
        )
        choices = self.get(("meta", "choices"), {})
        if not isinstance(choices, dict):
            choices = {}
        return Meta(
            title=text("title"),
            description=text("description"),
            sources=sources,
            choices=MappingProxyType({str(k): choice_text(v) for k, v in choices.items()}),
            rules_text=text("rules_text"),
            choice_keys=MappingProxyType(
                {
                    str(k): tuple(".".join(p) for p in keys)
                    for k, v in choices.items()
                    if (keys := choice_keys(v)) is not None
                }
            ),
        )

    def seating(self, players: Players) -> Players:
        """`seating.dummy` and `seating.people` (compiled once the deck's context exists)."""
        dummy = people = None
        if self.get(("seating", "dummy")) is not None:
            path: Path = ("seating", "dummy")
            seat = self.expr((*path, "seat"), "seat", scopes.DUMMY_SEAT)
            owner = self.expr((*path, "owner"), "seat", scopes.DUMMY_SEAT)
            exposed = opt.pick(self.get((*path, "exposed")), opt.DUMMY_EXPOSED, "first_card")
            if seat is not None and owner is not None:
                dummy = Dummy(seat=seat, owner=owner, exposed=exposed)
        if self.get(("seating", "people")) is not None:
            path = ("seating", "people")
            names = tuple(str(n) for n in self.get((*path, "names"), []))
            sitting = self.get((*path, "sitting_out"))
            free = players.count - (0 if self.get(("seating", "dummy")) is None else 1)
            if sitting is not None:
                if len(names) <= free:
                    self.problem(
                        PEOPLE_COUNT,
                        f"seating.people names {len(names)} players for {free} seats to "
                        "take, but sitting_out says some sit each deal out",
                        (*path, "names"),
                        hint=f"name more than {free} people, or leave sitting_out out",
                    )
                if sitting == "defender" and self.get(("payoff",)) is None:
                    self.problem(
                        SITTING_OUT_PAYOFF,
                        "seating.people.sitting_out: defender pays like a defender, but the "
                        "ruleset has no payoff",
                        (*path, "sitting_out"),
                        hint="give payoff.defender, or write sitting_out: nothing",
                    )
            elif self.get(("seating", "dummy")) is None:
                self.problem(
                    PEOPLE_NEED_DUMMY,
                    "seating.people gives fewer players than seats, but no seat is a dummy",
                    path,
                    hint="add seating.dummy: {seat: ..., owner: ...} for the seat nobody takes",
                )
            elif len(names) != players.count - 1:
                self.problem(
                    PEOPLE_COUNT,
                    f"seating.people names {len(names)} players for {players.count} seats "
                    f"and one dummy: it must name {players.count - 1}",
                    (*path, "names"),
                    hint="one person per seat that is not the dummy",
                )
            seat_of = self.expr((*path, "seat"), "formula", scopes.PEOPLE_SEAT)
            if seat_of is not None:
                sits = None if sitting is None else opt.pick(sitting, opt.SITTING_OUT, "nothing")
                people = People(names=names, seat=seat_of, sitting_out=sits)
        return dataclasses.replace(players, dummy=dummy, people=people)

    def players(self) -> Players:
        count = int(self.get(("players", "count"), 4))  # a range was expanded to one count
        direction = opt.pick(self.get(("players", "direction")), opt.DIRECTIONS, "anticlockwise")
        names = self.get(("players", "names")) or [f"Seat {i}" for i in range(count)]
        return Players(
            count=count,
            step=1 if direction == "anticlockwise" else -1,
            direction=direction,
            names=tuple(str(n) for n in names),
        )

    def deck(self, players: Players) -> Deck | None:
        suits_doc: Mapping[str, Any] = self.get(("deck", "suits"), {})
        suits = tuple(suits_doc)
        names = tuple(str((suits_doc[s] or {}).get("name", s)) for s in suits)
        symbols = tuple(str((suits_doc[s] or {}).get("symbol", s)) for s in suits)
        ranks = tuple(_ranks(str(self.get(("deck", "ranks"), ""))))
        rank_names_doc = self.get(("deck", "rank_names"), {})
        try:
            order = parse_order(str(self.get(("deck", "order"), " ".join(ranks))), ranks)
        except ExprError as err:
            self.expr_problems(err, ("deck", "order"))
            return None
        try:
            values = (
                parse_values(str(self.get(("deck", "values"), "")), ranks)
                if self.get(("deck", "values"))
                else dict.fromkeys(ranks, 0)
            )
        except ExprError as err:
            self.expr_problems(err, ("deck", "values"))
            return None
        self.unit = int(self.get(("deck", "unit"), 1))
        aliases = {name: s for name, s in zip(names, suits, strict=True) if name not in suits}
        try:
            ctx = StaticContext.from_deck(
                suits,
                ranks,
                order=order,
                values=values,
                players=players.count,
                direction=players.step,
                suit_aliases=aliases,
            )
        except ValueError as exc:
            self.problem(BAD_VALUE, f"this deck cannot be played: {exc}", ("deck",))
            return None
        self.ctx = ctx
        excluded = self.excluded(ctx)
        nr = len(ranks)
        n = len(suits) * nr
        cards = tuple(c for c in range(n) if c not in excluded)
        return Deck(
            suits=suits,
            suit_names=names,
            suit_symbols=symbols,
            ranks=ranks,
            rank_names=tuple(str(rank_names_doc.get(r, r)) for r in ranks),
            unit=self.unit,
            cards=cards,
            full_mask=sum(1 << c for c in cards),
            card_text=tuple(ctx.card_text(c) for c in range(n)),
            card_suit=tuple(c // nr for c in range(n)),
            card_rank=tuple(c % nr for c in range(n)),
            card_strength=tuple(ctx.strength[c % nr] for c in range(n)),
            card_value=tuple(ctx.values[c % nr] for c in range(n)),
            suit_mask=tuple(m & sum(1 << c for c in cards) for m in ctx.suit_mask),
            by_text=MappingProxyType({ctx.card_text(c): c for c in cards}),
        )

    def excluded(self, ctx: StaticContext) -> frozenset[int]:
        value = self.get(("deck", "exclude"))
        if not value:
            return frozenset()
        text = value if isinstance(value, str) else " ".join(map(str, value))
        try:
            return frozenset(parse_cards(text, ctx))
        except ExprError as err:
            self.expr_problems(err, ("deck", "exclude"))
            return frozenset()

    def sides(self, players: Players) -> Sides | None:
        mode = opt.pick(self.get(("sides", "mode")), opt.SIDES_MODES, "individual")
        if mode != "teams":
            seats = tuple(frozenset({i}) for i in range(players.count))
            return Sides(
                mode=mode,
                names=players.names,
                seats=seats if mode == "individual" else (),
                side_of=tuple(range(players.count)),
            )
        teams: Mapping[str, list[int]] = self.get(("sides", "teams"), {})
        side_of = [0] * players.count
        for i, members in enumerate(teams.values()):
            for seat in members:
                side_of[seat] = i
        return Sides(
            mode=mode,
            names=tuple(teams),
            seats=tuple(frozenset(m) for m in teams.values()),
            side_of=tuple(side_of),
        )

    def contracts(self) -> Mapping[str, Contract]:
        out = {}
        for cid, given in (self.get(("contracts",), {}) or {}).items():
            entry = given or {}
            out[cid] = Contract(
                id=cid,
                value=int(entry.get("value", 0)),
                alone_value=entry.get("alone_value"),
                target=entry.get("target"),
            )
        return MappingProxyType(out)

    # --- phases ------------------------------------------------------------------------

    def flow(self) -> tuple[PhaseSpec, ...]:
        """Each phase of `flow`, built by the unit of its kind (engine/phases/<kind>.py)."""
        out: list[PhaseSpec] = []
        for phase_id in self.get(("flow",), []) or []:
            path: Path = ("phases", phase_id)
            kind = self.get((*path, "kind"))
            unit = written(kind) if isinstance(kind, str) else None
            if unit is None:
                self.problem(BAD_VALUE, f"unknown phase kind {kind!r}", (*path, "kind"))
                continue
            when = self.expr((*path, "when"), "condition", scopes.WHEN)
            phase = unit.build(self, str(phase_id), path, when)
            if phase is not None:
                out.append(phase)
        return tuple(out)

    def who(self, path: Path, default: str) -> Who:
        value = self.get(path, default)
        text = str(value)
        for role in ROLES:
            if role == text:
                return Who(role)
        seat = self.expr(path, "seat", scopes.SEAT_EXPR)
        if seat is None:
            self.problems.append(
                self.smap.diagnostic(
                    BAD_ROLE,
                    f"{text!r} is neither a role nor a seat expression",
                    path,
                    hint=f"roles: {', '.join(ROLES)}",
                )
            )
        return Who(None, seat)

    def count(self, path: Path, scope: scopes.Scope, default: int | None) -> Expr | None:
        value = self.get(path)
        if value is None:
            return None if default is None else self.const_expr(path, default)
        if isinstance(value, int) and not isinstance(value, bool):
            return self.const_expr(path, value)
        return self.expr(path, "formula", scope)

    # --- declarations, signals, claims ---------------------------------------------------

    def declarations(self) -> tuple[Declaration, ...]:
        out = []
        assert self.ctx is not None
        for did, entry in (self.get(("declarations",), {}) or {}).items():
            if entry is None:
                continue
            path: Path = ("declarations", did, "pattern")
            try:
                pattern = parse_pattern(str(entry.get("pattern", "")), self.ctx)
            except ExprError as err:
                self.expr_problems(err, path)
                continue
            out.append(
                Declaration(
                    id=str(did),
                    pattern=pattern,
                    points=int(entry.get("points", 0)),
                    says=opt.pick(entry.get("says"), opt.SAYS, "cards"),
                    superseded_by=tuple(str(x) for x in entry.get("superseded_by", []) or []),
                    extends_to_drawn=bool(entry.get("extends_to_drawn", False)),
                )
            )
        return tuple(out)

    def declaring(self, declarations: tuple[Declaration, ...]) -> Declaring | None:
        if not declarations:
            return None
        window = self.expr(
            ("declaring", "window"), "condition", scopes.DECLARING_WINDOW, "trick_no == 1"
        )
        if window is None:
            return None
        return Declaring(
            at=opt.pick(self.get(("declaring", "at")), opt.DECLARE_AT, "end_of_trick"),
            window=window,
            scored=opt.pick(self.get(("declaring", "scored")), opt.DECL_SCORED, "immediately"),
            mandatory=bool(self.get(("declaring", "mandatory"), False)),
            reveal=opt.pick(self.get(("declaring", "reveal")), opt.DECL_REVEAL, "on_declare"),
            rule=self.rule(("declaring",)),
        )

    def signals(self) -> tuple[tuple[SignalSpec, ...], Signaling]:
        out = []
        for sid, entry in (self.get(("signals",), {}) or {}).items():
            if entry is None:
                continue
            truth = self.expr(("signals", sid, "truth"), "condition", scopes.SIGNAL_TRUTH)
            out.append(
                SignalSpec(
                    id=str(sid),
                    at=opt.pick(entry.get("at"), opt.SIGNAL_AT, "lead"),
                    means=str(entry.get("means", "")),
                    truth=truth,
                    values=tuple(int(v) for v in entry.get("values", []) or []),
                    bluff=bool(entry.get("bluff", False)),
                )
            )
        window = self.expr(("signaling", "window"), "condition", scopes.SIGNAL_WINDOW)
        signaling = Signaling(
            window=window,
            truthful=bool(self.get(("signaling", "truthful"), True)),
            combine=bool(self.get(("signaling", "combine"), False)),
            rule=self.rule(("signaling",)),
        )
        return tuple(out), signaling

    def claims(self, sides: Sides | None) -> Claims | None:
        if self.get(("claims",)) is None:
            return None
        if sides is not None and sides.mode == "contract":
            self.problem(BAD_SIDES, "claims need fixed sides (teams or individual)", ("claims",))
        allowed = self.expr(("claims", "allowed"), "condition", scopes.CLAIM_ALLOWED, "true")
        total = self.expr(
            ("claims", "total"),
            "formula",
            scopes.CLAIM_TOTAL,
            f"match_points + floor(cards_units / {self.unit}) + declared",
        )
        target = self.expr(("claims", "target"), "formula", scopes.CLAIM_TARGET, "target")
        about = opt.pick(self.get(("claims", "for")), opt.CLAIM_FOR, "own")
        if about == "opponents" and sides is not None and len(sides.seats) != 2:
            self.problem(
                BAD_SIDES,
                "claims.for: opponents needs exactly two sides, "
                f"this ruleset has {len(sides.seats)}",
                ("claims", "for"),
            )
        if allowed is None or total is None or target is None:
            return None
        return Claims(
            allowed,
            total,
            target,
            opt.pick(self.get(("claims", "right")), opt.CLAIM_RIGHT, "win_match"),
            opt.pick(self.get(("claims", "wrong")), opt.CLAIM_WRONG, "lose_match"),
            about,
            out_of_turn=self.get(("claims", "out_of_turn")) is True,
        )

    # --- scoring and the match -------------------------------------------------------------

    def scoring(self) -> Scoring | None:
        deal_points = self.expr(
            ("scoring", "deal_points"),
            "formula",
            scopes.DEAL_POINTS,
            f"floor(units / {self.unit}) + declared",
        )
        bigs = []
        # The old top-level key is a shorthand: the default for every entry's own flag.
        cancels_all = bool(self.get(("scoring", "cappotto_cancels_opponent_declarations"), False))
        for bid, entry in (self.get(("scoring", "big_wins"), {}) or {}).items():
            if entry is None:
                continue
            path: Path = ("scoring", "big_wins", bid)
            cond = self.expr((*path, "condition"), "condition", scopes.BIG_WIN)
            points = self.expr((*path, "points"), "formula", scopes.BIG_WIN_POINTS)
            others = self.expr((*path, "others"), "formula", scopes.BIG_WIN_POINTS)
            if cond is not None:
                bigs.append(
                    BigWin(
                        str(bid),
                        cond,
                        int(entry.get("games", 1)),
                        int(entry.get("multiplier", 1)),
                        bool(entry.get("cancels_opponent_declarations", cancels_all)),
                        points,
                        others,
                    )
                )
        default_effect: BigWinEffect = "none"
        if bigs and all(b.points is None and b.others is None for b in bigs):
            default_effect = (
                "multiply"
                if any(
                    "multiplier" in (e or {})
                    for e in (self.get(("scoring", "big_wins"), {}) or {}).values()
                )
                else "win_match"
            )
        if deal_points is None:
            return None
        return Scoring(
            last_trick=int(self.get(("scoring", "last_trick"), 0)),
            leftover_to=opt.pick(
                self.get(("scoring", "leftover_to")), opt.LEFTOVER_TO, "last_trick_winner"
            ),
            deal_points=deal_points,
            big_wins=tuple(bigs),
            big_win_effect=opt.pick(
                self.get(("scoring", "big_win_effect")), opt.BIG_WIN_EFFECTS, default_effect
            ),
            residual_to=opt.pick(self.get(("scoring", "residual_to")), opt.RESIDUAL_TO, "none"),
            deal_total=self.expr(("scoring", "deal_total"), "formula", scopes.DEAL_TOTAL),
        )

    def payoff(self) -> Payoff | None:
        if self.get(("payoff",)) is None:
            return None
        success = self.expr(("payoff", "success"), "condition", scopes.PAYOFF_SUCCESS)
        value = self.expr(
            ("payoff", "value"), "formula", scopes.PAYOFF_VALUE, "contract_value * multiplier"
        )
        declarer = self.expr(("payoff", "declarer"), "formula", scopes.PAYOFF_ROLE)
        partner = self.expr(("payoff", "partner"), "formula", scopes.PAYOFF_ROLE)
        defender = self.expr(("payoff", "defender"), "formula", scopes.PAYOFF_ROLE)
        if success is None or value is None or declarer is None or defender is None:
            if not self.problems:
                self.problem(BAD_VALUE, "payoff needs success, declarer and defender", ("payoff",))
            return None
        zero_sum = bool(self.get(("payoff", "zero_sum"), True))
        return Payoff(success, value, declarer, partner, defender, zero_sum=zero_sum)

    def match(self) -> Match | None:
        target = self.get(("match", "target"))
        eliminate = self.expr(("match", "eliminate"), "condition", scopes.MATCH_ELIMINATE)
        default_end = "max(totals) >= target" if target is not None else None
        if self.get(("match", "eliminate")) is not None:
            default_end = "false"  # only elimination ends it, unless `end` says more
        end = self.expr(("match", "end"), "condition", scopes.MATCH_END, default_end)
        if end is None:
            if self.get(("match", "end")) is None:
                self.problem(
                    BAD_VALUE, "the match never ends: give match.end or match.target", ("match",)
                )
            return None
        return Match(
            target=int(target) if target is not None else None,
            end=end,
            check=opt.pick(self.get(("match", "check")), opt.MATCH_CHECKS, "end_of_deal"),
            winner=opt.pick(self.get(("match", "winner")), opt.MATCH_WINNERS, "highest"),
            tie=opt.pick(self.get(("match", "tie")), opt.MATCH_TIES, "play_on"),
            reason="target" if target is not None else "session_end",
            eliminate=eliminate,
        )


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _dotted(path: Path) -> str:
    return ".".join(str(p) for p in path)


def _ranks(text: str) -> list[str]:
    words = text.split()
    return words if len(words) > 1 else list(text.strip())
