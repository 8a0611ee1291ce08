"""CL181: a torch call given `out=` an empty tensor made on the spot (`torch.arange(n, out=x.data.new())`, the idiom of
the attention-model routing code): dynamo will not resize an `out=` tensor whose shape differs from the result's,
"Shape mismatch with out= tensor variant" (GB0247), a break at the call. Measured on 2.13 for `x.new()`,
`x.data.new()`, `x.new_empty(0)`, `torch.empty(0)` and `torch.LongTensor()` as the `out=` of `torch.arange`,
`torch.randperm`, `torch.cat` and `torch.mul`; an `out=` already of the result's shape (`x.new(n)`) compiles.
"""

from typing import Optional

import libcst as cst

from compilelint.check import Check, FixSpec
from compilelint.findings import Applicability
from compilelint.tensor_names import TYPED_TENSORS

HELP = ("let the call make its result: drop `out=` and pass the dtype and device it took from that tensor "
        "(`torch.arange(n, dtype=x.dtype, device=x.device)`)")
HINT = FixSpec(Applicability.DISPLAY_ONLY, "drop `out=...` and pass `dtype=` / `device=` of the tensor it named")
# factories whose first argument is the size: `torch.empty(0)` is empty
SIZED_FACTORIES = frozenset({"torch.empty", "torch.zeros", "torch.ones"})
# tensor methods making a tensor of the size they are given
SIZED_METHODS = frozenset({"new_empty", "new_zeros", "new_ones"})
# a torch tensor type called with no argument makes an empty tensor
EMPTY_CONSTRUCTORS = TYPED_TENSORS | {"torch.Tensor"}


class OutEmptyTensor(Check):
    code = "CL181"

    def visit_Call(self, node: cst.Call) -> None:
        out = next((a.value for a in node.args if a.keyword is not None and a.keyword.value == "out"), None)
        if out is None or not (self.ctx.resolve(node.func) or "").startswith("torch."):
            return
        made = self._empty_tensor(out)
        if made is None:
            return
        self.report(node, f"`out=` is {made}, an empty tensor: dynamo will not resize it to the result's shape "
                          "(shape mismatch with the out= variant), so the graph breaks here", help=HELP, fix=HINT)

    def _empty_tensor(self, expr: cst.BaseExpression) -> Optional[str]:
        """How `expr` makes an empty tensor, spelled for the message; None when it does not (or may not)."""
        if not isinstance(expr, cst.Call) or any(a.star for a in expr.args):
            return None
        if isinstance(expr.func, cst.Attribute):
            method = expr.func.attr.value
            if method == "new" and not expr.args:
                return "`.new()`"
            if method in SIZED_METHODS and _empty_size(expr.args):
                return f"`.{method}(0)`"
        callee = self.ctx.resolve(expr.func)
        if callee in EMPTY_CONSTRUCTORS and not expr.args:
            return f"`{callee}()`"
        if callee in SIZED_FACTORIES and _empty_size(expr.args):
            return f"`{callee}(0)`"
        return None


def _empty_size(args) -> bool:
    """The size arguments of a factory are exactly one zero: `0`, `(0,)`, `[0]` (keywords such as dtype aside)."""
    positional = [a.value for a in args if a.keyword is None]
    if len(positional) != 1:
        return False
    size = positional[0]
    if isinstance(size, (cst.Tuple, cst.List)) and len(size.elements) == 1:
        size = size.elements[0].value
    return isinstance(size, cst.Integer) and size.evaluated_value == 0
