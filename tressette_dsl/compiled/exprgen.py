"""Expressions to Python expressions: the same parse tree, the same types, one inline value.

The project's own compiler (`expr.compile.Compiler`) checks the text and resolves every
literal by its context (``rank in {3, 2, A}`` is a set of ranks). `Emitter` runs it once
more on the same tree, recording the node it builds for each sub-tree, and then writes
Python source from the tree: a sub-tree the compiler folded to a constant becomes a
literal, and the rest becomes operators, table lookups and the same helper functions the
closures call. Nothing of the ruleset's text reaches the source except through ``repr``
of a value, and nothing is ever ``eval``-ed from the ruleset. A construct this module does
not translate raises `Uncovered`, naming it, so the caller falls back to the interpreter
instead of approximating.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from lark import Token, Tree

from tressette_dsl.expr.builtins import BUILTINS
from tressette_dsl.expr.compile import Compiler, Scope
from tressette_dsl.expr.context import StaticContext
from tressette_dsl.expr.node import Node, div, floordiv, mod
from tressette_dsl.expr.operators import _add, _in_mask, _mul, _not_in_mask, _sub
from tressette_dsl.expr.parse import parse
from tressette_dsl.expr.tables import tables
from tressette_dsl.expr.types import MASKS, SETS, FuncType, Type


class Uncovered(Exception):
    """A construct the emitter does not translate; `feature` names it for reports."""

    def __init__(self, feature: str) -> None:
        super().__init__(feature)
        self.feature = feature


class _Recorder(Compiler):
    """The project's compiler, remembering the node it built for every sub-tree."""

    def __init__(self, scope: Scope, ctx: StaticContext) -> None:
        super().__init__(scope, ctx)
        self.seen: dict[int, Node] = {}
        self.keep: list[Tree[Token]] = []  # keeps ids unique while the recorder lives

    def expr(self, tree: Tree[Token], expect: Type | None = None) -> Node:
        node = super().expr(tree, expect)
        self.seen[id(tree)] = node
        self.keep.append(tree)
        return node


# Built-ins whose value is a per-card table lookup (index -1 holds the no-card default).
_LOOKUPS = {"suit": "SUIT_OF", "rank": "RANK_OF", "strength": "STRENGTH_OF", "value": "VALUE_OF"}
_ORDER_OPS = {"<", "<=", ">", ">=", "==", "!="}
_ARITH = {"+": ("_add", _add), "-": ("_sub", _sub), "*": ("_mul", _mul)}
_DIVIDE = {"/": ("_div", div), "//": ("_floordiv", floordiv), "%": ("_mod", mod)}


class Emitter:
    """Emits expressions for one deck; `symbols` collects the module-level names used."""

    def __init__(self, ctx: StaticContext) -> None:
        self.ctx = ctx
        self.tables = tables(ctx)
        self.symbols: dict[str, Any] = {}

    def table_symbols(self) -> dict[str, Any]:
        t = self.tables
        return {
            "SUIT_OF": t.suit_of,
            "RANK_OF": t.rank_of,
            "STRENGTH_OF": t.strength_of,
            "VALUE_OF": t.value_of,
            "SUIT_MASK": t.suit_mask,
            "RANK_MASK": t.rank_mask,
        }

    def use(self, name: str, value: Any) -> str:
        self.symbols[name] = value
        return name

    def emit(self, text: str, start: str, scope: Scope, names: Mapping[str, str]) -> str:
        """Python source for the expression `text` of slot kind `start`, reading each name
        of the language through `names` (language name -> Python expression)."""
        tree = parse(text, start)
        body = tree.children[0]
        assert isinstance(body, Tree)
        rec = _Recorder(scope, self.ctx)
        rec.expr(body, None if start == "any" else _START[start])
        if rec.problems:
            raise Uncovered(f"expression {text!r} does not compile")
        return _Writer(self, rec.seen, names, text, scope).node(body)


_START = {
    "condition": Type.BOOL,
    "formula": Type.NUM,
    "seat": Type.SEAT,
    "cards": Type.CARDS,
}


