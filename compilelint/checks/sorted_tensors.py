"""CL148: `sorted()` / `list.sort()` that compares tensors."""

from typing import Optional

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import builtin_name, keyword

# `key=lambda t: t.sum()`: a key that reduces each item to a 0-d tensor
REDUCTIONS = frozenset("sum mean norm max min amax amin abs prod std var count_nonzero logsumexp".split())
HELP = "stack the tensors and order them on the device: `t = torch.stack(xs); t[t.sum(dim=...).argsort()]`"


class SortedTensors(Check):
    code = "CL148"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if builtin_name(self.ctx, func) == "sorted" and node.args and node.args[0].keyword is None:
            items: Optional[cst.BaseExpression] = node.args[0].value
        elif isinstance(func, cst.Attribute) and func.attr.value == "sort" and node.args \
                and all(a.keyword is not None for a in node.args):
            items = None  # xs.sort(key=...): only the key tells
        else:
            return
        key = keyword(node, "key")
        if (key is not None and self._tensor_key(key)) or (key is None and self._tensor_items(items)):
            self.report(node, "sorting tensors compares their values in Python: the graph breaks", help=HELP)

    def _tensor_items(self, items: Optional[cst.BaseExpression]) -> bool:
        """A list or tuple display of tensors, compared by value."""
        if not isinstance(items, (cst.List, cst.Tuple)) or not items.elements:
            return False
        return all(self.ctx.is_tensor(e.value) for e in items.elements)

    @staticmethod
    def _tensor_key(key: cst.BaseExpression) -> bool:
        if not isinstance(key, cst.Lambda) or len(key.params.params) != 1:
            return False
        param = key.params.params[0].name.value
        body = key.body
        return (isinstance(body, cst.Call) and isinstance(body.func, cst.Attribute)
                and isinstance(body.func.value, cst.Name) and body.func.value.value == param
                and body.func.attr.value in REDUCTIONS)
