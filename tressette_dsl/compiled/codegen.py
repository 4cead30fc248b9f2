"""The ruleset model to Python source: a specialised trick loop for the kernel.

`generate(rules)` writes one function, ``run(k, choose)``, that plays the `tricks` phase
on the kernel's mutable state `k` (lists of int masks, see `kernel.Kernel`) from the seat
to act until a moment it leaves to the interpreter; ``choose[seat](n)`` picks one of the
`n` legal choices of that seat (claims excluded, as the random agent does). It counts the
choices exactly as the interpreter orders its legal actions: each playable card in deck
order, each followed by the signals that may go with it, then the any-time signals.

What varies between rulesets becomes constants and inlined code: the seat order, the
suit, strength and masks of each card, every signal's truth and the windows as Python
expressions (`exprgen`), and only the blocks a ruleset needs (trumps, drawing from the
stock, declaring windows, a called card). Ruleset text reaches the source only as values
printed with ``repr``.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tressette_dsl.compiled.coverage import inline_turn, structural
from tressette_dsl.compiled.exprgen import Emitter, Uncovered
from tressette_dsl.engine.signals import checked_truth
from tressette_dsl.engine.state import DeclRecord
from tressette_dsl.rules import scopes
from tressette_dsl.rules.model import NO_CONST, CallPhase, Expr, Ruleset, TricksPhase

# Boundary codes the generated `run` leaves in `k.stop` (why it handed over).
STOP_NAMES = {
    1: "end of play",
    2: "declaring round",
    4: "announced declarations to reveal",
    5: "declarations after a draw",
    6: "declaring after the lead",
    7: "declarations at one's own turn (the interpreter decides)",
    8: "a declaring round begins (the driver plays it)",
}


@dataclass(frozen=True, slots=True)
class Generated:
    """The source of one ruleset's kernel and the objects its module namespace needs."""

    source: str
    namespace: Mapping[str, Any]
    signal_ids: tuple[str, ...]
    uncovered: tuple[str, ...]
    delegated: tuple[str, ...]
    phase_index: int
    # for tables too long to print as literals: the Python expression that builds each
    # (what `CompiledRuleset.listing` prints instead of the value)
    recipes: Mapping[str, str] = field(default_factory=dict)


# (index of the signal, its value, the truth to check or None when it may always be given)
Candidate = tuple[int, int | None, Expr | None]

# Language names of the deal env, read once per run from `k.deal_env()`.
_DEAL_NAMES = tuple(n for n in scopes.DEAL if n not in ("trick_no", "stock_size", "holder"))


class _Lines:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0

    def __call__(self, text: str) -> None:
        self.lines.append("    " * self.depth + text if text else "")

    def indent(self) -> _Lines:
        self.depth += 1
        return self

    def dedent(self) -> None:
        self.depth -= 1


def generate(rules: Ruleset) -> Generated:
    uncovered, delegated = structural(rules)
    tricks = [(i, p) for i, p in enumerate(rules.flow) if isinstance(p, TricksPhase)]
    index, spec = tricks[0] if tricks else (-1, None)
    if uncovered or spec is None:
        return Generated("", {}, (), tuple(uncovered), tuple(delegated), index)
    em = Emitter(rules.ctx)
    try:
        source = _Writer(rules, spec, em).write()
    except Uncovered as exc:
        return Generated("", {}, (), (exc.feature,), tuple(delegated), index)
    namespace = {
        **em.table_symbols(),
        **em.symbols,
        **_follow_tables(rules, em),
        **_lead_tables(rules, em),
        "LEAD_COUNT": {},
        "FOLLOW_COUNT": {},  # `count_cards`' memo of a follow's choices by the suit's rest
        "LEAD_TAB": {0: (0, (), ())},
        "CHOICE": {},  # the lead tables' (card, signal, value) entries, one object each
        "NO_OPTIONS": (),
        "DECL_RECORD": DeclRecord,
        "BITLEN": tuple(i.bit_length() for i in range(len(rules.deck.cards) + 1)),
    }
    return Generated(
        source,
        namespace,
        tuple(s.id for s in rules.signals),
        (),
        tuple(delegated),
        index,
        {**_follow_recipes(rules, em), **_lead_recipes(rules, em)},
    )


# A suit of at most this many cards gets a table of its holdings (2 ** cards entries).
_FOLLOW_TABLE_CARDS = 13
# The lead's per-suit lists are filled as the kernel is loaded when they hold at most this
# many entries together (four suits of ten cards: 4,096, about 15 ms), else on first use.
_EAGER_LEAD_ENTRIES = 1 << 12


def _suit_spans(rules: Ruleset, em: Emitter) -> list[tuple[int, int]] | None:
    """(lowest card, number of cards) of each suit, in suit order, when every suit's
    cards are one run of consecutive card numbers small enough to tabulate; else None."""
    suit_of = em.table_symbols()["SUIT_OF"]
    by_suit: dict[int, list[int]] = {}
    for c in sorted(rules.deck.cards):
        by_suit.setdefault(suit_of[c], []).append(c)
    if not by_suit or sorted(by_suit) != list(range(len(by_suit))):
        return None
    spans = []
    for s in range(len(by_suit)):
        cards = by_suit[s]
        lo = cards[0]
        if cards != list(range(lo, lo + len(cards))) or len(cards) > _FOLLOW_TABLE_CARDS:
            return None
        spans.append((lo, len(cards)))
    return spans


def _follow_tables(rules: Ruleset, em: Emitter) -> dict[str, Any]:
    """``FOLLOW_OF[suit][holding]``: (the cards in deck order, their number, its bit
    length - the draw's) of each holding of a suit, the holding read as ``(hand &
    SUIT_MASK[suit]) >> SUIT_LO[suit]``; the last entry (index -1, no suit led) holds no
    card. Only where `_suit_spans` applies."""
    spans = _suit_spans(rules, em)
    if spans is None:
        return {}
    follow = []
    for lo, size in spans:
        cards = [tuple(lo + j for j in range(size) if q >> j & 1) for q in range(1 << size)]
        follow.append(tuple((cs, len(cs), len(cs).bit_length()) for cs in cards))
    follow.append((((), 0, 0),))
    return {"FOLLOW_OF": tuple(follow), "SUIT_LO": (*(lo for lo, _ in spans), 0)}