class _Writer:
    def __init__(
        self,
        em: Emitter,
        seen: dict[int, Node],
        names: Mapping[str, str],
        text: str,
        scope: Scope,
    ) -> None:
        self.em, self.seen, self.names, self.text = em, seen, names, text
        self.scope = scope
        self.element: str | None = None  # the Python name of the filter element, inside one

    def fail(self, what: str) -> Uncovered:
        return Uncovered(f"{what} in {self.text!r}")

    def info(self, tree: Tree[Token]) -> Node:
        node = self.seen.get(id(tree))
        if node is None:
            raise self.fail(f"'{tree.data}'")
        return node

    def node(self, tree: Tree[Token]) -> str:
        info = self.info(tree)
        if info.is_const:
            return self.literal(info.const)
        method: Callable[[Tree[Token], Node], str] | None = getattr(self, "w_" + tree.data, None)
        if method is None:
            raise self.fail(f"the construct '{tree.data}'")
        return method(tree, info)

    def literal(self, value: Any) -> str:
        if isinstance(value, bool | int | str):
            return repr(value)
        if isinstance(value, Fraction):
            self.em.use("Fraction", Fraction)
            return f"Fraction({value.numerator}, {value.denominator})"
        if isinstance(value, frozenset) and all(isinstance(x, str | int) for x in value):
            return repr(frozenset(sorted(value)))
        if isinstance(value, tuple) and all(isinstance(x, int) for x in value):
            return repr(value)
        raise self.fail(f"a constant of type {type(value).__name__}")

    # ----- names and elements -----

    def w_name(self, tree: Tree[Token], info: Node) -> str:
        name = str(tree.children[0])
        if info.elem is not None:
            if self.element is None:
                raise self.fail(f"the element '{name}' outside a filter")
            if name == "card":
                return self.element
            return f"{self.em.use(_LOOKUPS[name], self._table(name))}[{self.element}]"
        if name not in self.names:
            raise self.fail(f"the name '{name}'")
        return self.names[name]

    def _table(self, name: str) -> Any:
        t = self.em.tables
        return {
            "suit": t.suit_of,
            "rank": t.rank_of,
            "strength": t.strength_of,
            "value": t.value_of,
        }[name]

    # ----- operators -----

    def w_not_(self, tree: Tree[Token], info: Node) -> str:
        return f"(not {self.node(_tree(tree.children[0]))})"

    def w_and_expr(self, tree: Tree[Token], info: Node) -> str:
        return self._logic(tree, "and")

    def w_or_expr(self, tree: Tree[Token], info: Node) -> str:
        return self._logic(tree, "or")

    def _logic(self, tree: Tree[Token], op: str) -> str:
        parts = []
        for child in tree.children:
            if not isinstance(child, Tree):
                continue
            part = self.info(child)
            if part.is_const:  # all_of / any_of drop constant operands that do not decide
                continue
            parts.append(self.node(child))
        return "(" + f" {op} ".join(parts) + ")"

    def w_ternary(self, tree: Tree[Token], info: Node) -> str:
        yes_t, cond_t, no_t = (c for c in tree.children if isinstance(c, Tree))
        return f"({self.node(yes_t)} if {self.node(cond_t)} else {self.node(no_t)})"

    def w_sign(self, tree: Tree[Token], info: Node) -> str:
        op, inner = str(tree.children[0]), _tree(tree.children[1])
        return f"(-{self.node(inner)})" if op == "-" else self.node(inner)

    def w_comparison(self, tree: Tree[Token], info: Node) -> str:
        operands = [c for c in tree.children if isinstance(c, Tree) and c.data != "comp_op"]
        ops = [
            " ".join(map(str, c.children))
            for c in tree.children
            if isinstance(c, Tree) and c.data == "comp_op"
        ]
        pairs = []
        for i, op in enumerate(ops):
            a_t, b_t = operands[i], operands[i + 1]
            a, b = self.info(a_t), self.info(b_t)
            if op in _ORDER_OPS:
                if a.type in (Type.SEATS, Type.STRS, Type.NUMS) and op not in ("==", "!="):
                    raise self.fail(f"'{op}' on {a.type}")
                pairs.append(f"({self.node(a_t)} {op} {self.node(b_t)})")
            elif b.type in MASKS:
                helper = "_in_mask" if op == "in" else "_not_in_mask"
                fn = _in_mask if op == "in" else _not_in_mask
                pairs.append(f"{self.em.use(helper, fn)}({self.node(a_t)}, {self.node(b_t)})")
            else:
                pairs.append(f"({self.node(a_t)} {op} {self.node(b_t)})")
        return pairs[0] if len(pairs) == 1 else "(" + " and ".join(pairs) + ")"

    def w_sum(self, tree: Tree[Token], info: Node) -> str:
        operands = [c for c in tree.children if isinstance(c, Tree)]
        ops = [str(c) for c in tree.children if isinstance(c, Token)]
        acc = self.node(operands[0])
        kind = self.info(operands[0]).type
        for op, operand in zip(ops, operands[1:], strict=True):
            right = self.node(operand)
            if kind is Type.NUM:
                if op in _ARITH:
                    name, fn = _ARITH[op]
                else:
                    name, fn = _DIVIDE[op]
                acc = f"{self.em.use(name, fn)}({acc}, {right})"
            elif op == "-" and kind in MASKS:
                acc = f"({acc} & ~{right})"
            elif op == "-" and kind in SETS:  # frozensets of seats or ids
                acc = f"({acc} - {right})"
            else:
                raise self.fail(f"'{op}' on {kind}")
        return acc

    w_product = w_sum

    def w_inter(self, tree: Tree[Token], info: Node) -> str:
        return self._setop(tree, info, "&")

    def w_union(self, tree: Tree[Token], info: Node) -> str:
        return self._setop(tree, info, "|")

    def _setop(self, tree: Tree[Token], info: Node, op: str) -> str:
        if info.type not in SETS:
            raise self.fail(f"'{op}' on {info.type}")
        parts = [self.node(c) for c in tree.children if isinstance(c, Tree)]
        return "(" + f" {op} ".join(parts) + ")"

    # ----- calls and filters -----

    def w_call(self, tree: Tree[Token], info: Node) -> str:
        name = str(tree.children[0])
        args = [a for a in _items(tree) if isinstance(a, Tree)]
        if isinstance(self.scope.get(name), FuncType) or name not in BUILTINS:
            raise self.fail(f"the function '{name}' of the env")
        values = [self.node(a) for a in args]
        arg_types = [self.info(a).type for a in args]
        if name == "count":
            return f"({values[0]}).bit_count()" if arg_types[0] in MASKS else f"len({values[0]})"
        if name in _LOOKUPS:
            return f"{self.em.use(_LOOKUPS[name], self._table(name))}[{values[0]}]"
        if name == "of_suit":
            masks = self.em.use("SUIT_MASK", self.em.tables.suit_mask)
            return f"({values[0]} & {masks}[{values[1]}])"
        # any other built-in: the very function the interpreter's closure calls
        fn = _builtin_fn(self.em, name, tuple(t for t in arg_types if t is not None))
        return f"{self.em.use('_b_' + name, fn)}({', '.join(values)})"

    def w_index(self, tree: Tree[Token], info: Node) -> str:
        base_t, cond_t = _tree(tree.children[0]), _tree(tree.children[1])
        if self.info(base_t).type is not Type.CARDS:
            raise self.fail("an index into a list")
        base = self.node(base_t)
        cond = self.info(cond_t)
        parts_t = _conjuncts(cond_t, cond)
        masks = [self._mask(p) for p in parts_t]
        return "(" + " & ".join([base, *masks]) + ")"

    def _mask(self, tree: Tree[Token]) -> str:
        """The deck mask of the cards one conjunct of a filter holds for."""
        info = self.info(tree)
        full = self.em.ctx.full_mask
        if info.is_const:
            return repr(full if info.const else 0)
        if not info.el:  # does not look at the element: all cards or none
            return f"({full} if {self.node(tree)} else 0)"
        if not info.env:  # only the element: test the deck once, now (as filters.mask_of)
            return repr(sum(1 << i for i in range(self.em.ctx.n_cards) if info.fn({}, i)))
        if tree.data == "comparison" and len(tree.children) == 3:
            a_t, op_t, b_t = tree.children
            assert isinstance(a_t, Tree) and isinstance(op_t, Tree) and isinstance(b_t, Tree)
            op = " ".join(map(str, op_t.children))
            a, b = self.info(a_t), self.info(b_t)
            if op in ("==", "!=") and b.elem and not a.el:
                a_t, b_t, a, b = b_t, a_t, b, a
            if a.elem in ("suit", "rank") and not b.el and op in ("==", "!="):
                table = "SUIT_MASK" if a.elem == "suit" else "RANK_MASK"
                masks = self.em.tables.suit_mask if a.elem == "suit" else self.em.tables.rank_mask
                mask = f"{self.em.use(table, masks)}[{self.node(b_t)}]"
                return mask if op == "==" else f"({full} ^ {mask})"
        raise self.fail("a filter condition tested card by card")


def _conjuncts(tree: Tree[Token], info: Node) -> list[Tree[Token]]:
    if tree.data == "and_expr":
        return [c for c in tree.children if isinstance(c, Tree)]
    return [tree]


def _items(tree: Tree[Token]) -> list[Tree[Token] | Token]:
    out: list[Tree[Token] | Token] = []
    for ch in tree.children[1:]:
        if isinstance(ch, Tree) and ch.data == "args":
            out += [a for a in ch.children if isinstance(a, Tree)]
        elif isinstance(ch, Tree):
            out.append(ch)
    return out


def _tree(item: Any) -> Tree[Token]:
    assert isinstance(item, Tree)
    return item


def _builtin_fn(em: Emitter, name: str, types: tuple[Type, ...]) -> Any:
    from tressette_dsl.expr.builtins import function  # noqa: PLC0415 - only for rare calls

    sig = BUILTINS[name].resolve(types)
    assert sig is not None
    return function(name, em.ctx, sig)
