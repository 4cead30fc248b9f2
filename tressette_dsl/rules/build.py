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
    parse_packets,
    parse_pattern,
    parse_values,
)
from tressette_dsl.loader.inherit_meta import choice_keys, choice_text
from tressette_dsl.rules import scopes
from tressette_dsl.rules.model import (
    NO_CONST,
    AuctionPhase,
    BidSpec,
    BigWin,
    CallPhase,
    ChoosePhase,
    Claims,
    Contract,
    DealPhase,
    Deck,
    Declaration,
    Declaring,
    DiscardPhase,
    DrawSpec,
    Expr,
    GivePhase,
    Match,
    Meta,
    Misdeal,
    MovePhase,
    PacketSpec,
    Payoff,
    Phase,
    Players,
    RevealPhase,
    Rule,
    Ruleset,
    ScorePhase,
    Scoring,
    Sides,
    Signaling,
    SignalSpec,
    Source,
    TakePhase,
    TricksPhase,
    Who,
)
from tressette_dsl.rules.timeline import check_timeline
from tressette_dsl.source import SourceMap

Path = tuple[str | int, ...]
ROLES = ("declarer", "defenders", "partner", "call_supplier", "all")
ZONES = ("monte", "stock")

# Problems only the builder can see (the loader's checks use TS401-TS419).
BAD_TYPE = "TS430"  # an expression of the wrong type for its slot
BAD_ROLE = "TS431"  # who / to is neither a role nor a seat expression
BAD_SIDES = "TS432"  # a feature needs sides the ruleset does not have
BAD_VALUE = "TS433"  # a value outside what the engine can play
NO_VALUE_YET = "TS434"  # a name used before any phase of flow gives it a value