def _follow_recipes(rules: Ruleset, em: Emitter) -> dict[str, str]:
    """`FOLLOW_OF` as the expression that builds it (its literal is thousands of tuples)."""
    spans = _suit_spans(rules, em)
    if spans is None:
        return {}
    return {
        "FOLLOW_OF": "(*(tuple((cs, len(cs), len(cs).bit_length()) for cs in (tuple(lo + j "
        "for j in range(size) if q >> j & 1) for q in range(1 << size))) for lo, size in "
        f"{tuple(spans)!r}), (((), 0, 0),))"
    }


def _lead_tables(rules: Ruleset, em: Emitter) -> dict[str, Any]:
    """``LEAD_<suit>[holding]``: a lead's (choices, per-card choices, choices in order)
    from that suit held as ``holding`` (``(hand >> SUIT_LO[suit]) & full``), None until
    the generated `lead_counts` fills it on first use; the empty holding is no choice.
    Only where `_suit_spans` applies (the lead is counted suit by suit when its truths
    read only the rest of the suit)."""
    spans = _suit_spans(rules, em)
    if spans is None:
        return {}
    empty: tuple[int, tuple[int, ...], tuple[Any, ...]] = (0, (), ())
    return {
        f"LEAD_{s}": [empty] + [None] * ((1 << size) - 1) for s, (_lo, size) in enumerate(spans)
    }


def _lead_recipes(rules: Ruleset, em: Emitter) -> dict[str, str]:
    """`_lead_tables` as the expressions that build them (lists of 2 ** size entries)."""
    spans = _suit_spans(rules, em)
    if spans is None:
        return {}
    return {
        f"LEAD_{s}": f"[(0, (), ())] + [None] * {(1 << size) - 1}"
        for s, (_lo, size) in enumerate(spans)
    }


def _is_bool(node: ast.expr) -> bool:
    """Is the value of this emitted expression a `bool` whatever its operands (a
    comparison, a `not`, an `and`/`or` of such)? Then it needs no ``bool(...)``."""
    if isinstance(node, ast.Compare):
        return True
    if isinstance(node, ast.UnaryOp):
        return isinstance(node.op, ast.Not)
    if isinstance(node, ast.BoolOp):
        return all(_is_bool(v) for v in node.values)
    return isinstance(node, ast.Constant) and isinstance(node.value, bool)


class _HandOfSuit(ast.NodeTransformer):
    """``h2 & SUIT_MASK[<suit>]`` (the hand after the card, within the suit led: ``ls``
    at a lead, ``led`` when following) to ``hs``."""

    def __init__(self, suit: str) -> None:
        self.mask = f"SUIT_MASK[{suit}]"

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        if (
            isinstance(node.op, ast.BitAnd)
            and isinstance(node.left, ast.Name)
            and node.left.id == "h2"
            and isinstance(node.right, ast.Subscript)
            and ast.unparse(node.right) == self.mask
        ):
            return ast.copy_location(ast.Name("hs", ast.Load()), node)
        self.generic_visit(node)
        return node


def _suit_only(srcs: list[str], em: Emitter, suit: str = "ls") -> list[str] | None:
    """The signal truths of a lead (``suit`` ``ls``) or of a follow (``led``) rewritten
    over ``hs``, when that is all of the hand they read and nothing else varies (only
    the suit and the kernel's constant tables and pure helpers): then the count of a
    card's choices is a function of the rest of the suit led (``hs``, or the suit when
    none is left), memoised for the process in ``LEAD_COUNT`` / ``FOLLOW_COUNT`` (at
    most one entry per subset of a suit). Otherwise None: evaluated card by card."""
    constant = {*em.table_symbols(), *em.symbols}
    out = []
    for src in srcs:
        tree = _HandOfSuit(suit).visit(ast.parse(src, mode="eval"))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        if not names <= {"hs", suit, *constant}:
            return None
        out.append(ast.unparse(tree) if src != "True" else src)
    return out


# operators that cannot raise on the ints the truths compute with (no shift by a
# variable amount, no division): a subexpression made of them may be evaluated once
# before the tests that share it, even where an `and`/`or` would have skipped it
_PURE_OPS = (ast.BitAnd, ast.BitOr, ast.BitXor, ast.Add, ast.Sub, ast.Mult)
_PURE_METHODS = frozenset({"bit_count", "bit_length"})


def _pure(node: ast.expr, tables: frozenset[str]) -> bool:
    """Is `node` a count of locals and constant tables that cannot raise: names,
    constants, pure operators, a table indexed by such a thing (the kernel's tables
    answer every index they are given, -1 included), `.bit_count()`?"""
    if isinstance(node, ast.Name | ast.Constant):
        return True
    if isinstance(node, ast.BinOp):
        return (
            isinstance(node.op, _PURE_OPS)
            and _pure(node.left, tables)
            and _pure(node.right, tables)
        )
    if isinstance(node, ast.Subscript):
        return (
            isinstance(node.value, ast.Name)
            and node.value.id in tables
            and _pure(node.slice, tables)
        )
    if isinstance(node, ast.Call):
        f = node.func
        return (
            isinstance(f, ast.Attribute)
            and f.attr in _PURE_METHODS
            and not node.args
            and not node.keywords
            and _pure(f.value, tables)
        )
    return False


class _Shared(ast.NodeTransformer):
    """Each call in `names` (by its dump) to the local that holds its value."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names

    def visit_Call(self, node: ast.Call) -> ast.AST:
        name = self.names.get(ast.dump(node))
        if name is not None:
            return ast.copy_location(ast.Name(name, ast.Load()), node)
        self.generic_visit(node)
        return node


def _hoist(srcs: list[str], em: Emitter, prefix: str) -> tuple[list[str], list[str]]:
    """The calls that several truths of one block compute alike (a parametrised signal's
    ``count(hand[suit == led_suit]) == value`` is one count tested against each value;
    a truth over every suit repeats its counts for each value), as assignments to
    locals ``<prefix>0``, ``<prefix>1``... and the truths rewritten over them: the
    block's tests then count each once instead of once a truth. Only pure calls
    (`_pure`) move, so the tests' values are unchanged."""
    tables = frozenset(em.table_symbols())
    trees = [ast.parse(src, mode="eval") for src in srcs]
    seen: dict[str, int] = {}
    first: dict[str, ast.Call] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _pure(node, tables):
                key = ast.dump(node)
                seen[key] = seen.get(key, 0) + 1
                first.setdefault(key, node)
    names: dict[str, str] = {}
    assigns: list[str] = []
    for key, times in seen.items():
        if times < 2:
            continue
        name = f"{prefix}{len(names)}"
        names[key] = name
        assigns.append(f"{name} = {ast.unparse(first[key])}")
    if not names:
        return [], srcs
    shared = _Shared(names)
    # parenthesised: the callers write a truth after an `and` (`sig < 0 and (...)`)
    out = [
        src if src == "True" else f"({ast.unparse(shared.visit(tree))})"
        for src, tree in zip(srcs, trees, strict=True)
    ]
    return assigns, out


