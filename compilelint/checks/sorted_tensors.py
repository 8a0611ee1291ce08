"""CL148: `sorted()` / `list.sort()` that compares tensors."""

from typing import Optional

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import builtin_name, keyword
from compilelint.tensors import TENSOR, constant_index, leading_key

# `key=lambda t: t.sum()`: a key that reduces each item to a 0-d tensor
REDUCTIONS = frozenset("sum mean norm max min amax amin abs prod std var count_nonzero logsumexp".split())
HELP = "stack the tensors and order them on the device: `t = torch.stack(xs); t[t.sum(dim=...).argsort()]`"


class SortedTensors(Check):
    code = "CL148"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if builtin_name(self.ctx, func) == "sorted" and node.args and node.args[0].keyword is None:
            items: Optional[cst.BaseExpression] = node.args[0].value
        elif isinstance(func, cst.Attribute) and func.attr.value == "sort" \
                and all(a.keyword is not None for a in node.args):
            items = func.value  # xs.sort(reverse=True), xs.sort(key=...): xs a list (a tensor's sort takes `dim`)
        else:
            return
        key = keyword(node, "key")
        if (key is not None and self._tensor_key(key, items)) or (key is None and self._tensor_items(items)):
            self.report(node, "sorting tensors compares their values in Python: the graph breaks", help=HELP)

    def _tensor_items(self, items: cst.BaseExpression) -> bool:
        """A list or tuple display of tensors, or a list whose every element leads with a tensor (`(score, i)` pairs):
        compared by value."""
        if isinstance(items, cst.Name):
            return self._leads_with_tensors(items)
        if not isinstance(items, (cst.List, cst.Tuple)) or not items.elements:
            return False
        return all(self.ctx.is_tensor(e.value) for e in items.elements)

    def _leads_with_tensors(self, items: cst.BaseExpression) -> bool:
        frame = self.ctx.frame
        return isinstance(items, cst.Name) and frame is not None and frame.env.get(leading_key(items.value)) is TENSOR

    def _tensor_key(self, key: cst.BaseExpression, items: cst.BaseExpression) -> bool:
        """`key=lambda t: t.sum()`, `key=lambda h: h[0]` on a list whose elements lead with tensors, or a key that
        looks each item up in a tensor (`key=scores.__getitem__`, `key=lambda i: scores[i]`): every key a tensor."""
        if isinstance(key, cst.Attribute) and key.attr.value == "__getitem__":
            return self.ctx.is_tensor(key.value)
        if not isinstance(key, cst.Lambda) or len(key.params.params) != 1:
            return False
        param = key.params.params[0].name.value
        body = key.body
        if isinstance(body, cst.Subscript) and isinstance(body.value, cst.Name) and body.value.value == param:
            return constant_index(body) == 0 and self._leads_with_tensors(items)
        if isinstance(body, cst.Subscript) and len(body.slice) == 1 and isinstance(body.slice[0].slice, cst.Index) \
                and isinstance(body.slice[0].slice.value, cst.Name) and body.slice[0].slice.value.value == param:
            return self.ctx.is_tensor(body.value)
        return (isinstance(body, cst.Call) and isinstance(body.func, cst.Attribute)
                and isinstance(body.func.value, cst.Name) and body.func.value.value == param
                and body.func.attr.value in REDUCTIONS)
