"""CL168: a parameterized builtin or `collections` generic called in compiled code (`list[Tensor]()`, `dict[str,
Tensor]()`, `OrderedDict[str, Tensor]()`). The subscript makes a `types.GenericAlias`, which dynamo cannot call
(GB0147, measured on 2.13 for list, dict, set, tuple, OrderedDict and deque, with and without arguments), where the
plain class (`list()`) or an annotation (`xs: list[Tensor] = []`) compiles. `typing.List[Tensor]()` raises in eager
code: it never reaches dynamo."""

from __future__ import annotations

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import builtin_name, imported_name

BUILTIN_GENERICS = frozenset({"list", "dict", "set", "frozenset", "tuple"})
COLLECTIONS_GENERICS = frozenset(f"collections.{name}" for name in ("OrderedDict", "deque", "defaultdict", "Counter"))
HELP = "call the plain class (`list()`, `dict()`) and put the element types in an annotation: `xs: list[Tensor] = []`"


class GenericAliasCall(Check):
    code = "CL168"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if self.ctx.frame is None or not isinstance(func, cst.Subscript):
            return
        generic = builtin_name(self.ctx, func.value)
        if generic not in BUILTIN_GENERICS:
            generic = imported_name(self.ctx, func.value)
            if generic not in COLLECTIONS_GENERICS:
                return
        self.report(node, f"calling the generic alias `{generic.rpartition('.')[2]}[...]` is not supported by "
                          "dynamo: the graph breaks here", help=HELP)
