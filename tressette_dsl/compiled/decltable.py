"""Declaration options tabulated per hand, for the kernel's declaring rounds.

`engine.declare.options` matches every declaration's pattern against a seat's basis at
every round. The instances of a pattern depend on the basis only through the cards of its
groups (`expr.patterns.pattern_instances` reads ``basis & mask`` per group, nothing
else), so the matches are memoised by ``basis & RELEVANT`` - the union of every pattern's
group masks (for the Tressette accusi the aces, 2s and 3s: at most 4,096 keys a ruleset).
What a seat has already declared is filtered out afterwards, exactly as `options` does,
so the result is the engine's list, element for element; those filtered lists are
memoised too, by what was declared (as a set), the relevant cards of the basis and of
the cards an option must contain (drawn cards), since `offered` reads nothing else. A
pattern of a shape this does not know (no `groups`, another `kind`) turns the memo off:
every call then matches afresh with the engine's own matcher, the same as
`declare.options` with the kernel's records.

A memo entry is first made by matching: that is most of a cold table's cost (a playout
of a few thousand deals meets a new relevant holding every few deals, and the matcher
builds its instances and texts each time). The matcher reads each group's cards alone
and lists the groups in order, so the instances of a basis are the instances of each
group's holding, group after group: `_match` concatenates them from a table per group
(keyed by the group's cards held, at most 2 ** cards-in-the-group entries), each entry
made once by the engine's own matcher on that holding alone. That holds when the groups
of a pattern are disjoint and an instance needs a card (`need` >= 1), which `_by_group`
checks; otherwise every miss matches the whole basis as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tressette_dsl.compiled.seats import cache_key
from tressette_dsl.engine.declare import Option, offered
from tressette_dsl.expr import Pattern, pattern_instances
from tressette_dsl.expr.context import StaticContext
from tressette_dsl.rules.model import Declaration, Ruleset

Found = dict[str, list[tuple[str, int]]]
Instances = tuple[tuple[str, int], ...]  # (what is said, cards), as `declare._instances`
Groups = list[tuple[int, dict[int, Instances]]]  # a pattern's groups: cards, their instances

_MEMO_LIMIT = 1 << 16  # bases per ruleset: bounded memory, ample for RELEVANT masks


class DeclTable:
    """`declare.options` over the kernel's own declarations, memoised by relevant cards."""

    __slots__ = (
        "any_time",
        "by_found",
        "by_group",
        "by_made",
        "decls",
        "fresh",
        "made",
        "memo",
        "relevant",
        "rules",
    )

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.decls = rules.declarations
        relevant: int | None = 0
        for decl in self.decls:
            p = decl.pattern
            if not isinstance(p, Pattern) or p.kind not in ("suit", "rank"):
                relevant = None
                break
            for _key, mask in p.groups:
                relevant |= mask  # type: ignore[operator]
        self.relevant = relevant
        # per declaration, per group: (its cards, {cards held: the group's instances})
        self.by_group = _by_group(self.decls) if relevant is not None else None
        self.memo: dict[int, Found] = {}
        self.fresh: dict[int, list[Option]] = {}  # the options of a seat yet to declare
        # the same by the instances found in the holding (`_fresh_options`)
        self.by_found: dict[tuple[tuple[tuple[str, int], ...], ...], list[Option]] = {}
        # the options of a seat that declared already, or of its drawn cards (`options`)
        self.made: dict[tuple[frozenset[tuple[str, int]], int, int, bool], list[Option]] = {}
        # the same by the instances found in the holding (`_made_options`)
        self.by_made: dict[
            tuple[frozenset[tuple[str, int]], tuple[Instances, ...], int, bool], list[Option]
        ] = {}
        # (for the kernel's loading, once per ruleset) does it have any-time signals?
        self.any_time = any(sig.at == "any_time" for sig in rules.signals)

    def found(self, basis: int) -> Found:
        """Every instance of every declaration in `basis` (the engine's matcher)."""
        if self.relevant is None:
            return self._match(basis)
        key = basis & self.relevant
        got = self.memo.get(key)
        if got is None:
            got = self._match(key)
            if len(self.memo) < _MEMO_LIMIT:
                self.memo[key] = got
        return got

    def _match(self, basis: int) -> Found:
        ctx = self.rules.ctx
        if self.by_group is not None:
            each = self._grouped(basis, self.by_group)
            return {d.id: list(got) for d, got in zip(self.decls, each, strict=True)}
        return {
            d.id: [(inst.key, inst.cards) for inst in pattern_instances(d.pattern, basis, ctx)]
            for d in self.decls
        }

    def options(
        self, done: Iterable[tuple[str, int]], basis: int, only_with: int = 0
    ) -> list[Option]:
        """`declare.options` for a seat whose declarations so far are `done` (decl id,
        cards): the same options in the same order with the same texts. The list may be
        shared between calls: read it, never change it."""
        if not self.decls:
            return []
        made = list(done)
        relevant = self.relevant
        if relevant is None:
            return self._options(made, basis, only_with)
        if not made and not only_with:
            key = basis & relevant  # a seat that declared nothing yet: memoised too
            got = self.fresh.get(key)
            if got is None:
                got = self._fresh_options(key)
                if len(self.fresh) < _MEMO_LIMIT:
                    self.fresh[key] = got
            return got
        # `offered` reads what was declared as a set, the basis through `found` (its
        # relevant cards), and `only_with` by whether it is empty and by its cards in
        # the instances (all relevant): the same key, the same options
        wider = (frozenset(made), basis & relevant, only_with & relevant, bool(only_with))
        found = self.made.get(wider)
        if found is None:
            found = self._made_options(made, wider, basis, only_with)
            if len(self.made) < _MEMO_LIMIT:
                self.made[wider] = found
        return found

    def _made_options(
        self,
        made: list[tuple[str, int]],
        wider: tuple[frozenset[tuple[str, int]], int, int, bool],
        basis: int,
        only_with: int,
    ) -> list[Option]:
        """`options` for a seat that declared already, or of its drawn cards, on a miss
        of its memo. `offered` reads the holding only through the instances found in it
        and the cards an option must contain only through those instances' cards (and
        whether there are any), so the lists are kept by those too: a holding never seen
        whose instances were (the drawn cards change the holding at every draw, and most
        holdings have few instances) costs a match by group, not `offered` again."""
        if self.by_group is None:
            return self._options(made, basis, only_with)
        instances = self._grouped(wider[1], self.by_group)
        cards = 0
        for got in instances:
            for _key, mask in got:
                cards |= mask
        key = (wider[0], instances, only_with & cards, wider[3])
        found = self.by_made.get(key)
        if found is None:
            found = self._options(made, basis, only_with)
            if len(self.by_made) < _MEMO_LIMIT:
                self.by_made[key] = found
        return found

    def _grouped(self, basis: int, by_group: list[Groups]) -> tuple[Instances, ...]:
        """Each declaration's instances in `basis`, group after group (`by_group`)."""
        ctx = self.rules.ctx
        out = []
        for decl, groups in zip(self.decls, by_group, strict=True):
            got: Instances = ()
            for mask, known in groups:
                held = basis & mask
                part = known.get(held)
                if part is None:
                    part = known[held] = _instances(decl.pattern, held, ctx)
                if part:
                    got += part
            out.append(got)
        return tuple(out)

    def _fresh_options(self, key: int) -> list[Option]:
        """The options of a seat yet to declare whose relevant cards are `key`. They
        depend on the instances found alone (`offered` with nothing declared and no
        drawn cards reads nothing else), and most holdings have few or none (4,096
        holdings of the Tressette accusi's cards have 682 sets of instances): the lists
        are kept by the instances too, so that a new holding whose instances were seen
        before costs a match by group, not the engine's `offered` again."""
        if self.by_group is not None:
            instances = self._grouped(key, self.by_group)
        else:
            found = self.found(key)
            instances = tuple(tuple(found[d.id]) for d in self.decls)
        got = self.by_found.get(instances)
        if got is None:
            got = self._options([], key, 0)
            if len(self.by_found) < _MEMO_LIMIT:
                self.by_found[instances] = got
        return got

    def _options(self, made: list[tuple[str, int]], basis: int, only_with: int) -> list[Option]:
        return offered(self.rules, self.found(basis), made, only_with)


def _instances(p: Pattern, cards: int, ctx: StaticContext) -> Instances:
    return tuple((inst.key, inst.cards) for inst in pattern_instances(p, cards, ctx))


def _by_group(decls: Sequence[Declaration]) -> list[Groups] | None:
    """Each declaration's groups as (cards, an empty table of their instances), or None
    when a pattern's groups overlap or an instance may need no card: then a group's
    holding alone does not give its instances (see the module doc)."""
    out: list[Groups] = []
    for decl in decls:
        p = decl.pattern
        assert isinstance(p, Pattern)
        if p.need < 1:
            return None
        seen = 0
        for _key, mask in p.groups:
            if seen & mask:
                return None
            seen |= mask
        out.append([(mask, {}) for _key, mask in p.groups])
    return out


_TABLES: dict[str, DeclTable] = {}


def table_of(rules: Ruleset) -> DeclTable:
    """The ruleset's table, one per document (`document_hash`, and count of a seat table:
    `seats.cache_key`) for the process."""
    key = cache_key(rules)
    found = _TABLES.get(key)
    if found is None or (found.rules is not rules and not rules.document_hash):
        found = _TABLES[key] = DeclTable(rules)
    return found


__all__ = ["DeclTable", "table_of"]