class _Writer:
    def __init__(self, rules: Ruleset, spec: TricksPhase, em: Emitter) -> None:
        self.rules, self.spec, self.em = rules, spec, em
        self.used_env: set[str] = set()
        self.suits: list[int] = []
        self.lead_srcs: list[str] | None = None  # the lead's truths, when by suit
        # (suit, lowest card, cards) of each `LEAD_<suit>` list filled when the kernel is
        # loaded (`count_by_suit`): empty when the lists are filled on first use
        self.lead_fill: list[tuple[int, int, int]] = []
        d = rules.declaring
        self.d = d
        self.n = rules.players.count
        self.has_trump = spec.trump is not None or any(
            isinstance(p, CallPhase) and p.trump_called_suit for p in rules.flow
        )
        self.has_call = any(isinstance(p, CallPhase) for p in rules.flow)
        self.draw = spec.draw
        self.follow_table = False  # followers' cards from `FOLLOW_OF` (set by `write`)
        self.whole_tricks = False  # tricks from their lead in one block (`whole_trick`)
        self.guard = "not trick"  # when a trick is played in one block
        self.no_turn = False  # writing `whole_trick`: no declarations at a turn there
        sig_index = {s.id: i for i, s in enumerate(rules.signals)}
        self.cands: dict[str, list[Candidate]] = {}
        for at in ("lead", "follow", "any_time"):
            self.cands[at] = [
                (sig_index[s.id], value, checked_truth(rules, s))
                for s in rules.signals
                if s.at == at
                for value in (s.values or (None,))
            ]

    # ----- expressions -----

    def expr(self, e: Expr, start: str, scope: scopes.Scope, names: dict[str, str]) -> str:
        if e.const is not NO_CONST:
            return repr(bool(e.const)) if start == "condition" else repr(e.const)
        for name in e.names:
            if name in _DEAL_NAMES and name not in names:
                names[name] = f"env_{name}"
                self.used_env.add(name)
        return self.em.emit(e.text, start, scope, names)

    def truth(self, e: Expr | None, value: int | None, names: dict[str, str]) -> str:
        if e is None:
            return "True"
        names = {**names, "value": repr(0 if value is None else value)}
        return self.expr(e, "condition", scopes.SIGNAL_TRUTH, names)

    def window_expr(self) -> str:
        w = self.rules.signaling.window
        if w is None:
            return "True"
        names = {
            "trick_no": "trick_no",
            "seat": "seat",
            "leader": "leader",
            "on_lead": "(not trick and leader == seat)",
            "stock_size": "(len(stock) - spos)",
        }
        return self.expr(w, "condition", scopes.SIGNAL_WINDOW, names)

    def trick_rule(self, e: Expr) -> str:
        names = {"trick_no": "trick_no", "stock_size": "(len(stock) - spos)"}
        src = self.expr(e, "condition", scopes.FOLLOW_SUIT, names)
        if src in ("True", "False") or _is_bool(ast.parse(src, mode="eval").body):
            return src  # a comparison already gives a bool: no call to `bool`
        return f"bool({src})"

    # ----- the source -----

    def shape(self) -> None:
        """Which fast forms the loop takes: followers' cards from `FOLLOW_OF` (suits in
        runs of the deck, no signals with a follow), whole tricks in one block."""
        self.follow_table = (
            _suit_spans(self.rules, self.em) is not None
            and not self.cands["follow"]
            and not self.cands["any_time"]
        )
        d = self.d
        guard = self.trick_guard()
        self.whole_tricks = (
            self.follow_table
            and guard is not None
            and not (d is not None and d.at == "after_lead" and not d.mandatory)
        )
        self.guard = guard or "not trick"

    def write(self) -> str:
        self.shape()
        body = _Lines()
        self.body(body)
        head = _Lines()
        r = self.rules
        head(f"# Kernel of ruleset {r.id!r} ({r.document_hash or 'no hash'}), generated by")
        head("# tressette_dsl.compiled.codegen: do not edit. Cards are ints, sets are int masks;")
        head("# SUIT_OF, STRENGTH_OF, SUIT_MASK ... are this deck's tables (index -1 = no card).")
        head("")
        head(f"N = {self.n}  # seats")
        head(f"NEXT = {tuple(r.players.next(s) for s in range(self.n))!r}  # the seat after each")
        head(f"SEAT_AT = {tuple(r.players.order_from(s) for s in range(self.n))!r}")
        head(f"SIGNAL_IDS = {tuple(s.id for s in r.signals)!r}")
        head("")
        head("")
        if self.lead_srcs is not None:
            head.lines.extend(self.lead_counts_source(self.lead_srcs))
            head("")
            head.lines.extend(self.lead_fill_source())
            head("")
        head("def run(k, choose):")
        head.indent()
        head(
            f"# phase {self.spec.id!r}: play until a moment for the interpreter (k.stop says which)"
        )
        for name in (
            "hands",
            "won",
            "public",
            "wplayed",
            "tricks_won",
            "drawn",
            "trick",
            "trick_log",
            "sig_log",
            "reveal_log",
            "anymade",
            "announced",
            "cnt",
            "stock",
        ):
            head(f"{name} = k.{name}")
        for name in ("seat", "leader", "trick_no", "must_follow", "window_open", "last_winner"):
            head(f"{name} = k.{name}")
        head("led = SUIT_OF[trick[0]] if trick else -1")
        head("fm = SUIT_MASK[led] if must_follow else 0  # the cards a follower must follow with")
        if self.follow_table:
            head("ft = FOLLOW_OF[led]  # the led suit's holdings to their cards")
            head("fsh = SUIT_LO[led]")
        head("spos = k.spos")
        head("left = k.left")
        head("trump = k.trump")
        head("called = k.called")
        head("revealed = k.revealed")
        head("grb = k.grb  # the seats' getrandbits when the policy is the random one")
        head("actions = 0")
        head("free = 0  # any-time signals made (actions that are not card plays)")
        head("pick = 0")
        if self.used_env:
            head("env = k.deal_env()")
        for name in sorted(self.used_env):
            head(f"env_{name} = env[{name!r}]")
        tail = _Lines()
        tail.depth = 1
        tail("k.pick = pick")
        for name in (
            "seat",
            "leader",
            "trick_no",
            "must_follow",
            "window_open",
            "last_winner",
            "spos",
            "left",
            "revealed",
        ):
            tail(f"k.{name} = {name}")
        tail("k.actions += actions")
        tail("k.free += free")
        return "\n".join([*head.lines, *body.lines, *tail.lines, ""])

    def body(self, out: _Lines) -> None:
        out.depth = 1
        out("while True:")
        out.indent()
        if self.whole_tricks:
            self.whole_trick(out)
        out("h = hands[seat]")
        self.turn_declarations(out)
        out("if trick:")
        out.indent()
        out("p = h & fm")
        if self.follow_table:  # the cards of the led suit held: one table lookup
            self.follow_choice(out)
        else:
            out("if not p:")
            out.indent()("p = h")
            out.dedent()
            self.choice(out, "follow")
        out.dedent()
        out("else:")
        out.indent()
        out("led = -1")
        out("p = h")
        self.choice(out, "lead")
        out("led = SUIT_OF[c]  # the trick's suit, and what the followers must follow with")
        out("fm = SUIT_MASK[led] if must_follow else 0")
        if self.follow_table:
            out("ft = FOLLOW_OF[led]")
            out("fsh = SUIT_LO[led]")
        out.dedent()
        self.play(out)

    def trick_guard(self) -> str | None:
        """When a trick may be played in one block (`whole_trick`): at its lead, and -
        where declarations are offered at a seat's own turn - outside their window (no
        seat can then declare or stop between the trick's cards). None when a stop or
        choice could come between the cards anyway (declarations that drawn cards
        complete)."""
        d = self.d
        if d is None or d.mandatory:
            return "not trick"
        drawn = self.draw is not None and any(x.extends_to_drawn for x in self.rules.declarations)
        if drawn:
            return None
        if d.at == "own_turn":
            return "not trick and not window_open"
        return "not trick"

    def whole_trick(self, out: _Lines) -> None:
        """A trick from its lead in one straight block (`whole_tricks`: nothing can stop
        the play between a trick's cards but the trick's end, and the followers' cards
        come from `FOLLOW_OF`): the lead as below, then each follower in seat order, the
        cards kept in locals ``c0 ...`` instead of the `trick` list, the winner, the
        same stops at the trick's end (the trick's first cards go to `trick` then, the
        last card to `k.card`, as the card-by-card loop below leaves them), and the
        bookkeeping of the trick at once. The loop below plays only a trick entered in
        its middle (a state loaded there)."""
        n = self.n
        # only under the random policy (`grb`): a policy of its own may read the loop's
        # locals (`agents.rollout` reads `trick`, `p`, `h`), which the card-by-card loop keeps
        out(f"if {self.guard} and grb is not None:  # a trick from its lead, in one block")
        out.indent()
        self.no_turn = True  # (a block outside any own-turn declarations' window)
        out("h = hands[seat]")
        out("led = -1")
        out("p = h")
        self.choice(out, "lead")
        out("led = SUIT_OF[c]  # the trick's suit, and what the followers must follow with")
        out("fm = SUIT_MASK[led] if must_follow else 0")
        out("ft = FOLLOW_OF[led]")
        out("fsh = SUIT_LO[led]")
        out("c0 = c")
        out("b0 = b")
        inline = not self.has_trump  # the winner found card by card (`follow_choice`)
        if inline:
            out("best = STRENGTH_OF[c]  # the trick's best card so far, and its place")
            out("bi = 0")
        self.card_done(out, lead=True)
        for j in range(1, n):
            out("seat = NEXT[seat]")
            out("h = hands[seat]")
            out("p = h & fm")
            self.follow_choice(out, keep=j == n - 1, seat_no=j if inline else 0)
            out(f"c{j} = c")
            out(f"b{j} = b")
            if j < n - 1:
                self.card_done(out, lead=False)
        if inline:
            out("winner = SEAT_AT[leader][bi]")
        else:
            self.resolve(out, [f"c{j}" for j in range(n)])
        out(f"left -= {n - 1}")
        out(f"actions += {n - 1}")
        self.trick_boundaries(out, first=[f"c{j}" for j in range(n - 1)])
        self.card_done(out, lead=False)
        out("left -= 1")
        out("actions += 1")
        self.after_trick(out, [f"c{j}" for j in range(n)])
        out("continue")
        out.dedent()
        self.no_turn = False

    def card_done(self, out: _Lines, *, lead: bool) -> None:
        """A card's bookkeeping in `whole_trick` (the card-by-card loop's, less the
        counts, which the block keeps per trick): out of the hand, no longer shown, in
        the window's record, its signal (a lead's only), the called card seen."""
        out("hands[seat] = h ^ b")
        out("if public[seat] & b:")
        out.indent()("public[seat] ^= b")
        out.dedent()
        self.card_records(out, signals=lead)

    def card_records(self, out: _Lines, *, signals: bool) -> None:
        """What a played card leaves in the records, in both loops: the declaring
        window's cards, its signal (when `signals`: the whole-trick block's followers make
        none), the called card seen."""
        if self.d is not None:
            out("if window_open:")
            out.indent()("wplayed[seat] |= b")
            out.dedent()
        if signals and self.rules.signals:
            out("if sig >= 0:")
            out.indent()("sig_log.extend((seat, sig, val, trick_no, c))")
            out.dedent()
        if self.has_call:
            out("if c == called and not revealed:")
            out.indent()("revealed = True")
            out.dedent()

    def follow_choice(self, out: _Lines, keep: bool = True, seat_no: int = 0) -> None:
        """A follower's card `c` (bit `b`), `p` the hand within the suit to follow: from
        `FOLLOW_OF` when it holds the suit, else from the whole hand. Without `keep`
        (a follower of `whole_trick` before the last, whose choice no stop reports) the
        choice's `pick`, `sig` and `val` are not set. A `seat_no` (the follower's place
        in a `whole_trick` without trumps) keeps the trick's best card so far (`best`,
        placed `bi`): a card of the suit held beats it by strength alone, a card from a
        hand without it only when nothing had to be followed (`fm` empty) and it is of
        the suit led."""
        out("if p:")
        out.indent()
        if self.inline_turn():  # then the own-turn declarations (`turn_declarations`)
            out("cs, np, kk = ft[p >> fsh]")
            out("na = np + nd")
            self.draw_choice(out, "na")
            self.turn_declared(out, "np")
        else:
            out("cs, np, kk = ft[p >> fsh]  # the cards, how many, the draw's bit length")
            self.draw_choice(out, "np", bits="kk", keep=keep)
        if keep:
            out("sig = -1")
            out("val = None")
        out("c = cs[i]")
        out("b = 1 << c")
        if seat_no:
            out("if STRENGTH_OF[c] > best:")
            out.indent()
            out("best = STRENGTH_OF[c]")
            out(f"bi = {seat_no}")
            out.dedent()
        out.dedent()
        out("else:")
        out.indent()
        out("p = h")
        self.choice(out, "follow")
        if seat_no:
            out("if not fm and SUIT_OF[c] == led and STRENGTH_OF[c] > best:")
            out.indent()
            out("best = STRENGTH_OF[c]")
            out(f"bi = {seat_no}")
            out.dedent()
        out.dedent()

    def inline_turn(self) -> bool:
        """Are own-turn declarations played here (`turn_declarations`)? When they are the
        only extra choices besides claims: no any-time signals (whose order among the
        extras is another feature's), no drawn cards that extend them, no shown draws
        (whose reveals would interleave with the declarations'). Never within
        `whole_trick`, which is written for tricks outside the declarations' window."""
        return not self.no_turn and inline_turn(self.rules, self.spec)

    def turn_declarations(self, out: _Lines) -> None:
        """Where the interpreter may offer declarations with the cards, it decides; or,
        for plain own-turn declarations (`inline_turn`), they are the `nd` choices after
        the plays, in the order `declare.options` gives them (`dopts`)."""
        d = self.d
        if d is None or d.mandatory:
            return
        if self.inline_turn():
            own = d.at == "own_turn"
            drawn = self.draw is not None and any(
                x.extends_to_drawn for x in self.rules.declarations
            )
            if own:
                out("if window_open:")
                out.indent()
                out("dopts = k.turn_options(seat, h | wplayed[seat])")
                out.dedent()
                out("else:")
                out.indent()("dopts = NO_OPTIONS")
                out.dedent()
            else:
                out("dopts = NO_OPTIONS")
            if drawn:  # then those the drawn cards complete, less any already offered
                out("if drawn[seat]:")
                out.indent()("dopts = k.drawn_options(seat, h, drawn[seat], dopts)")
                out.dedent()
            out("nd = len(dopts)")
            return
        conds = []
        if d.at == "own_turn":
            conds.append("window_open and k.declarable(seat, h | wplayed[seat], 0)")
        if self.draw is not None and any(x.extends_to_drawn for x in self.rules.declarations):
            conds.append("drawn[seat] and k.declarable(seat, h, drawn[seat])")
        if conds:
            out(f"if {' or '.join(conds)}:")
            out.indent()
            out("pick = -1")
            out("k.stop = 7")
            out("break")
            out.dedent()

    def choice(self, out: _Lines, at: str) -> None:
        """Count the choices, ask `choose`, and find the card `c` (bit `b`) and signal."""
        cands = self.cands[at]
        anytime = self.cands["any_time"]
        if not self.rules.signals or (not cands and not anytime):
            self.plain_choice(out)
            return
        window = self.window_expr()
        if window != "True":
            out(f"if {window}:")
            out.indent()
        by_suit = self.suit_tables(at, cands)
        if by_suit is not None:
            self.count_by_suit(out, by_suit)
        else:
            self.count_cards(out, at, cands)
        self.count_any_time(out, anytime)
        self.draw_choice(out, "na")
        self.turn_declared(out, "n")
        if anytime:
            self.any_time_signal(out, anytime)
        if by_suit is not None:
            self.find_by_suit(out, cands)
        elif cands:
            self.find_card(out, at, cands)
        else:
            self.nth_bit(out)
        if window != "True":
            out.dedent()
            out("else:")
            out.indent()
            self.plain_choice(out)
            out.dedent()

    def count_cards(self, out: _Lines, at: str, cands: list[Candidate]) -> None:
        """`n`: each playable card once, plus once per signal that may go with it."""
        if not cands:
            out("n = p.bit_count()")
            return
        srcs = [self.truth(truth, value, self.names(at)) for _si, value, truth in cands]
        suit = "ls" if at == "lead" else "led"
        memo = "LEAD_COUNT" if at == "lead" else "FOLLOW_COUNT"
        by_suit = _suit_only(srcs, self.em, suit)
        out("n = 0")
        out("j = 0")
        out("x = p")
        out("while x:")
        out.indent()
        self.card_of_low_bit(out)
        out("h2 = h ^ b")
        if at == "lead":
            out("ls = SUIT_OF[c]")
        if by_suit is not None:  # the truths read only the led suit's rest: memoised
            srcs = by_suit
            out(f"hs = h2 & SUIT_MASK[{suit}]")
            out(f"key = hs or ~{suit}  # the rest of the suit, or which suit when none is left")
            out(f"m = {memo}.get(key, 0)")
            out("if not m:")
            out.indent()
        assigns, srcs = _hoist(srcs, self.em, "tc")
        for line in assigns:
            out(line)
        out("m = 1")
        for src in srcs:
            if src == "True":
                out("m += 1")
            else:
                out(f"if {src}:")
                out.indent()("m += 1")
                out.dedent()
        if by_suit is not None:
            out(f"{memo}[key] = m")
            out.dedent()
        out("cnt[j] = m")
        out("n += m")
        out("j += 1")
        out.dedent()

    def suit_tables(self, at: str, cands: list[Candidate]) -> list[str] | None:
        """The lead's truths over the rest of the suit alone (`_suit_only`), when the deck
        lists its suits one after the other (then deck order is suit by suit, each suit
        in card order): the lead is then counted and found suit by suit, from a table
        of each suit holding's per-card counts (`LEAD_TAB`, filled on first use by
        `lead_counts`, which the source defines). Else None."""
        if at != "lead" or not cands:
            return None
        srcs = [self.truth(truth, value, self.names(at)) for _si, value, truth in cands]
        by_suit = _suit_only(srcs, self.em)
        suit_of = self.em.table_symbols()["SUIT_OF"]
        cards = sorted(self.rules.deck.cards)
        suits = [suit_of[c] for c in cards]
        if by_suit is None or suits != sorted(suits):
            return None
        self.suits = sorted(set(suits))
        return by_suit

    def lead_counts_source(self, srcs: list[str]) -> list[str]:
        """``lead_counts(q, ls)``: (choices, per-card choices) of leading from suit `ls`
        held as `q` - each card once plus once per signal true of the rest `hs`."""
        out = _Lines()
        out("def lead_counts(q, ls):")
        out.indent()
        out("counts = []")
        out("flat = []  # every choice in order: (card, signal or -1, its value)")
        out("x = q")
        out("while x:")
        out.indent()
        out("b = x & -x")
        out("x ^= b")
        out("hs = q ^ b")
        out("c = b.bit_length() - 1")
        out("m = 1")
        out("flat.append(CHOICE.setdefault((c, -1, None), (c, -1, None)))")
        for src, (si, value, _truth) in zip(srcs, self.cands["lead"], strict=True):
            one = f"(c, {si}, {value!r})"
            if src != "True":
                out(f"if {src}:")
                out.indent()
            out("m += 1")
            out(f"flat.append(CHOICE.setdefault({one}, {one}))")
            if src != "True":
                out.dedent()
        out("counts.append(m)")
        out.dedent()
        out("return (sum(counts), tuple(counts), tuple(flat))")
        return out.lines

    def lead_fill_source(self) -> list[str]:
        """The module-level loops that fill the `LEAD_<suit>` lists as the kernel is
        loaded (`lead_fill`), or nothing."""
        out = _Lines()
        if self.lead_fill:
            out("# every holding of every suit, tabulated once as the kernel is loaded (a few")
            out("# thousand entries): the loop then reads the tables without a check")
        for suit, lo, size in self.lead_fill:
            out(f"for held in range(1, {1 << size}):")
            q = f"held << {lo}" if lo else "held"
            out.indent()(f"LEAD_{suit}[held] = lead_counts({q}, {suit})")
            out.dedent()
        if self.lead_fill:
            out("")
        return out.lines

    def count_by_suit(self, out: _Lines, srcs: list[str]) -> None:
        """`n` of a lead from the per-suit tables: one lookup per suit."""
        self.lead_srcs = srcs
        mask = self.em.table_symbols()["SUIT_MASK"]
        spans = _suit_spans(self.rules, self.em)
        if spans is not None and len(spans) == len(self.suits):
            # each suit one run of the deck: its holding indexes a list (`LEAD_0`, ...,
            # `_lead_tables`) - a subscript where the dict needs a method call; filled
            # when the kernel is loaded if the lists are small, else on first use
            if sum(1 << spans[s][1] for s in self.suits) <= _EAGER_LEAD_ENTRIES:
                self.lead_fill = [(s, *spans[s]) for s in self.suits]
                for s in self.suits:
                    lo, size = spans[s]
                    full = (1 << size) - 1
                    out(
                        f"t{s} = LEAD_{s}[h >> {lo} & {full}]"
                        if lo
                        else f"t{s} = LEAD_{s}[h & {full}]"
                    )
                out("n = " + " + ".join(f"t{s}[0]" for s in self.suits))
                return
            for s in self.suits:
                lo, size = spans[s]
                full = (1 << size) - 1
                out(f"x{s} = h >> {lo} & {full}" if lo else f"x{s} = h & {full}")
                out(f"t{s} = LEAD_{s}[x{s}]")
                out(f"if t{s} is None:")
                q = f"x{s} << {lo}" if lo else f"x{s}"
                out.indent()(f"t{s} = LEAD_{s}[x{s}] = lead_counts({q}, {s})")
                out.dedent()
            out("n = " + " + ".join(f"t{s}[0]" for s in self.suits))
            return
        for s in self.suits:
            out(f"q{s} = h & {mask[s]}")
            out(f"t{s} = LEAD_TAB.get(q{s})")
            out(f"if t{s} is None:")
            out.indent()(f"t{s} = LEAD_TAB[q{s}] = lead_counts(q{s}, {s})")
            out.dedent()
        out("n = " + " + ".join(f"t{s}[0]" for s in self.suits))

    def find_by_suit(self, out: _Lines, cands: list[Candidate]) -> None:
        """Choice `i` to the suit, then within it to the card, then to the signal."""
        last = self.suits[-1]
        for s in self.suits[:-1]:
            out(f"if i < t{s}[0]:")
            out.indent()
            out(f"c, sig, val = t{s}[2][i]")
            out.dedent()
            out("else:")
            out.indent()
            out(f"i -= t{s}[0]")
        out(f"c, sig, val = t{last}[2][i]")
        for _s in self.suits[:-1]:
            out.dedent()
        out("b = 1 << c")

    def count_any_time(self, out: _Lines, anytime: list[Candidate]) -> None:
        """`na`: `n` plus the any-time signals not yet made this trick that are true
        (or plus the own-turn declarations, which exclude any-time signals)."""
        out("na = n + nd" if self.inline_turn() else "na = n")
        names = {
            "hand": "h",
            "card": "-1",
            "led_suit": "led",
            "trick_no": "trick_no",
            "seat": "seat",
            "stock_size": "(len(stock) - spos)",
        }
        srcs = [self.truth(truth, value, names) for _si, value, truth in anytime]
        assigns, srcs = _hoist(srcs, self.em, "ta")
        for line in assigns:
            out(line)
        for (si, _value, _truth), src in zip(anytime, srcs, strict=True):
            out(f"if not anymade[seat] >> {si} & 1 and {src}:")
            out.indent()("na += 1")
            out.dedent()

    def any_time_signal(self, out: _Lines, anytime: list[Candidate]) -> None:
        """A choice past the cards is the (i - n)-th any-time signal still open: make it
        (the same seat acts again), as the tricks phase does."""
        names = {
            "hand": "h",
            "card": "-1",
            "led_suit": "led",
            "trick_no": "trick_no",
            "seat": "seat",
            "stock_size": "(len(stock) - spos)",
        }
        out("if i >= n:")
        out.indent()
        out("i -= n")
        out("sa = -1")
        out("va = None")
        srcs = [self.truth(truth, value, names) for _si, value, truth in anytime]
        assigns, srcs = _hoist(srcs, self.em, "ta")
        for line in assigns:
            out(line)
        for (si, value, _truth), src in zip(anytime, srcs, strict=True):
            out(f"if sa < 0 and not anymade[seat] >> {si} & 1 and {src}:")
            out.indent()
            out("if not i:")
            out.indent()
            out(f"sa = {si}")
            out(f"va = {value!r}")
            out.dedent()
            out("i -= 1")
            out.dedent()
        out("sig_log.extend((seat, sa, va, trick_no, None))")
        out("anymade[seat] |= 1 << sa")
        out("actions += 1")
        out("free += 1")
        out("continue")
        out.dedent()

    def find_card(self, out: _Lines, at: str, cands: list[Candidate]) -> None:
        """Choice `i` to the card (through `cnt`) and the signal (the i-th true one)."""
        out("x = p")
        out("j = 0")
        out("while True:")
        out.indent()
        out("b = x & -x")
        out("x ^= b")
        out("m = cnt[j]")
        out("if i < m:")
        out.indent()("break")
        out.dedent()
        out("i -= m")
        out("j += 1")
        out.dedent()
        self.signal_of_card(out, at, cands)

    def signal_of_card(self, out: _Lines, at: str, cands: list[Candidate]) -> None:
        """The card `c` of bit `b`, and the `i`-th true signal with it (none for 0)."""
        out("c = b.bit_length() - 1")
        out("sig = -1")
        out("val = None")
        out("if i:")
        out.indent()
        out("h2 = h ^ b")
        if at == "lead":
            out("ls = SUIT_OF[c]")
        srcs = [self.truth(truth, value, self.names(at)) for _si, value, truth in cands]
        assigns, srcs = _hoist(srcs, self.em, "ts")
        for line in assigns:
            out(line)
        for (si, value, _truth), src in zip(cands, srcs, strict=True):
            cond = "sig < 0" if src == "True" else f"sig < 0 and {src}"
            out(f"if {cond}:")
            out.indent()
            out("i -= 1")
            out("if not i:")
            out.indent()
            out(f"sig = {si}")
            out(f"val = {value!r}")
            out.dedent()
            out.dedent()
        out.dedent()

    def names(self, at: str) -> dict[str, str]:
        return {
            "hand": "h2",
            "card": "c",
            "led_suit": "ls" if at == "lead" else "led",
            "trick_no": "trick_no",
            "seat": "seat",
            "stock_size": "(len(stock) - spos)",
        }

    @staticmethod
    def card_of_low_bit(out: _Lines) -> None:
        out("b = x & -x")
        out("x ^= b")
        out("c = b.bit_length() - 1")

    def turn_declared(self, out: _Lines, plays: str) -> None:
        """A choice past the `plays`: the own-turn declaration it names, made; the same
        seat acts again, as the tricks phase has it."""
        if not self.inline_turn():
            return
        out(f"if i >= {plays}:")
        out.indent()
        out(f"k.declare_turn(seat, dopts[i - {plays}], trick_no)")
        out("actions += 1")
        out("free += 1")
        out("continue")
        out.dedent()

    def draw_choice(
        self, out: _Lines, count: str, small: bool = False, bits: str = "", keep: bool = True
    ) -> None:
        """``pick = i``: one of `count` choices. With the seats' generators (`grb`, each
        one's `getrandbits`: the policy is the random one) `randrange` is written out as
        `draws.randrange_of` does (the same numbers), saving a call a decision. `bits`
        names a variable that already holds the count's bit length; without `keep`,
        `pick` is left as it was (a choice no stop reports). Within `whole_trick`, which
        runs only with the seats' generators, the draw is written without the test."""
        random_only = self.no_turn  # writing `whole_trick` (under ``grb is not None``)
        if not random_only:
            out("if grb is None:")
            out.indent()(("pick = i = " if keep else "i = ") + f"choose[seat]({count})")
            out.dedent()
            out("else:")
            out.indent()
        out("g = grb[seat]")
        kk = bits or "kk"
        if not bits:  # a count of cards alone is at most the deck's size: bit length by table
            out(f"kk = BITLEN[{count}]" if small else f"kk = ({count}).bit_length()")
        out(f"i = g({kk})")
        out(f"while i >= {count}:")
        out.indent()(f"i = g({kk})")
        out.dedent()
        if keep:
            out("pick = i")
        if not random_only:
            out.dedent()

    def plain_choice(self, out: _Lines) -> None:
        out("np = p.bit_count()")
        if self.inline_turn():
            out("na = np + nd")
            self.draw_choice(out, "na")
            self.turn_declared(out, "np")
        else:
            self.draw_choice(out, "np", small=True)
        self.nth_bit(out)

    @staticmethod
    def nth_bit(out: _Lines) -> None:
        """The i-th card of `p` in deck order, without a signal."""
        out("sig = -1")
        out("val = None")
        out("while i:")
        out.indent()
        out("p &= p - 1")
        out("i -= 1")
        out.dedent()
        out("b = p & -p")
        out("c = b.bit_length() - 1")

    def play(self, out: _Lines) -> None:
        d = self.d
        if d is not None and d.at == "after_lead" and not d.mandatory:
            out("if not trick and window_open:")
            out.indent()
            out("k.stop = 6")
            out("k.card = (c, sig, val)")
            out("break")
            out.dedent()
        out("trick.append(c)")
        out("full = len(trick) == N")
        out("if full:")
        out.indent()
        self.resolve(out)
        self.trick_boundaries(out)
        out.dedent()
        out("hands[seat] = h ^ b")  # (`played` is written back from the tricks' log)
        out("left -= 1")
        out("actions += 1")
        out("if public[seat] & b:")
        out.indent()("public[seat] ^= b")
        out.dedent()
        self.card_records(out, signals=True)
        out("if not full:")
        out.indent()
        out("seat = NEXT[seat]")
        out("continue")
        out.dedent()
        self.after_trick(out)

    def resolve(self, out: _Lines, cards: list[str] | None = None) -> None:
        """The winner of the full trick: the highest trump, else the highest of the suit
        led; `cards` names the trick's cards in play order (default: the `trick` list)."""
        card = cards if cards is not None else [f"trick[{ii}]" for ii in range(self.n)]
        out(f"lc = {card[0]}")
        out("ls0 = SUIT_OF[lc]")
        out("bi = 0")
        if self.has_trump:
            out("if trump < 0:")
            out.indent()
        out("best = STRENGTH_OF[lc]")
        for ii in range(1, self.n):  # unrolled: the number of seats is a constant
            out(f"cc = {card[ii]}")
            out("if SUIT_OF[cc] == ls0 and STRENGTH_OF[cc] > best:")
            out.indent()
            out("best = STRENGTH_OF[cc]")
            out(f"bi = {ii}")
            out.dedent()
        if self.has_trump:
            out.dedent()
            out("else:")
            out.indent()
            out("best = (2000 if ls0 == trump else 1000) + STRENGTH_OF[lc]")
            for ii in range(1, self.n):
                out(f"cc = {card[ii]}")
                out("cs = SUIT_OF[cc]")
                out("key = (2000 if cs == trump else 1000 if cs == ls0 else 0) + STRENGTH_OF[cc]")
                out("if key > best:")
                out.indent()
                out("best = key")
                out(f"bi = {ii}")
                out.dedent()
            out.dedent()
        out("winner = SEAT_AT[leader][bi]")

    def trick_boundaries(self, out: _Lines, first: list[str] | None = None) -> None:
        """The stops at a full trick, before its last card is done: the trick's first
        cards stay in `trick` (`first`: the names of those `whole_trick` holds) and the
        last card goes to `k.card`."""
        d = self.d
        conds: list[tuple[str, int]] = []
        if self.draw is not None:
            conds.append(("left == 1 and spos >= len(stock)", 1))
        else:
            conds.append(("left == 1", 1))
        if d is not None and d.at == "announce_then_reveal":
            conds.append(("announced[winner] and not k.revealed_announce[winner]", 4))
        if d is not None and d.mandatory and self.draw is not None:
            conds.append(("spos < len(stock)", 5))
        if d is not None and d.at == "end_of_trick" and d.mandatory:
            conds.append(("window_open", 2))  # the declarations are made by themselves
        for cond, code in conds:
            out(f"if {cond}:")
            out.indent()
            if first is None:
                out("trick.pop()")
            else:
                out(f"trick.extend([{', '.join(first)}])")
            out(f"k.stop = {code}")
            out("k.card = (c, sig, val)")
            out("break")
            out.dedent()

    def won_trick(self, out: _Lines, cards: list[str] | None) -> None:
        """The full trick to the winner and to the log; `cards` names its cards when not
        in `trick` (`whole_trick`, whose bits are ``b0 ...``)."""
        if cards is None:
            out("mask = " + " | ".join(f"(1 << trick[{ii}])" for ii in range(self.n)))
        else:
            out("mask = " + " | ".join(f"b{ii}" for ii in range(self.n)))
        out("won[winner] |= mask")
        out("tricks_won[winner] += 1")
        if cards is None:
            out("trick_log.extend((trick_no, leader, winner, must_follow))")
            out("trick_log.extend(trick)")
            out("trick.clear()")
        else:
            out(f"trick_log.extend((trick_no, leader, winner, must_follow, {', '.join(cards)}))")

    def after_trick(self, out: _Lines, cards: list[str] | None = None) -> None:
        """The full trick won (`won_trick`), the draws from the stock, the next trick."""
        self.won_trick(out, cards)
        out("last_winner = winner")
        if self.draw is not None:
            shown = self.draw.shown
            out("if spos < len(stock):")
            out.indent()
            out("for ds in SEAT_AT[winner]:")
            out.indent()
            out("if spos >= len(stock):")
            out.indent()("break")
            out.dedent()
            out("db = 1 << stock[spos]")
            out("spos += 1")
            out("hands[ds] |= db")
            out("drawn[ds] |= db")
            out("left += 1")
            if shown:
                out("public[ds] |= db")
                out("reveal_log.extend((ds, db))")
            out.dedent()
            out.dedent()
        rounds = self.d is not None and self.d.at == "end_of_trick" and not self.d.mandatory
        if rounds:
            out("round_now = window_open  # the window of the trick just played")
        out("trick_no += 1")
        out("leader = winner")
        out(f"must_follow = {self.trick_rule(self.spec.follow_suit)}")
        if self.d is not None:
            out(f"window_open = {self.trick_rule(self.d.window)}")
        if self.cands["any_time"]:
            out("for ds in range(N):")
            out.indent()("anymade[ds] = 0")
            out.dedent()
        out("seat = winner")
        if rounds:  # a declaring round from the winner: played here (`in_loop_round`)
            out("if round_now:")
            out.indent()
            out("if grb is None:  # other choosers: the driver plays it (`kernel_round`)")
            out.indent()
            out("pick = -2")
            out("k.stop = 8")
            out("break")
            out.dedent()
            self.in_loop_round(out)
            out.dedent()

    def in_loop_round(self, out: _Lines) -> None:
        """`rounds.kernel_round` under the random policy, written out where the loop
        would stop for it (one return to the driver and one load of the kernel a deal
        fewer): from the trick's winner each seat declares one of its options (its
        tabulated instances while it has declared nothing) or says done, the draws made
        by its `getrandbits` exactly as `kernel_round` makes them. The decisions count
        as the kernel's actions that are not card plays (`free`) and as `k.rounds`."""
        d = self.d
        assert d is not None
        out("rtab = k.table")
        out("rfresh = rtab.fresh")
        out("rrel = rtab.relevant")
        out("rdecls = k.decls")
        out("rdone = {r.seat for r in rdecls} if rdecls else set()")
        out("rmade = 0")
        out("for rs in SEAT_AT[seat]:")
        out.indent()
        out("while True:")
        out.indent()
        out("rbasis = hands[rs] | wplayed[rs]")
        out("ropts = None")
        out("if rrel is not None and rs not in rdone:")
        out.indent()("ropts = rfresh.get(rbasis & rrel)")
        out.dedent()
        out("if ropts is None:")
        out.indent()
        out("ropts = rtab.options([(r.decl, r.cards) for r in rdecls if r.seat == rs], rbasis)")
        out.dedent()
        out("rn = len(ropts) + 1")
        out("rg = grb[rs]")
        out("rbits = rn.bit_length()")
        out("ri = rg(rbits)")
        out("while ri >= rn:")
        out.indent()("ri = rg(rbits)")
        out.dedent()
        out("rmade += 1")
        out("if ri >= rn - 1:")
        out.indent()("break")
        out.dedent()
        out("rdecl, rtext, rcards = ropts[ri]")
        out("rdone.add(rs)")
        out(
            "rdecls.append(DECL_RECORD(rs, rdecl.id, rtext, rcards, rdecl.points, trick_no, "
            f"{d.scored == 'immediately'!r}))"
        )
        if d.reveal == "on_declare":
            out("public[rs] |= rcards & hands[rs]")
            out("reveal_log.extend((~rs, rcards))  # a declared reveal, in turn")
        out.dedent()
        out.dedent()
        out("k.rounds += rmade")
        out("actions += rmade")
        out("free += rmade")