def build_ruleset(doc: dict[str, Any], smap: SourceMap) -> Ruleset:
    digest = document_hash(doc)
    builder = _Builder(doc, smap)
    rules = builder.build()
    if builder.problems or rules is None:
        raise DiagnosticError(builder.problems)
    return dataclasses.replace(rules, meta=builder.meta(), document_hash=digest)


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
        )

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

        check_timeline(flow, self.used, report)

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

    def players(self) -> Players:
        count = int(self.get(("players", "count"), 4))
        direction = str(self.get(("players", "direction"), "anticlockwise"))
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
        mode = str(self.get(("sides", "mode"), "individual"))
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

    def flow(self) -> tuple[Phase, ...]:
        out: list[Phase] = []
        for phase_id in self.get(("flow",), []) or []:
            path: Path = ("phases", phase_id)
            kind = self.get((*path, "kind"))
            maker = getattr(self, f"phase_{kind}", None)
            if maker is None:
                self.problem(BAD_VALUE, f"unknown phase kind {kind!r}", (*path, "kind"))
                continue
            when = self.expr((*path, "when"), "condition", scopes.WHEN)
            phase = maker(str(phase_id), path, when)
            if phase is not None:
                out.append(phase)
        return tuple(out)

    def who(self, path: Path, default: str) -> Who:
        value = self.get(path, default)
        text = str(value)
        if text in ROLES:
            return Who(text)
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

    def phase_deal(self, pid: str, path: Path, when: Expr | None) -> DealPhase | None:
        first = self.get((*path, "first_dealer"), "random")
        first_dealer = (
            None if first == "random" else self.const_expr((*path, "first_dealer"), int(first))
        )
        next_dealer = self.expr((*path, "next_dealer"), "seat", scopes.NEXT_DEALER, "next(dealer)")
        try:
            packets = parse_packets(str(self.get((*path, "packets"), "")), ZONES)
        except ExprError as err:
            self.expr_problems(err, (*path, "packets"))
            return None
        misdeal = None
        if self.get((*path, "misdeal")) is not None:
            cond = self.expr((*path, "misdeal", "condition"), "condition", scopes.MISDEAL)
            misdeal = Misdeal(cond) if cond is not None else None
        if next_dealer is None:
            return None
        return DealPhase(
            pid,
            when,
            first_dealer,
            next_dealer,
            tuple(PacketSpec(p.count, p.zone) for p in packets),
            misdeal,
        )

    def phase_auction(self, pid: str, path: Path, when: Expr | None) -> AuctionPhase | None:
        first = self.expr((*path, "first"), "seat", scopes.SEAT_EXPR, "next(dealer)")
        bids = []
        for bid_id, given in (self.get((*path, "bids"), {}) or {}).items():
            entry = given or {}
            rank = entry.get("rank")
            rank_index = None
            if rank is not None:
                ranks = self.ctx.ranks if self.ctx else ()
                if str(rank) not in ranks:
                    self.problem(
                        BAD_VALUE,
                        f"bid rank {rank!r} is not a rank of the deck",
                        (*path, "bids", bid_id, "rank"),
                        hint=f"ranks: {' '.join(ranks)}",
                    )
                else:
                    rank_index = ranks.index(str(rank))
            points = entry.get("points")
            span = (int(points["from"]), int(points["to"])) if points else None
            bids.append(
                BidSpec(
                    str(bid_id),
                    int(entry.get("level", 0)),
                    str(entry.get("contract", bid_id)),
                    bool(entry.get("closes")),
                    rank_index,
                    span,
                )
            )
        if first is None:
            return None
        return AuctionPhase(
            pid,
            when,
            first,
            str(self.get((*path, "speeches"), "once")),
            tuple(bids),
            str(self.get((*path, "all_pass"), "redeal")),
            self.rule((*path, "bids")),
        )

    def phase_choose(self, pid: str, path: Path, when: Expr | None) -> ChoosePhase:
        return ChoosePhase(
            pid,
            when,
            self.who((*path, "who"), "declarer"),
            tuple(str(o) for o in self.get((*path, "options"), [])),
            bool(self.get((*path, "keep"), True)),
        )

    def phase_call(self, pid: str, path: Path, when: Expr | None) -> CallPhase | None:
        cards = self.expr((*path, "cards"), "cards", scopes.CALL_CARDS)
        if cards is None:
            return None
        return CallPhase(
            pid,
            when,
            self.who((*path, "who"), "declarer"),
            cards,
            str(self.get((*path, "effect"), "transfer")),
            str(self.get((*path, "reveal"), "on_play")),
            self.get((*path, "trump")) == "called_suit",
        )

    def phase_reveal(self, pid: str, path: Path, when: Expr | None) -> RevealPhase:
        return RevealPhase(pid, when, str(self.get((*path, "zone"), "monte")))

    def phase_move(self, pid: str, path: Path, when: Expr | None) -> MovePhase:
        return MovePhase(
            pid,
            when,
            str(self.get((*path, "from"), "monte")),
            self.who((*path, "to"), "declarer"),
            self.count((*path, "count"), scopes.DEAL, None),
            bool(self.get((*path, "shown"), False)),
        )

    def phase_give(self, pid: str, path: Path, when: Expr | None) -> GivePhase | None:
        count = self.count((*path, "count"), scopes.DEAL, 1)
        if count is None:
            return None
        return GivePhase(
            pid,
            when,
            self.who((*path, "who"), "declarer"),
            self.who((*path, "to"), "call_supplier"),
            count,
            bool(self.get((*path, "shown"), False)),
        )

    def phase_discard(self, pid: str, path: Path, when: Expr | None) -> DiscardPhase | None:
        count = self.count((*path, "count"), scopes.DISCARD_COUNT, None)
        if count is None:
            return None
        return DiscardPhase(
            pid,
            when,
            self.who((*path, "who"), "declarer"),
            count,
            str(self.get((*path, "to"), "monte")),
        )

    def phase_take(self, pid: str, path: Path, when: Expr | None) -> TakePhase:
        return TakePhase(
            pid,
            when,
            self.who((*path, "who"), "defenders"),
            str(self.get((*path, "from"), "monte")),
        )

    def phase_tricks(self, pid: str, path: Path, when: Expr | None) -> TricksPhase | None:
        first = self.expr((*path, "first_lead"), "seat", scopes.SEAT_EXPR, "next(dealer)")
        follow = self.expr((*path, "follow_suit"), "condition", scopes.FOLLOW_SUIT, "true")
        trump = None
        if str(self.get((*path, "trump"), "none")) != "none":
            trump = self.expr((*path, "trump"), "any", scopes.TRUMP, expect=Type.SUIT)
        draw = None
        if self.get((*path, "draw")) is not None:
            draw = DrawSpec(
                str(self.get((*path, "draw", "from"), "stock")),
                str(self.get((*path, "draw", "order"), "winner_first")),
                bool(self.get((*path, "draw", "shown"), True)),
            )
        if first is None or follow is None:
            return None
        return TricksPhase(pid, when, first, follow, trump, draw)

    def phase_score(self, pid: str, path: Path, when: Expr | None) -> ScorePhase:
        return ScorePhase(pid, when)

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
                    says=str(entry.get("says", "cards")),
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
            at=str(self.get(("declaring", "at"), "end_of_trick")),
            window=window,
            scored=str(self.get(("declaring", "scored"), "immediately")),
            mandatory=bool(self.get(("declaring", "mandatory"), False)),
            reveal=str(self.get(("declaring", "reveal"), "on_declare")),
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
                    at=str(entry.get("at", "lead")),
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
        about = str(self.get(("claims", "for"), "own"))
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
            str(self.get(("claims", "right"), "win_match")),
            str(self.get(("claims", "wrong"), "lose_match")),
            about,
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
            cond = self.expr(("scoring", "big_wins", bid, "condition"), "condition", scopes.BIG_WIN)
            if cond is not None:
                bigs.append(
                    BigWin(
                        str(bid),
                        cond,
                        int(entry.get("games", 1)),
                        int(entry.get("multiplier", 1)),
                        bool(entry.get("cancels_opponent_declarations", cancels_all)),
                    )
                )
        default_effect = "none"
        if bigs:
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
            leftover_to=str(self.get(("scoring", "leftover_to"), "last_trick_winner")),
            deal_points=deal_points,
            big_wins=tuple(bigs),
            big_win_effect=str(self.get(("scoring", "big_win_effect"), default_effect)),
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
        return Payoff(success, value, declarer, partner, defender)

    def match(self) -> Match | None:
        target = self.get(("match", "target"))
        default_end = "max(totals) >= target" if target is not None else None
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
            check=str(self.get(("match", "check"), "end_of_deal")),
            winner=str(self.get(("match", "winner"), "highest")),
            tie=str(self.get(("match", "tie"), "play_on")),
            reason="target" if target is not None else "session_end",
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
