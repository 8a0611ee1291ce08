"""CL174: builtin `max()` / `min()` with `key=` over values dynamo cannot fold as constants."""

from typing import Optional, Set

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import builtin_name, keyword
from compilelint.tensors import TENSOR

# their results are iterators, never constants to dynamo
ITERATORS = frozenset({"zip", "enumerate", "map", "filter", "reversed"})
# a mapping's views: dynamo keeps them as view objects, never constants, whatever they hold (measured on 2.13:
# `min(d.keys(), key=len)` breaks where `min(d, ...)` and `min(list(d), ...)` fold)
DICT_VIEWS = frozenset({"keys", "values", "items"})
HELP = ("dynamo's max/min take no `key=`: it folds such a call only when every argument is a Python constant; "
        "score the candidates in a tensor and take `argmax` / `argmin`, or precompute the choice outside")


class BuiltinMinMaxKey(Check):
    code = "CL174"

    def visit_Call(self, node: cst.Call) -> None:
        if builtin_name(self.ctx, node.func) not in ("max", "min"):
            return
        key = keyword(node, "key")
        if key is None:
            return
        items = node.args[0].value if node.args and node.args[0].keyword is None else None
        why = self._unfoldable_key(key) or self._unfoldable_items(items, node)
        if why:
            self.report(node, f"builtin `{node.func.value}()` with `key=` breaks the graph: {why}", help=HELP)

    def _self_name(self) -> Optional[str]:
        """The enclosing method's first parameter (the instance), when the walk is in a method."""
        frame = self.ctx.frame
        function = frame.function if frame is not None else None
        if frame is None or frame.cls is None or function is None or not function.params.params:
            return None
        return function.params.params[0].name.value

    def _unfoldable_key(self, key: cst.BaseExpression) -> Optional[str]:
        own = self._self_name()
        if isinstance(key, cst.Attribute) and isinstance(key.value, cst.Name) and own is not None \
                and key.value.value == own:
            return "the key is a bound method of the instance, no constant"
        if not isinstance(key, cst.Lambda):
            return None
        params = {p.name.value for p in key.params.params}
        for name in _names(key.body) - params:
            if name == own:
                return "the key closes over the instance, no constant"
            if self._tensor_local(name):
                return f"the key closes over the tensor `{name}`"
        return None

    def _unfoldable_items(self, items: Optional[cst.BaseExpression], node: cst.Call) -> Optional[str]:
        if items is None or len([a for a in node.args if a.keyword is None]) != 1:
            return None
        if isinstance(items, cst.Call) and builtin_name(self.ctx, items.func) in ITERATORS:
            return f"`{items.func.value}(...)` is an iterator, no constant"
        if isinstance(items, cst.Call) and isinstance(items.func, cst.Attribute) and not items.args \
                and items.func.attr.value in DICT_VIEWS:
            return f"`.{items.func.attr.value}()` is a dict view, no constant"
        if self.ctx.is_tensor(items) and not self.ctx.is_raw_param(items):
            return "the items are a tensor's rows"
        return None

    def _tensor_local(self, name: str) -> bool:
        """A name of the enclosing function bound to a tensor; a bare un-annotated parameter is as often a number
        (a closure over a Python int folds)."""
        frame = self.ctx.frame
        return frame is not None and frame.env.get(name) is TENSOR and name not in frame.raw_params


def _names(expr: cst.CSTNode) -> Set[str]:
    """The bare names an expression reads (not attribute names, not keyword names)."""
    found: Set[str] = set()

    class _Reads(cst.CSTVisitor):
        def visit_Name(self, name: cst.Name) -> None:
            found.add(name.value)

        def visit_Attribute(self, attribute: cst.Attribute) -> bool:
            attribute.value.visit(self)
            return False

        def visit_Arg(self, arg: cst.Arg) -> bool:
            arg.value.visit(self)
            return False

    expr.visit(_Reads())
    return found
